import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import type { StripeSettings } from '../../config.ts';
import type { AppContext } from '../../platform/context.ts';
import { createLocalPaymentProvider } from '../../platform/payments/provider.ts';
import { createBillingService } from './billing.service.ts';

/**
 * The Stripe provider with the official `stripe` library pointed at a local server that answers
 * as Stripe's API does, and webhooks signed by the library's own test-header signer.
 */

interface Seen {
  method: string;
  path: string;
  form: URLSearchParams;
}

const seen: Seen[] = [];
let stripeApi: http.Server;
let t: TestApp;
const WEBHOOK_SECRET = 'whsec_test_brickyard';
const signer = new Stripe('sk_test_signer');
const now = () => Math.floor(Date.now() / 1000);

function answer(req: Seen): { status: number; body: Record<string, unknown> } {
  const f = req.form;
  const created = now();
  if (req.method === 'POST' && req.path === '/v1/customers') {
    return {
      status: 200,
      body: {
        id: `cus_test_${seen.length}`,
        object: 'customer',
        created,
        email: f.get('email'),
        metadata: { userId: f.get('metadata[userId]') },
        livemode: false,
      },
    };
  }
  if (req.method === 'POST' && req.path === '/v1/coupons') {
    return {
      status: 200,
      body: {
        id: `coupon_test_${seen.length}`,
        object: 'coupon',
        amount_off: Number(f.get('amount_off')),
        currency: f.get('currency'),
        duration: f.get('duration'),
        name: f.get('name'),
        percent_off: null,
        valid: true,
        created,
        livemode: false,
      },
    };
  }
  if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
    const id = `cs_test_${seen.length}`;
    return {
      status: 200,
      body: {
        id,
        object: 'checkout.session',
        mode: f.get('mode'),
        status: 'open',
        customer: f.get('customer'),
        client_reference_id: f.get('client_reference_id'),
        success_url: f.get('success_url'),
        cancel_url: f.get('cancel_url'),
        url: `https://checkout.stripe.com/c/pay/${id}`,
        created,
        livemode: false,
      },
    };
  }
  if (req.method === 'POST' && req.path === '/v1/billing_portal/sessions') {
    return {
      status: 200,
      body: {
        id: 'bps_test_1',
        object: 'billing_portal.session',
        customer: f.get('customer'),
        return_url: f.get('return_url'),
        url: 'https://billing.stripe.com/p/session/test_portal',
        created,
        livemode: false,
      },
    };
  }
  const sub = req.path.match(/^\/v1\/subscriptions\/(sub_\w+)$/);
  if (sub) {
    return {
      status: 200,
      body: {
        id: sub[1],
        object: 'subscription',
        status: 'active',
        customer: 'cus_test_x',
        cancel_at_period_end: f.get('cancel_at_period_end') === 'true',
        items: {
          object: 'list',
          data: [
            {
              id: 'si_test_1',
              object: 'subscription_item',
              price: { id: 'price_growth_monthly', object: 'price' },
              quantity: 1,
            },
          ],
          has_more: false,
        },
        livemode: false,
      },
    };
  }
  return {
    status: 404,
    body: {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.path})` },
    },
  };
}

const settings = (port: number): StripeSettings => ({
  secretKey: 'sk_test_brickyard',
  webhookSecret: WEBHOOK_SECRET,
  apiBase: `http://127.0.0.1:${port}`,
  prices: {
    CORE: { monthly: 'price_core_monthly', yearly: 'price_core_yearly' },
    GROWTH: { monthly: 'price_growth_monthly', yearly: 'price_growth_yearly' },
  },
  earlybirdCoupon: 'coupon_earlybird',
});

beforeAll(async () => {
  stripeApi = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const s: Seen = { method: req.method ?? 'GET', path: url.pathname, form: new URLSearchParams(raw) };
      if (req.headers.authorization !== 'Bearer sk_test_brickyard') {
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
        return;
      }
      seen.push(s);
      const a = answer(s);
      res
        .writeHead(a.status, { 'content-type': 'application/json', 'request-id': `req_${seen.length}` })
        .end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => stripeApi.listen(0, '127.0.0.1', r));
  const { port } = stripeApi.address() as AddressInfo;
  t = await createTestApp({ stripe: settings(port), publicUrl: 'http://brickyard.test' });
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => stripeApi.close(r));
});

