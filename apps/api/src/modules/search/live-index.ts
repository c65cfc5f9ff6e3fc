import { cpvCodesFor } from '@brickyard/shared';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './engine.repository.ts';

/**
 * The inverted indexes of the searched sources (the live feed's notices, our tenders and catalogue
 * items), in the memory of each API instance (docs/search.md, "The sources in memory").
 * PostgreSQL stays the store: an index is read from its table's tsvector (unnest) at first use and
 * follows writes by their `updated_at`; it serves the engine's candidate + BM25 step, which in
 * SQL cost 20–30 ms a query and here well under one.
 *
 * A posting is a document number and its term frequency as `search_bm25()` reads it:
 * ts_rank('{0.328,0.328,0.328,1}', doc, 'lexeme', 0), a float4 computed from the weights of the
 * lexeme's positions; kept negative when one of them is a title (A) position, so the same array
 * says whether the title holds the word. Documents are numbered as they are added; a written or
 * deleted notice leaves a dead number behind (skipped) until the index is rebuilt.
 */

const f32 = Math.fround;
const BODY_WEIGHT = f32(0.328);
/** ts_rank's normalisation of the sum of 1/i² (tsrank.c). */
const PI2_6 = 1.64493406685;

/**
 * ts_rank('{0.328,0.328,0.328,1}', doc, 'lexeme', 0) of a lexeme whose positions carry these
 * weights (`AAD`, in position order), in float4 arithmetic as PostgreSQL's calc_rank_or does.
 */
export function tsRankOf(weights: string): number {
  let sum = 0;
  let max = -1;
  let at = 0;
  for (let j = 0; j < weights.length; j++) {
    const w = weights.charCodeAt(j) === 65 ? 1 : BODY_WEIGHT;
    sum = f32(sum + f32(w / ((j + 1) * (j + 1))));
    if (w > max) {
      max = w;
      at = j;
    }
  }
  if (!weights.length) return f32(f32(f32(BODY_WEIGHT + BODY_WEIGHT) - BODY_WEIGHT) / PI2_6);
  const rank = f32(f32(f32(max + sum) - f32(max / ((at + 1) * (at + 1)))) / PI2_6);
  return rank < 0 ? f32(1e-20) : rank;
}

/** search_bm25's term frequency: ts_rank of the word / 0.2 (float4 promoted to float8). */
const tfOf = (rank: number) => Math.abs(rank) / 0.2;

class Postings {
  docs = new Int32Array(4);
  /** ts_rank of the word in the document, negative when a title position holds it */
  ranks = new Float32Array(4);
  n = 0;
  push(doc: number, rank: number) {
    if (this.n === this.docs.length) {
      const docs = new Int32Array(this.n * 2);
      docs.set(this.docs);
      this.docs = docs;
      const ranks = new Float32Array(this.n * 2);
      ranks.set(this.ranks);
      this.ranks = ranks;
    }
    this.docs[this.n] = doc;
    this.ranks[this.n++] = rank;
  }
  /** the position of `doc`, or -1 (documents are added in number order) */
  find(doc: number): number {
    let lo = 0;
    let hi = this.n - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const d = this.docs[mid]!;
      if (d === doc) return mid;
      if (d < doc) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
  trim() {
    this.docs = this.docs.slice(0, this.n);
    this.ranks = this.ranks.slice(0, this.n);
  }
}

/** The CPV classes (first four digits) of a notice's codes, each once. */
const classesOf = (codes: readonly string[]) => new Set(codes.filter((c) => c.length >= 4).map((c) => c.slice(0, 4)));

function grow<T extends Float64Array | Int32Array | Uint8Array | Uint32Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  const next = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2));
  next.set(a);
  return next;
}

export interface LiveQuery {
  /** lexemes that score, with their idf (as the SQL path gets them) */
  terms: readonly string[];
  idfs: readonly number[];
  /** lexemes that find candidates */
  finding: readonly string[];
  avgLen: number;
  excludeIds?: readonly string[];
  /** candidates enough: past this many, a common finding word only scores (see topByText) */
  fill?: number;
}

