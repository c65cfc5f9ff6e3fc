import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from '../context.ts';

/**
 * Serves the built web app (apps/web/dist) when it is there, and answers every unknown path:
 * an unknown API path, or any path without the web build, is a JSON 404; any other GET or HEAD
 * gets index.html, whose router shows the page (or its own NotFound).
 * Registered last, after every API route.
 */
export async function registerSpa(app: App, webDist: string): Promise<void> {
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts); the one the
      // browser accepts is sent as it is, with Vary: accept-encoding.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so it can be cached for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || !hasWeb || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${url}` } });
    }
    // Every other path belongs to the single-page app, which routes it (or shows NotFound).
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
