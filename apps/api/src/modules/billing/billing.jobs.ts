import type { App, AppContext } from '../../platform/context.ts';
import { withAdvisoryLock } from './billing.repository.ts';
import type { BillingService } from './billing.service.ts';

/** One lifecycle run at a time across every instance (pg_try_advisory_lock). */
export const BILLING_LOCK_KEY = 724_311_207;

/**
 * The subscription lifecycle job: every BILLING_JOB_INTERVAL_SECONDS it renews local
 * subscriptions at their period end, ends cancelled ones and expires past_due ones beyond the
 * grace period (rules in lifecycle.ts). In-process; the advisory lock keeps it to one instance.
 */
export function createBillingJobs(ctx: Pick<AppContext, 'db' | 'config' | 'log'>, billing: Pick<BillingService, 'runLifecycle'>) {
  const cfg = ctx.config.billing;
  let timer: NodeJS.Timeout | null = null;
  let first: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function runOnce(now = new Date()) {
    const res = await withAdvisoryLock(ctx.db, BILLING_LOCK_KEY, () => billing.runLifecycle(now));
    if (res && (res.value.renewed || res.value.ended)) ctx.log.info(res.value, 'billing: lifecycle run');
    return res?.value ?? null;
  }

  function tick() {
    if (running) return;
    running = runOnce()
      .then(() => undefined)
      .catch((err: unknown) => ctx.log.warn({ err }, 'billing: lifecycle job failed'))
      .finally(() => {
        running = null;
      });
  }

  return {
    runOnce,
    start() {
      if (!cfg.jobEnabled || timer) return;
      timer = setInterval(tick, cfg.jobIntervalSeconds * 1000);
      timer.unref();
      first = setTimeout(tick, 2000);
      first.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      if (first) clearTimeout(first);
      timer = null;
      await running;
    },
  };
}

/** app.ts: starts the lifecycle job once the server is ready and stops it when it closes. */
export function registerBillingJobs(app: App, ctx: AppContext, billing: BillingService) {
  const jobs = createBillingJobs(ctx, billing);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  return jobs;
}
