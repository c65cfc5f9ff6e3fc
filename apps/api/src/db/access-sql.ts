import { sql } from 'drizzle-orm';
import { subscriptions } from './schema/index.ts';

/**
 * SQL deciding whether a user's subscription is in force right now: active or past_due until the
 * period end, and past_due also until its grace period ends (modules/billing/lifecycle.ts `isInForce`).
 */
export const activeSubscriptionSql = sql<boolean>`(${subscriptions.status} in ('active', 'past_due') and (${subscriptions.currentPeriodEnd} > now() or (${subscriptions.status} = 'past_due' and ${subscriptions.graceUntil} > now())))`;
