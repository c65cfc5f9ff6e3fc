import path from 'node:path';
import type { Db } from '../../db/client.ts';
import type { App, AppContext } from '../../platform/context.ts';
import { apiRoot } from '../../platform/paths.ts';
import { runConnector, type ConnectorRun } from './connectors/feed-connector.ts';
import { contractsFinder, findATender } from './connectors/sources.ts';
import { alertNewTenders, sendClosingReminders, type FeedJobContext } from './external-tenders.service.ts';
import { formatSummary, importFiles, releasesPerSecond, type ImportSummary } from './feed-importer.ts';
import * as repo from './feed.repository.ts';

/** One feed job at a time across every instance (pg_try_advisory_lock). */
export const FEED_LOCK_KEY = 724_311_105;

const SNAPSHOT_DIR = path.join(apiRoot(), 'src/modules/external-tenders/snapshot');
/** The main real OCDS snapshot shipped with the product: 60 releases, 52 processes (see snapshot/README.md). */
export const SNAPSHOT_FILE = path.join(SNAPSHOT_DIR, 'demo-release-package.json');
/** Every real release shipped (snapshot/README.md): the main snapshot and two Contracts Finder packages (477 releases). */
export const SNAPSHOT_FILES = [
  SNAPSHOT_FILE,
  path.join(SNAPSHOT_DIR, 'contracts-finder-2014-2015.json.gz'),
  path.join(SNAPSHOT_DIR, 'contracts-finder-2022.json.gz'),
];

/**
 * Imports the shipped snapshots when the feed is empty, so the Live Feed works offline on first
 * start — in development (the demo seed) and in production alike. Safe with several instances.
 */
export async function importSnapshotIfEmpty(db: Db): Promise<ImportSummary | null> {
  if ((await repo.countTenders(db)) > 0) return null;
  const res = await repo.withAdvisoryLock(db, FEED_LOCK_KEY, async () => {
    if ((await repo.countTenders(db)) > 0) return null;
    return importFiles(db, SNAPSHOT_FILES);
  });
  return res?.value ?? null;
}

/**
 * One feed run: the snapshot (when the feed is empty, on an instance's first run); then the
 * connectors (when FEED_SCHEDULE_ENABLED), saved-search alerts for new tenders, and the "closing within 7 days" reminders for favourites. Failures are logged at warn
 * and never reach a request: with no internet the feed simply stays as it is.
 */
export function createFeedJobs(ctx: FeedJobContext, opts: { fetch?: typeof fetch } = {}) {
  const cfg = ctx.config.feed;
  const controller = new AbortController();
  let snapshotDone = false;

  async function runOnce(): Promise<ConnectorRun[]> {
    const runs: ConnectorRun[] = [];
    const locked = await repo.withAdvisoryLock(ctx.db, FEED_LOCK_KEY, async () => {
      if (cfg.seedSnapshot && !snapshotDone) {
        snapshotDone = true;
        if ((await repo.countTenders(ctx.db)) === 0) {
          const s = await importFiles(ctx.db, SNAPSHOT_FILES);
          ctx.log.info(
            { releases: s.total, new: s.new, rejected: s.rejected, perSecond: releasesPerSecond(s) },
            'live feed: imported the shipped snapshot',
          );
        }
      }
      if (cfg.scheduleEnabled) {
        for (const source of [contractsFinder(cfg), findATender(cfg)]) {
          if (controller.signal.aborted) break;
          try {
            const run = await runConnector(
              { db: ctx.db, config: cfg, fetch: opts.fetch, log: ctx.log, signal: controller.signal },
              source,
            );
            runs.push(run);
            const level = run.status === 'failed' || run.status === 'throttled' ? 'warn' : 'info';
            ctx.log[level](
              {
                source: run.source,
                status: run.status,
                pages: run.pages,
                error: run.error,
                summary: formatSummary(run.summary),
              },
              'live feed: connector run',
            );
            await alertNewTenders(ctx, run.summary.newTenderIds);
          } catch (err) {
            ctx.log.warn({ err, source: source.name }, 'live feed: connector run failed');
          }
        }
        await sendClosingReminders(ctx);
      }
    });
    if (!locked) ctx.log.info({}, 'live feed: another instance is running the feed job');
    return runs;
  }

  return {
    runOnce,
    /** Stops a run in progress at its next page (shutdown). */
    stop: () => controller.abort(),
  };
}

/**
 * app.ts: the feed as a scheduled job in the durable queue (platform/jobs): the first run shortly
 * after the first instance starts, then every FEED_INTERVAL_MINUTES, on exactly one instance.
 */
export function registerFeedJobs(app: App, ctx: AppContext) {
  const jobs = createFeedJobs(ctx);
  const cfg = ctx.config.feed;
  if (cfg.scheduleEnabled || cfg.seedSnapshot) {
    ctx.jobs.every(
      'feed-import',
      { everySeconds: cfg.intervalMinutes * 60, firstAfterSeconds: 1, expireInSeconds: 60 * 60 },
      async () => {
        await jobs.runOnce();
      },
    );
  }
  // preClose, not onClose: the job queue's own onClose waits (up to its stopWaitMs) for the jobs
  // it runs, and onClose hooks run last-registered first, so a feed run blocked on an unreachable
  // source or in a retry's backoff held every shutdown for the whole wait before being told to stop.
  app.addHook('preClose', async () => jobs.stop());
  return jobs;
}
