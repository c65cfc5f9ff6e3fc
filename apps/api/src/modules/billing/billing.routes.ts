import {
  billingDetailsResponseSchema,
  billingDetailsSchema,
  billingInfoSchema,
  customerPortalSchema,
  dataOf,
  idParamsSchema,
  upgradeBodySchema,
  upgradeResultSchema,
} from '@brickyard/shared';
import { z } from 'zod';
import { principalOf } from '../../platform/auth/guard.ts';
import type { App } from '../../platform/context.ts';
import { memoizedDataWriter } from '../../platform/http/serializer.ts';
import type { BillingService } from './billing.service.ts';

const tags = ['billing'];
/** Billing is open to buyers and suppliers before approval and without a subscription (the gate sends them here). */
const access = { roles: ['buyer', 'supplier'], gate: false } as const;
const payingRole = (role: string) => (role === 'supplier' ? 'supplier' : 'buyer');

/** docs/product.md section 7 "Billing" and GET/PUT /api/settings/billing. */
export function billingRoutes(app: App, billing: BillingService) {
  // A kept answer is the same object on each visit: written once (platform/http/serializer.ts).
  const infos = memoizedDataWriter(billingInfoSchema);
  const billingDetails = memoizedDataWriter(billingDetailsResponseSchema);
  app.get('/api/billing/info', {
    config: { access },
    schema: {
      tags,
      summary: 'Plan, renewal, usage this month and invoices',
      response: { 200: dataOf(billingInfoSchema) },
    },
    handler: async (req, reply) => infos.send(reply, await billing.keptInfo(principalOf(req).id)),
  });

  app.post('/api/billing/upgrade', {
    config: { access },
    schema: {
      tags,
      summary: 'Start a subscription, or change plan/cycle (upgrades at once, downgrades at the period end)',
      body: upgradeBodySchema,
      response: { 200: dataOf(upgradeResultSchema) },
    },
    handler: async (req) => {
      const p = principalOf(req);
      return { data: await billing.upgrade(p.id, req.body, payingRole(p.role)) };
    },
  });

  app.post('/api/billing/cancel', {
    config: { access },
    schema: {
      tags,
      summary: 'Cancel at the period end (access continues until then)',
      response: { 200: dataOf(billingInfoSchema) },
    },
    handler: async (req) => ({ data: await billing.cancel(principalOf(req).id) }),
  });

  app.post('/api/billing/resume', {
    config: { access },
    schema: {
      tags,
      summary: 'Take back a cancellation before the period end',
      response: { 200: dataOf(billingInfoSchema) },
    },
    handler: async (req) => ({ data: await billing.resume(principalOf(req).id) }),
  });

  app.post('/api/billing/customer-portal', {
    config: { access },
    schema: {
      tags,
      summary: 'Where the customer manages payment details and invoices (Stripe Billing Portal, or the billing page)',
      response: { 200: dataOf(customerPortalSchema) },
    },
    handler: async (req) => {
      const p = principalOf(req);
      return { data: await billing.customerPortal(p.id, payingRole(p.role)) };
    },
  });

  app.get('/api/billing/invoices/:id/pdf', {
    config: { access },
    schema: { tags, summary: 'An invoice as PDF (owner only)', params: idParamsSchema, produces: ['application/pdf'] },
    handler: async (req, reply) => {
      const file = await billing.invoicePdf(principalOf(req).id, req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.pdf);
    },
  });

  app.get('/api/settings/billing', {
    config: { access },
    schema: {
      tags: ['settings', ...tags],
      summary: 'Billing details shown on invoices',
      response: { 200: dataOf(billingDetailsResponseSchema) },
    },
    handler: async (req, reply) => billingDetails.send(reply, await billing.getDetails(principalOf(req).id)),
  });

  app.put('/api/settings/billing', {
    config: { access },
    schema: {
      tags: ['settings', ...tags],
      summary: 'Save billing details (company, billing email, address, VAT number)',
      body: billingDetailsSchema,
      response: { 200: dataOf(billingDetailsResponseSchema) },
    },
    handler: async (req) => ({ data: await billing.putDetails(principalOf(req).id, req.body) }),
  });

  // Stripe signs the exact bytes it sent: this route alone reads its body raw.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post('/api/billing/webhook', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Payment provider webhook (Stripe-Signature verified; each event applied once)',
        response: { 200: dataOf(z.object({ received: z.literal(true), duplicate: z.boolean() })) },
      },
      handler: async (req) => {
        const sig = req.headers['stripe-signature'];
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return { data: await billing.webhook(body, Array.isArray(sig) ? sig[0] : sig) };
      },
    });
  });
}
