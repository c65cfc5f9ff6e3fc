import { useInfiniteQuery } from '@tanstack/react-query';
import { useFallbackPollInterval } from '@/components/realtime';
import { api } from '@/lib/api';
import type { ConversationsPage } from './conversations-cache';

export {
  findConversation,
  mapConversations,
  putFirst,
  type ConversationsData,
  type ConversationsPage,
} from './conversations-cache';
import { messagingKeys } from './keys';

export const CONVERSATIONS_PAGE_SIZE = 30;

/** GET /api/conversations: newest activity first, each with the other party, last message and unread count. */
export async function listConversations(page = 1, pageSize = CONVERSATIONS_PAGE_SIZE, signal?: AbortSignal) {
  return api.get<ConversationsPage>('/api/conversations', { page, pageSize }, signal);
}

/** Kept live by the realtime channel; polled while it is down. */
export function useConversations() {
  const refetchInterval = useFallbackPollInterval();
  return useInfiniteQuery({
    queryKey: messagingKeys.conversations,
    queryFn: ({ pageParam, signal }) => listConversations(pageParam, CONVERSATIONS_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.page * last.meta.pageSize < last.meta.total ? last.meta.page + 1 : undefined,
    refetchInterval,
    // A background tab keeps its unread badges right while the live channel is down.
    refetchIntervalInBackground: true,
  });
}
