import type { FastifyInstance } from 'fastify';
import { nulError, nulPaths } from './nul.ts';

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
    void parse(req, body, (err, value) => {
      if (err) return done(err, undefined);
      if (body.includes('\\u0000')) {
        const paths = nulPaths(value, 'body');
        if (paths.length > 0) return done(nulError(paths), undefined);
      }
      done(null, value);
    });
  });
}
