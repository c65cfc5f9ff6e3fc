import fs from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Db } from '../../db/client.ts';
import * as repo from './feed.repository.ts';
import { mapRelease, type MappedRelease } from './ocds-mapper.ts';
import { unpackOcds, type PackagedRelease } from './ocds-package.ts';

/**
 * Imports OCDS releases: validate and map every release first (nothing touches the database
 * until a release has passed), then write them in batches, one statement (so all or nothing) per
 * batch. If the database refuses a batch, its releases are retried one by one so a single bad
 * release is rejected alone and nothing of it is half-written.
 */

export interface ImportIssue {
  /** The file (or feed page) and the position in it: "feed.json releases[12]". */
  position: string;
  ocid: string | null;
  reason: string;
}

export interface ImportSummary {
  total: number;
  new: number;
  updated: number;
  unchanged: number;
  rejected: number;
  issues: ImportIssue[];
  /** Tenders created by this import (for saved-search alerts). */
  newTenderIds: string[];
  ms: number;
}

export const MAX_REPORTED_ISSUES = 200;

/**
 * Connections writing one batch at the same time (its releases split by ocid). PostgreSQL spends
 * most of a batch computing the search vector and updating the text indexes, on one core per
 * connection; two lanes let it use the second core while this process maps the next batch.
 */
export const WRITE_LANES = 2;

export function emptySummary(): ImportSummary {
  return { total: 0, new: 0, updated: 0, unchanged: 0, rejected: 0, issues: [], newTenderIds: [], ms: 0 };
}

export function addSummary(into: ImportSummary, s: ImportSummary): ImportSummary {
  into.total += s.total;
  into.new += s.new;
  into.updated += s.updated;
  into.unchanged += s.unchanged;
  into.rejected += s.rejected;
  into.ms += s.ms;
  into.issues.push(...s.issues.slice(0, Math.max(0, MAX_REPORTED_ISSUES - into.issues.length)));
  into.newTenderIds.push(...s.newTenderIds);
  return into;
}

export function releasesPerSecond(s: ImportSummary): number {
  return s.ms > 0 ? Math.round((s.total / s.ms) * 1000) : 0;
}

export async function importReleases(
  db: Db,
  items: PackagedRelease[],
  opts: { label?: string; batchSize?: number; lanes?: number } = {},
): Promise<ImportSummary> {
  const started = performance.now();
  const summary = emptySummary();
  const where = (p: string) => (opts.label ? `${opts.label} ${p}` : p);
  const reject = (position: string, ocid: string | null, reason: string) => {
    summary.rejected++;
    if (summary.issues.length < MAX_REPORTED_ISSUES) summary.issues.push({ position: where(position), ocid, reason });
  };

  const count = (outcome: repo.ReleaseOutcome) => summary[outcome]++;
  const batchSize = opts.batchSize ?? 1000;
  const laneCount = Math.max(1, opts.lanes ?? WRITE_LANES);
  const laneOf = (ocid: string) => {
    let h = 0;
    for (let i = 0; i < ocid.length; i++) h = (h * 31 + ocid.charCodeAt(i)) | 0;
    return Math.abs(h) % laneCount;
  };

  interface Prepared {
    batch: { row: MappedRelease; position: string }[];
    /** Hashes of the batch's releases already stored, asked for as soon as the batch is mapped. */
    stored: Promise<Map<string, string>>;
  }

  /**
   * Validates and maps one batch and splits it into lanes by ocid; rejected releases are reported
   * and never reach the database. The lanes of a batch share no ocid, so they are written at the
   * same time on separate connections without seeing or locking each other's rows, and every
   * count stays exact; a batch starts only when the previous one is written, so the releases of
   * one process still arrive in file order.
   */
  function prepare(from: number): Prepared[] {
    const lanes = Array.from({ length: laneCount }, () => [] as Prepared['batch']);
    for (const item of items.slice(from, from + batchSize)) {
      summary.total++;
      const mapped = mapRelease(item.release, { publisher: item.publisher });
      if (mapped.ok) lanes[laneOf(mapped.row.ocid)]!.push({ row: mapped.row, position: item.position });
      else reject(item.position, mapped.ocid, mapped.reason);
    }
    return lanes
      .filter((batch) => batch.length > 0)
      .map((batch) => ({
        batch,
        // Only an optimisation (the write checks hashes itself): if it fails, everything is sent.
        stored: repo
          .storedContentHashes(
            db,
            batch.map((b) => b.row),
          )
          .catch(() => new Map<string, string>()),
      }));
  }

  async function write({ batch, stored }: Prepared) {
    if (batch.length === 0) return;
    try {
      const res = await repo.writeReleaseBatch(
        db,
        batch.map((b) => b.row),
        await stored,
      );
      res.outcomes.forEach(count);
      summary.newTenderIds.push(...res.newTenderIds);
    } catch {
      // The database refused the batch (rolled back): retry one by one so only the culprit is rejected.
      for (const one of batch) {
        try {
          const res = await repo.writeReleaseBatch(db, [one.row]);
          res.outcomes.forEach(count);
          summary.newTenderIds.push(...res.newTenderIds);
        } catch (err) {
          reject(one.position, one.row.ocid, `the database refused it: ${(err as Error).message}`);
        }
      }
    }
  }

  // Pipelined: while PostgreSQL writes batch n (one statement per lane), batch n+1 is validated
  // and mapped here. The yield lets the pool hand out connections and send the statements before
  // the synchronous mapping of the next batch holds the event loop.
  let next = prepare(0);
  for (let i = 0; i < items.length; i += batchSize) {
    const writing = Promise.all(next.map(write));
    await new Promise((resolve) => setImmediate(resolve));
    next = i + batchSize < items.length ? prepare(i + batchSize) : [];
    await writing;
  }
  summary.ms = performance.now() - started;
  return summary;
}

