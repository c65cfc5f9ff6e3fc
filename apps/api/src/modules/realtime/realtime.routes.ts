import { z } from 'zod';
import { REALTIME_HEARTBEAT_SECONDS, realtimeTicketSchema } from '@brickyard/shared';
import { principalOf } from '../../platform/auth/guard.ts';
import type { App, AppContext } from '../../platform/context.ts';
import { createRealtimeHub, type RealtimeHub } from '../../platform/realtime/hub.ts';
import { openSse, type SseStream } from '../../platform/realtime/sse.ts';
import { createRealtimeService, type RealtimeService } from './realtime.service.ts';

const tags = ['realtime'];

/**
 * The per-user realtime channel (docs/decisions/0008-realtime-sse-over-listen-notify.md): `GET /api/realtime/stream`, Server-Sent Events.
 * Authenticated by `Authorization: Bearer` or, for EventSource (which cannot send headers), by a
 * single-use ticket from `POST /api/realtime/ticket` — the JWT never goes in a URL. The stream
 * route logs at warn only, so its URL (with the spent ticket) is not written to the request log.
 */
export function realtimeRoutes(
  app: App,
  service: RealtimeService,
  hub: RealtimeHub,
  opts: { heartbeatSeconds: number; maxStreamsPerUser: number },
) {
  const streams = new Map<string, Set<SseStream>>();
  const all = new Set<SseStream>();
  /** the session version each stream was opened with */
  const versionOf = new WeakMap<SseStream, number>();

  // A stream belongs to a session: when the user's session version moves on (password change,
  // "sign out other sessions", logout, deletion) their streams end, on every instance at once
  // (a trigger NOTIFYs the change) ...
  const endSessionsBefore = (userId: string, sessionVersion: number | undefined) => {
    for (const s of [...(streams.get(userId) ?? [])]) if (versionOf.get(s) !== sessionVersion) s.close();
  };
  hub.onSessionChange(endSessionsBefore);
  // ... and, should a notification be missed, at the next check (every heartbeat).
  const recheck = setInterval(() => {
    const ids = [...streams.keys()];
    if (ids.length === 0) return;
    service.sessionVersions(ids).then(
      (current) => ids.forEach((id) => endSessionsBefore(id, current.get(id))),
      () => undefined,
    );
  }, opts.heartbeatSeconds * 1000);
  recheck.unref();

  app.post('/api/realtime/ticket', {
    config: { access: { gate: false } },
    schema: { tags, response: { 200: realtimeTicketSchema } },
    handler: async (req) => ({ data: await service.issueTicket(principalOf(req)) }),
  });

  app.get('/api/realtime/stream', {
    // Authenticated below: the guard only knows bearer headers.
    config: { access: 'public' },
    logLevel: 'warn',
    schema: { tags, querystring: z.object({ ticket: z.string().max(1000).optional() }) },
    handler: async (req, reply) => {
      const me = await service.authenticate(req.headers.authorization, req.query.ticket);
      const unread = await service.unread(me.id);
      reply.hijack();
      let unsubscribe = () => undefined as unknown;
      const mine = streams.get(me.id) ?? new Set<SseStream>();
      streams.set(me.id, mine);
      const stream = openSse(reply.raw, {
        headers: reply.getHeaders(),
        heartbeatSeconds: opts.heartbeatSeconds,
        onClose: () => {
          unsubscribe();
          all.delete(stream);
          mine.delete(stream);
          if (mine.size === 0 && streams.get(me.id) === mine) streams.delete(me.id);
        },
      });
      versionOf.set(stream, me.sessionVersion);
      all.add(stream);
      mine.add(stream);
      // Too many tabs: the oldest stream goes (its client reconnects if it is still there).
      if (mine.size > opts.maxStreamsPerUser) mine.values().next().value?.close();
      stream.send('ready', { heartbeatSeconds: opts.heartbeatSeconds });
      stream.send('unread.changed', unread);
      unsubscribe = hub.subscribe(me.id, (e) => stream.send(e.type, e.data));
    },
  });

  // Events may have been missed while the LISTEN connection was down: end the streams so the
  // clients reconnect and refetch.
  hub.onReset(() => {
    for (const s of [...all]) s.close();
  });
  // Open streams would hold the server open: end them when the app closes.
  app.addHook('preClose', async () => {
    clearInterval(recheck);
    for (const s of [...all]) s.close();
  });
  return { streamCount: () => all.size };
}

/** app.ts: the hub (LISTEN while the app is up) and the realtime routes; answers the hub. */
export function registerRealtime(app: App, ctx: AppContext): RealtimeHub {
  const hub = createRealtimeHub({ db: ctx.db, log: ctx.log });
  realtimeRoutes(app, createRealtimeService(ctx), hub, {
    heartbeatSeconds: ctx.config.messaging.heartbeatSeconds ?? REALTIME_HEARTBEAT_SECONDS,
    maxStreamsPerUser: ctx.config.messaging.maxStreamsPerUser,
  });
  app.addHook('onReady', async () => hub.start());
  app.addHook('onClose', async () => hub.close());
  return hub;
}
