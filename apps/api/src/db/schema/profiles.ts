import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** docs/product.md section 3 "Buyer-profile extras": materialsNeeded. */
export interface MaterialsNeeded {
  requiredProducts: Array<{ name: string; description: string | null; quantity: string | null }>;
  currentTender: string | null;
  deliveryDeadline: string | null;
  sustainabilityFocus: string | null;
  futureTender: string | null;
  expectedStartDate: string | null;
  volume: string | null;
}

/**
 * The company profile of docs/product.md section 3 (Profile and Buyer-profile extras), one row per
 * user, made on first write. Names, email, phone and company name stay on `users`.
 */
export const profiles = pgTable('profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** storage key of the logo */
  imageKey: text('image_key'),
  region: text('region'),
  companySize: text('company_size'),
  registrationNumber: text('registration_number'),
  companyDescription: text('company_description'),
  preferredCategories: text('preferred_categories').array().notNull().default([]),
  subcategories: text('subcategories').array().notNull().default([]),
  certifications: text('certifications').array().notNull().default([]),
  qualityStandards: text('quality_standards').array().notNull().default([]),
  /** units per month */
  manufacturingCapacity: integer('manufacturing_capacity'),
  leadTimeDays: integer('lead_time_days'),
  minOrderValuePence: bigint('min_order_value_pence', { mode: 'number' }),
  deliveryLocations: text('delivery_locations').array().notNull().default([]),
  paymentTerms: text('payment_terms'),
  warrantyOffered: text('warranty_offered'),
  rebate: text('rebate'),
  website: text('website'),
  industry: text('industry'),
  specialization: text('specialization'),
  yearsInBusiness: integer('years_in_business'),
  materialsNeeded: jsonb('materials_needed').$type<MaterialsNeeded>(),
  /** privacy settings: private profiles are 404 to other members */
  visibility: text('visibility', { enum: ['public', 'private'] })
    .notNull()
    .default('public'),
  /** who sees names, email and phone: contract counterparties only, or every member who may see the profile */
  contactVisibility: text('contact_visibility', { enum: ['counterparties', 'members'] })
    .notNull()
    .default('counterparties'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** "Related Documents" of a profile: uploaded files of the owner. */
export const profileDocuments = pgTable(
  'profile_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileKey: text('file_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('profile_documents_user_idx').on(t.userId, t.createdAt)],
);

/** "Project Portfolio" of a (supplier) profile. */
export const portfolioItems = pgTable(
  'portfolio_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    valuePence: bigint('value_pence', { mode: 'number' }),
    description: text('description'),
    client: text('client'),
    completionDate: date('completion_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portfolio_items_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A buyer's projects. Status `completed` makes it a past project; any other status
 * (ongoing, planned, on-hold, …) is a current one.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    location: text('location'),
    status: text('status').notNull().default('ongoing'),
    budgetPence: bigint('budget_pence', { mode: 'number' }),
    estimatedCompletion: date('estimated_completion', { mode: 'string' }),
    completionDate: date('completion_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('projects_user_idx').on(t.userId, t.createdAt)],
);

/** What a buyer asks of suppliers (supplierRequirements), or a supplier of buyers. */
export const requirements = pgTable('requirements', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  qualityStandards: text('quality_standards').array().notNull().default([]),
  deliveryReliability: text('delivery_reliability'),
  sustainability: text('sustainability'),
  pricing: text('pricing'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Two-factor sign-in (TOTP). The secret is encrypted with a key derived from the JWT secret;
 * `enabled_at` is null while the set-up waits for its first code. `last_time_step` refuses a
 * code used before (replay).
 */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEnc: text('secret_enc').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes; only a SHA-256 of each is stored. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('two_factor_recovery_codes_user_idx').on(t.userId),
    check('two_factor_recovery_codes_hash_len', sql`length(${t.codeHash}) = 64`),
  ],
);