/** A finding word held by more than this share of the documents only scores once the rarer ones have filled the pool. */
export const FILLED_SHARE = 0.02;

/** Scored documents, column by column (no object per document): the i-th of each array is the i-th document. */
export interface LiveHits {
  docs: Int32Array;
  bm25: Float64Array;
  /** bit t: the document holds the query's term t (the first MASK_TERMS terms) */
  has: Int32Array;
  /** bit t: its title holds term t */
  inTitle: Int32Array;
}

/**
 * Terms a hit's masks say it holds (bit i for term i; 30 keeps a mask a small integer, which V8
 * keeps unboxed); a query of more terms looks them up by `held`.
 */
export const MASK_TERMS = 30;

export class LiveIndex {
  private ids: string[] = [];
  private created = new Float64Array(1024);
  private updated = new Float64Array(1024);
  private lens = new Int32Array(1024);
  private alive = new Uint8Array(1024);
  private codes: Array<readonly string[]> = [];
  private byId = new Map<string, number>();
  private postings = new Map<string, Postings>();
  /** documents per CPV class (notices) and per category (listings: `category:<key>`) */
  private byClass = new Map<string, number[]>();
  /** each such list newest first, sorted at the first pass after a document joined it */
  private byClassNewest = new Map<string, Int32Array>();
  /** live notices per CPV code and per class (the counts of the CPV suggestions) */
  private perCode = new Map<string, number>();
  private perClass = new Map<string, number>();
  /** scratch of one scoring pass (synchronous, so one per index serves every query) */
  private acc = new Float64Array(1024);
  private has = new Int32Array(1024);
  private inTitle = new Int32Array(1024);
  private stamp = new Uint32Array(1024);
  /** the candidates of the last pass, in the order found (scratch, like acc) */
  private found = new Int32Array(1024);
  /** BM25's length normalisation of each document for one average length (`normsFor`) */
  private norms = new Float64Array(0);
  private normsAvg = Number.NaN;
  /** documents `norms` holds */
  private normed = 0;
  private gen = 0;
  live = 0;
  dead = 0;
  /** the newest write read (updated_at, microseconds) */
  newestUs = 0;
  /** the source's version (engine.repository sourceVersion) the index was last brought up to */
  version = '';

  /** Adds a document, or replaces the one of the same id (written since it was read). */
  put(row: repo.LiveDocRow): void {
    const known = this.byId.get(row.id);
    if (known !== undefined) {
      if (this.updated[known] === row.updated_us) return;
      this.kill(known);
    }
    const d = this.ids.length;
    const n = d + 1;
    this.created = grow(this.created, n);
    this.updated = grow(this.updated, n);
    this.lens = grow(this.lens, n);
    this.alive = grow(this.alive, n);
    this.ids.push(row.id);
    this.created[d] = row.created_ms;
    this.updated[d] = row.updated_us;
    this.lens[d] = row.len;
    this.alive[d] = 1;
    // a listing's CPV codes are its category's and subcategories' (the taxonomy's)
    const codes = row.cpv_codes ?? (row.category ? cpvCodesFor(row.category, row.subcategories ?? []) : []);
    this.codes.push(codes);
    this.byId.set(row.id, d);
    this.live++;
    if (row.updated_us > this.newestUs) this.newestUs = row.updated_us;
    for (const entry of row.terms ? row.terms.split('\u0001') : []) {
      const cut = entry.lastIndexOf('\u0002');
      const lexeme = entry.slice(0, cut);
      const weights = entry.slice(cut + 1);
      const rank = tsRankOf(weights);
      let p = this.postings.get(lexeme);
      if (!p) this.postings.set(lexeme, (p = new Postings()));
      p.push(d, weights.includes('A') ? -rank : rank);
    }
    for (const cls of [...classesOf(codes), ...(row.category ? [categoryKey(row.category)] : [])]) {
      const list = this.byClass.get(cls);
      if (list) list.push(d);
      else this.byClass.set(cls, [d]);
      this.byClassNewest.delete(cls);
    }
    this.count(d, 1);
  }

