import { z } from 'zod';
import type { App, AppContext } from '../../platform/context.ts';
import { robotsTxt, sitemapXml } from './seo.ts';

/**
 * What the public site may know of the server's configuration: today only the support mailbox,
 * which the privacy policy names as the contact (docs/product.md section 2, Terms page).
 */
export function publicConfigRoutes(app: App, ctx: AppContext) {
  app.get('/api/public/config', {
    config: { access: 'public' },
    schema: {
      tags: ['public'],
      summary: 'Public configuration for the marketing site (the support mailbox)',
      security: [],
      response: { 200: z.object({ data: z.object({ supportEmail: z.email() }) }) },
    },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { data: { supportEmail: ctx.config.supportEmail } };
    },
  });

  app.get('/robots.txt', {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (_req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(ctx.config.publicUrl)),
  });

  app.get('/sitemap.xml', {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (_req, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(sitemapXml(ctx.config.publicUrl)),
  });
}
