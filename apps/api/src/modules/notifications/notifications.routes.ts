import {
  AppError,
  dataOf,
  idParamsSchema,
  notificationSchema,
  notificationSettingsSchema,
  okSchema,
  pageOf,
  paginationQuerySchema,
  unreadCountSchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
  updateNotificationSettingsBodySchema,
} from '@brickyard/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guard.ts';
import type { App } from '../../platform/context.ts';
import { memoizedWriter } from '../../platform/http/serializer.ts';
import type { NotificationsPage, NotificationsService } from './notifications.service.ts';
import { confirmUnsubscribePage, invalidLinkPage, unsubscribedPage } from './unsubscribe-page.ts';

const tags = ['notifications'];
// The bell works for every signed-in user, gated or not, so they hear about their approval.
const access = { gate: false } as const;

/** A person in a browser (the confirmation page's form, a clicked link) rather than a mail client. */
const wantsHtml = (req: FastifyRequest) => (req.headers.accept ?? '').includes('text/html');
const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).type('text/html; charset=utf-8').send(body);
const isNotFound = (err: unknown) => err instanceof AppError && err.code === 'NOT_FOUND';

export function notificationsRoutes(app: App, service: NotificationsService, opts: { publicUrl: string }) {
  // A kept page is the same object on each visit: written once (platform/http/serializer.ts).
  const notificationPages = memoizedWriter<NotificationsPage>(pageOf(notificationSchema));
  app.get('/api/notifications', {
    config: { access },
    schema: { tags, querystring: paginationQuerySchema, response: { 200: pageOf(notificationSchema) } },
    handler: async (req, reply) =>
      notificationPages.send(reply, await service.list(principalOf(req).id, req.query.page, req.query.pageSize)),
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
    schema: {
      tags: ['settings'],
      body: updateNotificationSettingsBodySchema,
      response: { 200: dataOf(notificationSettingsSchema) },
    },
    handler: async (req) => ({ data: await service.updateSettings(principalOf(req).id, req.body) }),
  });

  // One-click unsubscribe from digests and alerts (List-Unsubscribe, RFC 8058): the signed token
  // in the link is the credential, so no session. GET only shows what would change.
  app.get('/api/notifications/unsubscribe', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'The confirmation page of a mailed unsubscribe link (changes nothing)',
      querystring: unsubscribeQuerySchema,
      produces: ['text/html'],
    },
    handler: async (req, reply) => {
      try {
        return html(
          reply,
          200,
          confirmUnsubscribePage(await service.describeUnsubscribe(req.query.token), req.query.token, opts.publicUrl),
        );
      } catch (err) {
        if (isNotFound(err)) return html(reply, 404, invalidLinkPage(opts.publicUrl));
        throw err;
      }
    },
  });

  // Mail clients POST "List-Unsubscribe=One-Click" form-encoded (some multipart): the body says
  // nothing the URL does not, so this route alone takes any body and ignores it.
  app.register(async (scope) => {
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, _body, done) =>
      done(null, undefined),
    );
    raw.post('/api/notifications/unsubscribe', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One-click unsubscribe: turns email off for the kinds of the link',
        querystring: unsubscribeQuerySchema,
        response: { 200: dataOf(unsubscribeResultSchema) },
      },
      handler: async (req, reply) => {
        try {
          const info = await service.unsubscribe(req.query.token);
          return wantsHtml(req) ? html(reply, 200, unsubscribedPage(info, opts.publicUrl)) : { data: info };
        } catch (err) {
          if (isNotFound(err) && wantsHtml(req)) return html(reply, 404, invalidLinkPage(opts.publicUrl));
          throw err;
        }
      },
    });
  });
}
