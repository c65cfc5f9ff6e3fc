/**
 * Stopping the job queue leaves nothing running against the pool the caller closes next: a job a
 * worker was still fetching when stop() was called runs to its end and its outcome is written
 * before stop() returns (pg-boss itself waits only for jobs its workers already hold).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect } from '../../src/db/client.ts';
import { JOBS_SCHEMA } from '../../src/platform/jobs/jobs.repository.ts';
import { createJobs } from '../../src/platform/jobs/jobs.ts';
import { cloneTemplateDatabase } from '../harness.ts';

const silent = { warn: () => undefined };
let url: string;
let admin: ReturnType<typeof connect>;

beforeAll(async () => {
  url = (await cloneTemplateDatabase()).url;
  admin = connect(url, 2);
});
afterAll(() => admin.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('stop waits for the job a worker was fetching, and its completion is written before the pool closes', async () => {
  const database = connect(url, 4);
  const jobs = createJobs({ db: database.db, log: silent, pollSeconds: 0.5, workers: true });
  const ran: string[] = [];
  jobs.define<{ n: number }>({
    name: 'stop-test',
    run: async () => {
      await database.db.execute(sql`select pg_sleep(0.2)`);
      ran.push('done');
    },
  });
  await jobs.start();

  let stopped = false;
  let jobId: string | null = null;
  await admin.db.transaction(async (tx) => {
    // The worker's next fetch waits on this lock, so it is in flight when stop() is called.
    await tx.execute(sql.raw(`lock table ${JOBS_SCHEMA}.job in access exclusive mode`));
    jobId = await jobs.send('stop-test', { n: 1 }, { tx });
    for (let i = 0; i < 100; i++) {
      const { rows } = await admin.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0]!.n > 0) break;
      await sleep(50);
    }
    void jobs.stop().then(() => (stopped = true));
    await sleep(500);
    expect(stopped, 'stop() returned while a fetch was in flight').toBe(false);
  });
  // The lock is gone: the fetch brings the job back, and it runs before stop() returns.
  for (let i = 0; i < 200 && !stopped; i++) await sleep(50);
  expect(stopped).toBe(true);
  expect(ran).toEqual(['done']);
  await database.close();

  const { rows } = await admin.db.execute<{ state: string }>(
    sql`select state from ${sql.raw(JOBS_SCHEMA)}.job where id = ${jobId}`,
  );
  expect(rows[0]?.state).toBe('completed');
});

it('a job still running past the wait is left to be retried: its failed ending after the pool closed is logged, not an unhandled rejection', async () => {
  const database = connect(url, 4);
  const warnings: string[] = [];
  const jobs = createJobs({
    db: database.db,
    log: { warn: (_obj, msg) => void warnings.push(msg) },
    pollSeconds: 0.5,
    workers: true,
    stopWaitMs: 1000,
  });
  let running = false;
  jobs.define<{ n: number }>({
    name: 'stop-test-long',
    run: async () => {
      running = true;
      await database.db.execute(sql`select pg_sleep(1.5)`);
      await database.db.execute(sql`select 1`); // the pool has closed by now
    },
  });
  await jobs.start();
  const jobId = await jobs.send('stop-test-long', { n: 1 });
  jobs.wake('stop-test-long');
  for (let i = 0; i < 100 && !running; i++) await sleep(50);
  expect(running).toBe(true);
  const t0 = Date.now();
  await jobs.stop();
  expect(Date.now() - t0).toBeLessThan(1800); // pg-boss's wait, not ours on top of it
  await database.close();
  // the job's sleep ends half a second after close(); a loaded machine can take seconds more
  for (let i = 0; i < 200 && !warnings.some((w) => w.includes('abandoned at shutdown')); i++) await sleep(50);
  expect(warnings).toContain('jobs: a job abandoned at shutdown could not be recorded; it will expire and be retried');
  const { rows } = await admin.db.execute<{ state: string }>(
    sql`select state from ${sql.raw(JOBS_SCHEMA)}.job where id = ${jobId}`,
  );
  // pg-boss failed it when it stopped waiting ("shut down while active"): the next instance retries it
  expect(rows[0]?.state).toBe('retry');
});
