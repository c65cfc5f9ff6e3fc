import type { SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import {
  CATEGORIES,
  cpvCodesFor,
  type CpvSuggestion,
  type MarkedText,
  type QueryReading,
  type SearchMatch,
} from '@brickyard/shared';
import type { DbOrTx } from '../../db/client.ts';
import { divisionOdds, shippedDivisionModel, type DivisionModel } from './division-model.ts';
import * as repo from './engine.repository.ts';
import {
  LabelIndex,
  MASK_TERMS,
  builtLiveIndex,
  liveIndex,
  type LiveHits,
  type LiveIndex,
  type LiveQuery,
} from './live-index.ts';
import { completionsOf, queryWords, recounted } from './term-tables.ts';

/**
 * The search engine: one ranking behind every search box (docs/search.md).
 *
 * 1. **Words.** The query is split into words and stemmed by PostgreSQL's English configuration,
 *    the same analyser that built the documents' tsvectors. Each word gets its document frequency
 *    from `search_terms`; a word no document holds gets its nearest known spelling as well.
 * 2. **Recall.** Candidates hold any of the words (the rarer ones of a long query), cut by plain
 *    ts_rank, plus — because a query is also read as CPV codes — the newest notices of the CPV
 *    classes it means (our listings: of the categories those classes belong to).
 * 3. **Ranking.** Okapi BM25 (k1 1.2, b 0.75; a title word counts three times), normalised to the
 *    best candidate, blended with how closely the candidate's CPV codes sit to the codes the query
 *    means (same class > same group > same division).
 * 4. **Reading a query as CPV.** The CPV 2008 labels are ranked with BM25 for the query; a label
 *    counts by the share of the query's rare words it explains. The codes of the best text hits
 *    vote too: the words notices of each code use, taken from the live index itself.
 */
export const K1 = 1.2;
/** Share of the CPV relation in the score (the rest is BM25). Fitted on `npm run eval:search`. */
export const CPV_SHARE = 0.7;
/** Share of the CPV relation for our tenders and catalogue items, whose codes come from their category. */
export const LISTING_CPV_SHARE = 0.3;
/** How far a relation at each level counts against the same class. */
export const CPV_LEVEL = { code: 1.05, class: 1, group: 0.55, division: 0.2 } as const;
/** Share of the label reading in the CPV reading (the rest is the votes of the best text hits). */
export const LABEL_SHARE = 0.6;
/** The best text hits whose codes vote. */
export const VOTERS = 12;
/** How far agreement among the best text hits makes the reading sure. */
export const VOTE_TRUST = 1;
/** The most a word the CPV labels do not know adds to the query's meaning (against the labels' coverage). */
export const UNKNOWN_WORD_MASS = 2.5;
/** Queries of at most this many words whose every word is in a title put that title first. */
export const NAMED_MAX_WORDS = 6;
/** Notices that share no word with the query are looked for only when the CPV reading is at least this sure. */
export const EXPAND_ABOVE = 0.5;
/** Words of a long query that find candidates: the rarest this many. */
export const FINDING_WORDS = 10;
/** Words of a long query that score: the rarest this many. */
export const SCORING_WORDS = 30;
/** A word held by more than this share of the documents does not find candidates while a rarer one does (it still scores). */
export const COMMON_SHARE = 0.1;
/** …in a source of at least this many documents. */
export const COMMON_MIN_DOCS = 1_000;
/** Results of a search with words: the engine's best this many, which filters, sorts and pages then cut. */
export const SEARCH_DEPTH = 500;
export const TEXT_POOL = 200;
/** Finding words held by more rows than this together are "broad": candidates come newest first, not by ts_rank over all of them. */
export const BROAD_ROWS = 20_000;
export const CPV_POOL = 150;
/** Codes the query is read as, at most. */
export const READ_CODES = 6;
/** Weights of the codes read are raised to this power: the best reading leads, the rest follow. */
export const SHARPEN = 2;

export type CpvLevel = keyof typeof CPV_LEVEL;

export interface QueryWord {
  /** as typed */
  word: string;
  lexeme: string;
  /** a known spelling of a word no document holds */
  correctedTo: string | null;
}

export interface UnderstoodCode {
  code: string;
  label: string;
  /** 0–1, relative to the best code the query was read as */
  weight: number;
}

export interface RankedHit {
  id: string;
  score: number;
  bm25: number;
  /** the query words the hit holds, as typed */
  words: string[];
  cpv: { code: string; level: CpvLevel; queryCode: string } | null;
  /** milliseconds since the epoch */
  created: number;
}

export interface EngineQuery {
  source: repo.SourceKey;
  text: string;
  where?: SQL;
  limit: number;
  excludeIds?: readonly string[];
  /** read the query as CPV (on by default) */
  readCpv?: boolean;
  /** typed into a search box: the last word may be half typed, and its completions count */
  typing?: boolean;
  /** CPV codes the asker declares (a catalogue item's): notices of their classes are candidates too */
  codes?: readonly string[];
}

export interface EngineResult {
  hits: RankedHit[];
  words: QueryWord[];
  understood: UnderstoodCode[];
  /** every code read, `understood` its first READ_CODES (a notice's reading, readNotice, weighs them all) */
  codesRead: UnderstoodCode[];
  /** 0–1: how sure the CPV reading is (it weighs in the ranking as much) */
  confidence: number;
  /** lexemes to highlight */
  lexemes: string[];
}

/** Okapi BM25's idf, as Lucene computes it (never negative). */
export const idf = (docs: number, df: number) => Math.log(1 + (Math.max(docs, df) - df + 0.5) / (df + 0.5));

const groupOf = (c: string) => c.slice(0, 3);
const classOf = (c: string) => c.slice(0, 4);

export interface CpvFit {
  fit: number;
  code: string;
  level: CpvLevel;
  queryCode: string;
  /** the relation as a hit carries it */
  relation: { code: string; level: CpvLevel; queryCode: string };
}

/**
 * How close a candidate's codes sit to the best code the query means: weight × level; of equal
 * fits, the first code, then the first code read. Built once per query, as it runs for every
 * candidate: each distinct code is related to the codes read once (candidates share codes).
 */
export function cpvFitter(understood: readonly UnderstoodCode[]) {
  const read = understood.map((u) => ({
    u,
    cls: classOf(u.code),
    group: groupOf(u.code),
    division: u.code.slice(0, 2),
  }));
  const byCode = new Map<string, CpvFit | null>();
  const fitOfCode = (c: string): CpvFit | null => {
    let best = byCode.get(c);
    if (best !== undefined) return best;
    best = null;
    for (const { u, cls, group, division } of read) {
      const level: CpvLevel | null =
        c === u.code
          ? 'code'
          : c.startsWith(cls)
            ? 'class'
            : c.startsWith(group)
              ? 'group'
              : c.startsWith(division)
                ? 'division'
                : null;
      if (!level) continue;
      const fit = u.weight * CPV_LEVEL[level];
      if (!best || fit > best.fit)
        best = { fit, code: c, level, queryCode: u.code, relation: { code: c, level, queryCode: u.code } };
    }
    byCode.set(c, best);
    return best;
  };
  return (codes: readonly string[]): CpvFit | null => {
    let best: CpvFit | null = null;
    for (const c of codes) {
      const fit = fitOfCode(c);
      if (fit && (!best || fit.fit > best.fit)) best = fit;
    }
    return best;
  };
}

/**
 * The BM25 a document of average length holding each word of `text` once would score (the sum of
 * their idf; a word no document holds counts as the rarest): a yardstick for hits' BM25 that does
 * not move with how well the best hit did.
 */
export async function wordMassOf(db: DbOrTx, source: repo.SourceKey, text: string): Promise<number> {
  const { terms } = await readWords(db, source, text);
  let mass = 0;
  for (const t of terms.values()) if (!t.guessed) mass += t.idf;
  return mass;
}

/** Reads the words of a query against a source's statistics, with near spellings for unknown words. */
async function readWords(db: DbOrTx, source: repo.SourceKey, text: string, typing = false, version?: string) {
  const fresh = await freshStats(db, source);
  // (a recount made just now is newer than the version read before it)
  const seen = fresh.recounted ? undefined : (fresh.refreshedAt ?? (version && repo.refreshedAtOf(version)));
  const { words: rows, stats } = await queryWords(db, source, text, 80, seen);
  const docs = stats?.docs ?? 0;
  const cpvDocs = stats?.cpv_docs ?? 0;
  const words: QueryWord[] = [];
  /** guessed: a near spelling or a completion, not a word of the query */
  const terms = new Map<string, { idf: number; cpvIdf: number; df: number; guessed?: boolean }>();
  for (const r of rows) {
    const known = r.df !== null || r.cpv_df !== null;
    words.push({ word: r.word, lexeme: r.lexeme, correctedTo: !known && r.near ? r.near : null });
    terms.set(r.lexeme, {
      idf: idf(docs, r.df ?? 0),
      cpvIdf: r.cpv_df === null ? 0 : idf(cpvDocs, r.cpv_df),
      df: r.df ?? 0,
    });
    if (!known && r.near && !terms.has(r.near)) {
      // a near spelling counts a little less than the word itself would
      terms.set(r.near, {
        idf: 0.8 * idf(docs, r.near_df ?? 0),
        cpvIdf: r.near_cpv_df === null ? 0 : 0.8 * idf(cpvDocs, r.near_cpv_df),
        df: r.near_df ?? 0,
        guessed: true,
      });
    }
  }
  // the last word may be half typed ("roof rep"): its commonest completions count a little less
  const last = rows.at(-1);
  if (typing && last && last.df === null && last.cpv_df === null && !last.near && last.word.length >= 2) {
    for (const c of await completionsOf(db, source, last.word, 3)) {
      if (terms.has(c.lexeme)) continue;
      terms.set(c.lexeme, {
        idf: 0.8 * idf(docs, c.df),
        cpvIdf: c.cpv_df === null ? 0 : 0.8 * idf(cpvDocs, c.cpv_df),
        df: c.df,
        guessed: true,
      });
      words.push({ word: last.word, lexeme: c.lexeme, correctedTo: null });
    }
  }
  return { words, terms, stats };
}

/** The CPV codes a query's words mean, from the CPV 2008 labels (BM25 over labels, weighted by coverage). */
async function readLabels(db: DbOrTx, terms: Map<string, { cpvIdf: number; idf: number }>, avgLen: number) {
  const known = [...terms].filter(([, t]) => t.cpvIdf > 0);
  if (!known.length) return [];
  const hits = (await cpvLabelIndex(db)).rank(
    known.map(([l]) => l),
    known.map(([, t]) => t.cpvIdf),
    avgLen,
    40,
  );
  if (!hits.length) return [];
  // the share of the query's meaning a label explains: a label that holds every rare word of a
  // short query is what it means; a label that shares one common word with a long title is not
  // a word the labels do not know counts by its rarity in the documents: a name ("Sumner House")
  // is what such a query means, not the label that shares its common word
  const mass = [...terms.values()].reduce(
    (s, t) => s + (t.cpvIdf > 0 ? Math.max(t.cpvIdf, 0.5) : Math.min(Math.max(t.idf, 0.5), UNKNOWN_WORD_MASS)),
    0,
  );
  const top = hits[0]!.score;
  return hits.map((h) => ({
    code: h.code,
    label: h.label,
    terms: h.terms,
    weight: Math.min(1, h.score / top) * Math.min(1, h.score / (mass * 1.6)),
  }));
}

/** How sure the label reading is: the share of the query the best label explains. */
function confidenceOf(labels: Array<{ weight: number }>): number {
  return labels[0]?.weight ?? 0;
}

/**
 * How equal scores are ordered, by the ranking and by the vote alike: the newest first, then by id
 * (UUIDs: code-unit order is their order, without localeCompare's cost).
 */
const newestThenId = (a: { created: number; id: string }, b: { created: number; id: string }) =>
  b.created - a.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The codes the best text hits carry, each hit voting by its share of the best BM25. */
export function votesOf(rows: readonly repo.CandidateRow[], codesOf: (r: repo.CandidateRow) => readonly string[]) {
  // A hit's vote depends on its place, so equal scores are ordered as the ranking orders them (the
  // newest first, then by id), not as the rows came: the in-memory index and SQL list them
  // differently, and the same text scored by either path may differ in its last bits.
  const ranked = [...rows]
    .filter((r) => r.bm25 > 0)
    .sort((a, b) => Math.round(b.bm25 * 1e9) - Math.round(a.bm25 * 1e9) || newestThenId(a, b))
    .slice(0, VOTERS);
  const top = ranked[0]?.bm25 ?? 0;
  const byClass = new Map<string, { weight: number; code: string }>();
  ranked.forEach((r, i) => {
    const v = (r.bm25 / top) ** 2 / Math.log2(i + 2);
    const seen = new Set<string>();
    for (const c of codesOf(r)) {
      const k = classOf(c);
      if (seen.has(k)) continue;
      seen.add(k);
      const cur = byClass.get(k);
      byClass.set(k, { weight: (cur?.weight ?? 0) + v, code: cur?.code ?? `${k}0000` });
    }
  });
  const max = Math.max(0, ...[...byClass.values()].map((x) => x.weight));
  return [...byClass.values()].map((x) => ({ code: x.code, weight: max ? x.weight / max : 0 }));
}

/** How much the best text hits agree on one class: its share of all their votes. */
function agreementOf(votes: Array<{ weight: number }>): number {
  const sum = votes.reduce((s, v) => s + v.weight, 0);
  return sum ? Math.max(...votes.map((v) => v.weight)) / sum : 0;
}

function combine(
  labels: Array<{ code: string; label: string; weight: number }>,
  votes: Array<{ code: string; weight: number }>,
  labelOf: (code: string) => string,
): UnderstoodCode[] {
  const byCode = new Map<string, UnderstoodCode>();
  const add = (code: string, label: string, w: number) => {
    const cur = byCode.get(code);
    if (cur) cur.weight += w;
    else byCode.set(code, { code, label, weight: w });
  };
  for (const l of labels) add(l.code, l.label, LABEL_SHARE * l.weight);
  // the surer the labels, the less the text hits' codes move the reading
  const voteShare = (1 - LABEL_SHARE) * (1 - 0.7 * confidenceOf(labels));
  // a vote for a class strengthens the label codes of that class, or stands as the class itself
  for (const v of votes) {
    const sameClass = [...byCode.values()].filter((u) => classOf(u.code) === classOf(v.code));
    if (sameClass.length) for (const u of sameClass) u.weight += voteShare * v.weight;
    else add(v.code, labelOf(v.code), voteShare * v.weight);
  }
  const out = divisionLed([...byCode.values()], [], undefined, Infinity);
  const max = Math.max(0, ...out.map((u) => u.weight));
  return out
    .map((u) => ({ ...u, weight: max ? (u.weight / max) ** SHARPEN : 0 }))
    .filter((u, i) => i === 0 || u.weight > 0.05);
}

/**
 * The codes read, best first and READ_CODES at most, led by the best code of the division most of
 * the evidence points to: several weaker readings of one division outweigh one strong reading of
 * another. `prior`: how likely a trained model finds each division (a notice's reading,
 * readNotice), counting DIVISION_MODEL_SHARE of the choice of division against the codes' shares;
 * when the division it picks has no code read, its own code leads (labelled by `labelOf`), and
 * the other codes are spread over CPV groups (below).
 */
export function divisionLed(
  codes: readonly UnderstoodCode[],
  prior: ReadonlyArray<{ division: string; p: number }> = [],
  labelOf?: (code: string) => string,
  limit = READ_CODES,
): UnderstoodCode[] {
  const all = [...codes].sort((a, b) => b.weight - a.weight || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const byDivision = new Map<string, number>();
  for (const u of all) byDivision.set(u.code.slice(0, 2), (byDivision.get(u.code.slice(0, 2)) ?? 0) + u.weight);
  const total = [...byDivision.values()].reduce((sum, w) => sum + w, 0);
  const modelShare = prior.length ? DIVISION_MODEL_SHARE : 0;
  const score = new Map([...byDivision].map(([d, w]) => [d, total ? ((1 - modelShare) * w) / total : 0]));
  for (const { division, p } of prior) score.set(division, (score.get(division) ?? 0) + modelShare * p);
  const division = [...score].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
  let lead = all.find((u) => u.code.slice(0, 2) === division);
  if (!lead && division && labelOf) {
    const code = `${division}000000`;
    lead = { code, label: labelOf(code), weight: all[0]?.weight ?? 1 };
  }
  if (!prior.length) return (lead ? [lead, ...all.filter((u) => u !== lead)] : all).slice(0, limit);
  // A notice's reading: after the lead, the other codes by their weight times their division's
  // score, one per CPV group before any group's second. A code of a group already read adds
  // nothing to what matching reads (the first three), and a wrong lead is best hedged by other
  // groups. On the eval's notices this moved a right group among the first three from 57% to 63%;
  // a query's reading (no model) keeps its codes by weight: ordered so, the label and typed
  // queries measured lower (nDCG@10 0.871 → 0.861, 0.626 → 0.610).
  const ranked = (u: UnderstoodCode) => u.weight * (score.get(u.code.slice(0, 2)) ?? 0);
  const others = all.filter((u) => u !== lead).sort((a, b) => ranked(b) - ranked(a));
  const groupsRead = new Set(lead ? [lead.code.slice(0, 3)] : []);
  const newGroups: UnderstoodCode[] = [];
  const sameGroups: UnderstoodCode[] = [];
  for (const u of others) {
    const group = u.code.slice(0, 3);
    if (groupsRead.has(group)) sameGroups.push(u);
    else {
      groupsRead.add(group);
      newGroups.push(u);
    }
  }
  return [...(lead ? [lead] : []), ...newGroups, ...sameGroups].slice(0, limit);
}

const codesOfRow = (r: repo.CandidateRow): readonly string[] =>
  r.cpv_codes ? r.cpv_codes : r.category ? cpvCodesFor(r.category, r.subcategories ?? []) : [];

let labelIndex: Promise<LabelIndex> | null = null;
/** The CPV labels ranked in memory (live-index.ts LabelIndex; read once per process, as repo.rankCpvLabels ranks them). */
function cpvLabelIndex(db: DbOrTx): Promise<LabelIndex> {
  labelIndex ??= LabelIndex.read(db);
  labelIndex.catch(() => (labelIndex = null));
  return labelIndex;
}

let labelCache: Map<string, string> | null = null;
/** Labels of CPV codes, for codes read from votes (cpv_labels, read once per process). */
async function cpvLabelOf(db: DbOrTx): Promise<(code: string) => string> {
  if (!labelCache) labelCache = await repo.allCpvLabels(db);
  const m = labelCache;
  return (code) => m.get(code) ?? m.get(`${code.slice(0, 4)}0000`) ?? m.get(`${code.slice(0, 3)}00000`) ?? code;
}

/**
 * The results an instance keeps per query, checked on every search against the source's version
 * (its newest write and its statistics), so a write shows at once on every instance; kept
 * RESULTS_TTL_MS at most, which bounds what the version cannot see (a write committed after a
 * newer one, filters that read the clock).
 */
export const RESULTS_TTL_MS = 5_000;
const kept = new WeakMap<object, LRUCache<string, { version: string; at: number; result: Promise<EngineResult> }>>();

/** Ranks a source for a query. */
export async function rank(db: DbOrTx, q: EngineQuery): Promise<EngineResult> {
  let perDb = kept.get(db);
  if (!perDb) kept.set(db, (perDb = new LRUCache({ max: 2_000 })));
  const key = JSON.stringify([
    q.source,
    q.text,
    q.limit,
    q.typing ?? false,
    q.readCpv ?? true,
    q.excludeIds ?? [],
    q.codes ?? [],
    repo.sqlKey(q.where),
  ]);
  // (the statistics are checked by a miss, in readWords: a write that makes them stale also moves the version)
  const version = await repo.sourceVersion(db, repo.SOURCE_SQL[q.source]);
  const hit = perDb.get(key);
  if (hit && hit.version === version && Date.now() - hit.at < RESULTS_TTL_MS) return hit.result;
  // kept as the answer in progress, so the same query asked again meanwhile waits for it
  const result = rankNow(db, q, version);
  perDb.set(key, { version, at: Date.now(), result });
  result.catch(() => perDb.get(key)?.result === result && perDb.delete(key));
  return result;
}

async function rankNow(db: DbOrTx, q: EngineQuery, version: string): Promise<EngineResult> {
  const s = repo.SOURCE_SQL[q.source];
  const [{ words, terms, stats }, index] = await Promise.all([
    readWords(db, q.source, q.text, q.typing, version),
    liveIndex(db, version, q.source),
  ]);
  const known = [...terms].filter(([, t]) => t.idf > 0);
  // A pasted paragraph scores by its SCORING_WORDS rarest words, as Lucene's MoreLikeThis keeps a
  // text's most telling terms: a common word moves a candidate's BM25 little and costs a lookup
  // per candidate. (A query of fewer words scores by all of them.)
  const telling = new Set(
    [...known]
      .sort((a, b) => a[1].df - b[1].df)
      .slice(0, SCORING_WORDS)
      .map(([l]) => l),
  );
  const scoring = known.filter(([l]) => telling.has(l));
  // the rarest words find candidates; a word most documents hold finds nothing a rarer one does not
  const byRarity = [...scoring].sort((a, b) => a[1].df - b[1].df);
  const corrected = new Set([...terms].filter(([, t]) => t.guessed).map(([l]) => l));
  const docs = stats?.docs ?? 0;
  // (near spellings and completions always find: they are what a typo or a half word means)
  const rare = byRarity.filter(([l, t]) => docs < COMMON_MIN_DOCS || t.df <= COMMON_SHARE * docs || corrected.has(l));
  const findingTerms = (rare.length ? rare : byRarity.slice(0, 1)).slice(0, FINDING_WORDS);
  const finding = findingTerms.map(([l]) => l);
  const broad = findingTerms.reduce((s, [, t]) => s + t.df, 0) > BROAD_ROWS;
  const base = {
    terms: scoring.map(([l]) => l),
    idfs: scoring.map(([, t]) => t.idf),
    avgLen: stats?.avg_len || 1,
    where: q.where,
    excludeIds: q.excludeIds,
    textPool: TEXT_POOL,
    cpvPool: CPV_POOL,
    broad,
  };
  const readCpv = q.readCpv !== false;
  const live: LiveQuery = {
    terms: base.terms,
    idfs: base.idfs,
    finding,
    avgLen: base.avgLen,
    excludeIds: q.excludeIds,
    fill: FILL_POOL,
  };
  const [fromIndex, labels, labelOf] = await Promise.all([
    index ? textFromIndex(db, s, index, live, q.where) : Promise.resolve(null),
    readCpv ? readLabels(db, terms, stats?.cpv_avg_len || 3) : Promise.resolve([]),
    cpvLabelOf(db),
  ]);
  const textRows = fromIndex
    ? fromIndex.rows
    : await repo.scoredCandidates(db, s, { ...base, finding, classes: [], categories: [] });
  const votes = readCpv ? votesOf(textRows, codesOfRow) : [];
  const codesRead = readCpv ? combine(labels, votes, labelOf) : [];
  const understood = codesRead.slice(0, READ_CODES);
  // the CPV relation weighs as much as the reading is sure: a query that is a CPV label, or whose
  // best text hits agree on one class, is ranked by class; a loose reading only breaks near-ties
  const confidence = Math.min(1, Math.max(confidenceOf(labels), VOTE_TRUST * agreementOf(votes)));
  // Our listings' codes are their category's (the taxonomy files "beams" under structural
  // products, the CPV labels under construction materials), so their CPV relation is weaker
  // evidence than a notice's declared codes: it orders the listings that hold the words and
  // brings related ones after them, never above them.
  const cpvShare = (s.cpvCodes ? CPV_SHARE : LISTING_CPV_SHARE) * confidence;
  let rows = textRows;
  const declared = (q.codes ?? []).filter((c) => c.length >= 4);
  if ((understood.length && confidence >= EXPAND_ABOVE) || declared.length) {
    const strong = confidence >= EXPAND_ABOVE ? understood.filter((u) => u.weight >= 0.3) : [];
    const classes = [...new Set([...strong.map((u) => classOf(u.code)), ...declared.map(classOf)])];
    const categories = s.category ? categoriesFor(strong.map((u) => u.code)) : [];
    if ((s.cpvClasses && classes.length) || categories.length) {
      // (the text pass's rows are left out by number when the index found them, by id when SQL did)
      const excludeIds = [...(q.excludeIds ?? []), ...(fromIndex ? [] : textRows.map((r) => r.id))];
      // (notices by their CPV classes, listings by their categories)
      const groups = s.cpvClasses ? { classes } : { categories };
      const inMemory =
        index && (groups.classes ?? groups.categories).length
          ? await classesFromIndex(db, s, index, live, groups, excludeIds, fromIndex?.docs ?? [], q.where)
          : null;
      const more =
        inMemory ??
        (await repo.scoredCandidates(db, s, {
          ...base,
          finding: [],
          classes: s.cpvClasses ? classes : [],
          categories,
          excludeIds: [...(q.excludeIds ?? []), ...textRows.map((r) => r.id)],
        }));
      rows = [...textRows, ...more];
    }
  }
  let maxBm25 = 0;
  for (const r of rows) if (r.bm25 > maxBm25) maxBm25 = r.bm25;
  const wordOf = new Map<string, string>();
  for (const w of words) {
    wordOf.set(w.lexeme, w.word);
    if (w.correctedTo) wordOf.set(w.correctedTo, w.word);
  }
  const firstAt = new Map<string, number>();
  words.forEach((w, i) => firstAt.has(w.word) || firstAt.set(w.word, i));
  const orderOf = (w: string) => firstAt.get(w) ?? -1;
  // the words a row holds, as typed and in the query's order (rows of the in-memory index holding
  // the same terms share one array, so each set is spelt once)
  const wordsOfTerms = new Map<readonly string[], string[]>();
  const wordsOf = (held: readonly string[] | null): string[] => {
    if (!held?.length) return [];
    let out = wordsOfTerms.get(held);
    if (!out) {
      out = [...new Set(held.map((l) => wordOf.get(l) ?? l))].sort((a, b) => orderOf(a) - orderOf(b));
      wordsOfTerms.set(held, out);
    }
    return out;
  };
  const fitOf = cpvFitter(understood);
  const asked = [...new Set(words.map((w) => w.lexeme))];
  const named_ = (r: repo.CandidateRow) =>
    asked.length > 0 && asked.length <= NAMED_MAX_WORDS && asked.every((l) => r.title_terms?.includes(l));
  const scored: RankedHit[] = [];
  for (const r of rows) {
    const fit = understood.length ? fitOf(codesOfRow(r)) : null;
    const text = maxBm25 > 0 ? r.bm25 / maxBm25 : 0;
    const blended = understood.length ? (1 - cpvShare) * text + cpvShare * Math.min(1, fit?.fit ?? 0) : text;
    // a title that holds every word of a short query is what the user is looking for by name;
    // scores are kept to nine decimals, so two rows of the same words tie (and the newer leads)
    // whichever path summed their BM25, PostgreSQL's or the index's, in whatever order
    const score = Math.round((named_(r) ? 1 + blended : blended) * 1e9) / 1e9;
    if (score <= 0) continue;
    scored.push({
      id: r.id,
      score,
      bm25: r.bm25,
      words: wordsOf(r.terms),
      cpv: fit ? fit.relation : null,
      created: r.created,
    });
  }
  const hits = scored.sort((a, b) => b.score - a.score || newestThenId(a, b)).slice(0, q.limit);
  return { hits, words, understood, codesRead, confidence, lexemes: [...terms.keys()] };
}

/** In-memory candidates are checked against the caller's filter (and deletes) this many past the pool at first, then up to CHECK_DEPTH. */
export const CHECK_MARGIN = 50;
export const CHECK_DEPTH = 2_000;
/** In-memory candidates enough for the text pool: past this many, common finding words only score (live-index.ts topByText). */
export const FILL_POOL = 4 * TEXT_POOL;

/**
 * Of the index's documents (best first), the first `want` that still exist and pass the caller's
 * filter, checked in SQL a slice at a time; null when a selective filter leaves fewer than
 * `want` of the first CHECK_DEPTH while more candidates remain (the SQL path answers then).
 */
async function passing(
  db: DbOrTx,
  s: repo.SourceSql,
  index: LiveIndex,
  docs: readonly number[],
  candidates: number,
  want: number,
  where?: SQL,
) {
  // Without a filter every live notice passes. A notice deleted since the index last reconciled
  // (deletes are rare: a notice is withdrawn by a later release, not removed) takes a place in
  // the pool until then; every caller reads its page's rows by id, where it is gone already.
  if (!where) return docs.length >= want || docs.length >= candidates ? docs.slice(0, want) : null;
  const kept: number[] = [];
  let checked = 0;
  for (const upto of [want + CHECK_MARGIN, CHECK_DEPTH]) {
    const slice = docs.slice(checked, upto);
    if (!slice.length) break;
    const pass = await repo.passingIds(
      db,
      s,
      slice.map((d) => index.idAt(d)),
      where,
    );
    for (const d of slice) if (pass.has(index.idAt(d))) kept.push(d);
    checked += slice.length;
    if (kept.length >= want) return kept.slice(0, want);
  }
  return checked < candidates ? null : kept;
}

/**
 * Candidate rows of in-memory hits (`picked`: their positions, in order). The terms a hit holds
 * come from its masks (bit t: term t), spelt once per distinct mask and shared by the rows that
 * hold the same terms; a query of more than MASK_TERMS terms looks them up per row.
 */
function rowsOf(
  index: LiveIndex,
  hits: LiveHits,
  picked: readonly number[],
  terms: readonly string[],
): repo.CandidateRow[] {
  // (masks are small integers: Map keys V8 hashes without boxing them)
  const spelt = new Map<number, Map<number, { terms: string[]; titleTerms: string[] }>>();
  const beyond = terms.length > MASK_TERMS;
  const heldBy = (at: number) => {
    if (beyond) return index.held(hits.docs[at]!, terms);
    const has = hits.has[at]!;
    const inTitle = hits.inTitle[at]!;
    let byTitle = spelt.get(has);
    if (!byTitle) spelt.set(has, (byTitle = new Map<number, { terms: string[]; titleTerms: string[] }>()));
    let out = byTitle.get(inTitle);
    if (!out) {
      out = { terms: [], titleTerms: [] };
      for (let t = 0; t < terms.length; t++) {
        if (has & (1 << t)) out.terms.push(terms[t]!);
        if (inTitle & (1 << t)) out.titleTerms.push(terms[t]!);
      }
      byTitle.set(inTitle, out);
    }
    return out;
  };
  const rows = new Array<repo.CandidateRow>(picked.length);
  for (let i = 0; i < picked.length; i++) {
    const at = picked[i]!;
    const d = hits.docs[at]!;
    const held = heldBy(at);
    rows[i] = {
      id: index.idAt(d),
      bm25: hits.bm25[at]!,
      cpv_codes: index.codesAt(d),
      category: null,
      subcategories: null,
      terms: held.terms,
      title_terms: held.titleTerms,
      created: index.createdAt(d),
    };
  }
  return rows;
}

/** Positions in `docs` of `kept`, a subsequence of it (what passed a filter, in order). */
function positionsOf(docs: Int32Array, kept: readonly number[]): number[] {
  const out: number[] = [];
  let at = 0;
  for (const d of kept) {
    while (docs[at] !== d) at++;
    out.push(at++);
  }
  return out;
}

/** The live feed's text candidates from the in-memory index: the best TEXT_POOL by BM25 among notices holding a finding word. */
async function textFromIndex(
  db: DbOrTx,
  s: repo.SourceSql,
  index: LiveIndex,
  q: LiveQuery,
  where?: SQL,
): Promise<{ rows: repo.CandidateRow[]; docs: number[] } | null> {
  if (!q.finding.length) return { rows: [], docs: [] };
  // the pool and a margin first; the deeper list only when the filter is selective
  for (const depth of [TEXT_POOL + CHECK_MARGIN, CHECK_DEPTH]) {
    const { hits, candidates } = index.topByText(q, depth);
    const kept = await passing(
      db,
      s,
      index,
      Array.from(hits.docs),
      // candidates past this depth count as unchecked: a short slice asks for the deeper list
      candidates > depth ? Infinity : candidates,
      TEXT_POOL,
      where,
    );
    if (kept) return { rows: rowsOf(index, hits, positionsOf(hits.docs, kept), q.terms), docs: kept };
    if (hits.docs.length >= candidates) break;
  }
  return null;
}

/**
 * The CPV-class pass from the in-memory index: the newest CPV_POOL notices of the classes (our
 * listings: of the categories), scored.
 */
async function classesFromIndex(
  db: DbOrTx,
  s: repo.SourceSql,
  index: LiveIndex,
  q: LiveQuery,
  groups: { classes?: readonly string[]; categories?: readonly string[] },
  excludeIds: readonly string[],
  excludeDocs: readonly number[],
  where?: SQL,
): Promise<repo.CandidateRow[] | null> {
  // without a filter every live document passes: the pool itself, and one more to say more remain
  const depth = where ? CHECK_DEPTH : CPV_POOL;
  const { docs, candidates } = groups.classes
    ? index.newestOfClasses(groups.classes, excludeIds, depth, excludeDocs)
    : index.newestOfCategories(groups.categories ?? [], excludeIds, depth, excludeDocs);
  const kept = await passing(db, s, index, docs, candidates, CPV_POOL, where);
  if (!kept) return null;
  return rowsOf(
    index,
    index.scoreDocs(kept, q),
    kept.map((_, i) => i),
    q.terms,
  );
}

// Our categories are broad (a class holds building materials of every kind), so a listing is a
// candidate by category only when a code of its category or subcategories shares the first five
// digits (the CPV "category" level) with a code the query means.
function categoriesFor(codes: readonly string[]): string[] {
  return [...new Set(codes.flatMap((c) => categoryKeysFor(c.slice(0, 5))))];
}
let prefixIndex: Map<string, string[]> | null = null;
function categoryKeysFor(prefix: string): string[] {
  if (!prefixIndex) {
    prefixIndex = new Map();
    for (const c of taxonomy()) {
      for (const code of [c.cpv, ...c.subcategories.map((x) => x.cpv)]) {
        const k = code.slice(0, 5);
        prefixIndex.set(k, [...new Set([...(prefixIndex.get(k) ?? []), c.key])]);
      }
    }
  }
  return prefixIndex.get(prefix) ?? [];
}

const taxonomy = () => CATEGORIES;

/** Refreshes the term statistics of a source when its table has changed since they were counted. */
const lastCheck = new WeakMap<object, Map<repo.SourceKey, number>>();
/** Below this many documents the statistics are recounted before the search that finds them stale. */
export const SYNC_REFRESH_BELOW = 5_000;
export const STATS_CHECK_MS = 2_000;
/** Larger sources are recounted in the background, at most this often per instance. */
export const ASYNC_REFRESH_MS = 5 * 60_000;
const refreshing = new Map<string, number>();
export async function freshStats(
  db: DbOrTx,
  source: repo.SourceKey,
  force = false,
): Promise<{ recounted: boolean; refreshedAt?: string }> {
  let perDb = lastCheck.get(db);
  if (!perDb) lastCheck.set(db, (perDb = new Map<repo.SourceKey, number>()));
  const now = Date.now();
  if (!force && now - (perDb.get(source) ?? 0) < STATS_CHECK_MS) return { recounted: false };
  perDb.set(source, now);
  const s = repo.SOURCE_SQL[source];
  const [changes, state] = await Promise.all([repo.changeCounter(db, s.name), repo.statsState(db, source)]);
  const seen = { recounted: false, refreshedAt: state?.refreshedAt };
  if (!force && state && state.changes === changes) return seen;
  if (force || !state || state.docs < SYNC_REFRESH_BELOW) {
    await repo.refreshTerms(db, s, changes);
    recounted(db, source);
    return { recounted: true };
  }
  if (now - (refreshing.get(source) ?? 0) < ASYNC_REFRESH_MS) return seen;
  refreshing.set(source, now);
  void repo.refreshTerms(db, s, changes).catch(() => refreshing.delete(source));
  return seen;
}

/** Splits ts_headline's output (\u0001 opens a mark, \u0002 closes it) into runs of text. */
export function markedText(s: string): MarkedText {
  const out: MarkedText = [];
  for (const part of s.split('\u0001')) {
    const close = part.indexOf('\u0002');
    if (close >= 0) {
      if (close > 0) out.push({ text: part.slice(0, close), hit: true });
      if (part.length > close + 1) out.push({ text: part.slice(close + 1).replace(/\u0002/g, ''), hit: false });
    } else if (part) out.push({ text: part, hit: false });
  }
  return out;
}

const LEVEL_WORD: Record<CpvLevel, string> = {
  code: 'Same CPV code as',
  class: 'Same CPV class as',
  group: 'Same CPV group as',
  division: 'Same CPV division as',
};

/**
 * What explain has answered for a result, per hit: a result stands for its source's version (a
 * write to a notice moves the version and the next search gets a new result), so a hit's marked
 * title and passage stay what they were when first read, and a page asked again (the next
 * visitor of the same search, the same page revisited) reads no text from PostgreSQL.
 */
const explained = new WeakMap<EngineResult, Map<string, Promise<SearchMatch | undefined>>>();
const hitsById = new WeakMap<EngineResult, Map<string, RankedHit>>();

/** Why each hit of a page is there: matched words marked in its title and a passage, and its CPV relation. */
export async function explain(
  db: DbOrTx,
  result: EngineResult,
  source: repo.SourceKey,
  ids: readonly string[],
): Promise<Map<string, SearchMatch>> {
  let kept = explained.get(result);
  if (!kept) explained.set(result, (kept = new Map<string, Promise<SearchMatch | undefined>>()));
  let hits = hitsById.get(result);
  if (!hits) hitsById.set(result, (hits = new Map(result.hits.map((h) => [h.id, h]))));
  const missing = ids.filter((id) => !kept.has(id) && hits.has(id));
  if (missing.length) {
    const read = explainNow(db, result, hits, source, missing);
    for (const id of missing) {
      const one = read.then((m) => m.get(id));
      kept.set(id, one);
      // a failed read is not kept: the next visit reads again
      one.catch(() => kept.get(id) === one && kept.delete(id));
    }
  }
  const out = new Map<string, SearchMatch>();
  for (const id of ids) {
    const match = await kept.get(id);
    if (match) out.set(id, match);
  }
  return out;
}

async function explainNow(
  db: DbOrTx,
  result: EngineResult,
  hits: Map<string, RankedHit>,
  source: repo.SourceKey,
  ids: readonly string[],
): Promise<Map<string, SearchMatch>> {
  const s = repo.SOURCE_SQL[source];
  const [rows, labelOf] = await Promise.all([repo.highlights(db, s, ids, result.lexemes), cpvLabelOf(db)]);
  const out = new Map<string, SearchMatch>();
  for (const r of rows) {
    const h = hits.get(r.id);
    if (!h) continue;
    const cpv = h.cpv
      ? {
          code: h.cpv.code,
          label: labelOf(h.cpv.code),
          level: h.cpv.level,
          queryCode: h.cpv.queryCode,
          queryLabel: labelOf(h.cpv.queryCode),
        }
      : null;
    const parts = [];
    if (h.words.length) parts.push(`Matches ${h.words.slice(0, 5).join(', ')}`);
    if (cpv) parts.push(`${LEVEL_WORD[cpv.level]} ${cpv.queryLabel} (${cpv.queryCode})`);
    out.set(r.id, {
      words: h.words,
      title: markedText(r.title),
      snippet: markedText(r.snippet),
      cpv,
      reason: parts.join(' · ') || 'Related by meaning',
    });
  }
  return out;
}

/** How far a notice's title, read as a query, counts against its whole text read as one (readNotice). */
export const TITLE_READING = 1.5;

/**
 * How far the trained division model (division-model.ts) counts in choosing a notice's division,
 * against the shares of the codes the engine read (readNotice, divisionLed). Chosen on 28 Nov 2026
 * among 0.5, 0.7 and 0.85 (division first 61.6%, 62.4%, 62.1%; group in the first three 55.2%,
 * 56.3%, 57.0%, before word pairs and the spread over groups), once the model was trained on
 * three quarters of every kind of notice (docs/search.md).
 */
export const DIVISION_MODEL_SHARE = 0.85;

/**
 * The CPV codes a notice means by its words (one that declares none, or whose codes are
 * withheld), best first: its title read as a query and its title and description read as one,
 * merged code by code (the title's reading counting TITLE_READING times); the division leads that
 * the codes' shares and the trained division model (division-model.ts; the shipped one unless
 * `opts.model` says otherwise) choose together. A description's common words pull the
 * labels' reading towards generic services while a title names the work: on the eval's 860
 * notices the whole text alone read the right division first for 52% and a right group among the
 * first three for 46%, the title alone for 53% and 52%, the two together for 56% and 54%, and
 * with the division model 63% and 63% (docs/search.md). Each reading gives every code it read
 * (`codesRead`), not only the first READ_CODES a query shows. `id`: the notice itself, left out
 * of the votes of the best text hits.
 */
export async function readNotice(
  db: DbOrTx,
  notice: { id?: string; title: string; description: string | null },
  opts: { model?: DivisionModel | null } = {},
): Promise<UnderstoodCode[]> {
  const excludeIds = notice.id ? [notice.id] : undefined;
  const read = (text: string) => rank(db, { source: 'external', text, limit: 1, excludeIds });
  const [byTitle, byText, labelOf] = await Promise.all([
    read(notice.title),
    read(`${notice.title} ${notice.description ?? ''}`.slice(0, 1500)),
    cpvLabelOf(db),
  ]);
  const merged = new Map<string, UnderstoodCode>();
  for (const [reading, share] of [
    [byTitle.codesRead, TITLE_READING],
    [byText.codesRead, 1],
  ] as const) {
    for (const u of reading) {
      const cur = merged.get(u.code);
      if (cur) cur.weight += share * u.weight;
      else merged.set(u.code, { code: u.code, label: u.label, weight: share * u.weight });
    }
  }
  const model = opts.model === undefined ? shippedDivisionModel() : opts.model;
  const out = divisionLed([...merged.values()], model ? divisionOdds(model, notice) : [], labelOf);
  const max = Math.max(0, ...out.map((u) => u.weight));
  return out.map((u) => ({ ...u, weight: max ? u.weight / max : 0 }));
}

const resultIds = new WeakMap<EngineResult, number>();
let lastResultId = 0;

/**
 * A number for one ranking as the engine keeps it: what is built from a ranking (a page with its
 * scores and explanations) is kept under it, and is read again when the engine ranks again (a new
 * version of the source or of its statistics, or its results' time to live passed).
 */
export function resultId(result: EngineResult): number {
  let id = resultIds.get(result);
  if (id === undefined) resultIds.set(result, (id = ++lastResultId));
  return id;
}

/** What the engine read a query as, for the API. */
export function readingOf(result: EngineResult): QueryReading {
  return {
    cpv: result.understood.map((u) => ({ code: u.code, label: u.label, weight: Math.round(u.weight * 1000) / 1000 })),
    corrections: result.words.filter((w) => w.correctedTo).map((w) => ({ word: w.word, to: w.correctedTo! })),
  };
}

/**
 * CPV categories a partly typed query means, for suggestions as the user types: the words so
 * far, the last one also as a prefix of known label words.
 */
const suggested = new WeakMap<object, LRUCache<string, Promise<CpvSuggestion[]>>>();
/** Suggestions are kept a minute per instance: the labels never change, the counts slowly. */
export function suggestCpv(db: DbOrTx, text: string, limit = 5): Promise<CpvSuggestion[]> {
  let perDb = suggested.get(db);
  if (!perDb) suggested.set(db, (perDb = new LRUCache({ max: 5_000, ttl: 60_000 })));
  const key = `${limit}\u0000${text}`;
  const hit = perDb.get(key);
  if (hit) return hit;
  const answer = suggestNow(db, text, limit);
  perDb.set(key, answer);
  answer.catch(() => perDb.delete(key));
  return answer;
}

async function suggestNow(db: DbOrTx, text: string, limit: number): Promise<CpvSuggestion[]> {
  const trimmed = text.trim();
  if (trimmed.length < 2) return [];
  const last = /([\p{L}\p{N}]+)$/u.exec(trimmed)?.[1] ?? '';
  const completions =
    !/\s$/.test(text) && last.length >= 2 ? await completionsOf(db, 'cpv', last.toLowerCase(), 3) : [];
  const { words, terms, stats } = await readWords(db, 'external', trimmed);
  // the words typed so far must all be in a suggestion; the last one, while it is being typed,
  // may be the start of a longer word
  const typing = completions.length ? words.at(-1)?.lexeme : undefined;
  const complete = [
    ...new Set(words.map((w) => w.lexeme).filter((l) => l !== typing && (terms.get(l)?.cpvIdf ?? 0) > 0)),
  ];
  const endings = new Set([...(typing ? [typing] : []), ...completions.map((c) => c.lexeme)]);
  for (const c of completions)
    if (!terms.has(c.lexeme)) terms.set(c.lexeme, { idf: 0, cpvIdf: idf(stats?.cpv_docs ?? 0, c.df), df: 0 });
  const labels = await readLabels(db, terms, stats?.cpv_avg_len || 3);
  const ending = (l: { terms: string[] }) => !endings.size || l.terms.some((t) => endings.has(t));
  const strict = labels.filter((l) => complete.every((w) => l.terms.includes(w)) && ending(l));
  // no label holds every word ("school taxi"): the labels of the word being typed, then of any word
  const loose = strict.length ? strict : labels.filter((l) => endings.size && ending(l));
  const picked = (loose.length ? loose : labels.filter((l) => l.weight >= 0.3)).slice(0, limit * 2);
  const codes = picked.map((l) => l.code);
  // (suggestions are kept a minute: the index as the last search left it counts well enough)
  const index = builtLiveIndex(db);
  const counts = index ? index.noticesPerCode(codes) : await repo.noticesPerCode(db, codes);
  return picked
    .map((l) => {
      const n = counts.get(l.code) ?? { code: 0, cls: 0 };
      return n.code > 0
        ? { code: l.code, label: l.label, filter: l.code, count: n.code }
        : { code: l.code, label: l.label, filter: l.code.slice(0, 4), count: n.cls };
    })
    .filter((s, i, all) => s.count > 0 && all.findIndex((x) => x.filter === s.filter) === i)
    .slice(0, limit);
}
