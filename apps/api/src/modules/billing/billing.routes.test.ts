import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sql } from 'drizzle-orm';
import { addDays } from 'date-fns';
import { createLocalPaymentProvider } from '../../platform/payments/provider.ts';
import type { AppContext } from '../../platform/context.ts';
import { createBillingService } from './billing.service.ts';
import { createBillingJobs } from './billing.jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('docs/product.md §7 Billing (foundation): info and upgrade with the local provider', () => {
  it('an approved user without a subscription sees no subscription, then upgrades with EARLYBIRD and the gate opens', async () => {
    const u = await t.createUser({ role: 'supplier', plan: null });
    const info = await t.request('GET', '/api/billing/info', { token: u.token });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({
      hasActiveSubscription: false,
      subscription: null,
      selectedPlan: 'CORE',
      selectedCycle: 'monthly',
    });

    const before = await t.request('GET', '/api/auth/session', { token: u.token });
    expect(before.body.data.hasActiveSubscription).toBe(false);

    const up = await t.request('POST', '/api/billing/upgrade', {
      token: u.token,
      body: { planType: 'GROWTH', billingCycle: 'monthly', promoCode: 'earlybird' },
    });
    expect(up.status).toBe(200);
    expect(up.body.data.status).toBe('active');

    const after = await t.request('GET', '/api/billing/info', { token: u.token });
    expect(after.body.data.subscription).toMatchObject({
      plan: 'GROWTH',
      cycle: 'monthly',
      status: 'active',
      promoCode: 'EARLYBIRD',
      pricePaidPence: 13930,
    });
    expect(after.body.data.invoices[0]).toMatchObject({
      netPence: 13930,
      vatPence: 2786,
      totalPence: 16716,
      status: 'paid',
    });
    expect(after.body.data.invoices[0].number).toMatch(/^BY-\d{4}-\d{6}$/);
    expect(after.body.data.usage).toEqual({
      bidAssist: { used: 0, limit: null },
      uploads: { used: 0, limit: null },
      matchesPerItem: null,
    });
    const session = await t.request('GET', '/api/auth/session', { token: u.token });
    expect(session.body.data.hasActiveSubscription).toBe(true);
  });

  it('defaults the cycle to monthly and prices Core yearly at £1,609.20', async () => {
    const u = await t.createUser({ role: 'buyer', plan: null });
    await t.request('POST', '/api/billing/upgrade', { token: u.token, body: { planType: 'CORE' } });
    const info = await t.request('GET', '/api/billing/info', { token: u.token });
    expect(info.body.data.subscription).toMatchObject({ cycle: 'monthly', pricePaidPence: 9900 });
    expect(info.body.data.usage.uploads).toEqual({ used: 0, limit: 5 });

    const y = await t.createUser({ role: 'buyer', plan: null });
    await t.request('POST', '/api/billing/upgrade', {
      token: y.token,
      body: { planType: 'CORE', billingCycle: 'yearly' },
    });
    const yi = await t.request('GET', '/api/billing/info', { token: y.token });
    expect(yi.body.data.subscription).toMatchObject({ cycle: 'yearly', pricePaidPence: 160920 });
  });

  it('refuses unknown promo codes, Partner self-checkout, bad input and admins', async () => {
    const u = await t.createUser({ role: 'buyer', plan: null });
    const promo = await t.request('POST', '/api/billing/upgrade', {
      token: u.token,
      body: { planType: 'CORE', promoCode: 'FREESTUFF' },
    });
    expect(promo.status).toBe(400);
    expect(promo.body.error.code).toBe('INVALID_PROMO_CODE');
    const partner = await t.request('POST', '/api/billing/upgrade', { token: u.token, body: { planType: 'PARTNER' } });
    expect(partner.status).toBe(400);
    const bad = await t.request('POST', '/api/billing/upgrade', {
      token: u.token,
      body: { planType: 'GOLD', billingCycle: 'weekly' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'body.billingCycle',
      'body.planType',
    ]);
    // nothing was created by the refused calls
    const info = await t.request('GET', '/api/billing/info', { token: u.token });
    expect(info.body.data.subscription).toBeNull();
    expect(info.body.data.invoices).toEqual([]);

    const admin = await t.createUser({ role: 'admin' });
    expect(
      (await t.request('POST', '/api/billing/upgrade', { token: admin.token, body: { planType: 'CORE' } })).status,
    ).toBe(403);
  });

  it('EARLYBIRD applies to a first subscription only', async () => {
    const u = await t.createUser({ role: 'supplier' });
    const res = await t.request('POST', '/api/billing/upgrade', {
      token: u.token,
      body: { planType: 'CORE', promoCode: 'EARLYBIRD' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_PROMO_CODE');
  });
});

/** The lifecycle job of this test app's database, run with any `now`. */
function lifecycleJob() {
  const ctx = {
    db: t.db,
    config: t.config,
    payments: createLocalPaymentProvider(),
    principals: { invalidate: () => undefined },
    log: { info: () => undefined, warn: () => undefined },
  } as unknown as AppContext;
  return createBillingJobs(ctx, createBillingService(ctx));
}

const info = async (token: string) => (await t.request('GET', '/api/billing/info', { token })).body.data;
const upgrade = (token: string, body: object) => t.request('POST', '/api/billing/upgrade', { token, body });

describe('docs/product.md §7 Billing: plan changes, cancel and resume (local provider)', () => {
  it('an upgrade takes effect at once: a new period from now, invoiced at the new price less the unused time', async () => {
    const u = await t.createUser({ role: 'buyer', plan: null });
    await upgrade(u.token, { planType: 'CORE', billingCycle: 'monthly' });
    const up = await upgrade(u.token, { planType: 'GROWTH', billingCycle: 'monthly' });
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ status: 'active', url: null, change: 'upgraded' });
    const after = await info(u.token);
    expect(after.subscription).toMatchObject({
      plan: 'GROWTH',
      cycle: 'monthly',
      status: 'active',
      pricePaidPence: 19900,
      scheduledPlan: null,
    });
    expect(after.usage.uploads.limit).toBeNull();
    const [latest, first] = after.invoices;
    expect(first.netPence).toBe(9900);
    // upgraded seconds after paying: almost all of the £99 comes back as credit
    expect(latest.lines[0]).toMatchObject({ amountPence: 19900 });
    expect(latest.lines[1].description).toMatch(/^Credit for unused time on Core, monthly/);
    expect(latest.netPence).toBeGreaterThanOrEqual(19900 - 9900);
    expect(latest.netPence).toBeLessThanOrEqual(19900 - 9890);
    expect(latest.vatPence).toBe(Math.round(latest.netPence * 0.2));
    expect(latest.pdfUrl).toBe(`/api/billing/invoices/${latest.id}/pdf`);
  });

  it('a downgrade (Growth → Core) waits for the period end; choosing the current plan again drops it', async () => {
    const u = await t.createUser({ role: 'supplier', plan: null });
    await upgrade(u.token, { planType: 'GROWTH', billingCycle: 'yearly' });
    const before = await info(u.token);
    const down = await upgrade(u.token, { planType: 'CORE', billingCycle: 'monthly' });
    expect(down.body.data).toMatchObject({
      status: 'active',
      change: 'scheduled',
      effectiveAt: before.subscription.currentPeriodEnd,
    });
    const scheduled = await info(u.token);
    expect(scheduled.subscription).toMatchObject({
      plan: 'GROWTH',
      cycle: 'yearly',
      scheduledPlan: 'CORE',
      scheduledCycle: 'monthly',
      renewalPricePence: 9900,
    });
    expect(scheduled.usage.uploads.limit).toBeNull(); // Growth until the period end
    expect(scheduled.invoices).toHaveLength(1); // nothing charged for a downgrade

    // a shorter cycle on the same plan is a downgrade too
    const cycle = await upgrade(u.token, { planType: 'GROWTH', billingCycle: 'monthly' });
    expect(cycle.body.data.change).toBe('scheduled');
    expect((await info(u.token)).subscription).toMatchObject({ scheduledPlan: 'GROWTH', scheduledCycle: 'monthly' });

    const keep = await upgrade(u.token, { planType: 'GROWTH', billingCycle: 'yearly' });
    expect(keep.body.data.change).toBe('unchanged');
    expect((await info(u.token)).subscription).toMatchObject({
      scheduledPlan: null,
      scheduledCycle: null,
      renewalPricePence: 322920,
    });
  });

  it('cancel keeps access to the period end and stops the renewal; resume takes it back', async () => {
    const u = await t.createUser({ role: 'buyer', plan: null });
    expect((await t.request('POST', '/api/billing/cancel', { token: u.token })).status).toBe(409);
    await upgrade(u.token, { planType: 'CORE' });
    const cancelled = await t.request('POST', '/api/billing/cancel', { token: u.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      hasActiveSubscription: true,
      renewalDate: null,
      subscription: { cancelAtPeriodEnd: true, status: 'active', renewalDate: null },
    });
    expect((await t.request('GET', '/api/auth/session', { token: u.token })).body.data.hasActiveSubscription).toBe(
      true,
    );
    // twice is fine
    expect((await t.request('POST', '/api/billing/cancel', { token: u.token })).status).toBe(200);

    const resumed = await t.request('POST', '/api/billing/resume', { token: u.token });
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.subscription).toMatchObject({ cancelAtPeriodEnd: false });
    expect(resumed.body.data.renewalDate).toBe(resumed.body.data.subscription.currentPeriodEnd);
  });
});

