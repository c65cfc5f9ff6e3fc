import { z } from 'zod';
import { yearInRange, yearMessage } from './common.ts';
import { PLAN_TYPES } from '../domain/plans.ts';
import { TENDER_STATUSES } from '../domain/tenders.ts';
import { adminOverviewSchema } from './admin.ts';
import { BID_ASSIST_STATUSES } from './bid-assist.ts';

/**
 * Dashboards (docs/product.md section 2: Dashboard for buyer, supplier and admin). Each one answers in
 * a single request; headline figures are the current state, the `trend` series covers the chosen
 * period: a preset `range` (30d = 30 daily buckets, 90d = 13 weekly buckets (weeks start Monday),
 * 12m = 12 monthly buckets) or a custom `from`–`to` (whole days, bucketed by day up to 62 days,
 * by week up to 182 days, by month beyond). Buckets are UK calendar days (Europe/London); `period` is the first day of the
 * bucket (yyyy-MM-dd).
 */
export const DASHBOARD_RANGES = ['30d', '90d', '12m'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DASHBOARD_RANGE_LABELS: Record<DashboardRange, string> = {
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '12m': 'Last 12 months',
};
/** The longest custom period: enough for year-on-year views, bounded so a trend stays one cheap query. */
export const DASHBOARD_MAX_YEARS = 3;
export const TREND_UNITS = ['day', 'week', 'month'] as const;
export type TrendUnit = (typeof TREND_UNITS)[number];

/** Today's calendar date in the UK (yyyy-MM-dd, Europe/London): never behind the UTC date. */
export function ukToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-03-31')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Not a real date')
  // year 0000 is a real date to JavaScript but not to PostgreSQL (it answered 500)
  .refine(yearInRange, yearMessage);

/** The same day `years` earlier (29 February becomes 28 February). */
function yearsBefore(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const back = new Date(Date.UTC(y - years, m - 1, d));
  if (back.getUTCMonth() !== m - 1) back.setUTCDate(0);
  return back.toISOString().slice(0, 10);
}

/**
 * The rules of a custom period, shared by the API (400 on a bad query) and the web form: both
 * ends, from on or before to, to not after today (UK), at most DASHBOARD_MAX_YEARS years.
 */
export function checkDashboardPeriod(
  p: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (p.from === undefined && p.to === undefined) return;
  if (p.from === undefined)
    return void ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose a start date' });
  if (p.to === undefined) return void ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose an end date' });
  if (p.to > ukToday()) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date cannot be after today' });
  if (p.from > p.to)
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'The start date must be on or before the end date' });
  else if (p.from < yearsBefore(p.to, DASHBOARD_MAX_YEARS)) {
    ctx.addIssue({
      code: 'custom',
      path: ['from'],
      message: `Choose a period of at most ${DASHBOARD_MAX_YEARS} years`,
    });
  }
}

/** A custom period as the dashboards' date form sends it. */
export const dashboardPeriodSchema = z.object({ from: isoDay, to: isoDay }).superRefine(checkDashboardPeriod);
export type DashboardPeriod = z.infer<typeof dashboardPeriodSchema>;

/** `?range=30d|90d|12m` or `?from=yyyy-MM-dd&to=yyyy-MM-dd` (a custom period wins over range). */
export const dashboardQuerySchema = z
  .object({ range: z.enum(DASHBOARD_RANGES).default('30d'), from: isoDay.optional(), to: isoDay.optional() })
  .superRefine(checkDashboardPeriod);
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;
/** What a dashboard screen asks for: a preset or a custom period. */
export type DashboardSelection = { range: DashboardRange } | DashboardPeriod;

/** The period a dashboard answer covers: `range` is 'custom' for a from–to query. */
const periodFields = {
  range: z.enum([...DASHBOARD_RANGES, 'custom']),
  period: z.object({
    from: z.string().describe('first day counted, yyyy-MM-dd (UK calendar day)'),
    to: z.string().describe('last day counted, yyyy-MM-dd (UK calendar day)'),
    unit: z.enum(TREND_UNITS).describe('the size of each trend bucket'),
  }),
};

const count = z.number().int();
const pence = z.number().int();
const rate = z.object({
  numerator: count,
  denominator: count,
  rate: z.number().nullable().describe('0–1; null when the denominator is 0'),
});
export type Rate = z.infer<typeof rate>;

