import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  JOBS_SCHEMA,
  failedJobQueue,
  jobsDb,
  listFailedJobs,
  postponeJob,
  type FailedJobRow,
} from './jobs.repository.ts';

/**
 * The one durable job queue: pg-boss on the PostgreSQL the app already runs (see
 * docs/decisions/0002-durable-jobs.md). Jobs are rows, so they survive a restart; a job is taken
 * by one worker of one instance (SKIP LOCKED), and failed attempts are retried with backoff.
 */
export interface QueueDefinition<T> {
  name: string;
  run(data: T): Promise<void>;
  /** 'stately': at most one waiting and one running job (the scheduled jobs). */
  policy?: 'standard' | 'stately';
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A running job not finished by then (its instance died) is failed and retried. */
  expireInSeconds?: number;
}

export interface SendOptions {
  /** Write the job in this transaction (the outbox): it exists only if the transaction commits. */
  tx?: DbOrTx;
  startAfterSeconds?: number;
  singletonKey?: string;
  /** The job's id (a uuid), when the caller needs it before the insert (a mail's Message-ID). */
  id?: string;
}

export interface Jobs {
  define<T extends object>(queue: QueueDefinition<T>): void;
  /**
   * A job run every `everySeconds` by exactly one instance: each run first queues the next one, on
   * a queue that holds at most one waiting job, so instances starting or running together never
   * double it. The first run is `firstAfterSeconds` after the first instance starts.
   */
  every(
    name: string,
    opts: { everySeconds: number; firstAfterSeconds: number; expireInSeconds?: number },
    run: () => Promise<void>,
  ): void;
  send<T extends object>(name: string, data: T, opts?: SendOptions): Promise<string | null>;
  /** Moves a waiting job's start to `seconds` from now. */
  postpone(name: string, id: string, seconds: number): Promise<void>;
  deleteJob(name: string, id: string): Promise<void>;
  /** This instance's worker of `name` looks for jobs now instead of at its next poll. */
  wake(name: string): void;
  failed(limit: number): Promise<FailedJobRow[]>;
  /** Queues a failed job again with fresh attempts; false when no failed job has that id. */
  retryFailed(id: string): Promise<boolean>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobsOptions {
  db: Db;
  /** the app's logger, or a plain one (the feed:import CLI queues mail without an app) */
  log: { warn(obj: object, msg: string): void };
  pollSeconds: number;
  /** false: this instance queues jobs but runs none (JOBS_WORKERS) */
  workers: boolean;
  /** How long stop() waits for running jobs, then for the work its workers had under way (10 s). */
  stopWaitMs?: number;
}

export function createJobs(opts: JobsOptions): Jobs {
  // drizzle(pool) keeps its pool as $client (not on the Db type, which also covers transactions)
  const pool = (opts.db as Db & { $client: pg.Pool }).$client;
  const stopWaitMs = opts.stopWaitMs ?? 10_000;
  // pg-boss's statements under way, and the job runs that began after stop() was called: stop()
  // returns once there are none (see there).
  let statements = 0;
  let lateRuns = 0;
  let stoppingSince: number | null = null;
  const executeSql = async (text: string, values?: unknown[]) => {
    statements++;
    try {
      return await pool.query(text, values);
    } catch (err) {
      // A run pg-boss stopped waiting for (past stopWaitMs) ends after the pool has closed, and
      // pg-boss records its outcome without awaiting it. pg-boss already failed it at shutdown, so
      // another instance retries it (docs/decisions/0002-durable-jobs.md); the lost write is no crash.
      if (stoppingSince === null) throw err;
      opts.log.warn({ err }, 'jobs: a job abandoned at shutdown could not be recorded; it will expire and be retried');
      // pg-boss reads a command's answer as `rows[0].count`: nothing was changed.
      return { rows: [{ count: 0 }] };
    } finally {
      statements--;
    }
  };
  const boss = new PgBoss({
    schema: JOBS_SCHEMA,
    // The app's own pool: one set of connections, the embedded PostgreSQL or DATABASE_URL alike.
    db: { executeSql },
    // The schema is installed with the app's migrations (db/migrate.ts), under their lock.
    migrate: false,
    // Our scheduled jobs chain themselves (every()); pg-boss's cron clock is not needed.
    schedule: false,
    // A mail job holds its links (sign-in credentials until they expire): finished jobs leave the
    // job table after an hour and the archive after a day. Failed ones stay a week for the admins.
    archiveCompletedAfterSeconds: 60 * 60,
    archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
    deleteAfterSeconds: 24 * 60 * 60,
  });
  boss.on('error', (err) => opts.log.warn({ err }, 'jobs: queue maintenance failed'));

  const queues = new Map<string, QueueDefinition<object>>();
  const workers = new Map<string, string>();
  const recurring: Array<{ name: string; firstAfterSeconds: number }> = [];
  let started = false;

  const define: Jobs['define'] = (queue) => {
    if (queues.has(queue.name)) throw new Error(`job queue ${queue.name} is defined twice`);
    queues.set(queue.name, queue);
  };

  const send: Jobs['send'] = (name, data, o = {}) =>
    boss.send(name, data, {
      ...(o.tx ? { db: jobsDb(o.tx) } : {}),
      ...(o.startAfterSeconds ? { startAfter: o.startAfterSeconds } : {}),
      ...(o.singletonKey ? { singletonKey: o.singletonKey } : {}),
      ...(o.id ? { id: o.id } : {}),
    });

  return {
    define,
    every(name, o, run) {
      define({
        name,
        policy: 'stately',
        // A failed run is not retried: the next one is already queued. It shows in the admin's failed jobs.
        retryLimit: 0,
        expireInSeconds: o.expireInSeconds ?? 15 * 60,
        run: async () => {
          await send(name, {}, { startAfterSeconds: o.everySeconds });
          await run();
        },
      });
      recurring.push({ name, firstAfterSeconds: o.firstAfterSeconds });
    },
    send,
    postpone: (name, id, seconds) => postponeJob(opts.db, name, id, seconds),
    deleteJob: (name, id) => boss.deleteJob(name, id),
    wake(name) {
      const worker = workers.get(name);
      if (worker) boss.notifyWorker(worker);
    },
    failed: (limit) => listFailedJobs(opts.db, limit),
    async retryFailed(id) {
      const name = await failedJobQueue(opts.db, id);
      if (!name) return false;
      await boss.retry(name, id);
      return true;
    },
    async start() {
      if (started) return;
      started = true;
      stoppingSince = null;
      await boss.start();
      const existing = new Set((await boss.getQueues()).map((q) => q.name));
      for (const q of queues.values()) {
        const options = {
          name: q.name,
          policy: q.policy ?? 'standard',
          retryLimit: q.retryLimit ?? 3,
          retryDelay: q.retryDelaySeconds ?? 30,
          retryBackoff: q.retryBackoff ?? true,
          expireInSeconds: q.expireInSeconds ?? 15 * 60,
        };
        // Another instance may create it at the same moment; the settings follow this release's code.
        if (existing.has(q.name)) await boss.updateQueue(q.name, options);
        else await boss.createQueue(q.name, options).catch(() => boss.updateQueue(q.name, options));
        if (!opts.workers) continue;
        const worker = await boss.work<object>(
          q.name,
          { pollingIntervalSeconds: opts.pollSeconds, batchSize: 1 },
          async ([job]) => {
            if (!job) return;
            const late = stoppingSince !== null;
            if (late) lateRuns++;
            try {
              await q.run(job.data ?? {});
            } catch (err) {
              opts.log.warn(
                { err, job: q.name, id: job.id },
                'jobs: a job failed; it is retried while it has attempts left',
              );
              throw storableError(err);
            } finally {
              if (late) lateRuns--;
              // pg-boss waits a whole poll after every fetch, found or not: with one job a fetch, a
              // backlog (a catalogue import's 2,000 items to match) drained at one job a poll,
              // 30 a minute. A worker that found a job looks again at once; an empty fetch waits.
              const self = workers.get(q.name);
              if (self && stoppingSince === null) boss.notifyWorker(self);
            }
          },
        );
        workers.set(q.name, worker);
      }
      for (const r of recurring) await send(r.name, {}, { startAfterSeconds: r.firstAfterSeconds });
    },
    async stop() {
      if (!started) return;
      started = false;
      stoppingSince = Date.now();
      workers.clear();
      // Running jobs finish (or, past the wait, expire and are retried by another instance).
      await boss.stop({ graceful: true, wait: true, timeout: stopWaitMs, close: false });
      // pg-boss waits only for jobs its workers already hold. A worker whose fetch is still in
      // flight runs the job it brings back after that, and pg-boss records the outcome without
      // awaiting it: once the caller has closed the pool, that write would be an unhandled
      // rejection. So also wait until none of pg-boss's statements and none of the runs that began
      // since stop() was called is under way. Each step of that chain starts in a microtask of the
      // one before, so a check from a timer never falls between two of them.
      const until = Date.now() + stopWaitMs;
      while ((statements > 0 || lateRuns > 0) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/**
 * What pg-boss keeps of a failed job's error (as JSON, shown to admins): the message and the first
 * lines of the stack, as plain text. An error can carry anything — a storage answer's bytes, a
 * NUL — that PostgreSQL's JSON refuses, which would lose the failure and reject inside pg-boss.
 */
export function storableError(err: unknown): Error {
  const plain = (text: string, max: number) =>
    text
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '') // lone surrogates
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/g, '')
      .slice(0, max);
  const message = err instanceof Error ? err.message : String(err);
  const clean = new Error(plain(message, 2000) || 'The job failed');
  clean.stack = plain(
    err instanceof Error && err.stack ? err.stack.split('\n').slice(0, 8).join('\n') : clean.message,
    4000,
  );
  return clean;
}
