import type { InfiniteData } from '@tanstack/react-query';
import type { Conversation, PageMeta } from '@brickyard/shared';

/** Pure helpers over the cached conversation list (kept free of app imports so unit tests load them). */
export interface ConversationsPage {
  data: Conversation[];
  meta: PageMeta;
}
export type ConversationsData = InfiniteData<ConversationsPage>;

/** Applies `fn` to every loaded conversation. */
export function mapConversations(data: ConversationsData | undefined, fn: (c: Conversation) => Conversation) {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.map(fn) })) };
}

/** Puts `c` first (newest activity), replacing its older copy. */
export function putFirst(data: ConversationsData | undefined, c: Conversation): ConversationsData | undefined {
  if (!data) return data;
  const pages = data.pages.map((p) => ({ ...p, data: p.data.filter((x) => x.id !== c.id) }));
  const [first, ...rest] = pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, data: [c, ...first.data] }, ...rest] };
}

export function findConversation(
  data: ConversationsData | undefined,
  id: string | null | undefined,
): Conversation | undefined {
  if (!data || !id) return undefined;
  for (const p of data.pages) {
    const c = p.data.find((x) => x.id === id);
    if (c) return c;
  }
  return undefined;
}
