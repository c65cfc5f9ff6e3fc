import crypto from 'node:crypto';
import type { Config } from '../../config.ts';
import { createStripePaymentProvider } from './stripe.ts';
import type { PaymentProvider } from './types.ts';

export type * from './types.ts';

/**
 * The built-in provider: payment is taken as made and the subscription activates at once; the
 * lifecycle job renews and expires by the calendar; the "portal" is the in-app billing page.
 */
export function createLocalPaymentProvider(): PaymentProvider {
  return {
    name: 'local',
    billsItself: false,
    async checkout() {
      return { kind: 'activated', providerRef: `local_${crypto.randomUUID()}` };
    },
    async changePlan() {},
    async setCancelAtPeriodEnd() {},
    async portal({ returnUrl }) {
      return { url: returnUrl };
    },
  };
}

/** Stripe when STRIPE_SECRET_KEY is set, else the local provider. */
export function createPaymentProvider(config: Config): PaymentProvider {
  return config.stripe ? createStripePaymentProvider(config.stripe, config.publicUrl) : createLocalPaymentProvider();
}
