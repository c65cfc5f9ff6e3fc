import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectRealtime, type EventSourceLike } from './client.ts';
import { parseRealtimeEvent } from './events.ts';

class FakeEventSource implements EventSourceLike {
  static all: FakeEventSource[] = [];
  listeners = new Map<string, ((ev: { data?: unknown }) => void)[]>();
  onerror: ((ev: unknown) => void) | null = null;
  onopen: ((ev: unknown) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, l: (ev: { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
  }
  emit(type: string, data: unknown) {
    for (const l of this.listeners.get(type) ?? []) l({ data: JSON.stringify(data) });
  }
  close() {
    this.closed = true;
  }
}

afterEach(() => {
  FakeEventSource.all = [];
  vi.useRealTimers();
});

describe('realtime client helper', () => {
  it('parses typed events and rejects unknown or malformed ones', () => {
    expect(parseRealtimeEvent('unread.changed', '{"messages":2}')).toEqual({
      type: 'unread.changed',
      data: { messages: 2 },
    });
    expect(parseRealtimeEvent('unread.changed', '{"messages":"2"}')).toBeNull();
    expect(parseRealtimeEvent('nope', '{}')).toBeNull();
    expect(parseRealtimeEvent('message.read', 'not json')).toBeNull();
  });

  it('connects with a ticket (never a token), delivers events, and reconnects with a fresh ticket', async () => {
    vi.useFakeTimers();
    let n = 0;
    const events: unknown[] = [];
    const statuses: string[] = [];
    const conn = connectRealtime({
      getTicket: async () => `ticket-${++n}`,
      onEvent: (e) => events.push(e),
      onStatusChange: (s) => statuses.push(s),
      EventSource: FakeEventSource,
      minDelayMs: 100,
    });
    await vi.advanceTimersByTimeAsync(0);
    const first = FakeEventSource.all[0]!;
    expect(first.url).toBe('/api/realtime/stream?ticket=ticket-1');
    first.emit('ready', { heartbeatSeconds: 25 });
    first.emit('unread.changed', { notifications: 3 });
    expect(events).toEqual([{ type: 'unread.changed', data: { notifications: 3 } }]);
    expect(conn.status()).toBe('open');

    first.onerror?.({});
    expect(first.closed).toBe(true);
    expect(conn.status()).toBe('down');
    await vi.advanceTimersByTimeAsync(200);
    expect(FakeEventSource.all[1]!.url).toBe('/api/realtime/stream?ticket=ticket-2');
    FakeEventSource.all[1]!.emit('ready', { heartbeatSeconds: 25 });
    expect(statuses).toEqual(['open', 'down', 'open']);

    // Silent for two heartbeats: treated as dropped.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.all[1]!.closed).toBe(true);
    conn.close();
  });
});
