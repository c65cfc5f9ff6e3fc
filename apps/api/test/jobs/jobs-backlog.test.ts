/**
 * A backlog drains at the pace of its jobs, not one job per poll: a catalogue import queues a
 * matching job per item, and pg-boss waits a whole poll after every fetch.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect } from '../../src/db/client.ts';
import { createJobs } from '../../src/platform/jobs/jobs.ts';
import { cloneTemplateDatabase } from '../harness.ts';

const silent = { warn: () => undefined };
let database: ReturnType<typeof connect>;

beforeAll(async () => {
  database = connect((await cloneTemplateDatabase()).url, 4);
});
afterAll(() => database.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('a backlog of jobs runs one after another without waiting a poll between them, and an empty queue still waits', async () => {
  const jobs = createJobs({ db: database.db, log: silent, pollSeconds: 2, workers: true });
  const ranAt: number[] = [];
  jobs.define<{ n: number }>({ name: 'backlog-test', run: async () => void ranAt.push(Date.now()) });
  await jobs.start();
  try {
    for (let n = 0; n < 8; n++) await jobs.send('backlog-test', { n });
    const t0 = Date.now();
    jobs.wake('backlog-test');
    for (let i = 0; i < 400 && ranAt.length < 8; i++) await sleep(25);
    // one job a poll would take 7 polls (14 s) after the first
    expect(ranAt).toHaveLength(8);
    expect(Date.now() - t0).toBeLessThan(4000);
    // the queue empty, the worker is back to its poll: a job sent now (with no wake) waits for it
    await sleep(300);
    const sent = Date.now();
    await jobs.send('backlog-test', { n: 8 });
    for (let i = 0; i < 200 && ranAt.length < 9; i++) await sleep(25);
    expect(ranAt).toHaveLength(9);
    expect(ranAt[8]! - sent).toBeGreaterThan(300);
  } finally {
    await jobs.stop();
  }
});
