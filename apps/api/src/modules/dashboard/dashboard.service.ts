import {
  BID_ASSIST_STATUSES,
  PLANS,
  TENDER_STATUSES,
  type BidAssistStatus,
  type BuyerDashboard,
  type DashboardQuery,
  type Rate,
  type SupplierDashboard,
  type TenderStatus,
} from '@brickyard/shared';
import type { Principal } from '../../platform/auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { quotaMonth, quotaUsage } from '../billing/quota.service.ts';
import { queueMatching, wakeMatching } from '../matching/matching.queue.ts';
import { bucketsFor, fillTrend, periodOf } from './dashboard.buckets.ts';
import * as repo from './dashboard.repository.ts';
import { createDashboardCache, type DashboardCache } from './dashboard-cache.ts';

export type DashboardService = ReturnType<typeof createDashboardService>;

export const rateOf = (numerator: number, denominator: number): Rate => ({
  numerator,
  denominator,
  rate: denominator > 0 ? numerator / denominator : null,
});

const iso = (d: Date | string) => new Date(d).toISOString();
/** Average hours to one decimal place (null when there is nothing to average). */
const hoursOf = (h: number | null) => (h === null ? null : Math.round(Number(h) * 10) / 10);

/** The part of a dashboard request its answer depends on, as a cache key. */
export const dashboardQueryKey = (q: DashboardQuery) => `${q.range ?? ''}|${q.from ?? ''}|${q.to ?? ''}`;

/** Dashboards answered within this long of their computation, unless a write changed them first. */
export const DASHBOARD_CACHE = { ttlMs: 30_000, max: 5_000 };

