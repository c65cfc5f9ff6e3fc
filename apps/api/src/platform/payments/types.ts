import type { BillingCycle, PlanType, Role } from '@brickyard/shared';

/** What every payment provider (the local one, Stripe) offers the billing module. */

export interface CheckoutRequest {
  userId: string;
  email: string;
  /** for the return URLs (/{role}/settings/billing) */
  role?: Role;
  plan: PlanType;
  cycle: BillingCycle;
  promoCode: string | null;
  /** first period's price before VAT, in pence */
  firstPeriodNetPence: number;
  /** the provider's customer id when the user already has one */
  customerId?: string | null;
}

export type CheckoutResult =
  { kind: 'activated'; providerRef: string } | { kind: 'redirect'; url: string; customerId?: string | null };

/** A plan change of a subscription the provider bills: at once (prorated by it) or from the next renewal. */
export interface ChangePlanRequest {
  providerRef: string | null;
  plan: PlanType;
  cycle: BillingCycle;
  timing: 'now' | 'period_end';
}

/**
 * A webhook event, verified and reduced to what billing acts on. Amounts in pence, times as Dates.
 * `ignored` events are still recorded (idempotency) but change nothing.
 */
export type ProviderEvent = { id: string; providerType: string } & (
  | {
      type: 'checkout_completed';
      userId: string | null;
      customerId: string | null;
      subscriptionRef: string | null;
      plan: PlanType | null;
      cycle: BillingCycle | null;
      promoCode: string | null;
      amountPence: number | null;
    }
  | {
      type: 'invoice_paid';
      invoiceRef: string;
      customerId: string | null;
      subscriptionRef: string | null;
      billingReason: string | null;
      periodStart: Date | null;
      periodEnd: Date | null;
      plan: PlanType | null;
      cycle: BillingCycle | null;
      lines: Array<{ description: string; amountPence: number }>;
      netPence: number;
      vatPence: number | null;
      issuedAt: Date;
    }
  | { type: 'payment_failed'; customerId: string | null; subscriptionRef: string | null; failedAt: Date }
  | {
      type: 'subscription_updated';
      customerId: string | null;
      subscriptionRef: string;
      cancelAtPeriodEnd: boolean;
      status: string;
    }
  | { type: 'subscription_deleted'; customerId: string | null; subscriptionRef: string; endedAt: Date }
  | { type: 'ignored' }
);

/** Payment providers behind one interface (docs/design.md §1): the built-in local one and Stripe. */
export interface PaymentProvider {
  readonly name: string;
  /** true when the provider runs the billing calendar itself (Stripe); false: our lifecycle job renews. */
  readonly billsItself: boolean;
  checkout(req: CheckoutRequest): Promise<CheckoutResult>;
  changePlan(req: ChangePlanRequest): Promise<void>;
  setCancelAtPeriodEnd(req: { providerRef: string | null; cancel: boolean }): Promise<void>;
  /** Where the customer manages payment details and invoices. */
  portal(req: { customerId: string | null; returnUrl: string }): Promise<{ url: string }>;
  /** Verifies a webhook (raw body + signature header) or throws AppError INVALID_SIGNATURE. */
  verifyWebhook?(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}
