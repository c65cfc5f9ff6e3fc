import { searchQuerySchema, searchResponseSchema } from '@brickyard/shared';
import { principalOf } from '../../platform/auth/guard.ts';
import { perUserLimit } from '../../platform/http/rate-limit.ts';
import type { App } from '../../platform/context.ts';
import type { SearchService } from './search.service.ts';

/**
 * GET /api/search (docs/design.md section 5): ranked results and facet counts over tenders, catalogue
 * items or the live feed. Signed in and gated; what a caller may see is the same as in the lists.
 */
export function searchRoutes(app: App, search: SearchService, limits: { perMinute: number }) {
  app.get('/api/search', {
    // docs/reliability.md: 120 searches a minute per user by default (search-as-you-type stays well under it)
    config: { rateLimit: perUserLimit(limits.perMinute, 60_000) },
    schema: {
      tags: ['search'],
      summary: 'Search tenders, catalogue items or external tenders: relevance (text + meaning), filters, facets',
      querystring: searchQuerySchema,
      response: { 200: searchResponseSchema },
    },
    handler: (req) => search.search(principalOf(req), req.query),
  });
}
