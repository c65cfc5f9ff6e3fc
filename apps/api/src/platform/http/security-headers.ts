import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers Helmet sets for `options`, read once by running its middleware against a response
 * that only records them. With no function among the options (no per-request nonce), Helmet's
 * answer is the same for every request. What it removes (`X-Powered-By`) only undoes what Express
 * would set; Fastify sets no such header, so there is nothing to remove.
 */
export function helmetHeaders(options: HelmetOptions): { set: Array<[string, string]> } {
  const set = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      set.delete(name);
    },
  };
  let failed: Error | undefined;
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as ServerResponse,
    (err?: unknown) =>
      (failed = err instanceof Error ? err : err ? new Error('Helmet refused its options') : undefined),
  );
  if (failed) throw failed;
  return { set: [...set] };
}

/**
 * Helmet's security headers on every answer, refusals included (register before the access guard).
 * @fastify/helmet built a new helmet middleware — re-parsing the whole Content-Security-Policy —
 * on every request, which cost a fifth of a cheap read's throughput; the headers are worked out once
 * (helmetHeaders). They go into the reply's own headers, not onto the raw response: a header set on
 * the raw response makes Node's `writeHead` set every header of the reply one by one again (its
 * slow path), which cost a tenth of a one-object read's CPU. A hijacked reply (the realtime stream)
 * writes `reply.getHeaders()` with its own.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = Object.fromEntries(helmetHeaders(options).set.map(([name, value]) => [name.toLowerCase(), value]));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
