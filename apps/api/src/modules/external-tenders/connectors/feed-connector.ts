import { subDays } from 'date-fns';
import type { FeedConfig } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { addSummary, emptySummary, importDocument, type ImportSummary } from '../feed-importer.ts';
import * as repo from '../feed.repository.ts';
import type { FeedSource } from './sources.ts';

/**
 * Pages through one OCDS source and imports every page (docs/design.md section 6):
 * - client-side pacing between requests (Find a Tender: ~12 per 2 minutes);
 * - 403/429 (throttled): wait `throttlePauseMs` (or Retry-After if longer) and retry; after three
 *   throttles in a run, stop and pause the source until the pause is over;
 * - 5xx and network errors: exponential backoff (retryBaseMs × 2^attempt), then give up for this run;
 * - resumable: the next page's URL is saved after every page, and the window's end becomes the
 *   next run's start once the last page is in. Re-reading a page is harmless (import is idempotent).
 */

export interface ConnectorDeps {
  db: Db;
  config: FeedConfig;
  fetch?: typeof fetch;
  /** Resolves after `ms`, or rejects when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  signal?: AbortSignal;
}

export type ConnectorStatus = 'done' | 'partial' | 'paused' | 'throttled' | 'failed' | 'stopped';

export interface ConnectorRun {
  source: string;
  status: ConnectorStatus;
  pages: number;
  requests: number;
  summary: ImportSummary;
  error?: string;
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('stopped'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('stopped'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** When each source last sent a request (pacing spans runs within one process). */
const lastRequestAt = new Map<string, number>();

type PageResult =
  | { kind: 'ok'; json: unknown }
  | { kind: 'throttled'; status: number }
  | { kind: 'failed'; reason: string }
  | { kind: 'rejected'; reason: string };

const MAX_THROTTLES_PER_RUN = 3;

function retryAfterMs(res: Response): number {
  const h = res.headers.get('retry-after');
  if (!h) return 0;
  const secs = Number(h);
  if (Number.isFinite(secs)) return Math.min(secs, 3600) * 1000;
  const at = Date.parse(h);
  return Number.isFinite(at) ? Math.min(Math.max(0, at - Date.now()), 3_600_000) : 0;
}

/** A next link is followed only when it stays on the source's own origin. */
function sameOrigin(next: string, base: string): string | null {
  try {
    const u = new URL(next, base);
    return u.origin === new URL(base).origin ? u.toString() : null;
  } catch {
    return null;
  }
}

function nextUrlOf(json: unknown, current: string, base: string): string | null {
  if (typeof json !== 'object' || json === null) return null;
  const j = json as { links?: { next?: unknown }; cursor?: unknown; nextCursor?: unknown };
  if (typeof j.links?.next === 'string' && j.links.next) return sameOrigin(j.links.next, base);
  const cursor = typeof j.cursor === 'string' ? j.cursor : typeof j.nextCursor === 'string' ? j.nextCursor : null;
  if (!cursor) return null;
  const u = new URL(current);
  u.searchParams.set('cursor', cursor);
  return u.toString();
}

export async function runConnector(deps: ConnectorDeps, source: FeedSource): Promise<ConnectorRun> {
  const cfg = deps.config;
  const doFetch = deps.fetch ?? fetch;
  const sleep = deps.sleep ?? abortableSleep;
  const now = deps.now ?? (() => new Date());
  const run: ConnectorRun = { source: source.name, status: 'done', pages: 0, requests: 0, summary: emptySummary() };

  const state = await repo.getSyncState(deps.db, source.name);
  const started = now();
  if (state?.pausedUntil && state.pausedUntil > started) {
    run.status = 'paused';
    return run;
  }
  const from = state?.lastFrom ?? subDays(started, cfg.initialLookbackDays);
  let url = state?.cursorUrl ?? source.firstUrl(from, started);
  const windowEnd = source.windowEnd(url) ?? from;
  await repo.saveSyncState(deps.db, source.name, { lastRunAt: started });

  let throttles = 0;
  async function getPage(pageUrl: string): Promise<PageResult> {
    for (let attempt = 0; ; attempt++) {
      // (a timer may fire a millisecond early by the wall clock: wait again for what is left)
      for (;;) {
        const wait = (lastRequestAt.get(source.name) ?? 0) + source.minIntervalMs - Date.now();
        if (wait <= 0) break;
        await sleep(wait, deps.signal);
      }
      lastRequestAt.set(source.name, Date.now());
      run.requests++;
      let res: Response;
      try {
        res = await doFetch(pageUrl, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.any([AbortSignal.timeout(cfg.requestTimeoutMs), ...(deps.signal ? [deps.signal] : [])]),
        });
      } catch (err) {
        if (deps.signal?.aborted) throw err;
        if (attempt >= cfg.maxRetries) return { kind: 'failed', reason: `network error: ${(err as Error).message}` };
        await sleep(cfg.retryBaseMs * 2 ** attempt, deps.signal);
        continue;
      }
      if (res.ok) {
        try {
          return { kind: 'ok', json: await res.json() };
        } catch (err) {
          return { kind: 'rejected', reason: `the page is not JSON: ${(err as Error).message}` };
        }
      }
      await res.body?.cancel().catch(() => undefined);
      if (res.status === 403 || res.status === 429) {
        throttles++;
        if (throttles >= MAX_THROTTLES_PER_RUN) return { kind: 'throttled', status: res.status };
        const pause = Math.max(cfg.throttlePauseMs, retryAfterMs(res));
        deps.log.warn({ source: source.name, status: res.status, pauseMs: pause }, 'feed source throttled us; pausing');
        await sleep(pause, deps.signal);
        continue;
      }
      if (res.status >= 500 && res.status <= 599) {
        if (attempt >= cfg.maxRetries)
          return { kind: 'failed', reason: `HTTP ${res.status} after ${attempt + 1} attempts` };
        await sleep(cfg.retryBaseMs * 2 ** attempt, deps.signal);
        continue;
      }
      return { kind: 'rejected', reason: `HTTP ${res.status}` };
    }
  }

