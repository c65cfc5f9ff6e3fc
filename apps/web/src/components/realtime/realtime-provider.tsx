import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { connectRealtime, type RealtimeEvent, type RealtimeStatus } from '@brickyard/shared';
import { api } from '@/lib/api';

/** How often screens poll while the live channel is down (SPEC-less: quick enough to feel live). */
export const REALTIME_FALLBACK_POLL_MS = 10_000;

type Listener = (event: RealtimeEvent) => void;

interface RealtimeContextValue {
  status: RealtimeStatus;
  /** Bumped each time the channel (re)opens: events sent meanwhile were not replayed, so refetch. */
  generation: number;
  /** The last totals the server sent (a snapshot arrives on every connect). */
  unread: { messages?: number; notifications?: number };
  subscribe: (listener: Listener) => () => void;
}

const RealtimeContext = createContext<RealtimeContextValue | null>(null);

async function getTicket(): Promise<string> {
  const res = await api.post<{ data: { ticket: string } }>('/api/realtime/ticket');
  return res.data.ticket;
}

/**
 * The signed-in user's realtime channel (Server-Sent Events, `GET /api/realtime/stream`): one per
 * tab, opened while the signed-in frame is mounted. Screens subscribe to its events, read its
 * status to poll while it is down, and refetch when it comes back (`generation`).
 */
export function RealtimeProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  const [generation, setGeneration] = useState(0);
  const [unread, setUnread] = useState<RealtimeContextValue['unread']>({});
  const listeners = useRef(new Set<Listener>());

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') {
      setStatus('down');
      return;
    }
    setStatus('connecting');
    const conn = connectRealtime({
      getTicket,
      onStatusChange: (s) => {
        setStatus(s);
        if (s === 'open') setGeneration((g) => g + 1);
      },
      onEvent: (event) => {
        if (event.type === 'unread.changed') setUnread((u) => ({ ...u, ...event.data }));
        for (const l of [...listeners.current]) l(event);
      },
    });
    return () => conn.close();
  }, [enabled]);

  const subscribe = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);

  const value = useMemo(() => ({ status, generation, unread, subscribe }), [status, generation, unread, subscribe]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

const OFFLINE: RealtimeContextValue = { status: 'down', generation: 0, unread: {}, subscribe: () => () => undefined };

export function useRealtime(): RealtimeContextValue {
  return useContext(RealtimeContext) ?? OFFLINE;
}

/** Calls `handler` for every event of the channel (the latest handler, without resubscribing). */
export function useRealtimeEvent(handler: Listener): void {
  const { subscribe } = useRealtime();
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => subscribe((e) => ref.current(e)), [subscribe]);
}

/** Calls `fn` when the channel reopens after the first connection (events were missed meanwhile). */
export function useRealtimeResync(fn: () => void): void {
  const { generation } = useRealtime();
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  const first = useRef(generation);
  useEffect(() => {
    if (generation > first.current) ref.current();
  }, [generation]);
}

/** `refetchInterval` for a query that the channel keeps fresh: poll only while it is not open. */
export function useFallbackPollInterval(ms = REALTIME_FALLBACK_POLL_MS): number | false {
  return useRealtime().status === 'open' ? false : ms;
}
