import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, MessageAttachment } from '@brickyard/shared';
import { api } from '@/lib/api';
import { conversationsKey, findConversation, putFirst, type ConversationsData } from './list-conversations';
import { appendMessage, mergeMessage, messagesKey, type MessagesData } from './list-messages';

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
      qc.setQueryData<MessagesData>(messagesKey(m.conversationId), (d) => appendMessage(d, m));
      const data = qc.getQueryData<ConversationsData>(conversationsKey);
      const c = findConversation(data, m.conversationId);
      if (c)
        qc.setQueryData<ConversationsData>(
          conversationsKey,
          putFirst(data, {
            ...c,
            lastMessage: c.lastMessage?.id === m.id ? mergeMessage(c.lastMessage, m) : m,
            lastMessageAt: m.createdAt,
          }),
        );
      else void qc.invalidateQueries({ queryKey: conversationsKey });
    },
  });
}
