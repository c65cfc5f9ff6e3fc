import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Fields of docs/product.md section 3 "Catalogue item / tender" shared by tenders and catalogue items.
 * Money is integer pence (bigint: budgets run to millions of pounds) with a currency code.
 * A weighted full-text `search_vector` (title A, category B, description + specifications C)
 * and its GIN index are added by the custom migration `listing_search`.
 */
const listingColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description').notNull(),
  specifications: text('specifications'),
  category: text('category').notNull(),
  subcategories: text('subcategories').array().notNull().default([]),
  valuePence: bigint('value_pence', { mode: 'number' }),
  quantity: integer('quantity'),
  budgetPence: bigint('budget_pence', { mode: 'number' }),
  currency: text('currency').notNull().default('GBP'),
  leadTimeDays: integer('lead_time_days'),
  region: text('region'),
  availability: text('availability', { enum: ['available', 'limited', 'other'] })
    .notNull()
    .default('available'),
  paymentTerms: text('payment_terms'),
  insurance: text('insurance'),
  supplierType: text('supplier_type'),
  warrantyRequirement: boolean('warranty_requirement'),
  rebate: boolean('rebate'),
  attachments: jsonb('attachments').$type<Array<{ name: string; url: string }>>().notNull().default([]),
  supportingDocumentIds: text('supporting_document_ids').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tenders = pgTable(
  'tenders',
  {
    ...listingColumns(),
    status: text('status', { enum: ['draft', 'active', 'pending', 'fulfilled', 'closed', 'cancelled'] })
      .notNull()
      .default('draft'),
    deadline: timestamp('deadline', { withTimezone: true }),
    requiredCertifications: text('required_certifications').array().notNull().default([]),
    qualityStandards: text('quality_standards').array().notNull().default([]),
    /** Responses (docs/decisions/0015-tender-responses-sealed-by-default.md): 'sealed' keeps them closed to the buyer until the deadline; 'open' shows them as they arrive. */
    responseMode: text('response_mode', { enum: ['sealed', 'open'] })
      .notNull()
      .default('sealed'),
    /** Suppliers may ask questions until then (else until the deadline). */
    questionDeadline: timestamp('question_deadline', { withTimezone: true }),
    /** Set when the tender is awarded (the contracts issue); the supplier's fulfilled/pending lists read it. */
    awardedSupplierId: uuid('awarded_supplier_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    // id too: the list order is (created_at, id), and rows written together share created_at
    index('tenders_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('tenders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('tenders_status_deadline_idx').on(t.status, t.deadline),
    // Tenders a supplier may still pick for Bid Assist, soonest deadline first, none last
    // (bid-assist.repository.ts, pickableTendersSql)
    index('tenders_pickable_idx')
      .on(sql`coalesce(${t.deadline}, 'infinity'::timestamptz)`, t.id)
      .where(sql`${t.status} = 'active'`),
    index('tenders_status_budget_idx').on(t.status, t.budgetPence),
    index('tenders_category_status_idx').on(t.category, t.status, t.createdAt),
    index('tenders_region_status_idx').on(t.region, t.status, t.createdAt),
    index('tenders_awarded_status_idx').on(t.awardedSupplierId, t.status),
  ],
);

export const catalogueItems = pgTable(
  'catalogue_items',
  {
    ...listingColumns(),
    certifications: text('certifications').array().notNull().default([]),
    deliveryLocations: text('delivery_locations').array().notNull().default([]),
  },
  (t) => [
    // id too: the list order is (created_at, id), and an import writes many rows with one created_at
    index('catalogue_items_user_created_idx').on(t.userId, t.createdAt, t.id),
    // where a supplier's catalogue stands (count and write times), read by "Top for you" and the
    // response prefill on every visit: an index-only scan instead of reading each item's row
    index('catalogue_items_user_updated_idx').on(t.userId, t.updatedAt),
    index('catalogue_items_created_idx').on(t.createdAt, t.id),
    // id too, so the newest items of a category (match candidates) are an index-only scan
    index('catalogue_items_category_created_idx').on(t.category, t.createdAt, t.id),
    index('catalogue_items_region_created_idx').on(t.region, t.createdAt),
    index('catalogue_items_availability_idx').on(t.availability, t.createdAt),
    index('catalogue_items_value_idx').on(t.valuePence),
  ],
);

/**
 * Every change to a tender (create, update, status change, file change, award, completion,
 * deletion), written in the same transaction as the change. Kept when the tender is deleted,
 * so there is no foreign key to it.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderId: uuid('tender_id').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_events_tender_idx').on(t.tenderId, t.createdAt)],
);

/**
 * Uploaded files. A row is made when an upload URL is issued (`pending`) and becomes `ready`
 * once the bytes are stored and checked. `entity_type`/`entity_id` link it to the tender or
 * catalogue item that references it, which decides who else may download it.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploadType: text('upload_type').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    status: text('status', { enum: ['pending', 'ready'] })
      .notNull()
      .default('pending'),
    entityType: text('entity_type', { enum: ['tender', 'catalogue_item', 'tender_response'] }),
    entityId: uuid('entity_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
  },
  (t) => [index('files_owner_idx').on(t.ownerId, t.createdAt), index('files_entity_idx').on(t.entityType, t.entityId)],
);
