import Stripe from 'stripe';
import {
  AppError,
  BILLING_CYCLES,
  PLAN_TYPES,
  type BillingCycle,
  type PlanType,
  periodPricePence,
} from '@brickyard/shared';
import type { StripeSettings } from '../../config.ts';
import type { PaymentProvider, ProviderEvent } from './types.ts';

/**
 * Stripe behind the PaymentProvider interface: Checkout Sessions (mode subscription) for new
 * subscriptions, Billing Portal sessions, subscription updates for plan changes and cancel/resume,
 * and signed webhooks (`stripe.webhooks.constructEvent` over the raw body). Prices are the four
 * STRIPE_PRICE_* ids; EARLYBIRD is STRIPE_COUPON_EARLYBIRD on monthly plans, otherwise a one-off
 * amount-off coupon worth exactly our first-period discount (docs/product.md section 9).
 */

const stripeUnavailable = (err: unknown) => {
  const msg = err instanceof Error ? err.message : String(err);
  return Object.assign(
    new AppError(
      'SERVICE_UNAVAILABLE',
      'The payment provider is not available right now. Please try again in a moment.',
    ),
    {
      cause: msg,
    },
  );
};

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw stripeUnavailable(err);
  }
}

// A signed event is Stripe's, but its fields are read loosely (see toEvent): each is checked for the
// shape it is stored as, so an odd value is dropped rather than failing in a query as a 500.
const idOf = (v: unknown): string | null =>
  typeof v === 'string'
    ? v
    : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string'
      ? (v as { id: string }).id
      : null;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOf = (v: unknown): string | null => (typeof v === 'string' && UUID.test(v) ? v : null);
/** Seconds since 1970 to a date, between 2000 and 2999 (anything else is not a billing date). */
const fromUnix = (s: unknown): Date | null =>
  typeof s === 'number' && s >= 946_684_800 && s < 32_503_680_000 ? new Date(s * 1000) : null;
const asPlan = (v: unknown): PlanType | null =>
  (PLAN_TYPES as readonly unknown[]).includes(v) ? (v as PlanType) : null;
const asCycle = (v: unknown): BillingCycle | null =>
  (BILLING_CYCLES as readonly unknown[]).includes(v) ? (v as BillingCycle) : null;

export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

