import {
  auditQuerySchema,
  createTenderBodySchema,
  dataOf,
  idParamsSchema,
  okSchema,
  pageOf,
  tenderListQuerySchema,
  tenderSchema,
  tenderStatsSchema,
  updateTenderBodySchema,
} from '@brickyard/shared';
import { principalOf } from '../../platform/auth/guard.ts';
import type { App } from '../../platform/context.ts';
import type { TendersService } from './tenders.service.ts';

const tags = ['tenders'];
const one = { 200: dataOf(tenderSchema) };
const many = { 200: pageOf(tenderSchema) };
const buyers = { roles: ['buyer'] } as const;
const suppliers = { roles: ['supplier'] } as const;
const q = tenderListQuerySchema;

/** docs/product.md section 7 "Tenders". Every call is signed in and gated (approved + subscribed). */
export function tendersRoutes(app: App, tenders: TendersService) {
  app.post('/api/tender', {
    config: { access: buyers },
    schema: {
      tags,
      summary: 'Create a tender (buyers)',
      body: createTenderBodySchema,
      response: { 201: dataOf(tenderSchema) },
    },
    handler: async (req, reply) => reply.status(201).send({ data: await tenders.create(principalOf(req), req.body) }),
  });

  app.get('/api/tender', {
    schema: {
      tags,
      summary: "Tenders for the caller: a buyer's own, active ones for suppliers",
      querystring: q,
      response: many,
    },
    handler: (req) => tenders.list(principalOf(req), req.query),
  });

  app.get('/api/tender/buyerTenders', {
    config: { access: buyers },
    schema: { tags, summary: "The calling buyer's tenders", querystring: q, response: many },
    handler: (req) => tenders.buyerTenders(principalOf(req), req.query),
  });

  app.get('/api/tender/supplierTenders', {
    config: { access: suppliers },
    schema: { tags, summary: 'Active tenders still open for responses', querystring: q, response: many },
    handler: (req) => tenders.supplierTenders(principalOf(req), req.query),
  });

  app.get('/api/tender/supplierFulfilledTenders', {
    config: { access: suppliers },
    schema: { tags, summary: 'Tenders awarded to the calling supplier and fulfilled', querystring: q, response: many },
    handler: (req) => tenders.supplierFulfilledTenders(principalOf(req), req.query),
  });

  app.get('/api/tender/supplierFulfilledAndPendingTenders', {
    config: { access: suppliers },
    schema: {
      tags,
      summary: 'Tenders awarded to the calling supplier, pending or fulfilled',
      querystring: q,
      response: many,
    },
    handler: (req) => tenders.supplierFulfilledAndPendingTenders(principalOf(req), req.query),
  });

  app.get('/api/tender/user/active-pending/:id', {
    schema: {
      tags,
      summary: "A user's active and pending tenders",
      params: idParamsSchema,
      querystring: q,
      response: many,
    },
    handler: (req) => tenders.listByUser(principalOf(req), req.params.id, req.query, { activePending: true }),
  });

  app.get('/api/tender/user/:id', {
    schema: {
      tags,
      summary: "A user's tenders (all to the owner, the public record to suppliers)",
      params: idParamsSchema,
      querystring: q,
      response: many,
    },
    handler: (req) => tenders.listByUser(principalOf(req), req.params.id, req.query),
  });

  app.get('/api/tender/stats/:id', {
    schema: {
      tags,
      summary: "A tender owner's counts and budgets (owner only)",
      params: idParamsSchema,
      response: { 200: dataOf(tenderStatsSchema) },
    },
    handler: async (req) => ({ data: await tenders.stats(principalOf(req), req.params.id) }),
  });

  app.get('/api/tender/:id', {
    schema: { tags, summary: 'One tender (under data.data in the client)', params: idParamsSchema, response: one },
    handler: async (req) => ({ data: await tenders.get(principalOf(req), req.params.id) }),
  });

  app.put('/api/tender/:id', {
    config: { access: buyers },
    schema: {
      tags,
      summary: 'Change a tender you own (any subset of fields, or its status)',
      params: idParamsSchema,
      body: updateTenderBodySchema,
      response: one,
    },
    handler: async (req) => ({ data: await tenders.update(principalOf(req), req.params.id, req.body) }),
  });

  app.delete('/api/tender/:id', {
    config: { access: buyers },
    schema: {
      tags,
      summary: 'Delete a tender you own and its files',
      params: idParamsSchema,
      response: { 200: okSchema },
    },
    handler: async (req) => {
      await tenders.remove(principalOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
  });

  app.post('/api/tender/:id/complete', {
    config: { access: buyers },
    schema: { tags, summary: 'Mark an active or pending tender fulfilled', params: idParamsSchema, response: one },
    handler: async (req) => ({ data: await tenders.complete(principalOf(req), req.params.id) }),
  });

  app.get('/api/tender/:id/audit', {
    config: { access: { roles: ['buyer', 'admin'] } },
    schema: {
      tags,
      summary: 'Export the audit trail (pdf by default, csv or json) — owner only',
      params: idParamsSchema,
      querystring: auditQuerySchema,
      produces: ['application/pdf', 'text/csv', 'application/json'],
    },
    handler: async (req, reply) => {
      const file = await tenders.auditExport(principalOf(req), req.params.id, req.query.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  });
}
