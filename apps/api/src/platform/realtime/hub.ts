import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { RealtimeEvent } from '@brickyard/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { notifyCommitted, notifyOne } from './hub.repository.ts';

/**
 * The realtime hub (docs/design.md §1 realtime): each API instance keeps the live streams of its own
 * users, and every instance hears every event through PostgreSQL LISTEN/NOTIFY on one channel —
 * several instances behind a load balancer stay in sync with no extra broker.
 *
 * Publishing is a `pg_notify` on the caller's connection: inside a transaction PostgreSQL
 * delivers it only when the transaction commits (and drops it on rollback), so a client never
 * hears of a row it cannot read yet. Each instance has ONE dedicated client that LISTENs.
 *
 * Busy paths (sending and reading messages) run in `hub.transaction` instead: their events are
 * kept aside and published right after the commit. A transaction that NOTIFYs holds PostgreSQL's
 * one notification-queue lock from its commit until its commit is flushed to disk, so concurrent
 * senders queued behind each other's WAL flush (under load, 280 sends/s, half the time spent
 * waiting on that lock). Published after the commit, on its own without waiting for the flush,
 * the lock is held for microseconds. The event still follows the data; if the process dies in
 * between, the event is lost and the client catches up on its next read, as after a reconnect.
 */
export const REALTIME_CHANNEL = 'brickyard_realtime';

/** NOTIFY payloads must stay under 8000 bytes; keep a margin. */
export const MAX_NOTIFY_BYTES = 7900;

/** A reference to an event too large to travel in the payload; the receiving instance loads it. */
export interface EventRef {
  t: string;
  id: string;
}

/**
 * Events, an event by reference, or `s`: the users' session version is now `s` (sent by a database
 * trigger on users.session_version, migration 0021): their streams opened before must end.
 */
type Wire = { u: string[]; e: RealtimeEvent[] } | { u: string[]; r: EventRef } | { u: string[]; s: number };

export type Send = (event: RealtimeEvent) => void;
export type Resolver = (id: string) => Promise<RealtimeEvent[]>;

function encode(wire: Wire): string | null {
  const s = JSON.stringify(wire);
  return Buffer.byteLength(s, 'utf8') <= MAX_NOTIFY_BYTES ? s : null;
}

/**
 * Publishes events to users through NOTIFY on `db` (a transaction: delivered at commit).
 * When the events do not fit a payload they go one by one; one that alone is too large travels
 * as `ref` (loaded by the receiving instance through the resolver registered for `ref.t`).
 */
export async function publishVia(
  db: DbOrTx,
  userIds: string | string[],
  events: RealtimeEvent[],
  opts: { ref?: EventRef } = {},
): Promise<void> {
  const u = [...new Set(Array.isArray(userIds) ? userIds : [userIds])];
  if (u.length === 0 || events.length === 0) return;
  const payloads: string[] = [];
  const whole = encode({ u, e: events });
  if (whole) payloads.push(whole);
  else {
    for (const e of events) {
      const one = encode({ u, e: [e] }) ?? (opts.ref ? encode({ u, r: opts.ref }) : null);
      if (!one) throw new Error(`realtime event ${e.type} is too large to publish and has no reference`);
      payloads.push(one);
    }
  }
  const outbox = outboxes.get(db);
  if (outbox) outbox.push(...payloads);
  else for (const p of payloads) await notifyOne(db, REALTIME_CHANNEL, p);
}

/** Events of `hub.transaction` transactions, published when the transaction has committed. */
const outboxes = new WeakMap<DbOrTx, string[]>();

export interface RealtimeHub {
  /** Registers a local stream of `userId`; answers the function that removes it. */
  subscribe(userId: string, send: Send): () => void;
  /** Publishes to every instance (after commit when `db` is a transaction). */
  publish(userIds: string | string[], events: RealtimeEvent[], opts?: { db?: DbOrTx; ref?: EventRef }): Promise<void>;
  /**
   * Runs `work` in a transaction whose published events go out after it commits, not as part of
   * its commit (for busy paths: see the top of this file). Nothing is published on rollback.
   */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Loads events published by reference (`publish(..., { ref: { t, id } })`). */
  resolve(t: string, resolver: Resolver): void;
  /** Called (on every instance) when a user's session version changes: their older sessions are over. */
  onSessionChange(listener: (userId: string, sessionVersion: number) => void): () => void;
  /** Called when the LISTEN connection is lost: events may have been missed, so streams should end. */
  onReset(listener: () => void): () => void;
  /** Connects the LISTEN client (retries on its own); resolves once listening or after the first failure. */
  start(): Promise<void>;
  close(): Promise<void>;
  isListening(): boolean;
  stats(): { users: number; streams: number };
}

