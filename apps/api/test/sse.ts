/** A minimal Server-Sent Events client over fetch, for tests of the realtime stream. */
export interface SseEvent {
  event: string;
  data: any;
}

export interface SseClient {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** Resolves with the first event (already received or coming) that matches; rejects after `timeoutMs`. */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function connectSse(url: string, opts: { token?: string } = {}): Promise<SseClient> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const waiters = new Set<{ match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }>();
  const push = (e: SseEvent) => {
    events.push(e);
    for (const w of [...waiters]) {
      if (w.match(e)) {
        waiters.delete(w);
        w.resolve(e);
      }
    }
  };
  let endResolve!: () => void;
  const ended = new Promise<void>((r) => (endResolve = r));
  if (res.ok && res.body) {
    void (async () => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buf = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += decoder.decode(value, { stream: true });
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const frame = buf.slice(0, i);
            buf = buf.slice(i + 2);
            let event = 'message';
            const data: string[] = [];
            for (const line of frame.split('\n')) {
              if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
            }
            if (data.length) push({ event, data: JSON.parse(data.join('\n')) });
          }
        }
      } catch {
        /* aborted */
      }
      endResolve();
    })();
  } else endResolve();
  return {
    status: res.status,
    headers: res.headers,
    events,
    ended,
    next(match, timeoutMs = 5000) {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const w = {
          match,
          resolve: (e: SseEvent) => {
            clearTimeout(timer);
            resolve(e);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${events.map((e) => e.event).join(', ')}`));
        }, timeoutMs);
        waiters.add(w);
      });
    },
    close: () => controller.abort(),
  };
}
