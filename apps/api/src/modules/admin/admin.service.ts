import {
  APPROVAL_PROMISE_HOURS,
  AppError,
  periodPricePence,
  type AdminDashboard,
  type AdminOverview,
  type AdminUser,
  type DashboardQuery,
  type FailedJob,
} from '@brickyard/shared';
import type { AppContext } from '../../platform/context.ts';
import { accountApprovedMail } from '../../platform/mail/templates.ts';
import { findUserById } from '../users/users.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { bucketsFor, fillTrend, periodOf } from '../dashboard/dashboard.buckets.ts';
import { DASHBOARD_CACHE, dashboardQueryKey } from '../dashboard/dashboard.service.ts';
import { ADMIN_SCOPE, createDashboardCache, type DashboardCache } from '../dashboard/dashboard-cache.ts';
import * as repo from './admin.repository.ts';
import { createSharedListPages } from '../../db/owner-pages.ts';

export type AdminService = ReturnType<typeof createAdminService>;

/** GET /api/auth/users: a page as the API answers it. */
export interface AdminUsersPage {
  data: AdminUser[];
  meta: { page: number; pageSize: number; total: number };
}

function toAdminUser(r: repo.UserListRow): AdminUser {
  return {
    id: r.id,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    companyName: r.companyName,
    role: r.role,
    approved: r.approved,
    emailVerified: r.emailVerifiedAt !== null,
    plan: r.active ? r.plan : null,
    hasActiveSubscription: r.active,
    createdAt: r.createdAt.toISOString(),
    approvedAt: r.approvedAt?.toISOString() ?? null,
  };
}