  private count(d: number, by: 1 | -1) {
    const codes = this.codes[d] ?? [];
    for (const c of new Set(codes)) this.perCode.set(c, (this.perCode.get(c) ?? 0) + by);
    for (const c of classesOf(codes)) this.perClass.set(c, (this.perClass.get(c) ?? 0) + by);
  }

  /** How many live notices carry each code exactly, and how many its class (as repo.noticesPerCode counts them). */
  noticesPerCode(codes: readonly string[]): Map<string, { code: number; cls: number }> {
    return new Map(
      codes.map((c) => [c, { code: this.perCode.get(c) ?? 0, cls: this.perClass.get(c.slice(0, 4)) ?? 0 }]),
    );
  }

  /** A notice deleted, or written since (its new version is added as a new number). */
  remove(id: string): void {
    const d = this.byId.get(id);
    if (d === undefined) return;
    this.kill(d);
    this.byId.delete(id);
  }

  private kill(d: number) {
    if (!this.alive[d]) return;
    this.alive[d] = 0;
    this.count(d, -1);
    this.live--;
    this.dead++;
  }

  /** Posting arrays cut to their length once the first build is done (the doubling's slack freed). */
  trim(): void {
    for (const p of this.postings.values()) p.trim();
  }

  /** Whether the index holds notice `id` as it was written at `updatedUs`. */
  holds(id: string, updatedUs: number): boolean {
    const d = this.byId.get(id);
    return d !== undefined && this.updated[d] === updatedUs;
  }
  idAt(d: number): string {
    return this.ids[d]!;
  }
  createdAt(d: number): number {
    return this.created[d]!;
  }
  codesAt(d: number): readonly string[] {
    return this.codes[d] ?? [];
  }
  versions(): Map<string, number> {
    const out = new Map<string, number>();
    for (const [id, d] of this.byId) out.set(id, this.updated[d]!);
    return out;
  }
  /** Documents the index holds postings for, and the postings in all (for the memory figures). */
  size(): { docs: number; lexemes: number; postings: number } {
    let postings = 0;
    for (const p of this.postings.values()) postings += p.n;
    return { docs: this.ids.length, lexemes: this.postings.size, postings };
  }

  private excluded(ids: readonly string[] | undefined): Set<number> | null {
    if (!ids?.length) return null;
    const out = new Set<number>();
    for (const id of ids) {
      const d = this.byId.get(id);
      if (d !== undefined) out.add(d);
    }
    return out;
  }

  private nextGen() {
    const n = this.ids.length;
    this.acc = grow(this.acc, n);
    this.has = grow(this.has, n);
    this.inTitle = grow(this.inTitle, n);
    this.stamp = grow(this.stamp, n);
    this.found = grow(this.found, n);
    if (++this.gen === 0xffffffff) {
      this.stamp.fill(0);
      this.gen = 1;
    }
    return this.gen;
  }

