import {
  adminBidAssistQueueQuerySchema,
  bidAssistCreatedResponseSchema,
  bidAssistDetailSchema,
  bidAssistFileQuerySchema,
  bidAssistListQuerySchema,
  bidAssistListResponseSchema,
  bidAssistQueueResponseSchema,
  bidAssistRequestSchema,
  bidAssistTargetQuerySchema,
  bidAssistTargetSchema,
  createBidAssistBodySchema,
  dataOf,
  idParamsSchema,
  presignedDownloadResponseSchema,
  responsePrefillSchema,
  updateBidAssistBodySchema,
} from '@brickyard/shared';
import { z } from 'zod';
import { principalOf } from '../../platform/auth/guard.ts';
import type { App } from '../../platform/context.ts';
import { memoizedDataWriter, memoizedWriter } from '../../platform/http/serializer.ts';
import type { BidAssistHistory, BidAssistQueue, BidAssistService } from './bid-assist.service.ts';

const tags = ['bid-assist'];
const suppliers = { roles: ['supplier'] } as const;
const ownerOrAdmin = { roles: ['supplier', 'admin'] } as const;
const admins = { roles: ['admin'] } as const;

/** docs/product.md section 7 POST /api/bid-assist, the supplier's history and the admin queue. */
export function bidAssistRoutes(app: App, bidAssist: BidAssistService) {
  // A kept page is the same object on each visit: written once (platform/http/serializer.ts).
  const historyPages = memoizedWriter<BidAssistHistory>(bidAssistListResponseSchema);
  const queuePages = memoizedWriter<BidAssistQueue>(bidAssistQueueResponseSchema);
  const details = memoizedDataWriter(bidAssistDetailSchema);
  // a kept prefill is the same object until what it reads changes (bid-assist.service.ts)
  const prefills = memoizedDataWriter(responsePrefillSchema);
  app.post('/api/bid-assist', {
    config: { access: suppliers },
    schema: {
      tags,
      summary: 'Ask for Bid Assist on a tender (Core: 5 a month); answers the request with its generated bid pack',
      body: createBidAssistBodySchema,
      response: { 201: bidAssistCreatedResponseSchema },
    },
    handler: async (req, reply) => reply.status(201).send(await bidAssist.create(principalOf(req), req.body)),
  });

  app.get('/api/tender/:id/responses/prefill', {
    config: { access: suppliers },
    schema: {
      tags: [...tags, 'responses'],
      summary:
        'A draft response to the tender from its bid pack: your most relevant catalogue items priced, requirement answers and a covering note (not stored, no Bid Assist request used)',
      params: idParamsSchema,
      response: { 200: dataOf(responsePrefillSchema) },
    },
    handler: async (req, reply) =>
      prefills.send(reply, await bidAssist.responsePrefill(principalOf(req), req.params.id)),
  });

  app.get('/api/bid-assist', {
    config: { access: suppliers },
    schema: {
      tags,
      summary: 'Your Bid Assist requests, newest first, with this month’s usage',
      querystring: bidAssistListQuerySchema,
      response: { 200: bidAssistListResponseSchema },
    },
    handler: async (req, reply) => historyPages.send(reply, await bidAssist.history(principalOf(req), req.query)),
  });

  app.get('/api/bid-assist/targets', {
    config: { access: suppliers },
    schema: {
      tags,
      summary: 'Tenders the Bid Assist form can pick: ours open for responses, or the live feed',
      querystring: bidAssistTargetQuerySchema,
      response: { 200: dataOf(z.array(bidAssistTargetSchema)) },
    },
    handler: async (req) => ({ data: await bidAssist.targets(principalOf(req), req.query) }),
  });

  app.get('/api/bid-assist/:id', {
    config: { access: ownerOrAdmin },
    schema: {
      tags,
      summary: 'One request with its bid pack (the owner or an admin)',
      params: idParamsSchema,
      response: { 200: dataOf(bidAssistDetailSchema) },
    },
    handler: async (req, reply) => details.send(reply, await bidAssist.get(principalOf(req), req.params.id)),
  });

  app.get('/api/bid-assist/:id/pack.pdf', {
    config: { access: ownerOrAdmin },
    schema: { tags, summary: 'The bid pack as a PDF', params: idParamsSchema, produces: ['application/pdf'] },
    handler: async (req, reply) => {
      const file = await bidAssist.pdf(principalOf(req), req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  });

  app.get('/api/bid-assist/:id/file', {
    config: { access: ownerOrAdmin },
    schema: {
      tags,
      summary: 'A signed download link for a document of the request or the reply attachment',
      params: idParamsSchema,
      querystring: bidAssistFileQuerySchema,
      response: { 200: presignedDownloadResponseSchema },
    },
    handler: (req) => bidAssist.fileLink(principalOf(req), req.params.id, req.query.key),
  });

  app.get('/api/admin/bid-assist', {
    config: { access: admins },
    schema: {
      tags,
      summary: 'The Bid Assist queue (admin): open requests first, oldest first',
      querystring: adminBidAssistQueueQuerySchema,
      response: { 200: bidAssistQueueResponseSchema },
    },
    handler: async (req, reply) => queuePages.send(reply, await bidAssist.queue(req.query)),
  });

  app.put('/api/admin/bid-assist/:id', {
    config: { access: admins },
    schema: {
      tags,
      summary: 'Move a request submitted → in_review → completed with a reply (admin); 409 for any other move',
      params: idParamsSchema,
      body: updateBidAssistBodySchema,
      response: { 200: dataOf(bidAssistRequestSchema) },
    },
    handler: async (req) => ({ data: await bidAssist.update(principalOf(req), req.params.id, req.body) }),
  });
}
