import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '@brickyard/shared';
import { useRealtimeEvent, useRealtimeResync } from '@/components/realtime';
import { findConversation, mapConversations, putFirst, type ConversationsData } from '../api/list-conversations';
import { appendMessage, mapMessages, mergeMessage, type MessagesData } from '../api/list-messages';
import { useMarkConversationRead } from '../api/mark-conversation-read';
import { messagingKeys } from '../api/keys';

const isVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/**
 * Keeps the messages screen live from the realtime channel:
 * - `message.created`: appended to its thread; its conversation moves to the top with the new last
 *   message and, unless the caller is reading that thread right now, one more unread;
 * - `message.read`: the other side read the caller's messages (read ticks), or the caller read
 *   them in another tab (badge cleared);
 * - after a reconnect, everything is refetched (events sent meanwhile are not replayed).
 * The thread open on screen is marked read as messages arrive and when the tab becomes visible.
 */
export function useLiveMessaging(me: string, activeId: string | null) {
  const qc = useQueryClient();
  const markRead = useMarkConversationRead();
  const mark = useRef(markRead.mutate);
  useEffect(() => {
    mark.current = markRead.mutate;
  });

  useRealtimeEvent((e) => {
    if (e.type === 'message.created') {
      const m: Message = e.data.message;
      qc.setQueryData<MessagesData>(messagingKeys.messages(m.conversationId), (d) => appendMessage(d, m));
      const reading = m.conversationId === activeId && isVisible();
      const data = qc.getQueryData<ConversationsData>(messagingKeys.conversations);
      const c = findConversation(data, m.conversationId);
      if (c) {
        const alreadyLast = c.lastMessage?.id === m.id;
        const unread = m.recipientId === me && !m.read && !reading && !alreadyLast ? c.unreadCount + 1 : c.unreadCount;
        qc.setQueryData<ConversationsData>(
          messagingKeys.conversations,
          putFirst(data, {
            ...c,
            lastMessage: alreadyLast && c.lastMessage ? mergeMessage(c.lastMessage, m) : m,
            lastMessageAt: m.createdAt,
            unreadCount: reading ? 0 : unread,
          }),
        );
      } else {
        void qc.invalidateQueries({ queryKey: messagingKeys.conversations });
      }
      if (reading && m.recipientId === me) mark.current(m.conversationId);
    } else if (e.type === 'message.read') {
      const { conversationId, readerId, readAt } = e.data;
      const readByThem = readerId !== me;
      const applies = (m: Message) =>
        !m.read && m.createdAt <= readAt && (readByThem ? m.senderId === me : m.recipientId === me);
      qc.setQueryData<MessagesData>(messagingKeys.messages(conversationId), (d) =>
        mapMessages(d, (m) => (applies(m) ? { ...m, read: true, readAt } : m)),
      );
      qc.setQueryData<ConversationsData>(messagingKeys.conversations, (d) =>
        mapConversations(d, (c) =>
          c.id !== conversationId
            ? c
            : {
                ...c,
                unreadCount: readByThem ? c.unreadCount : 0,
                lastMessage:
                  c.lastMessage && applies(c.lastMessage) ? { ...c.lastMessage, read: true, readAt } : c.lastMessage,
              },
        ),
      );
    }
  });

  useRealtimeResync(() => void qc.invalidateQueries({ queryKey: messagingKeys.all }));

  // Coming back to the tab with the thread open: what arrived meanwhile is read now.
  useEffect(() => {
    if (!activeId) return;
    function onVisible() {
      if (!isVisible() || !activeId) return;
      const c = findConversation(qc.getQueryData<ConversationsData>(messagingKeys.conversations), activeId);
      if (c && c.unreadCount > 0) mark.current(activeId);
    }
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [activeId, qc]);
}