  /**
   * BM25 of the query for documents no pass has read (as search_bm25 computes it) and which of
   * its terms each document and its title hold: a binary search per term and document.
   */
  scoreDocs(docs: readonly number[], q: LiveQuery): LiveHits {
    const n = docs.length;
    const out: LiveHits = {
      docs: Int32Array.from(docs),
      bm25: new Float64Array(n),
      has: new Int32Array(n),
      inTitle: new Int32Array(n),
    };
    const avg = Math.max(q.avgLen, 1);
    for (let i = 0; i < q.terms.length; i++) {
      const p = this.postings.get(q.terms[i]!);
      if (!p) continue;
      const idf = q.idfs[i]!;
      const bit = i < MASK_TERMS ? 1 << i : 0;
      for (let j = 0; j < n; j++) {
        const d = docs[j]!;
        const at = p.find(d);
        if (at < 0) continue;
        const rank = p.ranks[at]!;
        const tf = tfOf(rank);
        out.bm25[j]! += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * this.lens[d]!) / avg));
        out.has[j]! |= bit;
        if (rank < 0) out.inTitle[j]! |= bit;
      }
    }
    return out;
  }

  /** Of the query's terms, those document `d` holds and those its title holds. */
  held(d: number, terms: readonly string[]): { terms: string[]; titleTerms: string[] } {
    const out: string[] = [];
    const title: string[] = [];
    for (const t of terms) {
      const p = this.postings.get(t);
      const at = p ? p.find(d) : -1;
      if (at < 0) continue;
      out.push(t);
      if (p!.ranks[at]! < 0) title.push(t);
    }
    return { terms: out, titleTerms: title };
  }

  /**
   * Every live document holding a finding word, scored with BM25 over all the query's terms; the
   * best `depth` of them, best first, each with the terms it holds (masks). A term that scores but
   * does not find is read for the candidates only: by walking its postings when they are short,
   * by a binary search per candidate when they are long (a common word of a pasted paragraph
   * costs its candidates, not its tens of thousands of rows).
   */
  topByText(q: LiveQuery, depth: number): { hits: LiveHits; candidates: number } {
    const cands = this.scoreAll(q);
    const { acc, has, inTitle } = this;
    const docs = bestByScore(cands, acc, depth);
    const n = docs.length;
    const hits: LiveHits = { docs, bm25: new Float64Array(n), has: new Int32Array(n), inTitle: new Int32Array(n) };
    for (let i = 0; i < n; i++) {
      const d = docs[i]!;
      hits.bm25[i] = acc[d]!;
      hits.has[i] = has[d]!;
      hits.inTitle[i] = inTitle[d]!;
    }
    return { hits, candidates: cands.length };
  }

  /**
   * BM25's length normalisation of each document, 1.2 × (0.25 + 0.75 × length / avg), for the
   * source's average length: computed once per average (it moves when the statistics are
   * recounted), not once per posting read.
   */
  private normsFor(avg: number): Float64Array {
    const n = this.ids.length;
    // documents added since are normalised as they come; a new average normalises them all again
    const from = this.normsAvg === avg ? this.normed : 0;
    if (from < n) {
      this.norms = grow(this.norms, this.lens.length);
      for (let d = from; d < n; d++) this.norms[d] = 1.2 * (0.25 + (0.75 * this.lens[d]!) / avg);
      this.normsAvg = avg;
      this.normed = n;
    }
    return this.norms;
  }

  /**
   * The candidates of topByText, in the order found (a view of scratch memory, valid until the
   * next pass); their scores are `score(d)` until then.
   */
  scoreAll(q: LiveQuery): Int32Array {
    const gen = this.nextGen();
    const { acc, has, inTitle, stamp, alive, found } = this;
    const skip = this.excluded(q.excludeIds);
    const norms = this.normsFor(Math.max(q.avgLen, 1));
    let count = 0;
    const terms = q.terms.length;
    const postings: Array<Postings | undefined> = new Array<Postings | undefined>(terms);
    const finds = new Uint8Array(terms);
    for (let i = 0; i < terms; i++) {
      postings[i] = this.postings.get(q.terms[i]!);
      finds[i] = q.finding.includes(q.terms[i]!) ? 1 : 0;
    }
    // the finding words first, rarest first, so every candidate is known before the other words
    // are read; once the rarer ones have found `fill`, a word held by more than FILLED_SHARE of
    // the documents only scores the candidates found (a notice holding only that word would rank
    // below the pool)
    const order = Array.from({ length: terms }, (_, i) => i).sort(
      (a, b) => finds[b]! - finds[a]! || (postings[a]?.n ?? 0) - (postings[b]?.n ?? 0),
    );
    for (const i of order) {
      const p = postings[i];
      if (!p) continue;
      const idf = q.idfs[i]!;
      const bit = i < MASK_TERMS ? 1 << i : 0;
      const finding = finds[i] === 1 && !(q.fill && count >= q.fill && p.n > FILLED_SHARE * this.live);
      const { docs, ranks, n } = p;
      if (finding || n < count * 8) {
        for (let k = 0; k < n; k++) {
          const d = docs[k]!;
          if (stamp[d] !== gen) {
            if (!finding || !alive[d] || (skip && skip.has(d))) continue;
            stamp[d] = gen;
            acc[d] = 0;
            has[d] = 0;
            inTitle[d] = 0;
            found[count++] = d;
          }
          const rank = ranks[k]!;
          const tf = tfOf(rank);
          acc[d]! += (idf * tf * 2.2) / (tf + norms[d]!);
          has[d]! |= bit;
          if (rank < 0) inTitle[d]! |= bit;
        }
      } else {
        for (let c = 0; c < count; c++) {
          const d = found[c]!;
          const at = p.find(d);
          if (at < 0) continue;
          const rank = ranks[at]!;
          const tf = tfOf(rank);
          acc[d]! += (idf * tf * 2.2) / (tf + norms[d]!);
          has[d]! |= bit;
          if (rank < 0) inTitle[d]! |= bit;
        }
      }
    }
    return found.subarray(0, count);
  }

  score(d: number): number {
    return this.acc[d]!;
  }

  /**
   * The newest live documents of the CPV classes, `depth` at most, newest first (the engine's
   * CPV-class pass), without the documents of `excludeIds` and `excludeDocs` (by number: the
   * text pass's, which need no lookup by id).
   */
  newestOfClasses(
    classes: readonly string[],
    excludeIds: readonly string[],
    depth: number,
    excludeDocs: readonly number[] = [],
  ): { docs: number[]; candidates: number } {
    const gen = this.nextGen();
    const { stamp, alive, created } = this;
    const skip = this.excluded(excludeIds);
    // an excluded document counts as taken already
    for (const d of excludeDocs) stamp[d] = gen;
    // each class's list newest first, merged: `depth` documents cost about `depth` steps a class,
    // not a pass over every document of a broad class (45: a third of the feed)
    const lists = classes.map((c) => this.newestFirst(c)).filter((l) => l.length > 0);
    const at = lists.map(() => 0);
    const head = (i: number) => {
      const l = lists[i]!;
      let j = at[i]!;
      while (j < l.length && (stamp[l[j]!] === gen || !alive[l[j]!] || (skip && skip.has(l[j]!)))) j++;
      at[i] = j;
      return j < l.length ? l[j]! : -1;
    };
    const docs: number[] = [];
    for (;;) {
      let pick = -1;
      let pickDoc = -1;
      for (let i = 0; i < lists.length; i++) {
        const d = head(i);
        if (d >= 0 && (pick < 0 || newer(created, d, pickDoc))) {
          pick = i;
          pickDoc = d;
        }
      }
      if (pick < 0) return { docs, candidates: docs.length };
      // one past `depth` says more remain (the caller only asks whether it saw them all)
      if (docs.length === depth) return { docs, candidates: depth + 1 };
      stamp[pickDoc] = gen;
      at[pick]!++;
      docs.push(pickDoc);
    }
  }

  /** The newest live documents (listings) of our categories: newestOfClasses by category. */
  newestOfCategories(
    categories: readonly string[],
    excludeIds: readonly string[],
    depth: number,
    excludeDocs: readonly number[] = [],
  ): { docs: number[]; candidates: number } {
    return this.newestOfClasses(categories.map(categoryKey), excludeIds, depth, excludeDocs);
  }

  private newestFirst(cls: string): Int32Array {
    let sorted = this.byClassNewest.get(cls);
    if (!sorted) {
      const { created } = this;
      sorted = Int32Array.from(this.byClass.get(cls) ?? []).sort((a, b) => (newer(created, a, b) ? -1 : 1));
      this.byClassNewest.set(cls, sorted);
    }
    return sorted;
  }
}