/** Imports one parsed JSON document (release package, record package or release). */
export async function importDocument(db: Db, json: unknown, label: string, opts: { batchSize?: number } = {}) {
  const unpacked = unpackOcds(json);
  if (!unpacked.ok) {
    const s = emptySummary();
    s.rejected = 1;
    s.total = 1;
    s.issues.push({ position: label, ocid: null, reason: unpacked.reason });
    return { summary: s, next: null };
  }
  return {
    summary: await importReleases(db, unpacked.releases, { label, batchSize: opts.batchSize }),
    next: unpacked.next,
  };
}

/** A file's text from its bytes; `.gz` files (how the larger shipped snapshots are kept) are unpacked. */
export function textOfFile(file: string, bytes: Buffer): string {
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

async function readText(file: string): Promise<string> {
  return textOfFile(file, await fs.readFile(file));
}

/** Reads and imports files (JSON, or gzip-compressed JSON named `.gz`); a file that is not JSON is reported with the position of the error. */
export async function importFiles(db: Db, files: string[], opts: { batchSize?: number } = {}): Promise<ImportSummary> {
  const total = emptySummary();
  for (const file of files) {
    const label = path.basename(file);
    const started = performance.now();
    let json: unknown;
    try {
      json = JSON.parse(await readText(file));
    } catch (err) {
      const s = emptySummary();
      s.total = 1;
      s.rejected = 1;
      s.issues.push({ position: label, ocid: null, reason: `cannot read the file as JSON: ${(err as Error).message}` });
      s.ms = performance.now() - started;
      addSummary(total, s);
      continue;
    }
    const { summary } = await importDocument(db, json, label, opts);
    summary.ms = performance.now() - started;
    addSummary(total, summary);
  }
  return total;
}

export function formatSummary(s: ImportSummary): string {
  const lines = [
    `releases: ${s.total}  new: ${s.new}  updated: ${s.updated}  unchanged: ${s.unchanged}  rejected: ${s.rejected}`,
    `time: ${(s.ms / 1000).toFixed(2)} s  speed: ${releasesPerSecond(s).toLocaleString('en-GB')} releases/s`,
  ];
  for (const i of s.issues) lines.push(`  rejected ${i.position}${i.ocid ? ` (${i.ocid})` : ''}: ${i.reason}`);
  if (s.rejected > s.issues.length) lines.push(`  … and ${s.rejected - s.issues.length} more`);
  return lines.join('\n');
}
