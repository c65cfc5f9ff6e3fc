import { buyerDashboardSchema, dashboardQuerySchema, dataOf, supplierDashboardSchema } from '@brickyard/shared';
import { principalOf } from '../../platform/auth/guard.ts';
import type { App } from '../../platform/context.ts';
import { memoizedDataWriter } from '../../platform/http/serializer.ts';
import type { DashboardService } from './dashboard.service.ts';

const tags = ['analytics'];

/**
 * docs/product.md section 2 Dashboard: one request per dashboard (the admin's is GET /api/admin/dashboard),
 * for a preset `range` or a custom `from`–`to` (dashboardQuerySchema: 400 on a bad period).
 */
export function dashboardRoutes(app: App, analytics: DashboardService) {
  // The answers come from the dashboard cache: each is written to JSON once, not per request.
  const buyerBody = memoizedDataWriter(buyerDashboardSchema);
  const supplierBody = memoizedDataWriter(supplierDashboardSchema);

  app.get('/api/analytics/buyer', {
    config: { access: { roles: ['buyer'] } },
    schema: {
      tags,
      summary: 'The buyer dashboard: tenders, matches, response and award rates, deals, activity, trend',
      querystring: dashboardQuerySchema,
      response: { 200: dataOf(buyerDashboardSchema) },
    },
    handler: async (req, reply) => buyerBody.send(reply, await analytics.buyerCached(principalOf(req), req.query)),
  });

  app.get('/api/analytics/supplier', {
    config: { access: { roles: ['supplier'] } },
    schema: {
      tags,
      summary: 'The supplier dashboard: matches, deals, win rate, catalogue, favourites closing, plan usage, trend',
      querystring: dashboardQuerySchema,
      response: { 200: dataOf(supplierDashboardSchema) },
    },
    handler: async (req, reply) =>
      supplierBody.send(reply, await analytics.supplierCached(principalOf(req), req.query)),
  });
}
