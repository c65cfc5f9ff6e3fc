import type { InfiniteData } from '@tanstack/react-query';
import type { Message, MessagesPage } from '@brickyard/shared';

/** Pages as loaded: [newest page, older page, …]; each page is ordered oldest → newest. */
export type MessagesData = InfiniteData<MessagesPage>;

/** The loaded messages, oldest → newest. */
export function flattenMessages(data: MessagesData | undefined): Message[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((p) => p.data);
}

/** A copy of `m` updated from `newer`, except that read stays read: the send answer or the realtime
 * echo can arrive after the other side's `message.read` event and must not take the read tick back. */
export function mergeMessage(m: Message, newer: Message): Message {
  const merged = { ...m, ...newer };
  return m.read && !newer.read ? { ...merged, read: true, readAt: m.readAt } : merged;
}

/** Adds a message to the newest page unless it is there already (the sender's answer and its realtime echo). */
export function appendMessage(data: MessagesData | undefined, m: Message): MessagesData | undefined {
  if (!data) return data;
  if (data.pages.some((p) => p.data.some((x) => x.id === m.id))) {
    return mapMessages(data, (x) => (x.id === m.id ? mergeMessage(x, m) : x));
  }
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const list = [...first.data, m].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { ...data, pages: [{ ...first, data: list, meta: { ...first.meta, total: first.meta.total + 1 } }, ...rest] };
}

export function mapMessages(data: MessagesData | undefined, fn: (m: Message) => Message): MessagesData | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.map(fn) })) };
}
