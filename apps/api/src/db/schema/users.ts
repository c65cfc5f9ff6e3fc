import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['buyer', 'supplier', 'admin'] }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name').notNull(),
    phone: text('phone'),
    approved: boolean('approved').notNull().default(false),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: uuid('approved_by'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A new address waiting for confirmation (settings > account); login keeps `email` until then. */
    pendingEmail: text('pending_email'),
    /** The plan and cycle chosen at sign-up; billing preselects them. */
    selectedPlan: text('selected_plan', { enum: ['CORE', 'GROWTH', 'PARTNER'] })
      .notNull()
      .default('CORE'),
    selectedCycle: text('selected_cycle', { enum: ['monthly', 'yearly'] })
      .notNull()
      .default('monthly'),
    /** Bumped to end every session at once (password change, sign out everywhere). */
    sessionVersion: integer('session_version').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * What people search finds a person by (GET /api/users/search), lower-cased and kept by
     * PostgreSQL beside the names: the search tests every candidate with LIKE, and lower-casing the
     * names there for each of 1,000 candidates was most of its time (docs/performance.md).
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(first_name || ' ' || last_name || ' ' || company_name)`),
    /** The company name lower-cased: a company that holds the words needs no privacy check. */
    companySearchText: text('company_search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(company_name)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_role_approved_idx').on(t.role, t.approved, t.createdAt),
    // The admin dashboard's sign-ups trend (created_at in a range, all roles but admin).
    index('users_created_idx').on(t.createdAt),
    // The admin's user list: waiting accounts first, newest first, read a page at a time.
    index('users_list_idx')
      .on(t.approved, t.createdAt.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Verify-email and password-reset tokens: only a SHA-256 of the token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['verify_email', 'reset_password', 'change_email', 'cancel_email_change', 'two_factor_login'],
    }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_key').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId, t.purpose)],
);
