import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '@brickyard/shared';
import { findConversation, mapConversations, putFirst, type ConversationsData } from './conversations-cache';
import { appendMessage, flattenMessages, mapMessages, mergeMessage, type MessagesData } from './messages-cache';

const ME = '11111111-1111-4111-8111-111111111111';
const THEM = '22222222-2222-4222-8222-222222222222';
const CONV = '33333333-3333-4333-8333-333333333333';

function msg(n: number, from = THEM): Message {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    conversationId: CONV,
    senderId: from,
    recipientId: from === ME ? THEM : ME,
    text: `message ${n}`,
    attachments: [],
    read: false,
    readAt: null,
    createdAt: new Date(Date.UTC(2026, 10, 1, 9, n)).toISOString(),
  };
}

function conv(id: string, unreadCount = 0): Conversation {
  return {
    id,
    tenderId: null,
    catalogueItemId: null,
    externalTenderId: null,
    otherParty: {
      id: THEM,
      name: 'Sam Okafor',
      companyName: 'Pennine Building Supplies Ltd',
      role: 'supplier',
      region: null,
    },
    lastMessage: null,
    unreadCount,
    createdAt: '2026-11-01T09:00:00.000Z',
    lastMessageAt: null,
  };
}

const page = (data: Message[], nextBefore: string | null = null) => ({
  data,
  meta: { page: 1, pageSize: 50, total: data.length, nextBefore },
});

describe('messaging cache helpers (docs/product.md section 3 Conversation and message)', () => {
  it('flattens pages oldest → newest (pages are loaded newest first)', () => {
    const data: MessagesData = { pages: [page([msg(3), msg(4)]), page([msg(1), msg(2)])], pageParams: [null, 'x'] };
    expect(flattenMessages(data).map((m) => m.text)).toEqual(['message 1', 'message 2', 'message 3', 'message 4']);
  });

  it('appends a live message once: the send answer and its realtime echo do not duplicate', () => {
    const data: MessagesData = { pages: [page([msg(1)])], pageParams: [null] };
    const once = appendMessage(data, msg(2, ME));
    const twice = appendMessage(once, { ...msg(2, ME), read: true });
    expect(flattenMessages(twice).map((m) => [m.text, m.read])).toEqual([
      ['message 1', false],
      ['message 2', true],
    ]);
    expect(twice!.pages[0]!.meta.total).toBe(2);
  });

  it('keeps a read tick when the send answer or its echo arrives after the read event (docs/product.md §3 read)', () => {
    const sent = msg(2, ME);
    const data: MessagesData = { pages: [page([msg(1), sent])], pageParams: [null] };
    const readAt = '2026-11-01T09:05:00.000Z';
    const read = mapMessages(data, (m) => (m.id === sent.id ? { ...m, read: true, readAt } : m));
    const late = appendMessage(read, { ...sent, text: 'message 2 (as answered)' });
    const mine = flattenMessages(late).find((m) => m.id === sent.id)!;
    expect([mine.read, mine.readAt, mine.text]).toEqual([true, readAt, 'message 2 (as answered)']);
    expect(mergeMessage({ ...sent, read: true, readAt }, sent).read).toBe(true);
  });

  it('marks messages read through every page', () => {
    const data: MessagesData = { pages: [page([msg(3, ME)]), page([msg(1, ME)])], pageParams: [null, 'x'] };
    const read = mapMessages(data, (m) => ({ ...m, read: true }));
    expect(flattenMessages(read).every((m) => m.read)).toBe(true);
  });

  it('moves a conversation with new activity to the top without duplicating it', () => {
    const a = conv('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa');
    const b = conv('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb');
    const data: ConversationsData = {
      pages: [{ data: [a, b], meta: { page: 1, pageSize: 30, total: 2 } }],
      pageParams: [1],
    };
    const moved = putFirst(data, { ...b, unreadCount: 1 });
    expect(moved!.pages[0]!.data.map((c) => [c.id, c.unreadCount])).toEqual([
      [b.id, 1],
      [a.id, 0],
    ]);
    expect(findConversation(moved, b.id)?.unreadCount).toBe(1);
    const cleared = mapConversations(moved, (c) => ({ ...c, unreadCount: 0 }));
    expect(cleared!.pages[0]!.data.every((c) => c.unreadCount === 0)).toBe(true);
  });
});
