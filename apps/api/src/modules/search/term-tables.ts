import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './engine.repository.ts';

/**
 * The words the engine knows, in each instance's memory (docs/search.md, "Words in memory").
 *
 * Reading a query's words used to be a statement per search: split and stem the words
 * (PostgreSQL's English configuration), look up each lexeme's document frequency in
 * `search_terms` for the source and for the CPV labels, and read the sources' sizes. Here:
 * - **stems**: PostgreSQL's own stemming of each word, asked once per word and kept (a word stems
 *   the same whatever the query or the database, so one cache serves every source);
 * - **term tables**: `search_terms` of a source read whole and kept until its statistics are
 *   recounted (`search_sources.refreshed_at`, which every search's version carries);
 * so a query of known words costs no statement, and `repo.readQueryWords` answers the same rows.
 * Near spellings of unknown words are found as pg_trgm finds them, over the table's trigrams.
 */

export interface TermTable {
  /** search_sources.refreshed_at as text ('' when the source was never counted) */
  refreshedAt: string;
  docs: number;
  avgLen: number;
  df: Map<string, number>;
  /** the lexemes in code-unit order, for the words a half-typed word may become */
  sorted: string[];
  /** the lexemes by trigram, for near spellings (the CPV labels' table has none) */
  near: NearIndex | null;
}

type TableKey = repo.SourceKey | 'cpv';
interface Kept {
  table: Promise<TermTable>;
  /** the refreshed_at that had this table read (a caller that saw it needs no newer one) */
  askedFor: string | undefined;
  stale: boolean;
}
const tables = new WeakMap<object, Map<TableKey, Kept>>();

async function load(db: DbOrTx, source: TableKey): Promise<TermTable> {
  const { state, terms } = await repo.termTableRows(db, source);
  const df = new Map<string, number>();
  for (const t of terms) df.set(t.lexeme, t.df);
  const sorted = [...df.keys()].sort();
  return {
    refreshedAt: state?.refreshed_at ?? '',
    docs: state?.docs ?? 0,
    avgLen: state?.avg_len ?? 0,
    df,
    sorted,
    near: source === 'cpv' ? null : await nearIndexOf(sorted),
  };
}

/**
 * The term table of `source`, read again when `seenRefreshedAt` (the refreshed_at a caller read
 * with its version) is neither the kept table's nor the one that had it read, or after
 * `recounted` marked it stale.
 */
export async function termTable(db: DbOrTx, source: TableKey, seenRefreshedAt?: string): Promise<TermTable> {
  let perDb = tables.get(db);
  if (!perDb) tables.set(db, (perDb = new Map<TableKey, Kept>()));
  const kept = perDb.get(source);
  if (kept && !kept.stale) {
    if (seenRefreshedAt === undefined || seenRefreshedAt === kept.askedFor) return kept.table;
    const table = await kept.table;
    const now = perDb.get(source);
    if (table.refreshedAt === seenRefreshedAt || (now && now !== kept && !now.stale)) return (now ?? kept).table;
  }
  const entry: Kept = { table: load(db, source), askedFor: seenRefreshedAt, stale: false };
  perDb.set(source, entry);
  entry.table.catch(() => perDb.get(source) === entry && perDb.delete(source));
  return entry.table;
}

/** The statistics of `source` were recounted by this instance: its table is read again at next use. */
export function recounted(db: DbOrTx, source: TableKey): void {
  const kept = tables.get(db)?.get(source);
  if (kept) kept.stale = true;
}

/** The lexemes of `table` that start with `prefix`, the commonest first (then in code-unit order). */
export function startingWith(table: TermTable, prefix: string, limit: number): Array<{ lexeme: string; df: number }> {
  const { sorted, df } = table;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: Array<{ lexeme: string; df: number }> = [];
  for (let i = lo; i < sorted.length && sorted[i]!.startsWith(prefix); i++) {
    const lexeme = sorted[i]!;
    out.push({ lexeme, df: df.get(lexeme)! });
  }
  return out.sort((a, b) => b.df - a.df || (a.lexeme < b.lexeme ? -1 : 1)).slice(0, limit);
}

/** PostgreSQL's English stemming of single words (a word → its lexemes: none for a stop word). */
const stemmed = new LRUCache<string, readonly string[]>({ max: 200_000 });
/** Words to stem that searches asked for in the same turn of the event loop: one statement for all. */
const batches = new WeakMap<object, { words: Set<string>; done: Promise<Map<string, readonly string[]>> }>();

function stemTogether(db: DbOrTx, words: readonly string[]): Promise<Map<string, readonly string[]>> {
  let batch = batches.get(db);
  if (!batch) {
    const asked = new Set<string>();
    const done = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      batches.delete(db);
      const out = new Map<string, readonly string[]>();
      for (const r of await repo.stemWords(db, [...asked])) {
        stemmed.set(r.word, r.lexemes);
        out.set(r.word, r.lexemes);
      }
      return out;
    });
    batch = { words: asked, done };
    batches.set(db, batch);
  }
  for (const w of words) batch.words.add(w);
  return batch.done;
}

async function stems(db: DbOrTx, words: readonly string[]): Promise<Map<string, readonly string[]>> {
  const out = new Map<string, readonly string[]>();
  const missing: string[] = [];
  for (const w of new Set(words)) {
    const s = stemmed.get(w);
    if (s) out.set(w, s);
    else missing.push(w);
  }
  if (missing.length) {
    const found = await stemTogether(db, missing);
    for (const w of missing) out.set(w, found.get(w) ?? []);
  }
  return out;
}

/** pg_trgm's similarity threshold for `%` (its default, which the product does not change). */
const SIMILAR = 0.3;

