import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, MessageAttachment } from '@brickyard/shared';
import { api } from '@/lib/api';
import { findConversation, putFirst, type ConversationsData } from './list-conversations';
import { appendMessage, mergeMessage, type MessagesData } from './list-messages';
import { messagingKeys } from './keys';

export interface SendMessageInput {
  conversationId: string;
  text: string;
  attachments: MessageAttachment[];
}

/** POST /api/sendMessage into a conversation. */
export async function sendMessage(input: SendMessageInput): Promise<Message> {
  const res = await api.post<{ data: Message }>('/api/sendMessage', input);
  return res.data;
}

export function useSendMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (m) => {
      qc.setQueryData<MessagesData>(messagingKeys.messages(m.conversationId), (d) => appendMessage(d, m));
      const data = qc.getQueryData<ConversationsData>(messagingKeys.conversations);
      const c = findConversation(data, m.conversationId);
      if (c)
        qc.setQueryData<ConversationsData>(
          messagingKeys.conversations,
          putFirst(data, {
            ...c,
            lastMessage: c.lastMessage?.id === m.id ? mergeMessage(c.lastMessage, m) : m,
            lastMessageAt: m.createdAt,
          }),
        );
      else void qc.invalidateQueries({ queryKey: messagingKeys.conversations });
    },
  });
}
