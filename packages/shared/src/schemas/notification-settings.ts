import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../domain/notification-kinds.ts';

/** GET/PUT /api/settings/notifications: in-app and email, per kind (docs/decisions/0008-realtime-sse-over-listen-notify.md). */
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

export const notificationChannelsSchema = z.object({ inApp: z.boolean(), email: z.boolean() });
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

/** Every kind, with the user's choice or its default. */
export const notificationSettingsSchema = z.object({
  kinds: z.record(notificationKindSchema, notificationChannelsSchema),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Only the kinds (and channels) to change; the rest stay as they are. */
export const updateNotificationSettingsBodySchema = z.object({
  kinds: z.partialRecord(notificationKindSchema, notificationChannelsSchema.partial()),
});
export type UpdateNotificationSettingsBody = z.infer<typeof updateNotificationSettingsBodySchema>;

/**
 * GET/POST /api/notifications/unsubscribe?token=…: the one-click unsubscribe link of digests and
 * alerts (RFC 8058). GET shows a confirmation page; POST turns email off for the link's kinds.
 */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(4096) });
export const unsubscribeResultSchema = z.object({
  kinds: z.array(notificationKindSchema),
  labels: z.array(z.string()),
  settingsPath: z.string(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