export function createAdminService(
  ctx: AppContext,
  cache: DashboardCache = createDashboardCache(ctx.db, DASHBOARD_CACHE),
) {
  const { db, mailer, config } = ctx;
  const userPages = createSharedListPages<AdminUsersPage>(['users', 'subscriptions'], { maxRows: 20_000 });
  async function overview(): Promise<AdminOverview> {
    const o = await repo.overview(db);
    const usersByRole = { buyer: 0, supplier: 0, admin: 0 };
    for (const r of o.byRole) usersByRole[r.role] = r.n;
    const activeSubscriptions = { CORE: 0, GROWTH: 0, PARTNER: 0 };
    let mrr = 0;
    for (const s of o.subs) {
      activeSubscriptions[s.plan] += s.n;
      // What the subscriptions bring each month: a period bought with a promo code (EARLYBIRD,
      // 30% off the first month, once) renews at the plan's price, so that price counts, not the
      // discounted one. A custom (Partner) price is known only from what was paid.
      const listPence = periodPricePence(s.plan, s.cycle);
      const promoPence = listPence === null ? Number(s.promoPaidPence) : listPence * s.promoN;
      const periodPence = Number(s.paidPence) + promoPence;
      mrr += s.cycle === 'yearly' ? periodPence / 12 : periodPence;
    }
    return {
      usersByRole,
      awaitingApproval: o.waiting?.n ?? 0,
      oldestAwaitingHours: o.waiting?.oldestHours == null ? null : Math.floor(Number(o.waiting.oldestHours)),
      activeSubscriptions,
      monthlyRecurringRevenuePence: Math.round(mrr),
      contactMessages: o.contacts,
    };
  }

  const service = {
    overview,

    /** Background jobs that used up their attempts, newest first, for the admin to look at and retry. */
    async failedJobs(): Promise<FailedJob[]> {
      const rows = await ctx.jobs.failed(100);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        about: jobSubject(r.data),
        error: r.error,
        attempts: r.attempts,
        createdAt: r.createdAt.toISOString(),
        failedAt: r.failedAt?.toISOString() ?? null,
      }));
    },

    /** Queues a failed job again with a fresh set of attempts. */
    async retryJob(id: string) {
      if (!(await ctx.jobs.retryFailed(id)))
        throw new AppError('NOT_FOUND', 'No failed job with this id (it may have been retried already)');
      return { id, retried: true as const };
    },

    /**
     * GET /api/admin/overview, from the same cache as the dashboard (the overview is part of it, so
     * the admin scope's version moves with every write it reads).
     */
    overviewCached: () =>
      cache.get(ADMIN_SCOPE, 'admin|overview', async () => ({ value: await overview(), keep: true })),

    /** The admin dashboard as of now, shared by the admins, from the cache while nothing it reads has changed. */
    dashboardCached: (query: DashboardQuery) =>
      cache.get(ADMIN_SCOPE, `admin|${dashboardQueryKey(query)}`, async () => ({
        value: await service.dashboard(query),
        keep: true,
      })),

    /** GET /api/admin/dashboard: the overview plus states, approvals, feed, Bid Assist queue, contact-us and a trend. */
    async dashboard(query: DashboardQuery, now = new Date()): Promise<AdminDashboard> {
      const b = bucketsFor(query, now);
      const [base, d] = await Promise.all([overview(), repo.dashboard(db, b, APPROVAL_PROMISE_HOURS)]);
      const state = { pendingApproval: 0, noSubscription: 0, active: 0 };
      const usersByState = { buyer: { ...state }, supplier: { ...state } };
      for (const r of d.states)
        usersByState[r.role] = { pendingApproval: r.pending, noSubscription: r.nosub, active: r.active };
      const lastSuccess = d.sources.map((s) => s.lastSuccessAt?.getTime() ?? 0);
      const lastImport = Math.max(d.feed?.last_import ? new Date(d.feed.last_import).getTime() : 0, ...lastSuccess);
      return {
        ...base,
        ...periodOf(b),
        usersByState,
        approvals: {
          waiting: d.approvals?.waiting ?? 0,
          oldestHours: d.approvals?.oldest_hours ?? null,
          promiseHours: APPROVAL_PROMISE_HOURS,
          overdue: d.approvals?.overdue ?? 0,
        },
        feed: {
          total: d.feed?.total ?? 0,
          open: d.feed?.open ?? 0,
          lastImportAt: lastImport > 0 ? new Date(lastImport).toISOString() : null,
          importedLast24h: d.feed?.last_24h ?? 0,
          sources: d.sources.map((s) => ({
            source: s.source,
            lastRunAt: s.lastRunAt?.toISOString() ?? null,
            lastSuccessAt: s.lastSuccessAt?.toISOString() ?? null,
            lastError: s.lastError,
            releasesImported: s.releasesImported,
          })),
        },
        bidAssistQueue: {
          submitted: d.queue?.submitted ?? 0,
          in_review: d.queue?.in_review ?? 0,
          completed: d.queue?.completed ?? 0,
          oldestOpenHours: d.queue?.oldest_open_hours ?? null,
        },
        recentContactMessages: d.contacts.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
        trend: fillTrend(b.periods, d.trend, {
          signups: { key: 'signups', field: 'n' },
          subscriptions: { key: 'subscriptions', field: 'n' },
          bidAssist: { key: 'bidAssist', field: 'n' },
          contactMessages: { key: 'contact', field: 'n' },
        }),
      };
    },

    async listUsers(filter: repo.UserFilter, page: number, pageSize: number): Promise<AdminUsersPage> {
      // Kept per filter and page while no account and no subscription has changed, and until the
      // first subscription on the page stops being active by the clock (db/owner-pages.ts).
      const pageKey = JSON.stringify([filter.role ?? null, filter.approved ?? null, filter.q ?? null, page, pageSize]);
      let until: number | null = null;
      const read = async (): Promise<AdminUsersPage> => {
        const { rows, total } = await repo.listUsers(db, filter, page, pageSize);
        // Every subscription PostgreSQL found active stops at its activeUntil, whatever this
        // server's clock says: one a skewed clock already thinks past keeps the page unkept.
        for (const r of rows) {
          const ends = r.active ? r.activeUntil?.getTime() : undefined;
          if (ends !== undefined && (until === null || ends < until)) until = ends;
        }
        return { data: rows.map(toAdminUser), meta: { page, pageSize, total } };
      };
      return userPages.answer(db, pageKey, read, () => until);
    },

    /** Approves an account, tells the user in the app and by mail. Approving twice is harmless. */
    async approve(userId: string, adminId: string) {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('NOT_FOUND', 'User not found');
      if (user.role === 'admin') throw new AppError('INVALID_STATE', 'Admin accounts need no approval');
      // The approval mail is a job written with the approval (the outbox), delivered after the commit.
      const deliver = await db.transaction(async (tx) => {
        const row = await repo.approveUser(tx, userId, adminId);
        if (!row) return null;
        await notify(tx, {
          userId,
          kind: 'account_approved',
          title: 'Your account is approved',
          body: 'Choose a plan in Settings > Billing to start using Brickyard.',
          link: `/${user.role}/settings/billing`,
        });
        return mailer.queue(tx, {
          to: user.email,
          ...(await accountApprovedMail(user.firstName, `${config.publicUrl}/login`)),
        });
      });
      ctx.principals.invalidate(userId);
      await deliver?.();
      return { id: userId, approved: true };
    },
  };
  return service;
}

/** A mail job names its recipient and subject; scheduled jobs carry nothing worth showing. */
function jobSubject(data: Record<string, unknown> | null): string | null {
  if (data && typeof data.to === 'string')
    return `To ${data.to}: ${typeof data.subject === 'string' ? data.subject : '(no subject)'}`;
  if (data && typeof data.kind === 'string' && typeof data.id === 'string') return `${data.kind} ${data.id}`;
  return null;
}
