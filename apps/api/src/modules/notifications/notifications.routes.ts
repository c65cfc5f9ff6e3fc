import {
  dataOf,
  idParamsSchema,
  notificationSchema,
  notificationSettingsSchema,
  okSchema,
  pageOf,
  paginationQuerySchema,
  unreadCountSchema,
  updateNotificationSettingsBodySchema,
} from '@brickyard/shared';
import { principalOf } from '../../platform/auth/guard.ts';
import type { App } from '../../platform/context.ts';
import type { NotificationsService } from './notifications.service.ts';

const tags = ['notifications'];
// The bell works for every signed-in user, gated or not, so they hear about their approval.
const access = { gate: false } as const;

export function notificationsRoutes(app: App, service: NotificationsService) {
  app.get('/api/notifications', {
    config: { access },
    schema: { tags, querystring: paginationQuerySchema, response: { 200: pageOf(notificationSchema) } },
    handler: (req) => service.list(principalOf(req).id, req.query.page, req.query.pageSize),
  });

  app.get('/api/notifications/unread-count', {
    config: { access },
    schema: { tags, response: { 200: unreadCountSchema } },
    handler: async (req) => ({ count: await service.unreadCount(principalOf(req).id) }),
  });

  app.put('/api/notifications/read-all', {
    config: { access },
    schema: { tags, response: { 200: okSchema } },
    handler: async (req) => {
      await service.markAllRead(principalOf(req).id);
      return { data: { ok: true as const } };
    },
  });

  app.put('/api/notifications/:id/read', {
    config: { access },
    schema: { tags, params: idParamsSchema, response: { 200: okSchema } },
    handler: async (req) => {
      await service.markRead(principalOf(req).id, req.params.id);
      return { data: { ok: true as const } };
    },
  });

  // Settings > Notifications: in-app and email per kind; the caller's own only, ungated.
  app.get('/api/settings/notifications', {
    config: { access },
    schema: { tags: ['settings'], response: { 200: dataOf(notificationSettingsSchema) } },
    handler: async (req) => ({ data: await service.getSettings(principalOf(req).id) }),
  });

  app.put('/api/settings/notifications', {
    config: { access },
    schema: { tags: ['settings'], body: updateNotificationSettingsBodySchema, response: { 200: dataOf(notificationSettingsSchema) } },
    handler: async (req) => ({ data: await service.updateSettings(principalOf(req).id, req.body) }),
  });
}
