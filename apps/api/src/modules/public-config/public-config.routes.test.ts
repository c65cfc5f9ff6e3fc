import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ supportEmail: 'privacy-desk@example.test' });
});
afterAll(() => t.close());

describe('docs/product.md §2 Terms page: the privacy contact comes from configuration', () => {
  it('answers the configured support mailbox to anyone, without a token', async () => {
    const res = await t.request('GET', '/api/public/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { supportEmail: 'privacy-desk@example.test' } });
  });

  it('ignores a bad token instead of ending a visitor session', async () => {
    const res = await t.request('GET', '/api/public/config', { token: 'not-a-jwt' });
    expect(res.status).toBe(200);
  });
});

describe('SEO: robots.txt and sitemap.xml name this deployment’s PUBLIC_URL', () => {
  it('writes the configured host', async () => {
    const app = await createTestApp({ publicUrl: 'https://www.brickyard.example' });
    try {
      const robots = await app.request('GET', '/robots.txt');
      expect(robots.status).toBe(200);
      expect(robots.body).toContain('Sitemap: https://www.brickyard.example/sitemap.xml');
      expect(robots.body).toContain('Disallow: /admin');
      const sitemap = await app.request('GET', '/sitemap.xml');
      expect(sitemap.headers.get('content-type')).toContain('xml');
      expect(sitemap.body).toContain('<loc>https://www.brickyard.example/buyerLanding</loc>');
    } finally {
      await app.close();
    }
  });
});
