import { AppError, PLANS, type PlanType } from '@brickyard/shared';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './billing.repository.ts';

/**
 * The monthly plan quotas of docs/product.md section 9 (Core: 5 uploads and 5 Bid Assist submissions a
 * calendar month; Growth and Partner unlimited), shared by every feature that spends them.
 *
 * Call `consumeQuota` inside the transaction that does the work: the unit is taken by one
 * `INSERT … ON CONFLICT DO UPDATE SET used = used + 1 WHERE used < limit RETURNING` statement,
 * so two concurrent calls can never both take the last unit, and a rollback of the caller's
 * transaction gives the unit back by itself. Use `releaseQuota` only when the work fails after
 * the transaction that took the unit has committed.
 */
export type QuotaKind = 'uploads' | 'bid_assist';

const KIND_LABEL: Record<QuotaKind, { noun: string; limitOf: (p: PlanType) => number | null }> = {
  uploads: { noun: 'uploads', limitOf: (p) => PLANS[p].limits.uploadsPerMonth },
  bid_assist: { noun: 'Bid Assist submissions', limitOf: (p) => PLANS[p].limits.bidAssistPerMonth },
};

const londonMonth = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit' });

/** The calendar month a use counts in, `yyyy-MM`, as the UK customer sees the calendar. */
export function quotaMonth(now: Date = new Date()): string {
  const parts = londonMonth.formatToParts(now);
  const year = parts.find((p) => p.type === 'year')!.value;
  const month = parts.find((p) => p.type === 'month')!.value;
  return `${year}-${month}`;
}

/**
 * The monthly limit of `kind` on `plan`; null = unlimited. A caller without a plan in force
 * (null) gets Core's limits: the access gate normally stops such callers before they get here.
 */
export function quotaLimit(plan: PlanType | null | undefined, kind: QuotaKind): number | null {
  return KIND_LABEL[kind].limitOf(plan ?? 'CORE');
}

export interface QuotaRequest {
  userId: string;
  plan: PlanType | null | undefined;
  kind: QuotaKind;
  /** defaults to now */
  now?: Date;
}

export interface QuotaUse {
  used: number;
  limit: number | null;
  month: string;
}

function limitReached(plan: PlanType | null | undefined, kind: QuotaKind, used: number, limit: number): AppError {
  const p = PLANS[plan ?? 'CORE'];
  const noun = KIND_LABEL[kind].noun;
  return new AppError(
    'PLAN_LIMIT_REACHED',
    `Your ${p.name} plan includes ${limit} ${noun} a month and you have used ${used}. Upgrade to Growth for unlimited ${noun}.`,
    [
      { path: `${kind}.used`, message: String(used) },
      { path: `${kind}.limit`, message: String(limit) },
    ],
  );
}

/** Takes one unit of this month's quota or throws AppError PLAN_LIMIT_REACHED (402). */
export async function consumeQuota(tx: DbOrTx, req: QuotaRequest): Promise<QuotaUse> {
  const month = quotaMonth(req.now);
  const limit = quotaLimit(req.plan, req.kind);
  const used = limit !== null && limit <= 0 ? null : await repo.takeUsage(tx, req.userId, req.kind, month, limit);
  if (used === null) {
    const current = await repo.usageOf(tx, req.userId, req.kind, month);
    throw limitReached(req.plan, req.kind, current, limit ?? 0);
  }
  return { used, limit, month };
}

/** Gives back one unit taken by `consumeQuota` in `month` (default: this month); never below 0. */
export async function releaseQuota(
  tx: DbOrTx,
  req: { userId: string; kind: QuotaKind; month?: string },
): Promise<void> {
  await repo.giveBackUsage(tx, req.userId, req.kind, req.month ?? quotaMonth());
}

/** Read-only: how much of `kind` the user has used this month and the limit of `plan`. */
export async function quotaUsage(db: DbOrTx, req: QuotaRequest): Promise<QuotaUse> {
  const month = quotaMonth(req.now);
  return { used: await repo.usageOf(db, req.userId, req.kind, month), limit: quotaLimit(req.plan, req.kind), month };
}

/** Throws PLAN_LIMIT_REACHED when nothing is left, without taking a unit (for a friendly early check). */
export async function assertQuotaLeft(db: DbOrTx, req: QuotaRequest): Promise<QuotaUse> {
  const use = await quotaUsage(db, req);
  if (use.limit !== null && use.used >= use.limit) throw limitReached(req.plan, req.kind, use.used, use.limit);
  return use;
}
