import {
  AppError,
  type Conversation,
  type Counterparty,
  type Message,
  type MessagesPage,
  type MessagesQuery,
  type OpenConversationBody,
  type PageMeta,
  type RealtimeEvent,
  type SendMessageBody,
} from '@brickyard/shared';
import type { DbOrTx } from '../../db/client.ts';
import { createCallerListPages, createOwnerPages } from '../../db/owner-pages.ts';
import type { Principal } from '../../platform/auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { createKeyLimiter } from '../../platform/http/rate-limit.ts';
import type { RealtimeHub } from '../../platform/realtime/hub.ts';
import { findFilesByKeys } from '../uploads/uploads.service.ts';
import { markLinkRead, notify } from '../notifications/notifications.service.ts';
import * as repo from './messaging.repository.ts';

/** The reference under which a large message.created event travels between instances. */
const MESSAGE_REF = 'message';

export function toMessage(row: repo.MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    recipientId: row.recipientId,
    text: row.text,
    attachments: row.attachments,
    read: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toCounterparty(p: {
  id: string;
  firstName: string;
  lastName: string;
  companyName: string;
  role: string;
}): Counterparty {
  return {
    id: p.id,
    name: `${p.firstName} ${p.lastName}`.trim(),
    companyName: p.companyName,
    role: p.role === 'supplier' ? 'supplier' : 'buyer',
    region: null,
  };
}

function toConversation(r: repo.ConversationListRow): Conversation {
  return {
    id: r.conversation.id,
    tenderId: r.conversation.tenderId,
    catalogueItemId: r.conversation.catalogueItemId,
    externalTenderId: r.conversation.externalTenderId,
    otherParty: toCounterparty(r.other),
    lastMessage: r.lastMessage ? toMessage(r.lastMessage) : null,
    unreadCount: r.unread,
    createdAt: r.conversation.createdAt.toISOString(),
    lastMessageAt: r.conversation.lastMessageAt?.toISOString() ?? null,
  };
}

/**
 * Who may message whom (a product decision, documented in modules/messaging/README.md):
 * messaging is the marketplace's buyer ↔ supplier channel, so a buyer talks to approved
 * suppliers and a supplier to approved buyers — never to their own role, an admin, an account
 * awaiting approval, or themselves. Anyone else answers 404, as if they did not exist
 * (users/search never lists them either).
 */
export const counterpartRole = (role: Principal['role']): 'buyer' | 'supplier' =>
  role === 'buyer' ? 'supplier' : 'buyer';

/** Where a conversation opens in the web app for its recipient. */
const threadLink = (role: 'buyer' | 'supplier', conversationId: string) =>
  `/${role}/messages?conversation=${conversationId}`;

const previewOf = (m: { text: string; attachments: unknown[] }) => {
  const t = m.text.trim().replace(/\s+/g, ' ');
  if (t) return t.length > 140 ? `${t.slice(0, 139)}…` : t;
  return m.attachments.length === 1 ? 'Sent a file' : `Sent ${m.attachments.length} files`;
};

export type MessagingService = ReturnType<typeof createMessagingService>;

/** GET /api/conversations: a page as the API answers it. */
export interface ConversationsPage {
  data: Conversation[];
  meta: PageMeta;
}

/** A page of the people search. */
interface PeoplePage {
  data: Counterparty[];
  meta: PageMeta;
}

export function createMessagingService(ctx: AppContext, hub: RealtimeHub) {
  const { db } = ctx;
  // Kept per user and page while nothing their list shows has changed (db/owner-pages.ts).
  const conversationPages = createOwnerPages<ConversationsPage>('conversations');
  const threadPages = createOwnerPages<MessagesPage>('conversations');
  // What a search finds rests on every account and profile (names, approval, privacy) and on the
  // caller's contracts and conversations (a counterparty sees a private profile and its names).
  const peoplePages = createCallerListPages<PeoplePage>(['contracts', 'conversations'], ['users', 'profiles'], {
    maxRows: 50_000,
  });
  const sendLimiter = createKeyLimiter(ctx.db, 'message-send', ctx.config.messaging.sendPerMinute, 60);

  // message.created may exceed a NOTIFY payload (5,000 characters of text): it then travels by id.
  hub.resolve(MESSAGE_REF, async (id) => {
    const row = await repo.findMessage(db, id);
    return row ? [{ type: 'message.created', data: { message: toMessage(row) } }] : [];
  });

  async function counterpartOf(me: Principal, userId: string) {
    if (userId === me.id)
      throw new AppError('VALIDATION_FAILED', 'You cannot message yourself', [
        { path: 'userId', message: 'Choose another user' },
      ]);
    const other = await repo.findPerson(db, userId);
    if (!other || !other.approved || other.role !== counterpartRole(me.role))
      throw new AppError('NOT_FOUND', 'User not found');
    return other;
  }

  async function conversationOf(db: DbOrTx, me: Principal, id: string) {
    const row = await repo.findConversationOf(db, id, me.id);
    if (!row) throw new AppError('NOT_FOUND', 'Conversation not found');
    return row;
  }

  async function conversationView(me: Principal, id: string): Promise<Conversation> {
    const { rows } = await repo.listConversations(db, me.id, { page: 1, pageSize: 1, conversationId: id });
    if (!rows[0]) throw new AppError('NOT_FOUND', 'Conversation not found');
    return toConversation(rows[0]);
  }

  /** Attachments must be files the sender uploaded through the upload flow. */
  async function checkAttachments(me: Principal, attachments: { name: string; key: string }[]) {
    if (attachments.length === 0) return;
    const owned = new Set(
      (
        await findFilesByKeys(
          db,
          attachments.map((a) => a.key),
        )
      )
        .filter((f) => f.ownerId === me.id)
        .map((f) => f.key),
    );
    const details = attachments.flatMap((a, i) =>
      owned.has(a.key) ? [] : [{ path: `attachments.${i}.key`, message: 'Not one of your uploaded files' }],
    );
    if (details.length) throw new AppError('VALIDATION_FAILED', 'Some attachments are not valid', details);
  }

  return {
    /** POST /api/conversation: opens the conversation with a counterpart (about a subject), or answers the existing one. */
    async open(me: Principal, body: OpenConversationBody): Promise<{ conversation: Conversation; created: boolean }> {
      await counterpartOf(me, body.userId);
      const subject = {
        tenderId: body.tenderId ?? null,
        catalogueItemId: body.catalogueItemId ?? null,
        externalTenderId: body.externalTenderId ?? null,
      };
      const { row, created } = await db.transaction((tx) => repo.openConversation(tx, me.id, body.userId, subject));
      return { conversation: await conversationView(me, row.id), created };
    },

    /** GET /api/conversations: newest activity first, with the other party, last message and unread count. */
    list: (me: Principal, page: number, pageSize: number): Promise<ConversationsPage> =>
      conversationPages.answer(db, me.id, `${page} ${pageSize}`, async () => {
        const { rows, total } = await repo.listConversations(db, me.id, { page, pageSize });
        return { data: rows.map(toConversation), meta: { page, pageSize, total } };
      }),

    /** GET /api/messages/{id}: a page of the thread, oldest → newest (participants only). */
    async messages(me: Principal, conversationId: string, q: MessagesQuery): Promise<MessagesPage> {
      // Kept under the caller's conversations version: any message, read or membership change of
      // theirs raises it, so a kept page also stands for the access check it passed.
      const pageKey = `${conversationId} ${q.before ?? ''} ${q.page} ${q.pageSize}`;
      return threadPages.answer(db, me.id, pageKey, async () => {
        await conversationOf(db, me, conversationId);
        if (q.before) {
          const cursor = await repo.findMessage(db, q.before);
          if (!cursor || cursor.conversationId !== conversationId) {
            throw new AppError('VALIDATION_FAILED', 'Not a message of this conversation', [
              { path: 'before', message: 'Unknown message' },
            ]);
          }
        }
        const { rows, total, hasOlder } = await repo.listMessages(db, conversationId, {
          page: q.page,
          pageSize: q.pageSize,
          before: q.before,
        });
        return {
          data: rows.map(toMessage),
          meta: {
            page: q.before ? 1 : q.page,
            pageSize: q.pageSize,
            total,
            nextBefore: hasOlder && rows[0] ? rows[0].id : null,
          },
        };
      });
    },

    /**
     * POST /api/sendMessage: into a conversation of the caller, or to a counterpart (opening the
     * conversation). Raises the recipient's new-message notification (collapsed per conversation
     * while unread; its email goes through the digest) and, at commit, the realtime events.
     */
    async send(
      me: Principal,
      body: SendMessageBody & { text: string; attachments: { name: string; key: string }[] },
    ): Promise<Message> {
      await sendLimiter.consume(me.id);
      if (body.recipientId) await counterpartOf(me, body.recipientId);
      await checkAttachments(me, body.attachments);
      return hub.transaction(async (tx) => {
        const conversation = body.conversationId
          ? await conversationOf(tx, me, body.conversationId)
          : (
              await repo.openConversation(tx, me.id, body.recipientId!, {
                tenderId: null,
                catalogueItemId: null,
                externalTenderId: null,
              })
            ).row;
        const recipientId = conversation.userLowId === me.id ? conversation.userHighId : conversation.userLowId;
        const { row, recipientUnread } = await repo.insertMessage(tx, {
          conversationId: conversation.id,
          senderId: me.id,
          recipientId,
          text: body.text,
          attachments: body.attachments,
        });
        const message = toMessage(row);
        await notify(tx, {
          userId: recipientId,
          kind: 'new_message',
          title: `New message from ${me.name}${me.companyName ? ` (${me.companyName})` : ''}`,
          body: previewOf(row),
          link: threadLink(counterpartRole(me.role), conversation.id),
          collapse: true,
        });
        const created: RealtimeEvent = { type: 'message.created', data: { message } };
        await hub.publish([me.id, recipientId], [created], { db: tx, ref: { t: MESSAGE_REF, id: row.id } });
        await hub.publish(recipientId, [{ type: 'unread.changed', data: { messages: recipientUnread } }], { db: tx });
        return message;
      });
    },

    /** PUT /api/{id}/read: the caller read every message sent to them in the conversation. */
    async markRead(me: Principal, conversationId: string) {
      return hub.transaction(async (tx) => {
        const conversation = await conversationOf(tx, me, conversationId);
        const otherId = conversation.userLowId === me.id ? conversation.userHighId : conversation.userLowId;
        const { updated, readAt } = await repo.markConversationRead(tx, conversation.id, me.id);
        if (me.role === 'buyer' || me.role === 'supplier')
          await markLinkRead(tx, me.id, 'new_message', threadLink(me.role, conversation.id));
        if (updated > 0) {
          const iso = readAt.toISOString();
          await hub.publish(
            [otherId, me.id],
            [{ type: 'message.read', data: { conversationId: conversation.id, readerId: me.id, readAt: iso } }],
            { db: tx },
          );
          await hub.publish(
            me.id,
            [{ type: 'unread.changed', data: { messages: await repo.unreadTotal(tx, me.id) } }],
            { db: tx },
          );
        }
        return { conversationId: conversation.id, updated, readAt: readAt.toISOString() };
      });
    },

    /** GET /api/users/search?q: approved counterparts by name or company; public fields only. */
    searchUsers: (me: Principal, q: string, page: number, pageSize: number) =>
      peoplePages.answer(db, me.id, `${me.role} ${page} ${pageSize} ${q}`, async () => {
        const { rows, total } = await repo.searchPeople(db, {
          q,
          role: counterpartRole(me.role),
          excludeId: me.id,
          page,
          pageSize,
        });
        return { data: rows.map(toCounterparty), meta: { page, pageSize, total } };
      }),

    /** The caller's unread messages in total (the realtime stream's first snapshot). */
    unreadTotal: (userId: string) => repo.unreadTotal(db, userId),
  };
}

/** For the realtime channel's first event (the unread badge). */
export { unreadTotal } from './messaging.repository.ts';