/** True when some of the caller's listings were queued for (re)matching: ask again shortly. */
const matchesUpdating = z.boolean();

/** Hours from a tender's publication to a response's first submission, averaged; null when none. */
const averageResponseHours = z.number().nullable();

export const buyerDashboardSchema = z.object({
  ...periodFields,
  matchesUpdating,
  tendersByStatus: z.record(z.enum(TENDER_STATUSES), count),
  totalTenders: count,
  openBudgetPence: pence,
  matchesPerTender: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      status: z.enum(TENDER_STATUSES),
      matches: count,
      topScore: z.number().int().nullable(),
    }),
  ),
  averageMatchesPerTender: z.number().nullable(),
  /** Published tenders with at least one conversation, submitted response or contract. */
  responseRate: rate,
  /** Tender responses received (submitted, not withdrawn); awarded = tenders awarded out of those with a response. */
  tenderResponses: z.object({ received: count, tendersWithResponses: count, awardRate: rate, averageResponseHours }),
  /** Published tenders awarded (a contract proposed, active or fulfilled). */
  awardRate: rate,
  deals: z.object({ count, valuePence: pence, fulfilledValuePence: pence }),
  recentActivity: z.array(
    z.object({
      id: z.uuid(),
      tenderId: z.uuid(),
      tenderTitle: z.string().nullable(),
      action: z.string(),
      actorName: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  closingSoon: z.array(
    z.object({ id: z.uuid(), title: z.string(), deadline: z.string(), budgetPence: pence.nullable(), matches: count }),
  ),
  trend: z.array(
    z.object({ period: z.string(), tendersPublished: count, conversations: count, dealsValuePence: pence }),
  ),
});
export type BuyerDashboard = z.infer<typeof buyerDashboardSchema>;

const usageMeter = z.object({ used: count, limit: count.nullable() });

export const supplierDashboardSchema = z.object({
  ...periodFields,
  matchesUpdating,
  /** Matches of the supplier's catalogue items with tenders published this calendar month (Europe/London). */
  matchesThisMonth: count,
  matchesTotal: count,
  deals: z.object({ won: count, valuePence: pence, active: count, fulfilled: count }),
  /** Tenders won (contract active or fulfilled) out of tenders pursued (a conversation, a submitted response, a contract or a Bid Assist request). */
  winRate: rate,
  /** The supplier's tender responses: submitted (not withdrawn), awarded out of those decided, and how fast they respond. */
  tenderResponses: z.object({
    submitted: count,
    awarded: count,
    unsuccessful: count,
    winRate: rate,
    averageResponseHours,
  }),
  /** The supplier's items (most matched first, at most 20) with their views in the period. */
  catalogue: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      category: z.string(),
      matches: count,
      topScore: z.number().int().nullable(),
      /** Detail views in the period by other signed-in buyers and suppliers, one per viewer per day (UTC). */
      views: count,
    }),
  ),
  /** Views of all the supplier's items in the period (the same counting as `catalogue[].views`). */
  catalogueViews: count,
  favouritesClosingSoon: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      buyerName: z.string().nullable(),
      closesAt: z.string(),
      amountMinor: z.number().int().nullable(),
      currency: z.string().nullable(),
    }),
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
  ...periodFields,
  usersByState: z.object({
    buyer: z.object({ pendingApproval: count, noSubscription: count, active: count }),
    supplier: z.object({ pendingApproval: count, noSubscription: count, active: count }),
  }),
  approvals: z.object({
    waiting: count,
    oldestHours: z.number().int().nullable(),
    promiseHours: count,
    overdue: count,
  }),
  feed: z.object({
    total: count,
    open: count,
    lastImportAt: z.string().nullable(),
    importedLast24h: count,
    sources: z.array(
      z.object({
        source: z.string(),
        lastRunAt: z.string().nullable(),
        lastSuccessAt: z.string().nullable(),
        lastError: z.string().nullable(),
        releasesImported: count,
      }),
    ),
  }),
  bidAssistQueue: z.object({
    submitted: count,
    in_review: count,
    completed: count,
    oldestOpenHours: z.number().int().nullable(),
  }),
  recentContactMessages: z.array(
    z.object({ id: z.uuid(), userName: z.string(), userEmail: z.string(), title: z.string(), createdAt: z.string() }),
  ),
  trend: z.array(
    z.object({ period: z.string(), signups: count, subscriptions: count, bidAssist: count, contactMessages: count }),
  ),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
