import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers Helmet sets for `options`, and those it removes, read once by running its middleware
 * against a response that only records them. With no function among the options (no per-request
 * nonce), Helmet's answer is the same for every request.
 */
export function helmetHeaders(options: HelmetOptions): { set: Array<[string, string]>; removed: string[] } {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.push(name);
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
  return { set: [...set], removed };
}

/**
 * Helmet's security headers on every answer, refusals included (register before the access guard).
 * They are set on the raw response, so a hijacked reply (the realtime stream) carries them too.
 * @fastify/helmet built a new helmet middleware — re-parsing the whole Content-Security-Policy —
 * on every request, which cost a fifth of a cheap read's throughput. Helmet's own chain of twelve
 * middlewares per request still cost under a fiftieth of a one-object read's CPU; the headers are
 * now worked out once (helmetHeaders) and each request only sets them.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const { set, removed } = helmetHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    const res = reply.raw;
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    done();
  });
}