/** A category's list among the class lists (a class is four digits, so the two never meet). */
const categoryKey = (category: string) => `category:${category}`;

/** Newest first; of two written at the same instant, the one added first. */
const newer = (created: Float64Array, a: number, b: number) =>
  created[a]! > created[b]! || (created[a] === created[b] && a < b);

/**
 * The `k` documents of `docs` with the highest `score`, highest first (a bounded min-heap of
 * typed memory); of equal scores, the one found first.
 */
function bestByScore(docs: Int32Array, score: Float64Array, k: number): Int32Array {
  const n = docs.length;
  const m = Math.min(n, k);
  // heap[0] is the weakest kept: lowest score, and of equal scores the one found last
  const heap = new Int32Array(m);
  const order = new Int32Array(m);
  const weaker = (i: number, j: number) =>
    score[heap[i]!]! < score[heap[j]!]! || (score[heap[i]!] === score[heap[j]!] && order[i]! > order[j]!);
  const swap = (i: number, j: number) => {
    const d = heap[i]!;
    heap[i] = heap[j]!;
    heap[j] = d;
    const o = order[i]!;
    order[i] = order[j]!;
    order[j] = o;
  };
  for (let x = 0; x < n; x++) {
    const d = docs[x]!;
    if (x < m) {
      heap[x] = d;
      order[x] = x;
      if (m < n) {
        for (let i = x; i > 0;) {
          const parent = (i - 1) >> 1;
          if (!weaker(i, parent)) break;
          swap(i, parent);
          i = parent;
        }
      }
    } else if (score[d]! > score[heap[0]!]!) {
      heap[0] = d;
      order[0] = x;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let w = i;
        if (l < m && weaker(l, w)) w = l;
        if (r < m && weaker(r, w)) w = r;
        if (w === i) break;
        swap(i, w);
        i = w;
      }
    }
  }
  const at = Int32Array.from({ length: m }, (_, i) => i).sort(
    (i, j) => score[heap[j]!]! - score[heap[i]!]! || order[i]! - order[j]!,
  );
  return at.map((i) => heap[i]!);
}

