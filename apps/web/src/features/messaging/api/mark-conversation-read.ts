import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { mapConversations, type ConversationsData } from './list-conversations';
import { sharedKeys } from '@/lib/query-keys';
import { messagingKeys } from './keys';

/** PUT /api/{conversationId}/read: every message sent to the caller in the conversation is read. */
export async function markConversationRead(conversationId: string) {
  const res = await api.put<{ data: { conversationId: string; updated: number; readAt: string } }>(
    `/api/${encodeURIComponent(conversationId)}/read`,
  );
  return res.data;
}

export function useMarkConversationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onMutate: (id) => {
      qc.setQueryData<ConversationsData>(messagingKeys.conversations, (d) =>
        mapConversations(d, (c) => (c.id === id ? { ...c, unreadCount: 0 } : c)),
      );
    },
    onSuccess: (r) => {
      // The bell drops the conversation's notification (the server marks it read with the messages).
      if (r.updated > 0) void qc.invalidateQueries({ queryKey: sharedKeys.notifications.all });
    },
  });
}