  try {
    while (run.pages < cfg.maxPagesPerRun) {
      const page = await getPage(url);
      if (page.kind === 'throttled') {
        const pausedUntil = new Date(now().getTime() + cfg.throttlePauseMs);
        await repo.saveSyncState(deps.db, source.name, {
          cursorUrl: url,
          pausedUntil,
          lastError: `throttled (HTTP ${page.status})`,
        });
        run.status = 'throttled';
        run.error = `throttled (HTTP ${page.status})`;
        return run;
      }
      if (page.kind === 'failed') {
        await repo.saveSyncState(deps.db, source.name, { cursorUrl: url, lastError: page.reason });
        run.status = 'failed';
        run.error = page.reason;
        return run;
      }
      if (page.kind === 'rejected') {
        // A cursor the service no longer knows: start the window again next time (idempotent).
        await repo.saveSyncState(deps.db, source.name, { cursorUrl: null, lastError: page.reason });
        run.status = 'failed';
        run.error = page.reason;
        return run;
      }
      const { summary } = await importDocument(deps.db, page.json, `${source.name} page ${run.pages + 1}`);
      addSummary(run.summary, summary);
      run.pages++;
      const next = nextUrlOf(page.json, url, source.baseUrl);
      const releasesOnPage = summary.total;
      if (!next || next === url || releasesOnPage === 0) {
        await repo.saveSyncState(deps.db, source.name, {
          cursorUrl: null,
          lastFrom: windowEnd,
          lastSuccessAt: now(),
          lastError: null,
          pausedUntil: null,
          pagesFetched: (state?.pagesFetched ?? 0) + run.pages,
          releasesImported: (state?.releasesImported ?? 0) + run.summary.total,
        });
        run.status = 'done';
        return run;
      }
      url = next;
      await repo.saveSyncState(deps.db, source.name, {
        cursorUrl: url,
        pagesFetched: (state?.pagesFetched ?? 0) + run.pages,
        releasesImported: (state?.releasesImported ?? 0) + run.summary.total,
      });
    }
    run.status = 'partial';
    return run;
  } catch (err) {
    if (deps.signal?.aborted) {
      run.status = 'stopped';
      return run;
    }
    throw err;
  }
}
