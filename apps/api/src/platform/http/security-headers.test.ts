import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { afterEach, describe, expect, it } from 'vitest';
import { securityHeaderOptions } from './csp.ts';
import { helmetHeaders, registerSecurityHeaders } from './security-headers.ts';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

function appWith(register: (app: FastifyInstance) => void) {
  const app = Fastify();
  apps.push(app);
  register(app);
  app.get('/json', async () => ({ ok: true }));
  // a reply that writes its own head with the reply's headers, as the realtime stream does
  app.get('/raw', (_req, reply) => {
    const headers = reply.getHeaders();
    reply.hijack();
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.raw.writeHead(200, { 'content-type': 'text/plain' });
    reply.raw.end('raw');
  });
  return app;
}

const securityHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => !['date', 'connection', 'content-length', 'keep-alive'].includes(name)),
  );

describe('every answer carries the security headers Helmet would set', () => {
  for (const [label, options] of [
    ['over HTTP, local storage', securityHeaderOptions('http://localhost:3000')],
    [
      'over HTTPS, with an S3 store',
      securityHeaderOptions('https://brickyard.example', ['https://s3.eu-west-2.amazonaws.com']),
    ],
  ] as const) {
    it(`the same headers as Helmet run on each request (${label}), hijacked replies included`, async () => {
      const ours = appWith((app) => registerSecurityHeaders(app, options));
      const applyHelmet = helmet(options);
      const reference = appWith((app) =>
        app.addHook('onRequest', (req, reply, done) => applyHelmet(req.raw, reply.raw, () => done())),
      );
      for (const url of ['/json', '/raw', '/missing']) {
        const [a, b] = await Promise.all([ours.inject({ url }), reference.inject({ url })]);
        expect(a.statusCode).toBe(b.statusCode);
        expect(securityHeaders(a.headers), url).toEqual(securityHeaders(b.headers));
      }
      const csp = (await ours.inject({ url: '/raw' })).headers['content-security-policy'];
      expect(csp).toContain("default-src 'self'");
    });
  }

  it('reads a static set of headers once', () => {
    const { set } = helmetHeaders(securityHeaderOptions('https://brickyard.example'));
    const names = set.map(([name]) => name.toLowerCase());
    expect(names).toEqual(
      expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'x-content-type-options']),
    );
  });
});
