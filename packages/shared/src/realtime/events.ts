import { z } from 'zod';
import { messageSchema } from '../schemas/messaging.ts';
import { notificationSchema } from '../schemas/notification.ts';

/**
 * The events of the per-user realtime channel (`GET /api/realtime/stream`, Server-Sent Events).
 * On the wire each is `event: <type>` with `data: <JSON of data>`.
 */
export const messageCreatedEventSchema = z.object({
  type: z.literal('message.created'),
  /** Sent to both participants (the sender's other tabs too). */
  data: z.object({ message: messageSchema }),
});

export const messageReadEventSchema = z.object({
  type: z.literal('message.read'),
  /** The reader read every message sent to them in the conversation up to `readAt`. */
  data: z.object({ conversationId: z.uuid(), readerId: z.uuid(), readAt: z.string() }),
});

export const notificationCreatedEventSchema = z.object({
  type: z.literal('notification.created'),
  /** Upsert by id: a repeated unread notification (e.g. more messages in a conversation) keeps its id. */
  data: notificationSchema,
});

export const unreadChangedEventSchema = z.object({
  type: z.literal('unread.changed'),
  /** The caller's current totals; a field is absent when that count did not change. */
  data: z.object({ messages: z.number().int().optional(), notifications: z.number().int().optional() }),
});

export const responseChangedEventSchema = z.object({
  type: z.literal('response.changed'),
  /**
   * A response to the tender arrived, changed, was withdrawn, shortlisted or decided: to the
   * tender's buyer and to the response's supplier, whatever their notification choices, so open
   * Responses tabs and "My responses" lists refetch. It carries no response content: the reader
   * asks the API, which applies the sealing rules.
   */
  data: z.object({ tenderId: z.uuid() }),
});

export const realtimeEventSchema = z.discriminatedUnion('type', [
  messageCreatedEventSchema,
  messageReadEventSchema,
  notificationCreatedEventSchema,
  unreadChangedEventSchema,
  responseChangedEventSchema,
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
export type RealtimeEventType = RealtimeEvent['type'];
export type RealtimeEventOf<T extends RealtimeEventType> = Extract<RealtimeEvent, { type: T }>;

export const REALTIME_EVENT_TYPES = [
  'message.created',
  'message.read',
  'notification.created',
  'unread.changed',
  'response.changed',
] as const satisfies readonly RealtimeEventType[];

/** Control events of the stream, handled by the client helper itself. */
export const REALTIME_HEARTBEAT_SECONDS = 25;
export const realtimeReadyEventSchema = z.object({ heartbeatSeconds: z.number().int() });

/** Parses one SSE frame (`event` name + `data` text) into a typed event; null when unknown or malformed. */
export function parseRealtimeEvent(type: string, data: string): RealtimeEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = realtimeEventSchema.safeParse({ type, data: json });
  return parsed.success ? parsed.data : null;
}
