import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contracts } from './contracts.ts';
import { tenders } from './tenders.ts';
import { users } from './users.ts';

/** One priced line of a response, money in pence. */
export interface StoredResponseLine {
  catalogueItemId: string | null;
  description: string;
  unit: string;
  quantity: number;
  unitPricePence: number;
  lineTotalPence: number;
}
export interface StoredRequirementAnswer {
  requirement: string;
  answer: 'meets' | 'partly' | 'does_not';
  comment: string | null;
}
/** What an unsuccessful bidder is told at the award. */
export interface StoredFeedback {
  rank: number;
  of: number;
  gapPence: number;
  missed: string[];
}

/**
 * A supplier's response (bid) to a tender (docs/decisions/0015-tender-responses-sealed-by-default.md). One live (not withdrawn) response per
 * supplier and tender; each submission is kept in tender_response_versions.
 */
export const tenderResponses = pgTable(
  'tender_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['draft', 'submitted', 'shortlisted', 'awarded', 'unsuccessful', 'withdrawn'] })
      .notNull()
      .default('draft'),
    /** the number of submitted versions (0 for a draft never submitted) */
    version: integer('version').notNull().default(0),
    lines: jsonb('lines').$type<StoredResponseLine[]>().notNull().default([]),
    totalPence: bigint('total_pence', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('GBP'),
    leadTimeDays: integer('lead_time_days'),
    validityDays: integer('validity_days'),
    note: text('note').notNull().default(''),
    requirementAnswers: jsonb('requirement_answers').$type<StoredRequirementAnswer[]>().notNull().default([]),
    documents: text('documents').array().notNull().default([]),
    feedback: jsonb('feedback').$type<StoredFeedback>(),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** the tender owner's private note on this response (never shown to the supplier) */
    buyerNote: text('buyer_note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tender_responses_live_key')
      .on(t.tenderId, t.supplierId)
      .where(sql`${t.status} <> 'withdrawn'`),
    index('tender_responses_tender_idx').on(t.tenderId, t.status),
    index('tender_responses_supplier_idx').on(t.supplierId, t.updatedAt),
    check('tender_responses_total_nonnegative', sql`${t.totalPence} >= 0`),
  ],
);

/** Every submitted version of a response, as it was sent (the audit of what the buyer received). */
export const tenderResponseVersions = pgTable(
  'tender_response_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    responseId: uuid('response_id')
      .notNull()
      .references(() => tenderResponses.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tender_response_versions_key').on(t.responseId, t.version)],
);

/** A supplier's clarification question on a tender, and the buyer's answer (private or published). */
export const tenderQuestions = pgTable(
  'tender_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    askerId: uuid('asker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    answer: text('answer'),
    published: boolean('published').notNull().default(false),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tender_questions_tender_idx').on(t.tenderId, t.createdAt),
    index('tender_questions_asker_idx').on(t.askerId, t.createdAt),
  ],
);
