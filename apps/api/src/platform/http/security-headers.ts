import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer, refusals included (register before the access guard).
 * @fastify/helmet builds a new helmet middleware — re-parsing the whole Content-Security-Policy —
 * on every request, which cost a fifth of a cheap read's throughput; the middleware is built once
 * here, so a request only pays for setting the headers.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const applyHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
