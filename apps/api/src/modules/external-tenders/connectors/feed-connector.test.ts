import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import type { FeedConfig } from '../../../config.ts';
import { externalTenders } from '../../../db/schema/index.ts';
import { createFeedJobs, FEED_LOCK_KEY } from '../feed-jobs.ts';
import * as repo from '../feed.repository.ts';
import { abortableSleep, runConnector, type ConnectorDeps } from './feed-connector.ts';
import { contractsFinder, findATender } from './sources.ts';

/**
 * The connectors against a local HTTP server that serves the two recorded Contracts Finder pages
 * (test-fixtures/, verbatim apart from links.next, which is pointed at this server) and a last,
 * empty page; scripted statuses simulate throttling (403/429) and outages (503/504).
 */
const fixtures = path.join(import.meta.dirname, '../test-fixtures');
const recorded = fs
  .readdirSync(fixtures)
  .filter((f) => f.startsWith('cf-ocds-search_'))
  .sort()
  .map(
    (f) =>
      JSON.parse(fs.readFileSync(path.join(fixtures, f), 'utf8')) as { releases: unknown[]; links?: { next?: string } },
  );

let t: TestApp;
let server: http.Server;
let base = '';
const requests: { url: string; at: number; status: number }[] = [];
/** Statuses to answer before serving a page, keyed by page ("p1", "p2", "p3"). */
const script = new Map<string, { status: number; headers?: Record<string, string> }[]>();
let evilNext = false;

function pageOf(url: URL): { key: string; body: unknown } {
  const cursor = url.searchParams.get('cursor');
  const key = cursor ?? 'p1';
  const withNext = (page: (typeof recorded)[number], next: string | null) => ({
    ...page,
    links: next ? { next } : {},
  });
  const nextUrl = (c: string) => {
    const u = new URL(url.toString());
    u.searchParams.set('cursor', c);
    return evilNext ? `https://evil.example${u.pathname}${u.search}` : `${base}${u.pathname}${u.search}`;
  };
  if (key === 'p1') return { key, body: withNext(recorded[0]!, nextUrl('p2')) };
  if (key === 'p2') return { key, body: withNext(recorded[1]!, nextUrl('p3')) };
  return { key, body: { uri: 'last', version: '1.1', publisher: { name: 'Cabinet Office' }, releases: [], links: {} } };
}

const feedConfig = (over: Partial<FeedConfig> = {}): FeedConfig => ({
  scheduleEnabled: true,
  intervalMinutes: 60,
  contractsFinderUrl: base,
  findATenderUrl: base,
  throttlePauseMs: 40,
  minRequestIntervalMs: { contractsFinder: 0, findATender: 30 },
  retryBaseMs: 10,
  maxRetries: 3,
  initialLookbackDays: 7,
  maxPagesPerRun: 50,
  requestTimeoutMs: 5000,
  seedSnapshot: false,
  ...over,
});

let sleeps: number[] = [];
const warnings: string[] = [];
const deps = (over: Partial<FeedConfig> = {}): ConnectorDeps => ({
  db: t.db,
  config: feedConfig(over),
  sleep: async (ms, signal) => {
    sleeps.push(ms);
    await abortableSleep(ms, signal);
  },
  log: { info: () => undefined, warn: (_o, msg) => void warnings.push(msg) },
});
const state = (source: string) => repo.getSyncState(t.db, source);