/** The `k` items of `xs` that come first by `before`, first first (a bounded heap whose root is the last kept). */
function best(xs: ArrayLike<number>, before: (a: number, b: number) => boolean, k: number): number[] {
  const order = (a: number, b: number) => (before(a, b) ? -1 : before(b, a) ? 1 : 0);
  if (xs.length <= k) return Array.from(xs).sort(order);
  const heap: number[] = [];
  // the root is the item every other kept one comes before
  const later = (a: number, b: number) => before(b, a);
  for (let at = 0; at < xs.length; at++) {
    const x = xs[at]!;
    if (heap.length < k) {
      heap.push(x);
      let i = heap.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!later(heap[i]!, heap[parent]!)) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else if (before(x, heap[0]!)) {
      heap[0] = x;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < k && later(heap[l]!, heap[m]!)) m = l;
        if (r < k && later(heap[r]!, heap[m]!)) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    }
  }
  return heap.sort(order);
}

/** Notices read per statement while the index is built. */
const BUILD_PAGE = 2_000;
/** A feed of fewer notices is indexed before the search that finds no index; a larger one in the background (SQL answers meanwhile). */
export const SYNC_BUILD_BELOW = 5_000;
/** Writes are re-read this far back, for a transaction that committed after a newer write (its updated_at is its start). */
export const OVERLAP_US = 10_000_000;
/** Every this often an instance compares its notices with the table's (deletes, and writes the overlap missed). */
export const RECONCILE_MS = 60_000;
/** The index is rebuilt when this share of its numbers is dead (written again or deleted). */
export const REBUILD_DEAD_SHARE = 0.25;

interface State {
  index: LiveIndex | null;
  building: Promise<LiveIndex> | null;
  /** the source was small enough to index before answering when the build began */
  small: boolean;
  syncing: Promise<void> | null;
  reconciledAt: number;
}
const states = new WeakMap<object, Map<repo.SourceKey, State>>();