/** The buyer and supplier dashboards (docs/product.md section 2), each answered by one request. */
export function createDashboardService(
  ctx: AppContext,
  cache: DashboardCache = createDashboardCache(ctx.db, DASHBOARD_CACHE),
) {
  const { db } = ctx;

  /**
   * Listings whose matches are stale are queued for the matching module's background job (it
   * runs after this answer); the dashboard says so and the client asks again shortly.
   */
  async function queueStale(kind: 'tender' | 'catalogue_item', userId: string): Promise<boolean> {
    const ids = await repo.staleSubjects(db, kind, userId, 100);
    for (const id of ids) await queueMatching(ctx, undefined, kind, id);
    if (ids.length) wakeMatching(ctx);
    return ids.length > 0;
  }

  const service = {
    /** The buyer dashboard as of now, from the cache while nothing it reads has changed. */
    buyerCached: (caller: Principal, query: DashboardQuery) =>
      cache.get(caller.id, `buyer|${dashboardQueryKey(query)}`, async () => {
        const value = await service.buyer(caller, query);
        return { value, keep: !value.matchesUpdating };
      }),

    /** The supplier dashboard as of now (its usage meters depend on the plan, so the key has it). */
    supplierCached: (caller: Principal, query: DashboardQuery) =>
      cache.get(caller.id, `supplier|${caller.plan ?? ''}|${dashboardQueryKey(query)}`, async () => {
        const value = await service.supplier(caller, query);
        return { value, keep: !value.matchesUpdating };
      }),

    async buyer(caller: Principal, query: DashboardQuery, now = new Date()): Promise<BuyerDashboard> {
      const b = bucketsFor(query, now);
      // Asked first: the reads below start after it, so "up to date" never comes with matches read
      // before the matching job's commit (they ran side by side and could disagree).
      const matchesUpdating = await queueStale('tender', caller.id);
      const [byStatus, matches, rates, deals, activity, closing, trend, responses] = await Promise.all([
        repo.buyerTendersByStatus(db, caller.id),
        repo.buyerMatches(db, caller.id, 12),
        repo.buyerRates(db, caller.id),
        repo.buyerDeals(db, caller.id),
        repo.buyerActivity(db, caller.id, 8),
        repo.buyerClosingSoon(db, caller.id, 5),
        repo.buyerTrend(db, caller.id, b),
        repo.buyerTenderResponses(db, caller.id),
      ]);
      const tendersByStatus = Object.fromEntries(TENDER_STATUSES.map((s) => [s, 0])) as Record<TenderStatus, number>;
      let openBudgetPence = 0;
      for (const r of byStatus) {
        tendersByStatus[r.status as TenderStatus] = r.n;
        openBudgetPence += Number(r.open_budget);
      }
      return {
        ...periodOf(b),
        matchesUpdating,
        tendersByStatus,
        totalTenders: byStatus.reduce((n, r) => n + r.n, 0),
        openBudgetPence,
        matchesPerTender: matches.list.map((r) => ({
          id: r.id,
          title: r.title,
          status: r.status as TenderStatus,
          matches: r.matches,
          topScore: r.top,
        })),
        averageMatchesPerTender: matches.tenders > 0 ? Math.round((matches.matches / matches.tenders) * 10) / 10 : null,
        responseRate: rateOf(rates.responded, rates.published),
        awardRate: rateOf(rates.awarded, rates.published),
        tenderResponses: {
          received: responses.received,
          tendersWithResponses: responses.tenders,
          awardRate: rateOf(responses.awarded, responses.tenders),
          averageResponseHours: hoursOf(responses.hours),
        },
        deals,
        recentActivity: activity.map((a) => ({
          id: a.id,
          tenderId: a.tender_id,
          tenderTitle: a.title,
          action: a.action,
          actorName: a.actor,
          createdAt: iso(a.created_at),
        })),
        closingSoon: closing.map((c) => ({
          id: c.id,
          title: c.title,
          deadline: iso(c.deadline),
          budgetPence: c.budget == null ? null : Number(c.budget),
          matches: c.matches,
        })),
        trend: fillTrend(b.periods, trend, {
          tendersPublished: { key: 'tenders', field: 'n' },
          conversations: { key: 'conversations', field: 'n' },
          dealsValuePence: { key: 'deals', field: 'v' },
        }),
      };
    },

    async supplier(caller: Principal, query: DashboardQuery, now = new Date()): Promise<SupplierDashboard> {
      const b = bucketsFor(query, now);
      const limits = PLANS[caller.plan ?? 'CORE'].limits;
      // first, as for the buyer: the reads below see at least the matches it found current
      const matchesUpdating = await queueStale('catalogue_item', caller.id);
      const [counts, deals, win, catalogue, favourites, bidAssist, uploads, requests, trend, responses] =
        await Promise.all([
          repo.supplierMatchCounts(db, caller.id, limits.matchesPerItem),
          repo.supplierDeals(db, caller.id),
          repo.supplierWinRate(db, caller.id),
          repo.supplierCatalogue(db, caller.id, b, 20, limits.matchesPerItem),
          repo.supplierFavouritesClosing(db, caller.id, 5),
          quotaUsage(db, { userId: caller.id, plan: caller.plan, kind: 'bid_assist', now }),
          quotaUsage(db, { userId: caller.id, plan: caller.plan, kind: 'uploads', now }),
          repo.supplierBidAssistCounts(db, caller.id),
          repo.supplierTrend(db, caller.id, b, limits.matchesPerItem),
          repo.supplierTenderResponses(db, caller.id),
        ]);
      const bidAssistCounts = Object.fromEntries(BID_ASSIST_STATUSES.map((s) => [s, 0])) as Record<
        BidAssistStatus,
        number
      >;
      for (const r of requests) bidAssistCounts[r.status as BidAssistStatus] = r.n;
      return {
        ...periodOf(b),
        matchesUpdating,
        matchesThisMonth: counts.month,
        matchesTotal: counts.total,
        deals,
        winRate: rateOf(win.won, win.pursued),
        tenderResponses: {
          submitted: responses.submitted,
          awarded: responses.awarded,
          unsuccessful: responses.unsuccessful,
          winRate: rateOf(responses.awarded, responses.awarded + responses.unsuccessful),
          averageResponseHours: hoursOf(responses.hours),
        },
        catalogue: catalogue.map((c) => ({
          id: c.id,
          title: c.title,
          category: c.category,
          matches: c.matches,
          topScore: c.top,
          views: c.views,
        })),
        catalogueViews: catalogue[0]?.total_views ?? 0,
        favouritesClosingSoon: favourites.map((f) => ({
          id: f.id,
          title: f.title,
          buyerName: f.buyer_name,
          closesAt: iso(f.closes_at),
          amountMinor: f.amount_minor == null ? null : Number(f.amount_minor),
          currency: f.currency,
        })),
        usage: {
          plan: caller.plan,
          month: quotaMonth(now),
          bidAssist: { used: bidAssist.used, limit: bidAssist.limit },
          uploads: { used: uploads.used, limit: uploads.limit },
          matchesPerItem: limits.matchesPerItem,
          liveFeed: limits.liveFeed,
        },
        bidAssist: bidAssistCounts,
        trend: fillTrend(b.periods, trend, {
          matches: { key: 'matches', field: 'n' },
          dealsWon: { key: 'deals', field: 'n' },
          dealsValuePence: { key: 'deals', field: 'v' },
        }),
      };
    },
  };
  return service;
}
