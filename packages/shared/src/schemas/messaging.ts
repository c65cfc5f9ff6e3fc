import { z } from 'zod';
import { pageMetaSchema, paginationQuerySchema } from './common.ts';

/** docs/product.md section 7 Messaging and section 3 (Conversation and message). */

export const MESSAGE_MAX_CHARS = 5000;
export const MESSAGE_MAX_ATTACHMENTS = 5;

/** A file sent with a message: uploaded first through the upload flow, then referenced by key. */
export const messageAttachmentSchema = z.object({
  name: z.string().trim().min(1).max(200),
  key: z.string().trim().min(1).max(500),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

/** The other side of a conversation, and a user search hit: public fields only. */
export const counterpartySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  companyName: z.string(),
  role: z.enum(['buyer', 'supplier']),
  /** Not stored yet (profiles own it); always present, possibly null. */
  region: z.string().nullable(),
});
export type Counterparty = z.infer<typeof counterpartySchema>;

export const messageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.uuid(),
  recipientId: z.uuid(),
  /** Stored exactly as sent; render as text, never as HTML. */
  text: z.string(),
  attachments: z.array(messageAttachmentSchema),
  /** Read by the recipient (docs/product.md section 3). */
  read: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  id: z.uuid(),
  /** What the conversation is about, when opened from a tender, catalogue item or live-feed tender. */
  tenderId: z.uuid().nullable(),
  catalogueItemId: z.uuid().nullable(),
  externalTenderId: z.uuid().nullable(),
  otherParty: counterpartySchema,
  lastMessage: messageSchema.nullable(),
  /** Messages not read and not sent by the caller (docs/product.md section 3). */
  unreadCount: z.number().int(),
  createdAt: z.string(),
  lastMessageAt: z.string().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** POST /api/conversation: open (or reuse) the conversation with a user, about at most one subject. */
export const openConversationBodySchema = z
  .object({
    userId: z.uuid(),
    tenderId: z.uuid().optional(),
    catalogueItemId: z.uuid().optional(),
    externalTenderId: z.uuid().optional(),
  })
  .refine((b) => [b.tenderId, b.catalogueItemId, b.externalTenderId].filter(Boolean).length <= 1, {
    message: 'Give at most one of tenderId, catalogueItemId, externalTenderId',
    path: ['tenderId'],
  });
export type OpenConversationBody = z.infer<typeof openConversationBodySchema>;

/** POST /api/sendMessage: into a conversation, or straight to a user (opens the conversation). */
export const sendMessageBodySchema = z
  .object({
    conversationId: z.uuid().optional(),
    recipientId: z.uuid().optional(),
    text: z.string().max(MESSAGE_MAX_CHARS, `A message can hold at most ${MESSAGE_MAX_CHARS} characters`).default(''),
    attachments: z.array(messageAttachmentSchema).max(MESSAGE_MAX_ATTACHMENTS).default([]),
  })
  .refine((b) => !!b.conversationId !== !!b.recipientId, {
    message: 'Give exactly one of conversationId or recipientId',
    path: ['conversationId'],
  })
  .refine((b) => b.text.trim().length > 0 || b.attachments.length > 0, {
    message: 'Write a message or attach a file',
    path: ['text'],
  });
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

/**
 * GET /api/messages/{id}: one page of a conversation, always ordered oldest → newest.
 * Page 1 holds the newest `pageSize` messages, page 2 the ones before them, and so on; or pass
 * `before` (a message id, e.g. meta.nextBefore) for the `pageSize` messages sent before it.
 */
export const messagesQuerySchema = paginationQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  before: z.uuid().optional(),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const messagesPageSchema = z.object({
  data: z.array(messageSchema),
  meta: pageMetaSchema.extend({
    /** Pass as `before` to load older messages; null when this page reaches the first message. */
    nextBefore: z.uuid().nullable(),
  }),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

export const conversationReadSchema = z.object({
  data: z.object({ conversationId: z.uuid(), updated: z.number().int(), readAt: z.string() }),
});

/** GET /api/users/search?q: approved counterparties (the opposite role), never the caller. */
export const userSearchQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().min(2, 'Type at least 2 characters').max(100),
});
export type UserSearchQuery = z.infer<typeof userSearchQuerySchema>;

/** POST /api/realtime/ticket: a short-lived, single-use ticket for `GET /api/realtime/stream?ticket=`. */
export const realtimeTicketSchema = z.object({ data: z.object({ ticket: z.string(), expiresAt: z.string() }) });
