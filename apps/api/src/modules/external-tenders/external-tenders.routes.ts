import {
  dataOf,
  externalTenderPageSchema,
  externalTenderSchema,
  externalTenderSearchQuerySchema,
  externalTenderTopQuerySchema,
  feedStatusSchema,
  cpvSuggestQuerySchema,
  cpvSuggestionsSchema,
  favouriteResultSchema,
  idParamsSchema,
  okSchema,
  pageOf,
  paginationQuerySchema,
  savedSearchBodySchema,
  savedSearchSchema,
} from '@brickyard/shared';
import { principalOf } from '../../platform/auth/guard.ts';
import { keptRowsPageWriter } from '../../platform/http/serializer.ts';
import type { App } from '../../platform/context.ts';
import type { ExternalTendersService } from './external-tenders.service.ts';

const tags = ['external-tenders'];
// docs/product.md section 6/7: the live feed is for suppliers (approved and subscribed); the plan rule
// (Growth and Partner only, docs/product.md section 9) is checked by the service.
const access = { roles: ['supplier'] } as const;

export function externalTendersRoutes(app: App, service: ExternalTendersService) {
  // A search's page is kept and read by everyone who asks the same, and a supplier's "Top for you"
  // is kept for their every visit: the rows of both are written once (a 30 KB page written afresh
  // was a third of the server's time on "Top for you", docs/performance.md).
  const feedPages = keptRowsPageWriter<object>(externalTenderPageSchema);

  app.get('/api/external-tenders/status', {
    config: { access },
    schema: {
      tags,
      summary: 'When the live feed last imported, whether that is stale, and how many notices are open',
      response: { 200: dataOf(feedStatusSchema) },
    },
    handler: (req) => service.status(principalOf(req)),
  });

  app.get('/api/external-tenders/top', {
    config: { access },
    schema: {
      tags,
      summary: 'The best current tenders for this supplier',
      querystring: externalTenderTopQuerySchema,
      response: { 200: externalTenderPageSchema },
    },
    handler: async (req, reply) => feedPages.send(reply, await service.top(principalOf(req), req.query.limit)),
  });

  app.get('/api/external-tenders/search', {
    config: { access },
    schema: {
      tags,
      summary: 'Search the live feed',
      querystring: externalTenderSearchQuerySchema,
      response: { 200: externalTenderPageSchema },
    },
    handler: async (req, reply) => feedPages.send(reply, await service.search(principalOf(req), req.query)),
  });

  app.get('/api/external-tenders/suggest', {
    config: { access },
    schema: {
      tags,
      summary: 'CPV categories a partly typed query means (suggestions as one types)',
      querystring: cpvSuggestQuerySchema,
      response: { 200: cpvSuggestionsSchema },
    },
    handler: (req) => service.suggest(principalOf(req), req.query.q),
  });

  app.get('/api/external-tenders/favourites/user', {
    config: { access },
    schema: {
      tags,
      summary: "The caller's favourite tenders",
      querystring: paginationQuerySchema,
      response: { 200: pageOf(externalTenderSchema) },
    },
    handler: (req) => service.favourites(principalOf(req), req.query.page, req.query.pageSize),
  });

  app.post('/api/external-tenders/favourites/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Favourite a tender (idempotent)',
      params: idParamsSchema,
      response: { 200: favouriteResultSchema },
    },
    handler: (req) => service.favourite(principalOf(req), req.params.id, true),
  });

  app.delete('/api/external-tenders/favourites/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Remove a favourite (idempotent)',
      params: idParamsSchema,
      response: { 200: favouriteResultSchema },
    },
    handler: (req) => service.favourite(principalOf(req), req.params.id, false),
  });

  app.get('/api/external-tenders/saved-searches', {
    config: { access },
    schema: { tags, summary: 'Saved feed searches with alerts', response: { 200: pageOf(savedSearchSchema) } },
    handler: (req) => service.savedSearches(principalOf(req)),
  });

  app.post('/api/external-tenders/saved-searches', {
    config: { access },
    schema: {
      tags,
      summary: 'Save a feed search',
      body: savedSearchBodySchema,
      response: { 201: dataOf(savedSearchSchema) },
    },
    handler: async (req, reply) => reply.status(201).send(await service.createSavedSearch(principalOf(req), req.body)),
  });

  app.put('/api/external-tenders/saved-searches/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Change a saved search',
      params: idParamsSchema,
      body: savedSearchBodySchema,
      response: { 200: dataOf(savedSearchSchema) },
    },
    handler: (req) => service.updateSavedSearch(principalOf(req), req.params.id, req.body),
  });

  app.delete('/api/external-tenders/saved-searches/:id', {
    config: { access },
    schema: { tags, summary: 'Delete a saved search', params: idParamsSchema, response: { 200: okSchema } },
    handler: (req) => service.deleteSavedSearch(principalOf(req), req.params.id),
  });

  app.get('/api/external-tenders/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'One external tender (under data)',
      params: idParamsSchema,
      response: { 200: dataOf(externalTenderSchema) },
    },
    handler: (req) => service.get(principalOf(req), req.params.id),
  });
}