describe('docs/product.md §9 lifecycle job: renews, applies scheduled changes and ends cancelled subscriptions by the calendar', () => {
  it('renews at the period end on the scheduled plan at the full price (EARLYBIRD was for the first month only)', async () => {
    const u = await t.createUser({ role: 'supplier', plan: null });
    await upgrade(u.token, { planType: 'GROWTH', billingCycle: 'monthly', promoCode: 'EARLYBIRD' });
    await upgrade(u.token, { planType: 'CORE', billingCycle: 'monthly' });
    const first = await info(u.token);
    expect(first.subscription).toMatchObject({ plan: 'GROWTH', pricePaidPence: 13930, promoCode: 'EARLYBIRD' });

    const job = lifecycleJob();
    expect(await job.runOnce(new Date())).toMatchObject({ renewed: 0, ended: 0 }); // not due yet
    // (other users of this database renew too: count at least this one)
    const res = await job.runOnce(addDays(new Date(), 32));
    expect(res!.renewed).toBeGreaterThanOrEqual(1);
    const renewed = await info(u.token);
    expect(renewed.subscription).toMatchObject({
      plan: 'CORE',
      cycle: 'monthly',
      promoCode: null,
      pricePaidPence: 9900,
      scheduledPlan: null,
    });
    expect(renewed.subscription.currentPeriodStart).toBe(first.subscription.currentPeriodEnd);
    expect(renewed.invoices[0]).toMatchObject({
      netPence: 9900,
      vatPence: 1980,
      totalPence: 11880,
      periodStart: first.subscription.currentPeriodEnd,
    });
    // a second run at the same moment changes nothing
    expect(await job.runOnce(addDays(new Date(), 32))).toMatchObject({ renewed: 0, ended: 0 });
  });

  it('ends a cancelled subscription at the period end: the gate closes', async () => {
    const u = await t.createUser({ role: 'buyer', plan: null });
    await upgrade(u.token, { planType: 'CORE' });
    await t.request('POST', '/api/billing/cancel', { token: u.token });
    // the period is over
    await t.db.execute(
      sql`update subscriptions set current_period_end = now() - interval '1 minute' where user_id = ${u.id}`,
    );
    expect(await lifecycleJob().runOnce()).toMatchObject({ ended: 1 });
    const after = await info(u.token);
    expect(after).toMatchObject({ hasActiveSubscription: false, subscription: { status: 'cancelled' } });
    expect(after.invoices).toHaveLength(1);
    expect((await t.request('GET', '/api/auth/session', { token: u.token })).body.data.hasActiveSubscription).toBe(
      false,
    );
    expect((await t.request('POST', '/api/billing/resume', { token: u.token })).status).toBe(409);
    // a new subscription starts a fresh period (no promo: EARLYBIRD was for the first subscription)
    const again = await upgrade(u.token, { planType: 'CORE' });
    expect(again.body.data.change).toBe('started');
    expect((await info(u.token)).hasActiveSubscription).toBe(true);
  });
});

