import {
  contractActionBodySchema,
  contractListQuerySchema,
  contractPageSchema,
  contractSchema,
  createContractBodySchema,
  dataOf,
  idParamsSchema,
  okSchema,
  pageOf,
} from '@brickyard/shared';
import { principalOf } from '../../platform/auth/guard.ts';
import type { App } from '../../platform/context.ts';
import { memoizedWriter } from '../../platform/http/serializer.ts';
import type { ContractsPage, DealsService } from './deals.service.ts';

const tags = ['contracts'];
const buyers = { roles: ['buyer'] } as const;
const parties = { roles: ['buyer', 'supplier'] } as const;

/** docs/product.md section 7 "Contracts". Every call is behind the access gate (approved and subscribed). */
export function dealsRoutes(app: App, contracts: DealsService) {
  // A kept page is the same object on each visit: written once (platform/http/serializer.ts).
  const contractPages = memoizedWriter<ContractsPage>(contractPageSchema);
  app.post('/api/contract', {
    config: { access: buyers },
    schema: {
      tags,
      summary: 'Award one of your active tenders to a supplier (the tender becomes pending)',
      body: createContractBodySchema,
      response: { 201: dataOf(contractSchema) },
    },
    handler: async (req, reply) => reply.status(201).send({ data: await contracts.create(principalOf(req), req.body) }),
  });

  app.get('/api/contract/tender/:id', {
    config: { access: {} },
    schema: {
      tags,
      summary: "A tender's contracts (a supplier sees their own)",
      params: idParamsSchema,
      response: { 200: pageOf(contractSchema) },
    },
    handler: async (req) => contracts.listForTender(principalOf(req), req.params.id),
  });

  app.get('/api/contract/user/:id', {
    config: { access: {} },
    schema: {
      tags,
      summary: "A user's deals with counterparty and totals by status (yours, or any for an admin)",
      params: idParamsSchema,
      querystring: contractListQuerySchema,
      response: { 200: contractPageSchema },
    },
    handler: async (req, reply) =>
      contractPages.send(reply, await contracts.listForUser(principalOf(req), req.params.id, req.query)),
  });

  app.put('/api/contract/:id', {
    config: { access: parties },
    schema: {
      tags,
      summary: 'One lifecycle step: accept or decline (supplier), cancel or update (buyer)',
      params: idParamsSchema,
      body: contractActionBodySchema,
      response: { 200: dataOf(contractSchema) },
    },
    handler: async (req) => ({ data: await contracts.act(principalOf(req), req.params.id, req.body) }),
  });

  app.delete('/api/contract/:id', {
    config: { access: buyers },
    schema: {
      tags,
      summary: 'Delete a proposal nobody has answered yet',
      params: idParamsSchema,
      response: { 200: okSchema },
    },
    handler: async (req) => {
      await contracts.remove(principalOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
  });
}
