import { parseRealtimeEvent, REALTIME_EVENT_TYPES, REALTIME_HEARTBEAT_SECONDS, type RealtimeEvent } from './events.ts';

/** The part of the browser's EventSource the helper uses (injectable for tests and Node). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (ev: { data?: unknown }) => void): void;
  close(): void;
  onerror: ((ev: unknown) => void) | null;
  onopen: ((ev: unknown) => void) | null;
}
export type EventSourceCtor = new (url: string) => EventSourceLike;

/**
 * 'open': live; 'connecting': (re)connecting; 'down': not connected — poll until it is 'open'
 * again, then refetch what the page shows (events sent while down are not replayed).
 */
export type RealtimeStatus = 'connecting' | 'open' | 'down';

export interface RealtimeOptions {
  /** Base URL of the API, '' for same origin. */
  baseUrl?: string;
  /** POST /api/realtime/ticket with the bearer token; answers the ticket. Called for every (re)connect. */
  getTicket: () => Promise<string>;
  onEvent: (event: RealtimeEvent) => void;
  onStatusChange?: (status: RealtimeStatus) => void;
  /** Defaults to the global EventSource. */
  EventSource?: EventSourceCtor;
  /** First reconnect delay; doubles up to maxDelayMs, with jitter. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

export interface RealtimeConnection {
  status(): RealtimeStatus;
  close(): void;
}

/**
 * Framework-free realtime client: connects to `GET /api/realtime/stream` with a single-use ticket
 * (EventSource cannot send headers, and the JWT must never appear in a URL), delivers typed events,
 * reconnects on its own with backoff and a fresh ticket, and treats a stream silent for two
 * heartbeats as dropped.
 */
export function connectRealtime(opts: RealtimeOptions): RealtimeConnection {
  const ES = opts.EventSource ?? (globalThis as unknown as { EventSource?: EventSourceCtor }).EventSource;
  if (!ES) throw new Error('EventSource is not available; pass opts.EventSource');
  const minDelay = opts.minDelayMs ?? 1000;
  const maxDelay = opts.maxDelayMs ?? 30_000;
  let status: RealtimeStatus = 'connecting';
  let source: EventSourceLike | null = null;
  let closed = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let watchdog: ReturnType<typeof setTimeout> | null = null;

  const setStatus = (s: RealtimeStatus) => {
    if (s === status) return;
    status = s;
    opts.onStatusChange?.(s);
  };

  const alive = () => {
    if (watchdog) clearTimeout(watchdog);
    watchdog = setTimeout(() => drop(), REALTIME_HEARTBEAT_SECONDS * 2 * 1000 + 5000);
  };

  const drop = () => {
    source?.close();
    source = null;
    if (watchdog) clearTimeout(watchdog);
    if (closed) return;
    setStatus('down');
    const delay = Math.min(maxDelay, minDelay * 2 ** attempt++);
    retryTimer = setTimeout(() => void open(), delay / 2 + Math.random() * (delay / 2));
  };

  const open = async () => {
    if (closed) return;
    let ticket: string;
    try {
      ticket = await opts.getTicket();
    } catch {
      drop();
      return;
    }
    if (closed) return;
    const es = new ES(`${opts.baseUrl ?? ''}/api/realtime/stream?ticket=${encodeURIComponent(ticket)}`);
    source = es;
    // The browser's own retry would reuse the spent ticket; we reconnect ourselves instead.
    es.onerror = () => {
      if (source === es) drop();
    };
    es.onopen = () => alive();
    es.addEventListener('ready', () => {
      attempt = 0;
      alive();
      setStatus('open');
    });
    es.addEventListener('heartbeat', () => alive());
    for (const type of REALTIME_EVENT_TYPES) {
      es.addEventListener(type, (ev) => {
        alive();
        const event = typeof ev.data === 'string' ? parseRealtimeEvent(type, ev.data) : null;
        if (event) opts.onEvent(event);
      });
    }
  };

  void open();
  return {
    status: () => status,
    close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (watchdog) clearTimeout(watchdog);
      source?.close();
      source = null;
    },
  };
}