function stateOf(db: DbOrTx, source: repo.SourceKey): State {
  let perDb = states.get(db);
  if (!perDb) states.set(db, (perDb = new Map<repo.SourceKey, State>()));
  let s = perDb.get(source);
  if (!s)
    perDb.set(source, (s = { index: null, building: null, small: false, syncing: null, reconciledAt: Date.now() }));
  return s;
}

async function build(db: DbOrTx, source: repo.SourceKey): Promise<LiveIndex> {
  const s = repo.SOURCE_SQL[source];
  const index = new LiveIndex();
  const before = await repo.liveFeedState(db, s);
  let after: string | null = null;
  for (;;) {
    const rows = await repo.liveDocsPage(db, s, after, BUILD_PAGE);
    for (const r of rows) index.put(r);
    if (rows.length < BUILD_PAGE) break;
    after = rows.at(-1)!.id;
  }
  index.trim();
  // a write made while the pages were read may sit before the cursor: the first sync reads back
  // from the newest write there was when the build began
  index.newestUs = Math.min(index.newestUs, before.newest_us ?? 0);
  return index;
}

/** Documents whose write time differs from the index's, read in full this many at a time. */
const SYNC_PAGE = 1_000;

/** Adds the documents of `versions` the index does not hold as they are (new, or written since it read them). */
async function readChanged(
  db: DbOrTx,
  source: repo.SourceKey,
  index: LiveIndex,
  versions: ReadonlyArray<{ id: string; updated_us: number }>,
) {
  const changed = versions.filter((v) => !index.holds(v.id, v.updated_us)).map((v) => v.id);
  for (let i = 0; i < changed.length; i += SYNC_PAGE) {
    for (const r of await repo.liveDocsByIds(db, repo.SOURCE_SQL[source], changed.slice(i, i + SYNC_PAGE)))
      index.put(r);
  }
}

/**
 * Brings the index up to the table's writes since the newest it has read: the ids and write times
 * of the documents written since (an index range on updated_at), then in full only those it does
 * not hold as they are — a bulk import's rows, all stamped alike, are not read again and again.
 */
async function catchUp(db: DbOrTx, source: repo.SourceKey, index: LiveIndex): Promise<void> {
  const since = Math.max(0, index.newestUs - OVERLAP_US);
  await readChanged(db, source, index, await repo.liveDocVersions(db, repo.SOURCE_SQL[source], since));
}

/** Compares every document's id and write time with the index's: deletes, and writes it did not see. */
async function reconcile(db: DbOrTx, source: repo.SourceKey, index: LiveIndex): Promise<void> {
  const rows = await repo.liveDocVersions(db, repo.SOURCE_SQL[source]);
  const present = new Set(rows.map((r) => r.id));
  for (const id of index.versions().keys()) if (!present.has(id)) index.remove(id);
  await readChanged(db, source, index, rows);
}

function startBuild(db: DbOrTx, source: repo.SourceKey, s: State): Promise<LiveIndex> {
  const building = build(db, source).then((index) => {
    s.index = index;
    s.building = null;
    return index;
  });
  building.catch(() => {
    if (s.building === building) s.building = null;
  });
  s.building = building;
  return building;
}

/**
 * A source's index for this database handle (the live feed's notices, or our tenders or catalogue
 * items), in step with the table's `version` (engine.repository sourceVersion, read by every
 * search): built at first use, brought up to a newer version before it answers, so a write is
 * found at once by every instance. null inside a transaction (its own uncommitted writes are
 * SQL's to see) and while a large source is first read (SQL answers meanwhile).
 */