beforeAll(async () => {
  t = await createTestApp();
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    const { key, body } = pageOf(url);
    const scripted = script.get(key)?.shift();
    const status = scripted?.status ?? 200;
    requests.push({ url: url.toString(), at: Date.now(), status });
    if (scripted) {
      res.writeHead(status, { 'content-type': 'text/plain', ...scripted.headers });
      return res.end(`status ${status}`);
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await t.close();
});
beforeEach(async () => {
  requests.length = 0;
  sleeps = [];
  script.clear();
  evilNext = false;
  await t.db.execute(sql`delete from feed_sync_state`);
});

describe('DESIGN §6 feed jobs: snapshot on an empty feed, then the connectors, one instance at a time', () => {
  it('a run imports the shipped snapshot when the feed is empty and pages both sources', async () => {
    const mails: unknown[] = [];
    const jobs = createFeedJobs({
      db: t.db,
      config: {
        ...t.config,
        feed: feedConfig({ seedSnapshot: true, minRequestIntervalMs: { contractsFinder: 0, findATender: 0 } }),
      },
      mailer: { queue: async (_tx, m) => async () => void mails.push(m) },
      log: { info: () => undefined, warn: () => undefined },
    });
    const runs = await jobs.runOnce();
    expect(runs.map((r) => [r.source, r.status, r.pages])).toEqual([
      ['contracts-finder', 'done', 3],
      ['find-a-tender', 'done', 3],
    ]);
    const ocids = (await t.db.select({ ocid: externalTenders.ocid }).from(externalTenders)).map((r) => r.ocid);
    expect(ocids).toContain('ocds-kuma6s-147998'); // from the snapshot
    expect(ocids.length).toBeGreaterThan(52 + 100);
    jobs.stop();
  });

  it('holds a PostgreSQL advisory lock: a second instance does not run meanwhile', async () => {
    let inner: unknown = 'not run';
    const outer = await repo.withAdvisoryLock(t.db, FEED_LOCK_KEY, async () => {
      inner = await repo.withAdvisoryLock(t.db, FEED_LOCK_KEY, async () => 'ran');
      return 'outer';
    });
    expect(outer).toEqual({ ran: true, value: 'outer' });
    expect(inner).toBeNull();
  });
});

describe('DESIGN §6 Contracts Finder connector (recorded real pages, cursor paging)', () => {
  it('asks by published date, follows links.next through every page, and remembers the window end', async () => {
    const run = await runConnector(deps(), contractsFinder(feedConfig()));
    expect(run).toMatchObject({ status: 'done', pages: 3, requests: 3 });
    expect(run.summary.total).toBe(200);
    expect(run.summary.rejected).toBe(0);
    const first = new URL(requests[0]!.url);
    expect(first.pathname).toBe('/Published/Notices/OCDS/Search');
    expect(first.searchParams.get('limit')).toBe('100');
    expect(first.searchParams.get('publishedFrom')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(requests.map((r) => new URL(r.url).searchParams.get('cursor'))).toEqual([null, 'p2', 'p3']);
    const s = await state('contracts-finder');
    expect(s).toMatchObject({ cursorUrl: null, lastError: null, pagesFetched: 3, releasesImported: 200 });
    expect(s!.lastFrom!.toISOString().slice(0, 19)).toBe(first.searchParams.get('publishedTo')!.slice(0, 19));

    // The next run starts where this window ended, and re-reading is harmless.
    const again = await runConnector(deps(), contractsFinder(feedConfig()));
    expect(new URL(requests[3]!.url).searchParams.get('publishedFrom')).toBe(first.searchParams.get('publishedTo'));
    expect(again.summary).toMatchObject({ new: 0, updated: 0, unchanged: 200 });
  });

  it('429: pauses for the configured time (or Retry-After) and then continues', async () => {
    script.set('p2', [{ status: 429 }, { status: 429, headers: { 'retry-after': '0' } }]);
    const run = await runConnector(deps(), contractsFinder(feedConfig()));
    expect(run).toMatchObject({ status: 'done', pages: 3, requests: 5 });
    expect(sleeps).toEqual([40, 40]);
    const [throttled, retried] = [requests[1]!, requests[2]!];
    expect(throttled.status).toBe(429);
    expect(retried.at - throttled.at).toBeGreaterThanOrEqual(38);
    expect(warnings).toContain('feed source throttled us; pausing');
  });

  it('403 three times: stops, pauses the source, keeps the cursor, and resumes from it after the pause', async () => {
    script.set('p2', [{ status: 403 }, { status: 403 }, { status: 403 }]);
    const started = Date.now();
    const run = await runConnector(deps(), contractsFinder(feedConfig()));
    expect(run).toMatchObject({ status: 'throttled', pages: 1 });
    const s = await state('contracts-finder');
    expect(new URL(s!.cursorUrl!).searchParams.get('cursor')).toBe('p2');
    // paused for the configured 40 ms from the refusal (not checked against the clock after the
    // run: on a busy machine the run itself can take longer than the pause)
    expect(s!.pausedUntil!.getTime()).toBeGreaterThanOrEqual(started + 40);
    expect(s!.lastError).toBe('throttled (HTTP 403)');

    // While paused, a run sends nothing at all.
    await repo.saveSyncState(t.db, 'contracts-finder', { pausedUntil: new Date(Date.now() + 60_000) });
    requests.length = 0;
    const paused = await runConnector(deps(), contractsFinder(feedConfig()));
    expect(paused).toMatchObject({ status: 'paused', requests: 0 });
    expect(requests).toHaveLength(0);

    // Once the pause is over, it resumes from the saved cursor.
    await repo.saveSyncState(t.db, 'contracts-finder', { pausedUntil: new Date(Date.now() - 1) });
    const resumed = await runConnector(deps(), contractsFinder(feedConfig()));
    expect(resumed).toMatchObject({ status: 'done', pages: 2 });
    expect(requests.map((r) => new URL(r.url).searchParams.get('cursor'))).toEqual(['p2', 'p3']);
    expect((await state('contracts-finder'))!.pausedUntil).toBeNull();
  });

  it('503/504: retries with exponential backoff, then gives up for the run keeping the cursor', async () => {
    script.set('p1', [{ status: 503 }, { status: 504 }, { status: 503 }]);
    const ok = await runConnector(deps(), contractsFinder(feedConfig()));
    expect(ok).toMatchObject({ status: 'done', pages: 3, requests: 6 });
    expect(sleeps).toEqual([10, 20, 40]);

    sleeps = [];
    requests.length = 0;
    await t.db.execute(sql`delete from feed_sync_state`);
    script.set('p2', [{ status: 503 }, { status: 503 }, { status: 504 }, { status: 503 }]);
    const failed = await runConnector(deps(), contractsFinder(feedConfig()));
    expect(failed).toMatchObject({ status: 'failed', pages: 1, error: 'HTTP 503 after 4 attempts' });
    expect(sleeps).toEqual([10, 20, 40]);
    const s = await state('contracts-finder');
    expect(new URL(s!.cursorUrl!).searchParams.get('cursor')).toBe('p2');

    requests.length = 0;
    const resumed = await runConnector(deps(), contractsFinder(feedConfig()));
    expect(resumed.status).toBe('done');
    expect(new URL(requests[0]!.url).searchParams.get('cursor')).toBe('p2');
  });

  it('is resumable: a run that stops at its page budget continues from the saved cursor', async () => {
    const first = await runConnector(deps({ maxPagesPerRun: 1 }), contractsFinder(feedConfig({ maxPagesPerRun: 1 })));
    expect(first).toMatchObject({ status: 'partial', pages: 1 });
    expect(new URL((await state('contracts-finder'))!.cursorUrl!).searchParams.get('cursor')).toBe('p2');
    requests.length = 0;
    const second = await runConnector(deps(), contractsFinder(feedConfig()));
    expect(second).toMatchObject({ status: 'done', pages: 2 });
    expect(new URL(requests[0]!.url).searchParams.get('cursor')).toBe('p2');
  });

  it('never follows a next link to another host', async () => {
    evilNext = true;
    const run = await runConnector(deps(), contractsFinder(feedConfig()));
    expect(run).toMatchObject({ status: 'done', pages: 1, requests: 1 });
  });

  it('a network failure (nothing listening) is retried, then reported quietly as failed', async () => {
    const cfg = feedConfig({ contractsFinderUrl: 'http://127.0.0.1:1', maxRetries: 1 });
    const run = await runConnector(deps({ maxRetries: 1 }), contractsFinder(cfg));
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^network error/);
  });
});

describe('DESIGN §6 Find a Tender connector: ocdsReleasePackages by updated date, paced client-side', () => {
  it('asks by updatedFrom with limit=100, follows the cursor, and spaces requests by the minimum interval', async () => {
    const run = await runConnector(deps(), findATender(feedConfig()));
    expect(run).toMatchObject({ status: 'done', pages: 3 });
    const first = new URL(requests[0]!.url);
    expect(first.pathname).toBe('/api/1.0/ocdsReleasePackages');
    expect(first.searchParams.get('updatedFrom')).toBeTruthy();
    expect(first.searchParams.get('limit')).toBe('100');
    // sent 30 ms apart at least; their arrival here may differ by the loopback's few milliseconds
    // on a busy machine (unpaced, they arrive a millisecond or two apart)
    for (let i = 1; i < requests.length; i++) {
      expect(requests[i]!.at - requests[i - 1]!.at).toBeGreaterThanOrEqual(25);
    }
  });
});
