import {
  idParamsSchema,
  matchGroupsResponseSchema,
  matchesQuerySchema,
  type MatchGroupsResponse,
  recommendationsQuerySchema,
  recommendationsResponseSchema,
} from '@brickyard/shared';
import { principalOf } from '../../platform/auth/guard.ts';
import type { App } from '../../platform/context.ts';
import { memoizedWriter } from '../../platform/http/serializer.ts';
import type { MatchingService } from './matching.service.ts';

const tags = ['matching'];

/**
 * docs/product.md section 7 "Tenders": the three matching calls. Static segments, so Fastify's router
 * prefers them to GET /api/tender/:id (matching.routes.test.ts checks it). Signed in and gated.
 */
export function matchingRoutes(app: App, matching: MatchingService) {
  // a kept page is the same object on every visit: written once (platform/http/serializer.ts)
  const pages = memoizedWriter<MatchGroupsResponse>(matchGroupsResponseSchema);
  app.get('/api/tender/matches/supplier', {
    config: { access: { roles: ['supplier'] } },
    schema: {
      tags,
      summary:
        "Open tenders matching each of the calling supplier's catalogue items (Core: 3 per item, with the total)",
      querystring: matchesQuerySchema,
      response: { 200: matchGroupsResponseSchema },
    },
    handler: async (req, reply) => pages.send(reply, await matching.forSupplier(principalOf(req), req.query)),
  });

  app.get('/api/tender/matches/buyer', {
    config: { access: { roles: ['buyer'] } },
    schema: {
      tags,
      summary: "Catalogue items matching each of the calling buyer's tenders (Core: 3 per tender, with the total)",
      querystring: matchesQuerySchema,
      response: { 200: matchGroupsResponseSchema },
    },
    handler: async (req, reply) => pages.send(reply, await matching.forBuyer(principalOf(req), req.query)),
  });

  app.get('/api/tender/matches/recommendations/:id', {
    schema: {
      tags,
      summary:
        "Matches of one tender or catalogue item: its matches for the owner, the caller's own fitting listings otherwise",
      params: idParamsSchema,
      querystring: recommendationsQuerySchema,
      response: { 200: recommendationsResponseSchema },
    },
    handler: async (req) => ({ data: await matching.recommendations(principalOf(req), req.params.id, req.query) }),
  });
}
