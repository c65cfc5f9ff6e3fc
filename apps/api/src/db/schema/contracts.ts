import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { catalogueItems, tenders } from './tenders.ts';
import { users } from './users.ts';

/**
 * Deals (docs/product.md sections 2, 4, 7 Contracts): a buyer awards a tender to a supplier.
 * proposed → active (supplier accepts) → fulfilled (the tender is completed), or declined /
 * cancelled. At most one open (proposed or active) contract per tender. The tender title is
 * kept so the deal history survives a deleted tender.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderId: uuid('tender_id').references(() => tenders.id, { onDelete: 'set null' }),
    tenderTitle: text('tender_title').notNull(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    catalogueItemId: uuid('catalogue_item_id').references(() => catalogueItems.id, { onDelete: 'set null' }),
    catalogueItemTitle: text('catalogue_item_title'),
    valuePence: bigint('value_pence', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('GBP'),
    terms: text('terms'),
    status: text('status', { enum: ['proposed', 'active', 'fulfilled', 'declined', 'cancelled'] })
      .notNull()
      .default('proposed'),
    /** the reason given with a decline or a cancellation */
    note: text('note'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contracts_open_per_tender_key')
      .on(t.tenderId)
      .where(sql`${t.status} in ('proposed', 'active')`),
    index('contracts_tender_idx').on(t.tenderId, t.createdAt),
    index('contracts_buyer_idx').on(t.buyerId, t.createdAt),
    index('contracts_supplier_idx').on(t.supplierId, t.createdAt),
    check('contracts_value_nonnegative', sql`${t.valuePence} >= 0`),
  ],
);

/** After a fulfilled contract each side may review the other once. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revieweeId: uuid('reviewee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_contract_reviewer_key').on(t.contractId, t.reviewerId),
    index('reviews_reviewee_idx').on(t.revieweeId, t.createdAt),
    index('reviews_reviewer_idx').on(t.reviewerId, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
