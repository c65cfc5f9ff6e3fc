import { useInfiniteQuery } from '@tanstack/react-query';
import type { MessagesPage } from '@brickyard/shared';
import { useFallbackPollInterval } from '@/components/realtime';
import { api } from '@/lib/api';
import { messagingKeys } from './keys';

export { appendMessage, flattenMessages, mapMessages, mergeMessage, type MessagesData } from './messages-cache';

export const MESSAGES_PAGE_SIZE = 50;

/** GET /api/messages/{id}: the newest page, or the page before the message `before`. */
export async function listMessages(conversationId: string, before: string | null, signal?: AbortSignal) {
  return api.get<MessagesPage>(
    `/api/messages/${encodeURIComponent(conversationId)}`,
    { pageSize: MESSAGES_PAGE_SIZE, before: before ?? undefined },
    signal,
  );
}

export function useMessages(conversationId: string | null) {
  const refetchInterval = useFallbackPollInterval();
  return useInfiniteQuery({
    queryKey: messagingKeys.messages(conversationId ?? ''),
    queryFn: ({ pageParam, signal }) => listMessages(conversationId!, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.nextBefore,
    enabled: !!conversationId,
    refetchInterval,
    // A background tab keeps its unread badges right while the live channel is down.
    refetchIntervalInBackground: true,
    // Older pages are immutable; a refetch only needs to refresh what is loaded.
    staleTime: 10_000,
  });
}
