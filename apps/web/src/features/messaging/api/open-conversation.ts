import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation, OpenConversationBody } from '@brickyard/shared';
import { api } from '@/lib/api';
import { findConversation, putFirst, type ConversationsData } from './list-conversations';
import { messagingKeys } from './keys';

/** POST /api/conversation: opens the conversation with a counterparty, or answers the existing one. */
export async function openConversation(body: OpenConversationBody): Promise<Conversation> {
  const res = await api.post<{ data: Conversation }>('/api/conversation', body);
  return res.data;
}

export function useOpenConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: openConversation,
    onSuccess: (c) => {
      const data = qc.getQueryData<ConversationsData>(messagingKeys.conversations);
      if (!findConversation(data, c.id))
        qc.setQueryData<ConversationsData>(messagingKeys.conversations, putFirst(data, c));
    },
  });
}
