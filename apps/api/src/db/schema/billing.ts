import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['CORE', 'GROWTH', 'PARTNER'] }).notNull(),
    cycle: text('cycle', { enum: ['monthly', 'yearly'] }).notNull(),
    status: text('status', { enum: ['active', 'past_due', 'cancelled', 'expired'] }).notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    promoCode: text('promo_code'),
    pricePaidPence: integer('price_paid_pence').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A downgrade or cycle change waiting for the period end (modules/billing/README.md). */
    scheduledPlan: text('scheduled_plan', { enum: ['CORE', 'GROWTH', 'PARTNER'] }),
    scheduledCycle: text('scheduled_cycle', { enum: ['monthly', 'yearly'] }),
    /** past_due keeps access until then (BILLING_GRACE_DAYS after the failed payment). */
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    /** Unused value of an upgraded period, taken off the next invoices (local provider). */
    creditPence: integer('credit_pence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One subscription row per user: changes update it in place.
  (t) => [
    uniqueIndex('subscriptions_user_key').on(t.userId),
    index('subscriptions_provider_ref_idx').on(t.providerRef),
    // The lifecycle job reads only subscriptions still in force, by period end.
    index('subscriptions_due_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} in ('active', 'past_due')`),
    // The admin dashboard's new-subscriptions trend (created_at in a range).
    index('subscriptions_created_idx').on(t.createdAt),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    description: text('description').notNull(),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    totalPence: integer('total_pence').notNull(),
    status: text('status', { enum: ['paid', 'open', 'void'] }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The lines of the invoice (net amounts, credits negative); null on early invoices = one line. */
    lines: jsonb('lines').$type<InvoiceLine[]>(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** Who was billed, as it stood when the invoice was issued. */
    billedTo: jsonb('billed_to').$type<BilledTo>(),
    /** The provider's invoice id (Stripe `in_…`): one invoice row per provider invoice. */
    providerRef: text('provider_ref'),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
    uniqueIndex('invoices_provider_ref_key').on(t.providerRef),
  ],
);

export interface InvoiceLine {
  description: string;
  amountPence: number;
}

export interface BilledTo {
  companyName: string;
  billingEmail: string;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  postcode: string | null;
  country: string | null;
  vatNumber: string | null;
}

/**
 * A user's billing account: the details shown on invoices (GET/PUT /api/settings/billing) and
 * the payment provider's customer id (Stripe `cus_…`).
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name'),
    billingEmail: text('billing_email'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    postcode: text('postcode'),
    country: text('country'),
    vatNumber: text('vat_number'),
    providerCustomerId: text('provider_customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_accounts_customer_key').on(t.providerCustomerId)],
);

/** Payment-provider webhook events already applied, keyed by the provider's event id (idempotency). */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per-user, per-calendar-month counters for plan quotas (uploads, bid assist). */
export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['uploads', 'bid_assist'] }).notNull(),
    month: text('month').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.month] })],
);

/** Invoice numbers come from one sequence so they are unique and gap-free per instance set. */
export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1001 });