export async function liveIndex(
  db: DbOrTx,
  version: string,
  source: repo.SourceKey = 'external',
): Promise<LiveIndex | null> {
  if (!enabled || repo.inTransaction(db)) return null;
  const s = stateOf(db, source);
  if (!s.index) {
    if (!s.building) {
      void startBuild(db, source, s);
      s.small = (await repo.liveFeedState(db, repo.SOURCE_SQL[source])).docs < SYNC_BUILD_BELOW;
    }
    if (!s.small) return null;
    await s.building?.catch(() => null);
  }
  const index = s.index;
  if (!index) return null;
  // a sync that began for an older version may have read before this one's write: once more
  for (let tries = 0; index.version !== version && tries < 2; tries++) {
    s.syncing ??= catchUp(db, source, index)
      .then(() => {
        index.version = version;
      })
      .finally(() => {
        s.syncing = null;
      });
    await s.syncing;
  }
  if (Date.now() - s.reconciledAt > RECONCILE_MS) {
    s.reconciledAt = Date.now();
    void reconcile(db, source, index).catch(() => {});
  }
  if (index.dead > REBUILD_DEAD_SHARE * Math.max(index.live, 1) && !s.building) void startBuild(db, source, s);
  return index;
}

/**
 * Starts reading the sources' indexes when the instance starts, rather than at their first
 * search: at 100k notices the read takes 10–15 s, and searches take the slower SQL path until it
 * is done. One after another, so the instance answers other requests meanwhile on its other turns.
 */
export async function warmLiveIndex(db: DbOrTx): Promise<void> {
  for (const source of ['external', 'catalogue', 'tenders'] as const) {
    await liveIndex(db, await repo.sourceVersion(db, repo.SOURCE_SQL[source]), source);
    await stateOf(db, source).building?.catch(() => null);
  }
}

/** The index as this instance last brought it up to date, without reading the table's version (null before the first build). */
export function builtLiveIndex(db: DbOrTx, source: repo.SourceKey = 'external'): LiveIndex | null {
  return enabled && !repo.inTransaction(db) ? (states.get(db)?.get(source)?.index ?? null) : null;
}

let enabled = true;
/** Turns the in-memory indexes off (the bench's SQL-path figures) or back on, for this process. */
export function useLiveIndex(on: boolean): void {
  enabled = on;
}

/** Builds a source's index now (the bench, to time it) and says how long it took and what it holds. */
export async function buildLiveIndex(
  db: DbOrTx,
  source: repo.SourceKey = 'external',
): Promise<{ ms: number; size: ReturnType<LiveIndex['size']> }> {
  const t0 = performance.now();
  const index = await build(db, source);
  const ms = performance.now() - t0;
  if (!repo.inTransaction(db)) {
    const s = stateOf(db, source);
    s.index = index;
    s.building = null;
    s.small = false;
    s.syncing = null;
    s.reconciledAt = Date.now();
  }
  return { ms, size: index.size() };
}

/**
 * The CPV 2008 labels in memory (9,454 short documents; they never change while the product
 * runs): BM25 over them as repo.rankCpvLabels computes it in SQL — every label holding a word,
 * best score first, then the shorter label, then the code.
 */
export class LabelIndex {
  private constructor(
    private readonly index: LiveIndex,
    private readonly labels: Map<string, string>,
  ) {}

  static async read(db: DbOrTx): Promise<LabelIndex> {
    const index = new LiveIndex();
    const labels = new Map<string, string>();
    for (const r of await repo.cpvLabelDocs(db)) {
      index.put(r);
      labels.set(r.id, r.label);
    }
    index.trim();
    return new LabelIndex(index, labels);
  }

  rank(terms: readonly string[], idfs: readonly number[], avgLen: number, limit: number): repo.LabelHitRow[] {
    if (!terms.length) return [];
    const index = this.index;
    const cands = index.scoreAll({ terms, idfs, finding: terms, avgLen });
    const labelOf = (d: number) => this.labels.get(index.idAt(d))!;
    const before = (a: number, b: number) => {
      const sa = index.score(a);
      const sb = index.score(b);
      if (sa !== sb) return sa > sb;
      const la = labelOf(a).length;
      const lb = labelOf(b).length;
      return la !== lb ? la < lb : index.idAt(a) < index.idAt(b);
    };
    return best(cands, before, limit).map((d) => ({
      code: index.idAt(d),
      label: labelOf(d),
      score: index.score(d),
      terms: index.held(d, terms).terms,
    }));
  }
}