export function createStripePaymentProvider(
  settings: StripeSettings,
  publicUrl: string,
  client = createStripeClient(settings),
): PaymentProvider {
  const priceOf = (plan: PlanType, cycle: BillingCycle): string => {
    if (plan === 'PARTNER')
      throw new AppError(
        'VALIDATION_FAILED',
        'The Partner plan is arranged with our team. Book a meeting to set it up.',
      );
    return settings.prices[plan][cycle];
  };
  const planOfPrice = new Map<string, { plan: PlanType; cycle: BillingCycle }>();
  for (const plan of ['CORE', 'GROWTH'] as const) {
    for (const cycle of BILLING_CYCLES) planOfPrice.set(settings.prices[plan][cycle], { plan, cycle });
  }

  function toEvent(event: Stripe.Event): ProviderEvent {
    const base = { id: String(event.id), providerType: String(event.type) };
    // Read fields loosely: webhook payloads follow the account's API version, not the library's.
    const o = (event.data?.object ?? {}) as unknown as Record<string, any>;
    switch (event.type) {
      case 'checkout.session.completed': {
        if (o.mode !== 'subscription') return { ...base, type: 'ignored' };
        const meta = (o.metadata ?? {}) as Record<string, string>;
        return {
          ...base,
          type: 'checkout_completed',
          userId: uuidOf(o.client_reference_id) ?? uuidOf(meta.userId),
          customerId: idOf(o.customer),
          subscriptionRef: idOf(o.subscription),
          plan: asPlan(meta.plan),
          cycle: asCycle(meta.cycle),
          promoCode: meta.promoCode || null,
          amountPence: typeof o.amount_total === 'number' ? o.amount_total : null,
        };
      }
      case 'invoice.paid': {
        // The invoice's lines are read from the webhook's JSON as sent (Stripe's types lag its API
        // versions); every field is checked or converted before it is used.
        /* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call */
        const lines: Array<Record<string, any>> = Array.isArray(o.lines?.data)
          ? o.lines.data.filter((l: unknown) => l && typeof l === 'object')
          : [];
        const subLine =
          lines.find((l) => l.parent?.type === 'subscription_item_details' && l.amount > 0) ??
          lines.find((l) => l.amount > 0) ??
          lines[0];
        const priceId = idOf(subLine?.pricing?.price_details?.price ?? subLine?.price ?? null);
        const mapped = priceId ? planOfPrice.get(priceId) : undefined;
        const net: number =
          typeof o.total_excluding_tax === 'number' ? o.total_excluding_tax : (o.total ?? o.amount_paid ?? 0);
        const total: number = typeof o.total === 'number' ? o.total : net;
        return {
          ...base,
          type: 'invoice_paid',
          invoiceRef: String(o.id),
          customerId: idOf(o.customer),
          subscriptionRef: idOf(
            o.parent?.subscription_details?.subscription ?? o.subscription ?? subLine?.subscription ?? null,
          ),
          billingReason: o.billing_reason ?? null,
          periodStart: fromUnix(subLine?.period?.start),
          periodEnd: fromUnix(subLine?.period?.end),
          plan: mapped?.plan ?? asPlan(o.parent?.subscription_details?.metadata?.plan),
          cycle: mapped?.cycle ?? asCycle(o.parent?.subscription_details?.metadata?.cycle),
          lines: lines.map((l) => ({
            description: String(l.description ?? 'Subscription'),
            amountPence: Number(l.amount ?? 0),
          })),
          netPence: net,
          vatPence: total > net ? total - net : null,
          issuedAt:
            fromUnix(o.status_transitions?.paid_at) ?? fromUnix(o.created) ?? fromUnix(event.created) ?? new Date(),
        };
      }
      case 'invoice.payment_failed':
        return {
          ...base,
          type: 'payment_failed',
          customerId: idOf(o.customer),
          subscriptionRef: idOf(o.parent?.subscription_details?.subscription ?? o.subscription ?? null),
          failedAt: fromUnix(event.created) ?? new Date(),
        };
      /* eslint-enable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call */
      case 'customer.subscription.updated':
        return {
          ...base,
          type: 'subscription_updated',
          customerId: idOf(o.customer),
          subscriptionRef: String(o.id),
          cancelAtPeriodEnd: !!o.cancel_at_period_end,
          status: String(o.status),
        };
      case 'customer.subscription.deleted':
        return {
          ...base,
          type: 'subscription_deleted',
          customerId: idOf(o.customer),
          subscriptionRef: String(o.id),
          endedAt: fromUnix(o.ended_at) ?? fromUnix(event.created) ?? new Date(),
        };
      default:
        return { ...base, type: 'ignored' };
    }
  }

  return {
    name: 'stripe',
    billsItself: true,

    async checkout(req) {
      const price = priceOf(req.plan, req.cycle);
      const billingPage = `${publicUrl}/${req.role ?? 'buyer'}/settings/billing`;
      return call(async () => {
        const customerId =
          req.customerId ?? (await client.customers.create({ email: req.email, metadata: { userId: req.userId } })).id;
        let discounts: Stripe.Checkout.SessionCreateParams.Discount[] | undefined;
        if (req.promoCode) {
          const full = periodPricePence(req.plan, req.cycle)!;
          const coupon =
            req.cycle === 'monthly' && settings.earlybirdCoupon
              ? settings.earlybirdCoupon
              : (
                  await client.coupons.create({
                    amount_off: full - req.firstPeriodNetPence,
                    currency: 'gbp',
                    duration: 'once',
                    name: req.promoCode,
                    max_redemptions: 1,
                  })
                ).id;
          discounts = [{ coupon }];
        }
        const metadata = { userId: req.userId, plan: req.plan, cycle: req.cycle, promoCode: req.promoCode ?? '' };
        const session = await client.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: req.userId,
          line_items: [{ price, quantity: 1 }],
          ...(discounts ? { discounts } : {}),
          metadata,
          subscription_data: { metadata },
          success_url: `${billingPage}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${billingPage}?checkout=cancelled`,
        });
        if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
        return { kind: 'redirect' as const, url: session.url, customerId };
      });
    },

    async changePlan({ providerRef, plan, cycle, timing }) {
      if (!providerRef) throw new AppError('INVALID_STATE', 'This subscription is not managed by Stripe');
      const price = priceOf(plan, cycle);
      await call(async () => {
        const sub = await client.subscriptions.retrieve(providerRef);
        const item = sub.items.data[0];
        if (!item) throw new Error(`Stripe subscription ${providerRef} has no items`);
        await client.subscriptions.update(providerRef, {
          items: [{ id: item.id, price }],
          // now: Stripe prorates and invoices at once; period_end: the next renewal bills the new price.
          proration_behavior: timing === 'now' ? 'always_invoice' : 'none',
          metadata: { plan, cycle },
        });
      });
    },

    async setCancelAtPeriodEnd({ providerRef, cancel }) {
      if (!providerRef) throw new AppError('INVALID_STATE', 'This subscription is not managed by Stripe');
      await call(() => client.subscriptions.update(providerRef, { cancel_at_period_end: cancel }));
    },

    async portal({ customerId, returnUrl }) {
      if (!customerId) throw new AppError('INVALID_STATE', 'There is no billing account yet: choose a plan first');
      const session = await call(() =>
        client.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return { url: session.url };
    },

    verifyWebhook(rawBody, signature) {
      if (!signature) throw new AppError('INVALID_SIGNATURE', 'The Stripe-Signature header is missing');
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        throw new AppError('INVALID_SIGNATURE', 'The webhook signature does not match');
      }
      try {
        return toEvent(event);
      } catch {
        throw new AppError('VALIDATION_FAILED', 'The webhook event could not be read');
      }
    },
  };
}