/**
 * pg_trgm's trigrams of a string, each once: every run of letters and digits padded with two
 * spaces before and one after, in windows of three characters ("roof" → "  r", " ro", "roo",
 * "oof", "of ").
 */
export function trigramsOf(s: string): string[] {
  const out = new Set<string>();
  for (const w of s.split(/[^\p{L}\p{N}]+/u)) {
    if (!w) continue;
    const padded = `  ${w} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return [...out];
}

/** The lexemes of a table by trigram, as pg_trgm's GIN index holds them. */
interface NearIndex {
  sizes: Int32Array;
  byTrigram: Map<string, number[]>;
}

/** Lexemes indexed between turns of the event loop (300k lexemes at 1M notices take about a second). */
const NEAR_CHUNK = 10_000;

async function nearIndexOf(sorted: readonly string[]): Promise<NearIndex> {
  const sizes = new Int32Array(sorted.length);
  const byTrigram = new Map<string, number[]>();
  for (let from = 0; from < sorted.length; from += NEAR_CHUNK) {
    if (from) await new Promise((resolve) => setImmediate(resolve));
    for (let i = from; i < Math.min(sorted.length, from + NEAR_CHUNK); i++) {
      const trigrams = trigramsOf(sorted[i]!);
      sizes[i] = trigrams.length;
      for (const t of trigrams) {
        const list = byTrigram.get(t);
        if (list) list.push(i);
        else byTrigram.set(t, [i]);
      }
    }
  }
  return { sizes, byTrigram };
}

/**
 * The nearest known spelling of `lexeme` in `table`, as repo.nearSpellings finds it with pg_trgm:
 * the most similar lexeme (shared trigrams over all of both, in float4) at or above the threshold,
 * then the commonest, then the first in code-unit order.
 */
export function nearSpelling(table: TermTable, lexeme: string): string | null {
  const query = trigramsOf(lexeme);
  if (!query.length) return null;
  if (!table.near) return null;
  const { sizes, byTrigram } = table.near;
  const shared = new Map<number, number>();
  for (const t of query) for (const i of byTrigram.get(t) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
  let best: { lexeme: string; sim: number; df: number } | null = null;
  for (const [i, n] of shared) {
    const sim = Math.fround(n / (query.length + sizes[i]! - n));
    if (sim < SIMILAR) continue;
    const candidate = table.sorted[i]!;
    const df = table.df.get(candidate)!;
    if (!best || sim > best.sim || (sim === best.sim && (df > best.df || (df === best.df && candidate < best.lexeme))))
      best = { lexeme: candidate, sim, df };
  }
  return best?.lexeme ?? null;
}

/** Only ASCII text is split here: PostgreSQL's `[:alnum:]` and JavaScript's classes agree on it. */
const ASCII = /^[\x00-\x7f]*$/;

/**
 * The rows `repo.readQueryWords` answers for `text` against `source`, read from memory: the same
 * split (lower case, runs of letters and digits, 1–40 characters, the first `maxWords`), each
 * lexeme once at its first word, in the order of the words.
 */
export async function queryWords(
  db: DbOrTx,
  source: repo.SourceKey,
  text: string,
  maxWords: number,
  seenRefreshedAt?: string,
): Promise<{ words: repo.QueryWordRow[]; stats: repo.SourceStatsRow | null }> {
  const lowered = text.slice(0, 2000).toLowerCase();
  if (repo.inTransaction(db) || !ASCII.test(lowered)) return repo.readQueryWords(db, source, text, maxWords);
  const split = lowered
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 1 && w.length <= 40)
    .slice(0, maxWords);
  const [table, cpv, stemsOf] = await Promise.all([
    termTable(db, source, seenRefreshedAt),
    termTable(db, 'cpv'),
    stems(db, split),
  ]);
  const stats: repo.SourceStatsRow | null =
    table.refreshedAt && cpv.refreshedAt
      ? { docs: table.docs, avg_len: table.avgLen, cpv_docs: cpv.docs, cpv_avg_len: cpv.avgLen }
      : null;
  const rows: repo.QueryWordRow[] = [];
  const seen = new Set<string>();
  split.forEach((word, pos) => {
    for (const lexeme of stemsOf.get(word) ?? []) {
      if (seen.has(lexeme)) continue;
      seen.add(lexeme);
      const df = table.df.get(lexeme) ?? null;
      const cpvDf = cpv.df.get(lexeme) ?? null;
      rows.push({ word, lexeme, pos, df, cpv_df: cpvDf, near: null, near_df: null, near_cpv_df: null });
    }
  });
  for (const r of rows) {
    if (r.df !== null || r.cpv_df !== null || r.lexeme.length < 4) continue;
    const near = nearSpelling(table, r.lexeme);
    if (!near) continue;
    r.near = near;
    r.near_df = table.df.get(near) ?? null;
    r.near_cpv_df = cpv.df.get(near) ?? null;
  }
  return { words: rows, stats };
}

/**
 * Words of `source` that start as `prefix` does, the commonest first, each with its frequency in
 * the CPV labels too: what a half-typed word may become (as repo.wordsStartingWith reads them).
 */
export async function completionsOf(
  db: DbOrTx,
  source: TableKey,
  prefix: string,
  limit: number,
): Promise<Array<{ lexeme: string; df: number; cpv_df: number | null }>> {
  if (repo.inTransaction(db)) {
    return source === 'cpv'
      ? (await repo.labelWordsStartingWith(db, prefix, limit)).map((w) => ({ ...w, cpv_df: w.df }))
      : repo.wordsStartingWith(db, source, prefix, limit);
  }
  const [table, cpv] = await Promise.all([termTable(db, source), termTable(db, 'cpv')]);
  return startingWith(table, prefix, limit).map((w) => ({ ...w, cpv_df: cpv.df.get(w.lexeme) ?? null }));
}
