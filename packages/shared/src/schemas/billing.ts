import { z } from 'zod';
import { BILLING_CYCLES, DEFAULT_CYCLE, PLAN_TYPES } from '../domain/plans.ts';

export const upgradeBodySchema = z.object({
  planType: z.enum(PLAN_TYPES),
  billingCycle: z.enum(BILLING_CYCLES).default(DEFAULT_CYCLE),
  promoCode: z
    .string()
    .trim()
    .max(40)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type UpgradeBody = z.input<typeof upgradeBodySchema>;

/**
 * What POST /api/billing/upgrade did. `status` is 'redirect' when the customer must pay at the
 * provider (Stripe Checkout at `url`), else 'active'. `change` says how the plan moved:
 * started (a new subscription), upgraded (at once, new period from now), scheduled (a downgrade
 * or a shorter cycle, from `effectiveAt` = the period end), unchanged (the current plan again: a
 * pending change is dropped).
 */
export const upgradeResultSchema = z.object({
  status: z.enum(['active', 'redirect']),
  url: z.string().nullable(),
  change: z.enum(['started', 'upgraded', 'scheduled', 'unchanged']).optional(),
  effectiveAt: z.string().nullable().optional(),
});
export type UpgradeResult = z.infer<typeof upgradeResultSchema>;

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const usageSchema = z.object({
  used: z.number().int(),
  limit: z.number().int().nullable(),
});

export const invoiceLineSchema = z.object({ description: z.string(), amountPence: z.number().int() });

export const invoiceSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  issuedAt: z.string(),
  description: z.string(),
  netPence: z.number().int(),
  vatPence: z.number().int(),
  totalPence: z.number().int(),
  status: z.string(),
  /** API path of the PDF (GET, owner only). */
  pdfUrl: z.string().optional(),
  periodStart: z.string().nullable().optional(),
  periodEnd: z.string().nullable().optional(),
  lines: z.array(invoiceLineSchema).optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const billingInfoSchema = z.object({
  selectedPlan: z.enum(PLAN_TYPES),
  selectedCycle: z.enum(BILLING_CYCLES),
  hasActiveSubscription: z.boolean(),
  subscription: z
    .object({
      plan: z.enum(PLAN_TYPES),
      cycle: z.enum(BILLING_CYCLES),
      status: z.enum(SUBSCRIPTION_STATUSES),
      currentPeriodStart: z.string(),
      currentPeriodEnd: z.string(),
      cancelAtPeriodEnd: z.boolean(),
      promoCode: z.string().nullable(),
      pricePaidPence: z.number().int(),
      /** Next renewal; null when the subscription ends at the period end or is over. */
      renewalDate: z.string().nullable().optional(),
      /** Price of the next period before VAT (scheduled plan and cycle, no promo), null when not renewing. */
      renewalPricePence: z.number().int().nullable().optional(),
      /** A downgrade or cycle change taking effect at currentPeriodEnd. */
      scheduledPlan: z.enum(PLAN_TYPES).nullable().optional(),
      scheduledCycle: z.enum(BILLING_CYCLES).nullable().optional(),
      /** past_due: access continues until then. */
      graceUntil: z.string().nullable().optional(),
      /** Credit from an upgrade, taken off the next invoices. */
      creditPence: z.number().int().optional(),
    })
    .nullable(),
  /** Same as subscription.renewalDate, for convenience. */
  renewalDate: z.string().nullable().optional(),
  /** The calendar month the usage counts (yyyy-MM, Europe/London). */
  usageMonth: z.string().optional(),
  usage: z.object({ bidAssist: usageSchema, uploads: usageSchema, matchesPerItem: z.number().int().nullable() }),
  invoices: z.array(invoiceSchema),
  provider: z.string(),
});
export type BillingInfo = z.infer<typeof billingInfoSchema>;

export const customerPortalSchema = z.object({ url: z.string() });

/** GET/PUT /api/settings/billing: who invoices are made out to. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const billingDetailsSchema = z.object({
  companyName: z.string().trim().min(1, 'Enter the company name').max(200),
  billingEmail: z.email('Enter a valid email address').max(254),
  addressLine1: optionalText(200),
  addressLine2: optionalText(200),
  city: optionalText(100),
  postcode: optionalText(20),
  country: optionalText(100),
  /** e.g. GB123456789; spaces are dropped and letters upper-cased. */
  vatNumber: z
    .string()
    .max(40)
    .nullish()
    .transform((v) => (v ? v.replace(/[\s.-]/g, '').toUpperCase() : null))
    .refine((v) => v === null || /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(v), 'Enter a VAT number such as GB123456789'),
});
export type BillingDetailsInput = z.input<typeof billingDetailsSchema>;

/** The saved billing details as GET/PUT /api/settings/billing answer them (missing parts null). */
export const billingDetailsResponseSchema = z.object({
  companyName: z.string(),
  billingEmail: z.string(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string().nullable(),
  vatNumber: z.string().nullable(),
});
export type BillingDetails = z.infer<typeof billingDetailsResponseSchema>;
