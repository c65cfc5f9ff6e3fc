import type { AppContext } from '../../platform/context.ts';
import { withAdvisoryLock } from './billing.repository.ts';
import type { BillingService } from './billing.service.ts';

/** One lifecycle run at a time across every instance (pg_try_advisory_lock). */
export const BILLING_LOCK_KEY = 724_311_207;

/**
 * The subscription lifecycle run: renews local subscriptions at their period end, ends cancelled
 * ones and expires past_due ones beyond the grace period (rules in lifecycle.ts). The advisory lock
 * also keeps a run started by hand (tests, a console) from overlapping the scheduled one.
 */
export function createBillingJobs(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  billing: Pick<BillingService, 'runLifecycle'>,
) {
  async function runOnce(now = new Date()) {
    const res = await withAdvisoryLock(ctx.db, BILLING_LOCK_KEY, () => billing.runLifecycle(now));
    if (res && (res.value.renewed || res.value.ended)) ctx.log.info(res.value, 'billing: lifecycle run');
    return res?.value ?? null;
  }

  return { runOnce };
}

/**
 * app.ts: the lifecycle as a scheduled job in the durable queue, every BILLING_JOB_INTERVAL_SECONDS
 * on exactly one instance (platform/jobs).
 */
export function registerBillingJobs(ctx: AppContext, billing: BillingService) {
  const jobs = createBillingJobs(ctx, billing);
  if (ctx.config.billing.jobEnabled) {
    ctx.jobs.every(
      'billing-lifecycle',
      { everySeconds: ctx.config.billing.jobIntervalSeconds, firstAfterSeconds: 2 },
      async () => {
        await jobs.runOnce();
      },
    );
  }
  return jobs;
}