let eventN = 0;
function signedEvent(type: string, object: Record<string, unknown>, id = `evt_test_${++eventN}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: now(),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  return { payload, header: signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}
const post = (e: { payload: string; header: string }) =>
  t.request('POST', '/api/billing/webhook', {
    raw: e.payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': e.header },
  });
const info = async (u: TestUser) => (await t.request('GET', '/api/billing/info', { token: u.token })).body.data;

function invoicePaid(
  customer: string,
  sub: string,
  opts: { id: string; price?: string; amount?: number; reason?: string; start?: number },
) {
  const start = opts.start ?? now();
  const end = start + 30 * 86400;
  const amount = opts.amount ?? 19900;
  return {
    id: opts.id,
    object: 'invoice',
    customer,
    billing_reason: opts.reason ?? 'subscription_create',
    number: 'ABC-0001',
    status: 'paid',
    created: start,
    currency: 'gbp',
    subtotal: amount,
    total_excluding_tax: amount,
    total: Math.round(amount * 1.2),
    amount_paid: Math.round(amount * 1.2),
    status_transitions: { paid_at: start },
    parent: { type: 'subscription_details', subscription_details: { subscription: sub, metadata: {} } },
    lines: {
      object: 'list',
      data: [
        {
          id: 'il_1',
          object: 'line_item',
          amount,
          description: '1 × Brickyard Growth (at £199.00 / month)',
          period: { start, end },
          pricing: {
            type: 'price_details',
            price_details: { price: opts.price ?? 'price_growth_monthly', product: 'prod_growth' },
          },
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: { subscription: sub, subscription_item: 'si_test_1', proration: false },
          },
        },
      ],
    },
  };
}

async function subscribeViaCheckout(role: 'buyer' | 'supplier', sub: string) {
  const u = await t.createUser({ role, plan: null });
  const up = await t.request('POST', '/api/billing/upgrade', {
    token: u.token,
    body: { planType: 'GROWTH', billingCycle: 'monthly' },
  });
  const customer = seen
    .filter((s) => s.path === '/v1/checkout/sessions')
    .at(-1)!
    .form.get('customer')!;
  const done = await post(
    signedEvent('checkout.session.completed', {
      id: 'cs_test_done',
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      client_reference_id: u.id,
      customer,
      subscription: sub,
      amount_total: 19900,
      metadata: { userId: u.id, plan: 'GROWTH', cycle: 'monthly', promoCode: '' },
    }),
  );
  expect(up.body.data.status).toBe('redirect');
  expect(done.status).toBe(200);
  return { u, customer };
}

describe('docs/product.md §7 Billing with Stripe: Checkout, Billing Portal, subscription updates', () => {
  it('a new subscription goes to Stripe Checkout (mode subscription, the plan price, EARLYBIRD coupon, return URLs)', async () => {
    const u = await t.createUser({ role: 'supplier', plan: null });
    seen.length = 0;
    const res = await t.request('POST', '/api/billing/upgrade', {
      token: u.token,
      body: { planType: 'GROWTH', billingCycle: 'monthly', promoCode: 'earlybird' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'redirect', change: 'started' });
    expect(res.body.data.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /v1/customers', 'POST /v1/checkout/sessions']);
    expect(seen[0]!.form.get('email')).toBe(u.email);
    const cs = seen[1]!.form;
    expect(Object.fromEntries(cs)).toMatchObject({
      mode: 'subscription',
      customer: 'cus_test_1',
      client_reference_id: u.id,
      'line_items[0][price]': 'price_growth_monthly',
      'line_items[0][quantity]': '1',
      'discounts[0][coupon]': 'coupon_earlybird',
      'metadata[plan]': 'GROWTH',
      'metadata[cycle]': 'monthly',
      'metadata[promoCode]': 'EARLYBIRD',
      success_url: 'http://brickyard.test/supplier/settings/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://brickyard.test/supplier/settings/billing?checkout=cancelled',
    });
    // nothing is active until Stripe says the checkout completed
    expect((await info(u)).hasActiveSubscription).toBe(false);

    // a second attempt reuses the Stripe customer
    seen.length = 0;
    await t.request('POST', '/api/billing/upgrade', {
      token: u.token,
      body: { planType: 'CORE', billingCycle: 'monthly' },
    });
    expect(seen.map((s) => s.path)).toEqual(['/v1/checkout/sessions']);
    expect(seen[0]!.form.get('customer')).toBe('cus_test_1');
  });

  it('EARLYBIRD on a yearly plan is a one-off coupon worth 30% of the first month (Growth: £80.73)', async () => {
    const u = await t.createUser({ role: 'buyer', plan: null });
    seen.length = 0;
    await t.request('POST', '/api/billing/upgrade', {
      token: u.token,
      body: { planType: 'GROWTH', billingCycle: 'yearly', promoCode: 'EARLYBIRD' },
    });
    const coupon = seen.find((s) => s.path === '/v1/coupons')!.form;
    expect(Object.fromEntries(coupon)).toMatchObject({
      amount_off: '8073',
      currency: 'gbp',
      duration: 'once',
      name: 'EARLYBIRD',
    });
    expect(seen.find((s) => s.path === '/v1/checkout/sessions')!.form.get('line_items[0][price]')).toBe(
      'price_growth_yearly',
    );
  });

  it('the customer portal is a Stripe Billing Portal session returning to the billing page', async () => {
    const { u, customer } = await subscribeViaCheckout('buyer', 'sub_portal');
    seen.length = 0;
    const res = await t.request('POST', '/api/billing/customer-portal', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ url: 'https://billing.stripe.com/p/session/test_portal' });
    expect(Object.fromEntries(seen[0]!.form)).toEqual({
      customer,
      return_url: 'http://brickyard.test/buyer/settings/billing',
    });
    // without a Stripe customer there is nothing to manage yet
    const fresh = await t.createUser({ role: 'buyer', plan: null });
    expect((await t.request('POST', '/api/billing/customer-portal', { token: fresh.token })).status).toBe(409);
  });

  it('cancel and resume set cancel_at_period_end on the Stripe subscription; a downgrade changes the price without proration', async () => {
    const { u } = await subscribeViaCheckout('supplier', 'sub_cancel');
    seen.length = 0;
    expect(
      (await t.request('POST', '/api/billing/cancel', { token: u.token })).body.data.subscription.cancelAtPeriodEnd,
    ).toBe(true);
    expect(
      (await t.request('POST', '/api/billing/resume', { token: u.token })).body.data.subscription.cancelAtPeriodEnd,
    ).toBe(false);
    expect(seen.map((s) => `${s.method} ${s.path} ${s.form.get('cancel_at_period_end')}`)).toEqual([
      'POST /v1/subscriptions/sub_cancel true',
      'POST /v1/subscriptions/sub_cancel false',
    ]);
    seen.length = 0;
    const down = await t.request('POST', '/api/billing/upgrade', {
      token: u.token,
      body: { planType: 'CORE', billingCycle: 'monthly' },
    });
    expect(down.body.data).toMatchObject({ status: 'active', change: 'scheduled' });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /v1/subscriptions/sub_cancel',
      'POST /v1/subscriptions/sub_cancel',
    ]);
    expect(Object.fromEntries(seen[1]!.form)).toMatchObject({
      'items[0][id]': 'si_test_1',
      'items[0][price]': 'price_core_monthly',
      proration_behavior: 'none',
    });
    expect((await info(u)).subscription).toMatchObject({ plan: 'GROWTH', scheduledPlan: 'CORE' });
  });
});

describe('docs/product.md §7 Stripe webhooks: signed, idempotent, drive the subscription state', () => {
  it('an oddly shaped but correctly signed event never answers 500', async () => {
    const odd: Array<[string, Record<string, unknown>]> = [
      [
        'checkout.session.completed',
        {
          id: 'cs_odd',
          object: 'checkout.session',
          mode: 'subscription',
          client_reference_id: 'not-a-uuid',
          customer: 'cus_odd',
          subscription: 'sub_odd',
          metadata: { plan: 'GROWTH', cycle: 'monthly' },
        },
      ],
      [
        'checkout.session.completed',
        {
          id: 'cs_odd2',
          object: 'checkout.session',
          mode: 'subscription',
          client_reference_id: 42,
          customer: { no: 'id' },
          subscription: 7,
          metadata: 'x',
        },
      ],
      [
        'invoice.paid',
        {
          id: 'in_odd',
          object: 'invoice',
          customer: 'cus_odd',
          lines: 'not a list',
          status_transitions: { paid_at: 1e20 },
          created: 'yesterday',
        },
      ],
      ['invoice.payment_failed', { id: 'in_odd2', object: 'invoice', customer: ['x'], subscription: { id: 5 } }],
      [
        'customer.subscription.updated',
        { id: 'sub_odd', object: 'subscription', customer: 'cus_odd', items: 'none', current_period_end: -5 },
      ],
      ['customer.subscription.deleted', { id: 'sub_odd', object: 'subscription', customer: null, ended_at: 'soon' }],
    ];
    for (const [type, object] of odd) {
      const res = await post(signedEvent(type, object));
      expect(res.status, `${type} ${JSON.stringify(object)}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
    }
    const noData = JSON.stringify({
      id: 'evt_nodata',
      object: 'event',
      created: 'x',
      type: 'invoice.paid',
      data: null,
    });
    const res = await post({
      payload: noData,
      header: signer.webhooks.generateTestHeaderString({ payload: noData, secret: WEBHOOK_SECRET }),
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  });

  it('a wrong or missing signature is rejected with 400 and changes nothing', async () => {
    const u = await t.createUser({ role: 'buyer', plan: null });
    const e = signedEvent('checkout.session.completed', {
      id: 'cs_x',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: u.id,
      customer: 'cus_bad',
      subscription: 'sub_bad',
      metadata: { plan: 'GROWTH', cycle: 'monthly' },
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: e.payload, secret: 'whsec_not_ours' });
    const wrong = await post({ payload: e.payload, header: forged });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('INVALID_SIGNATURE');
    const tampered = await post({ payload: e.payload.replace('GROWTH', 'PARTNER'), header: e.header });
    expect(tampered.status).toBe(400);
    const missing = await t.request('POST', '/api/billing/webhook', {
      raw: e.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.status).toBe(400);
    expect((await info(u)).subscription).toBeNull();
    // the genuine one works
    expect((await post(e)).status).toBe(200);
    expect((await info(u)).hasActiveSubscription).toBe(true);
  });

  it('checkout completed → active; invoice paid → period and invoice; a replayed event is applied once', async () => {
    const { u, customer } = await subscribeViaCheckout('supplier', 'sub_paid');
    expect((await t.request('GET', '/api/auth/session', { token: u.token })).body.data.hasActiveSubscription).toBe(
      true,
    );
    expect((await info(u)).subscription).toMatchObject({ plan: 'GROWTH', cycle: 'monthly', status: 'active' });

    const start = now() - 60;
    const paid = signedEvent('invoice.paid', invoicePaid(customer, 'sub_paid', { id: 'in_test_1', start }));
    const first = await post(paid);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ received: true, duplicate: false });
    const replay = await post(paid);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual({ received: true, duplicate: true });
    // the same Stripe invoice under a new event id is not recorded twice either
    expect(
      (await post(signedEvent('invoice.paid', invoicePaid(customer, 'sub_paid', { id: 'in_test_1', start })))).body.data
        .duplicate,
    ).toBe(false);

    const after = await info(u);
    expect(after.invoices).toHaveLength(1);
    expect(after.invoices[0]).toMatchObject({ netPence: 19900, vatPence: 3980, totalPence: 23880, status: 'paid' });
    expect(after.invoices[0].number).toMatch(/^BY-\d{4}-\d{6}$/);
    expect(after.subscription.currentPeriodStart).toBe(new Date(start * 1000).toISOString());
    expect(after.subscription.currentPeriodEnd).toBe(new Date((start + 30 * 86400) * 1000).toISOString());
    const { rows } = await t.db.execute(
      sql`select count(*)::int as n from billing_events where id = ${JSON.parse(paid.payload).id}`,
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('a renewal invoice applies the scheduled downgrade', async () => {
    const { u, customer } = await subscribeViaCheckout('buyer', 'sub_renew');
    await t.request('POST', '/api/billing/upgrade', {
      token: u.token,
      body: { planType: 'CORE', billingCycle: 'monthly' },
    });
    await post(
      signedEvent(
        'invoice.paid',
        invoicePaid(customer, 'sub_renew', {
          id: 'in_renew',
          price: 'price_core_monthly',
          amount: 9900,
          reason: 'subscription_cycle',
          start: now() + 60,
        }),
      ),
    );
    expect((await info(u)).subscription).toMatchObject({
      plan: 'CORE',
      cycle: 'monthly',
      scheduledPlan: null,
      pricePaidPence: 9900,
    });
  });

  it('payment failed → past_due with a 7-day grace period; beyond it the lifecycle job expires the subscription', async () => {
    const { u, customer } = await subscribeViaCheckout('supplier', 'sub_failed');
    const failed = signedEvent('invoice.payment_failed', {
      id: 'in_failed',
      object: 'invoice',
      customer,
      status: 'open',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_failed' } },
    });
    expect((await post(failed)).status).toBe(200);
    const pastDue = await info(u);
    expect(pastDue.subscription.status).toBe('past_due');
    const grace = new Date(pastDue.subscription.graceUntil).getTime() - Date.now();
    expect(grace).toBeGreaterThan(6.9 * 86400_000);
    expect(grace).toBeLessThan(7.1 * 86400_000);

    // the period is over but the grace period is not: still in force
    await t.db.execute(
      sql`update subscriptions set current_period_end = now() - interval '1 day' where user_id = ${u.id}`,
    );
    expect((await t.request('GET', '/api/auth/session', { token: u.token })).body.data.hasActiveSubscription).toBe(
      true,
    );
    // grace over: the job expires it
    await t.db.execute(sql`update subscriptions set grace_until = now() - interval '1 minute' where user_id = ${u.id}`);
    expect((await t.request('GET', '/api/auth/session', { token: u.token })).body.data.hasActiveSubscription).toBe(
      false,
    );
    const ctx = {
      db: t.db,
      config: t.config,
      payments: createLocalPaymentProvider(),
      principals: { invalidate: () => undefined },
      log: { info() {}, warn() {} },
    } as unknown as AppContext;
    await createBillingService(ctx).runLifecycle();
    expect((await info(u)).subscription.status).toBe('expired');
  });

  it('customer.subscription.deleted ends the subscription at once', async () => {
    const { u, customer } = await subscribeViaCheckout('buyer', 'sub_deleted');
    const res = await post(
      signedEvent('customer.subscription.deleted', {
        id: 'sub_deleted',
        object: 'subscription',
        customer,
        status: 'canceled',
        ended_at: now() - 5,
      }),
    );
    expect(res.status).toBe(200);
    const after = await info(u);
    expect(after).toMatchObject({ hasActiveSubscription: false, subscription: { status: 'cancelled' } });
  });

  it('events billing does not use are acknowledged and recorded', async () => {
    const res = await post(signedEvent('customer.created', { id: 'cus_new', object: 'customer' }));
    expect(res.status).toBe(200);
    expect(res.body.data.duplicate).toBe(false);
  });
});

