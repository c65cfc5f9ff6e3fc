/**
 * An instance shutting down while the feed job is fetching from a source stops that run at once:
 * the fetch is aborted and close() returns long before the job queue's own wait (10 s) runs out.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createTestApp } from '../harness.ts';

// A source that accepts the request and never answers, as a stalled upstream does.
const requests: http.IncomingMessage[] = [];
const aborted: string[] = [];
const stalled = http.createServer((req) => {
  requests.push(req);
  req.on('close', () => aborted.push(req.url ?? ''));
});
let sourceUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
  sourceUrl = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}`;
});
afterAll(async () => {
  stalled.closeAllConnections();
  await new Promise((resolve) => stalled.close(resolve));
});

it('closing the app aborts a feed run waiting on a stalled source instead of waiting out the job queue', async () => {
  const base = loadConfig({ NODE_ENV: 'test' });
  const app = await createTestApp({
    feed: {
      ...base.feed,
      scheduleEnabled: true,
      seedSnapshot: false,
      contractsFinderUrl: sourceUrl,
      findATenderUrl: sourceUrl,
    },
    jobs: { ...base.jobs, workers: true, pollSeconds: 0.5 },
  });
  // the feed job's first run starts a second after the workers do, and asks the stalled source
  for (let i = 0; i < 200 && requests.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
  expect(requests.length, 'the feed job never reached the source').toBeGreaterThan(0);

  const started = Date.now();
  await app.close();
  const tookMs = Date.now() - started;
  expect(aborted.length, 'the request to the source was not aborted').toBeGreaterThan(0);
  // the job queue waits up to 10 s for a running job; a run told to stop ends well within that
  expect(tookMs).toBeLessThan(5000);
});
