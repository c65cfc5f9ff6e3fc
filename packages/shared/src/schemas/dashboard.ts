import { z } from 'zod';
import { PLAN_TYPES } from '../domain/plans.ts';
import { TENDER_STATUSES } from '../domain/tenders.ts';
import { adminOverviewSchema } from './admin.ts';
import { BID_ASSIST_STATUSES } from './bid-assist.ts';

/**
 * Dashboards (SPEC.md section 2: Dashboard for buyer, supplier and admin). Each one answers in
 * a single request; headline figures are the current state, the `trend` series covers `range`:
 * 30d = 30 daily buckets, 90d = 13 weekly buckets (weeks start Monday), 12m = 12 monthly buckets.
 * Buckets are in UTC; `period` is the first day of the bucket (yyyy-MM-dd).
 */
export const DASHBOARD_RANGES = ['30d', '90d', '12m'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DASHBOARD_RANGE_LABELS: Record<DashboardRange, string> = {
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '12m': 'Last 12 months',
};
export const dashboardQuerySchema = z.object({ range: z.enum(DASHBOARD_RANGES).default('30d') });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const count = z.number().int();
const pence = z.number().int();
const rate = z.object({ numerator: count, denominator: count, rate: z.number().nullable().describe('0–1; null when the denominator is 0') });
export type Rate = z.infer<typeof rate>;

/** True when some of the caller's listings were queued for (re)matching: ask again shortly. */
const matchesUpdating = z.boolean();

export const buyerDashboardSchema = z.object({
  range: z.enum(DASHBOARD_RANGES),
  matchesUpdating,
  tendersByStatus: z.record(z.enum(TENDER_STATUSES), count),
  totalTenders: count,
  openBudgetPence: pence,
  matchesPerTender: z.array(
    z.object({ id: z.uuid(), title: z.string(), status: z.enum(TENDER_STATUSES), matches: count, topScore: z.number().int().nullable() }),
  ),
  averageMatchesPerTender: z.number().nullable(),
  /** Published tenders with at least one conversation or contract. */
  responseRate: rate,
  /** Published tenders awarded (a contract proposed, active or fulfilled). */
  awardRate: rate,
  deals: z.object({ count, valuePence: pence, fulfilledValuePence: pence }),
  recentActivity: z.array(
    z.object({ id: z.uuid(), tenderId: z.uuid(), tenderTitle: z.string().nullable(), action: z.string(), actorName: z.string().nullable(), createdAt: z.string() }),
  ),
  closingSoon: z.array(z.object({ id: z.uuid(), title: z.string(), deadline: z.string(), budgetPence: pence.nullable(), matches: count })),
  trend: z.array(z.object({ period: z.string(), tendersPublished: count, conversations: count, dealsValuePence: pence })),
});
export type BuyerDashboard = z.infer<typeof buyerDashboardSchema>;

const usageMeter = z.object({ used: count, limit: count.nullable() });

export const supplierDashboardSchema = z.object({
  range: z.enum(DASHBOARD_RANGES),
  matchesUpdating,
  /** Matches of the supplier's catalogue items with tenders published this calendar month (Europe/London). */
  matchesThisMonth: count,
  matchesTotal: count,
  deals: z.object({ won: count, valuePence: pence, active: count, fulfilled: count }),
  /** Tenders won (contract active or fulfilled) out of tenders pursued (a conversation, a contract or a Bid Assist request). */
  winRate: rate,
  catalogue: z.array(z.object({ id: z.uuid(), title: z.string(), category: z.string(), matches: count, topScore: z.number().int().nullable() })),
  favouritesClosingSoon: z.array(
    z.object({ id: z.uuid(), title: z.string(), buyerName: z.string().nullable(), closesAt: z.string(), amountMinor: z.number().int().nullable(), currency: z.string().nullable() }),
  ),
  usage: z.object({
    plan: z.enum(PLAN_TYPES).nullable(),
    month: z.string(),
    bidAssist: usageMeter,
    uploads: usageMeter,
    matchesPerItem: count.nullable(),
    liveFeed: z.boolean(),
  }),
  bidAssist: z.record(z.enum(BID_ASSIST_STATUSES), count),
  trend: z.array(z.object({ period: z.string(), matches: count, dealsWon: count, dealsValuePence: pence })),
});
export type SupplierDashboard = z.infer<typeof supplierDashboardSchema>;

export const APPROVAL_PROMISE_HOURS = 48;

export const adminDashboardSchema = adminOverviewSchema.extend({
  range: z.enum(DASHBOARD_RANGES),
  usersByState: z.object({
    buyer: z.object({ pendingApproval: count, noSubscription: count, active: count }),
    supplier: z.object({ pendingApproval: count, noSubscription: count, active: count }),
  }),
  approvals: z.object({ waiting: count, oldestHours: z.number().int().nullable(), promiseHours: count, overdue: count }),
  feed: z.object({
    total: count,
    open: count,
    lastImportAt: z.string().nullable(),
    importedLast24h: count,
    sources: z.array(
      z.object({ source: z.string(), lastRunAt: z.string().nullable(), lastSuccessAt: z.string().nullable(), lastError: z.string().nullable(), releasesImported: count }),
    ),
  }),
  bidAssistQueue: z.object({ submitted: count, in_review: count, completed: count, oldestOpenHours: z.number().int().nullable() }),
  recentContactMessages: z.array(z.object({ id: z.uuid(), userName: z.string(), userEmail: z.string(), title: z.string(), createdAt: z.string() })),
  trend: z.array(z.object({ period: z.string(), signups: count, subscriptions: count, bidAssist: count, contactMessages: count })),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