describe('docs/product.md §7 payment provider choice (config)', () => {
  it('Stripe is chosen when STRIPE_SECRET_KEY is set and then needs the webhook secret and the four price ids', async () => {
    const { loadConfig, ConfigError } = await import('../../config.ts');
    expect(loadConfig({ NODE_ENV: 'test' }).stripe).toBeNull();
    expect(() => loadConfig({ NODE_ENV: 'test', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/,
    );
    const c = loadConfig({
      NODE_ENV: 'test',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_CORE_MONTHLY: 'p1',
      STRIPE_PRICE_CORE_YEARLY: 'p2',
      STRIPE_PRICE_GROWTH_MONTHLY: 'p3',
      STRIPE_PRICE_GROWTH_YEARLY: 'p4',
      BILLING_GRACE_DAYS: '3',
    });
    expect(c.stripe).toMatchObject({
      secretKey: 'sk_test_x',
      prices: { GROWTH: { yearly: 'p4' } },
      earlybirdCoupon: null,
      apiBase: null,
    });
    expect(c.billing).toMatchObject({ graceDays: 3, jobEnabled: false, jobIntervalSeconds: 300 });
    expect(await info(await t.createUser({ role: 'buyer', plan: null }))).toMatchObject({ provider: 'stripe' });
  });
});
