import type { FastifyInstance } from 'fastify';
import { AppError } from '@brickyard/shared';

/** The paths of every string in `value` that holds U+0000, as the error details name them. */
function nulPaths(value: unknown, path: string, found: string[]): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nulPaths(v, path ? `${path}.${i}` : String(i), found));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) nulPaths(v, path ? `${path}.${k}` : k, found);
  }
  return found;
}

/**
 * JSON bodies are parsed by Fastify's own parser (prototype-poisoning checks included), then refused
 * with a 400 when a string holds U+0000: PostgreSQL text cannot store it, so such a value would fail
 * deep in a write as a 500 (the fuzz test found one in the billing details). A NUL can only reach
 * a JSON string escaped, so bodies without `\u0000` in their text skip the walk.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, raw, done) => {
    const body = raw.toString();
    parse(req, body, (err, value) => {
      if (err) return done(err, undefined);
      if (body.includes('\\u0000')) {
        const paths = nulPaths(value, '', []);
        if (paths.length > 0) {
          return done(
            new AppError(
              'VALIDATION_FAILED',
              'Text cannot contain the NUL character',
              paths.map((p) => ({ path: `body${p ? `.${p}` : ''}`, message: 'Remove the NUL (\\u0000) character' })),
            ),
            undefined,
          );
        }
      }
      done(null, value);
    });
  });
}
