import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@brickyard/shared';

/**
 * PostgreSQL text cannot hold U+0000, so a NUL that reaches a query fails there as a 500. Every way
 * text enters the API is checked here once, at the edge: JSON bodies (json-body.ts), query strings
 * and path parameters (the hook below) and multipart fields (`assertNoNul` where they are read).
 */

/** The paths of every string in `value` that holds U+0000, as the error details name them. */
export function nulPaths(value: unknown, path: string, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nulPaths(v, path ? `${path}.${i}` : String(i), found));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) nulPaths(v, path ? `${path}.${k}` : k, found);
  }
  return found;
}

export function nulError(paths: string[]): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    'Text cannot contain the NUL character',
    paths.map((p) => ({ path: p, message: 'Remove the NUL (\\u0000) character' })),
  );
}

/** Throws 400 VALIDATION_FAILED naming each field of `value` that holds a NUL. */
export function assertNoNul(value: unknown, prefix: string): void {
  const paths = nulPaths(value, prefix);
  if (paths.length > 0) throw nulError(paths);
}

/**
 * Query strings and path parameters: a NUL can only arrive percent-encoded (`%00`; the HTTP parser
 * refuses a raw one), so a URL without `%00` skips the walk.
 */
export function registerNulGuard(app: FastifyInstance): void {
  // a callback hook (a throw before `done` is Fastify's to answer): an async one costs every request a promise
  app.addHook('onRequest', (req: FastifyRequest, _reply, done) => {
    if (!req.url.includes('%00')) return done();
    const paths = [...nulPaths(req.query, 'querystring'), ...nulPaths(req.params, 'params')];
    // A NUL in the path outside a parameter: the route did not match, and the 404 says so.
    if (paths.length > 0) throw nulError(paths);
    done();
  });
}