describe('docs/product.md §7 Billing: invoices as PDF, customer portal and billing details', () => {
  it('the invoice PDF is a real PDF for its owner and not found for anyone else', async () => {
    const owner = await t.createUser({ role: 'supplier', plan: null });
    await upgrade(owner.token, { planType: 'GROWTH', billingCycle: 'yearly', promoCode: 'EARLYBIRD' });
    const inv = (await info(owner.token)).invoices[0];
    expect(inv.lines.map((l: { amountPence: number }) => l.amountPence)).toEqual([322920, -Math.round(26910 * 0.3)]);
    const res = await fetch(t.url + inv.pdfUrl, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${inv.number}.pdf"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-8).toString('latin1')).toContain('%%EOF');

    const other = await t.createUser({ role: 'supplier' });
    expect((await t.request('GET', inv.pdfUrl, { token: other.token })).status).toBe(404);
    expect((await t.request('GET', '/api/billing/invoices/not-a-uuid/pdf', { token: owner.token })).status).toBe(400);
    expect((await t.request('GET', inv.pdfUrl)).status).toBe(401);
  });

  it('the customer portal of the local provider is the in-app billing page of the caller role', async () => {
    const s = await t.createUser({ role: 'supplier' });
    const res = await t.request('POST', '/api/billing/customer-portal', { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ url: 'http://brickyard.test/supplier/settings/billing' });
    const b = await t.createUser({ role: 'buyer', plan: null, approved: false });
    expect((await t.request('POST', '/api/billing/customer-portal', { token: b.token })).body.data.url).toBe(
      'http://brickyard.test/buyer/settings/billing',
    );
  });

  it('GET/PUT /api/settings/billing: defaults from the account, validation, saved details on the next invoice; ungated', async () => {
    const u = await t.createUser({ role: 'buyer', plan: null, approved: false, companyName: 'Acme Builders' });
    const first = await t.request('GET', '/api/settings/billing', { token: u.token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      companyName: 'Acme Builders',
      billingEmail: u.email,
      vatNumber: null,
      addressLine1: null,
    });

    const bad = await t.request('PUT', '/api/settings/billing', {
      token: u.token,
      body: { companyName: '', billingEmail: 'nope', vatNumber: '12' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'body.billingEmail',
      'body.companyName',
      'body.vatNumber',
    ]);

    const details = {
      companyName: 'Acme Builders Ltd',
      billingEmail: 'accounts@acme.test',
      addressLine1: '2 Quarry Lane',
      city: 'Leeds',
      postcode: 'LS1 4AP',
      country: 'United Kingdom',
      vatNumber: 'gb 123 4567 89',
    };
    const put = await t.request('PUT', '/api/settings/billing', { token: u.token, body: details });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({ ...details, addressLine2: null, vatNumber: 'GB123456789' });
    expect((await t.request('GET', '/api/settings/billing', { token: u.token })).body.data).toEqual(put.body.data);
    const [row] = (await t.db.execute(sql`select billed_to from invoices where user_id = ${u.id}`)).rows;
    expect(row).toBeUndefined();
    await upgrade(u.token, { planType: 'CORE' });
    const [inv] = (
      await t.db.execute<{ billed_to: { companyName: string; vatNumber: string } }>(
        sql`select billed_to from invoices where user_id = ${u.id}`,
      )
    ).rows;
    expect(inv!.billed_to).toMatchObject({ companyName: 'Acme Builders Ltd', vatNumber: 'GB123456789' });

    const admin = await t.createUser({ role: 'admin' });
    expect((await t.request('GET', '/api/settings/billing', { token: admin.token })).status).toBe(403);
  });

  it('the webhook is not used with the local provider (404)', async () => {
    const res = await t.request('POST', '/api/billing/webhook', {
      raw: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
    });
    expect(res.status).toBe(404);
  });
});
