import { addDays } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditEvents } from '../src/db/schema/index.ts';
import type { TestApp, TestUser } from './harness.ts';

/** An ISO instant `days` from now: a deadline still open when the test runs. */
export const future = (days = 30) => addDays(new Date(), days).toISOString();

/**
 * A tender POST /api/tender accepts, with every optional field filled (docs/product.md section 3,
 * "Catalogue item / tender"). `over` replaces fields; a field set to `undefined` is left out of
 * the JSON, for a test that wants the tender without it.
 */
export const tenderBody = (over: Record<string, unknown> = {}) => ({
  title: 'Structural steel frame for a 4-storey office',
  description: 'Supply, fabricate and erect the structural steel frame for a four-storey office block in Salford.',
  specifications: 'S355 grade, BS EN 1090 EXC2, hot-dip galvanised connections',
  category: 'structural-steel',
  subcategories: ['beams-and-columns', 'steel-fabrication-and-erection'],
  budget: 185000.5,
  quantity: 120,
  leadTime: 42,
  region: 'north-west',
  paymentTerms: '30 days from invoice',
  insurance: 'Public liability £10m',
  supplierType: 'Fabricator',
  warrantyRequirement: true,
  rebate: false,
  deadline: future(),
  requiredCertifications: ['CE marking', 'ISO 9001'],
  qualityStandards: ['BS EN 1090'],
  ...over,
});

/**
 * Publishes `buyer`'s tender with responses open (the buyer sees each as it comes, not sealed) and
 * answers its id. `tender` holds what the test's story needs: title, description, category, region.
 */
export async function postOpenTender(
  t: TestApp,
  buyer: TestUser,
  tender: Record<string, unknown> & { deadlineInDays: number },
): Promise<string> {
  const { deadlineInDays, ...fields } = tender;
  const res = await t.request('POST', '/api/tender', {
    token: buyer.token,
    body: { ...fields, deadline: future(deadlineInDays), responseMode: 'open' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

/** Submits `who`'s response of one priced line to a tender and answers the response's id. */
export async function submitResponse(
  t: TestApp,
  tenderId: string,
  who: TestUser,
  offer: { description: string; quantity: number; unitPrice: number; leadTimeDays: number },
): Promise<string> {
  const { leadTimeDays, ...line } = offer;
  const res = await t.request('POST', `/api/tender/${tenderId}/responses`, {
    token: who.token,
    body: { lines: [line], leadTimeDays, validityDays: 60, status: 'submitted' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

/** The audit trail's rows of one action on a tender (what the tender's history shows). */
export const tenderAudit = (t: TestApp, tenderId: string, action: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.tenderId, tenderId), eq(auditEvents.action, action)));
