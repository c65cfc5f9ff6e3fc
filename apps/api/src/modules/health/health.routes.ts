import { z } from 'zod';
import type { App, AppContext } from '../../platform/context.ts';
import { pingDatabase } from './health.repository.ts';

export function healthRoutes(app: App, ctx: AppContext) {
  app.get('/api/health', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }) },
    },
    handler: async () => {
      await pingDatabase(ctx.db);
      return { status: 'ok' as const, database: 'ok' as const };
    },
  });
}
