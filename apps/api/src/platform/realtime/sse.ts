import type { ServerResponse } from 'node:http';

/** A client too slow to drain this much buffered output is cut off (it reconnects and refetches). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface SseStream {
  send(event: string, data: unknown): void;
  close(): void;
  readonly closed: boolean;
}

/**
 * A Server-Sent Events response on a raw Node response (the Fastify reply is hijacked).
 * Heartbeats keep proxies from closing an idle stream and let the client notice a dead one.
 */
export function openSse(
  res: ServerResponse,
  opts: {
    heartbeatSeconds: number;
    onClose: () => void;
    /** the hijacked reply's headers so far (the security headers), written with the stream's own */
    headers?: Readonly<Record<string, number | string | readonly string[] | undefined>>;
  },
): SseStream {
  let closed = false;
  for (const [name, value] of Object.entries(opts.headers ?? {})) if (value !== undefined) res.setHeader(name, value);
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-store, no-transform',
    connection: 'keep-alive',
    // nginx and friends: do not buffer the stream.
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();

  const write = (chunk: string) => {
    if (closed) return;
    if (res.writableLength > MAX_BUFFERED_BYTES) return stream.close();
    res.write(chunk);
  };

  const heartbeat = setInterval(() => write(`event: heartbeat\ndata: {}\n\n`), opts.heartbeatSeconds * 1000);
  heartbeat.unref();

  const stream: SseStream = {
    send(event, data) {
      // JSON has no raw newlines, so one data line carries the whole event.
      write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      res.end();
      opts.onClose();
    },
    get closed() {
      return closed;
    },
  };
  res.on('close', () => stream.close());
  res.on('error', () => stream.close());
  return stream;
}