export function createRealtimeHub(opts: {
  db: Db;
  log: FastifyBaseLogger;
  clientConfig?: pg.ClientConfig;
}): RealtimeHub {
  const { db, log } = opts;
  const clientConfig: pg.ClientConfig = opts.clientConfig ?? (db as Db & { $client: pg.Pool }).$client.options;
  const local = new Map<string, Set<Send>>();
  const resolvers = new Map<string, Resolver>();
  const resetListeners = new Set<() => void>();
  const sessionListeners = new Set<(userId: string, sessionVersion: number) => void>();
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let attempt = 0;

  function deliver(userIds: string[], events: RealtimeEvent[]) {
    for (const u of userIds) {
      const sends = local.get(u);
      if (!sends) continue;
      for (const send of sends) {
        for (const e of events) {
          try {
            send(e);
          } catch (err) {
            log.warn({ err }, 'realtime: a stream failed to take an event');
          }
        }
      }
    }
  }

  async function onNotification(payload: string | undefined) {
    if (!payload) return;
    let wire: Wire;
    try {
      wire = JSON.parse(payload) as Wire;
    } catch {
      return;
    }
    if (!Array.isArray(wire?.u)) return;
    if ('s' in wire) {
      for (const u of wire.u) for (const l of sessionListeners) l(u, wire.s);
      return;
    }
    // Nobody here listens for these users: nothing to load or send.
    if (!wire.u.some((u) => local.has(u))) return;
    if ('e' in wire) return deliver(wire.u, wire.e);
    const resolver = resolvers.get(wire.r.t);
    if (!resolver) return;
    try {
      deliver(wire.u, await resolver(wire.r.id));
    } catch (err) {
      log.warn({ err, ref: wire.r }, 'realtime: could not load a referenced event');
    }
  }

  function lost(err?: unknown) {
    if (!listening && client === null) return;
    listening = false;
    const c = client;
    client = null;
    c?.removeAllListeners();
    c?.on('error', () => undefined);
    void c?.end().catch(() => undefined);
    if (closed) return;
    log.warn({ err }, 'realtime: LISTEN connection lost; reconnecting');
    for (const l of resetListeners) l();
    schedule();
  }

  function schedule() {
    if (closed || retryTimer) return;
    const delay = Math.min(30_000, 500 * 2 ** attempt++);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
    retryTimer.unref();
  }

  async function connect(): Promise<void> {
    if (closed || client) return;
    const c = new pg.Client({ ...clientConfig, application_name: 'brickyard-realtime' });
    client = c;
    c.on('error', (err) => lost(err));
    c.on('end', () => lost());
    c.on('notification', (msg) => {
      if (msg.channel === REALTIME_CHANNEL) void onNotification(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${REALTIME_CHANNEL}`);
      listening = true;
      attempt = 0;
    } catch (err) {
      if (client === c) {
        client = null;
        c.removeAllListeners();
        c.on('error', () => undefined);
        void c.end().catch(() => undefined);
      }
      if (!closed) {
        log.warn({ err }, 'realtime: could not LISTEN; retrying');
        schedule();
      }
    }
  }

  return {
    subscribe(userId, send) {
      let set = local.get(userId);
      if (!set) local.set(userId, (set = new Set()));
      set.add(send);
      return () => {
        const s = local.get(userId);
        if (!s) return;
        s.delete(send);
        if (s.size === 0) local.delete(userId);
      };
    },
    publish: (userIds, events, o = {}) => publishVia(o.db ?? db, userIds, events, { ref: o.ref }),
    async transaction(work) {
      const committed: string[] = [];
      const result = await db.transaction(async (tx) => {
        outboxes.set(tx, committed);
        return work(tx);
      });
      if (committed.length > 0) {
        // The write is done and answered either way: a failed announcement is logged, not thrown.
        await notifyCommitted(db, REALTIME_CHANNEL, committed).catch((err: unknown) =>
          log.warn({ err }, 'realtime: could not publish committed events'),
        );
      }
      return result;
    },
    resolve(t, resolver) {
      resolvers.set(t, resolver);
    },
    onSessionChange(listener) {
      sessionListeners.add(listener);
      return () => sessionListeners.delete(listener);
    },
    onReset(listener) {
      resetListeners.add(listener);
      return () => resetListeners.delete(listener);
    },
    start: () => connect(),
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const c = client;
      client = null;
      listening = false;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
      local.clear();
    },
    isListening: () => listening,
    stats: () => ({ users: local.size, streams: [...local.values()].reduce((n, s) => n + s.size, 0) }),
  };
}
