import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { apiRoot } from '../../../platform/paths.ts';
import { indexNotices, loadNotices, type Notice } from '../../matching/eval/eval.ts';
import { foldModels } from '../division-model.build.ts';
import { freshStats, rank, readNotice } from '../engine.ts';

/**
 * `npm run eval:search` (README.md beside this file): search quality on real UK notices, against
 * Okapi BM25 computed here over the same notices. The notices are indexed as the live feed with
 * their CPV codes, as published; a result is graded by CPV agreement with what the query asks for:
 * 2 when one of its codes is in an answering class (first four digits), 1 in an answering group
 * (first three), else 0. Three kinds of query:
 *   labels  — the label of each CPV class the notices use ("Roof works and other special trade construction works");
 *   typed   — phrases a supplier types, with the classes that answer them (typed-queries.json);
 *   titles  — each notice's title, "tenders like this one", the notice itself left out.
 * And the CPV reading of a notice whose codes are withheld (engine readNotice: its title, and its
 * title and description, each read as a query, itself left out): is the first code's division one
 * of its divisions, and does one of the first three share a group with its codes.
 */
export type Kind = 'labels' | 'typed' | 'titles';
export const KINDS: Kind[] = ['labels', 'typed', 'titles'];

export interface EvalQuery {
  kind: Kind;
  q: string;
  classes: string[];
  /** the notice the query was taken from, left out of its results */
  from?: string;
}

export function grade(codes: readonly string[], classes: readonly string[]): number {
  let g = 0;
  for (const c of codes) {
    for (const k of classes) {
      if (c.slice(0, 4) === k.slice(0, 4)) return 2;
      if (c.slice(0, 3) === k.slice(0, 3)) g = 1;
    }
  }
  return g;
}

export interface Metrics {
  queries: number;
  precisionAt5: number;
  ndcgAt10: number;
}

const dcg = (gains: number[]) => gains.reduce((s, g, i) => s + (2 ** g - 1) / Math.log2(i + 2), 0);

/** P@5 counts results in an answering class; nDCG@10 uses the grades, ideal over the whole index (less the query's own notice). */
export function measure(runs: Array<{ query: EvalQuery; ranked: string[] }>, truth: Map<string, string[]>): Metrics {
  let p = 0;
  let n = 0;
  for (const { query, ranked } of runs) {
    const gains = ranked.slice(0, 10).map((id) => grade(truth.get(id) ?? [], query.classes));
    const ideal = [...truth]
      .filter(([id]) => id !== query.from)
      .map(([, codes]) => grade(codes, query.classes))
      .sort((a, b) => b - a)
      .slice(0, 10);
    p += gains.slice(0, 5).filter((g) => g === 2).length / 5;
    n += dcg(ideal) > 0 ? dcg(gains) / dcg(ideal) : 0;
  }
  const k = Math.max(1, runs.length);
  return { queries: runs.length, precisionAt5: p / k, ndcgAt10: n / k };
}

/** The notices indexed as the live feed with their CPV codes, as published, and the term statistics counted. */
async function indexWithCodes(db: Db, notices: Notice[]) {
  const indexed = await indexNotices(db, notices, { withCodes: true });
  await freshStats(db, 'external', true);
  return indexed;
}

export function typedQueries(): EvalQuery[] {
  const file = JSON.parse(
    fs.readFileSync(path.join(apiRoot(), 'src/modules/search/eval/typed-queries.json'), 'utf8'),
  ) as { queries: Array<{ q: string; classes: string[] }> };
  return file.queries.map((x) => ({ kind: 'typed', q: x.q, classes: x.classes }));
}

/** One query per CPV class the notices use, its label as the text. */
export async function labelQueries(db: Db, notices: Notice[]): Promise<EvalQuery[]> {
  const classes = [
    ...new Set(notices.flatMap((n) => n.groundTruth.cpvCodes.map((c) => `${c.slice(0, 4)}0000`))),
  ].sort();
  const { rows } = await db.execute<{ code: string; label: string } & Record<string, unknown>>(
    sql`select code, label from cpv_labels where code = any(${`{${classes.join(',')}}`}::text[]) order by code`,
  );
  return rows.map((r) => ({ kind: 'labels', q: r.label, classes: [r.code.slice(0, 4)] }));
}

export function titleQueries(notices: Notice[], idOf: Map<string, string>): EvalQuery[] {
  return notices
    .filter((n) => n.title.trim().length > 0)
    .map((n) => ({
      kind: 'titles',
      q: n.title.trim(),
      classes: [...new Set(n.groundTruth.cpvCodes.map((c) => c.slice(0, 4)))],
      from: idOf.get(n.evalId),
    }));
}

/** Okapi BM25 (k1 1.2, b 0.75, any word) over each notice's title and description, stemmed by the same English analyser. */
export async function bm25Baseline(db: Db) {
  const { rows } = await db.execute<{ id: string; lexeme: string; tf: number } & Record<string, unknown>>(sql`
    select x.id, u.lexeme, coalesce(array_length(u.positions, 1), 1)::int as tf
    from external_tenders x, unnest(to_tsvector('english', x.title || ' ' || coalesce(x.description, ''))) u`);
  const docs = new Map<string, Map<string, number>>();
  for (const r of rows) {
    let d = docs.get(r.id);
    if (!d) docs.set(r.id, (d = new Map()));
    d.set(r.lexeme, r.tf);
  }
  const len = new Map([...docs].map(([id, d]) => [id, [...d.values()].reduce((s, x) => s + x, 0)]));
  const avg = [...len.values()].reduce((s, x) => s + x, 0) / Math.max(1, docs.size);
  const df = new Map<string, number>();
  for (const d of docs.values()) for (const l of d.keys()) df.set(l, (df.get(l) ?? 0) + 1);
  const N = docs.size;
  return async (q: string, exclude?: string): Promise<string[]> => {
    const { rows: lx } = await db.execute<{ l: string } & Record<string, unknown>>(
      sql`select unnest(tsvector_to_array(to_tsvector('english', ${q}))) as l`,
    );
    const terms = lx.map((r) => r.l);
    const scores: Array<[string, number]> = [];
    for (const [id, d] of docs) {
      if (id === exclude) continue;
      let s = 0;
      for (const t of terms) {
        const tf = d.get(t);
        if (!tf) continue;
        const n = df.get(t)!;
        s +=
          Math.log(1 + (N - n + 0.5) / (n + 0.5)) *
          ((tf * (1.2 + 1)) / (tf + 1.2 * (0.25 + (0.75 * len.get(id)!) / avg)));
      }
      if (s > 0) scores.push([id, s]);
    }
    return scores
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 10)
      .map(([id]) => id);
  };
}

export interface CpvReading {
  notices: number;
  divisionTop1: number;
  groupTop3: number;
  /** the same of each quarter of the notices read */
  quarters: Array<{ divisionTop1: number; groupTop3: number }>;
}

export interface SearchEvalReport {
  notices: number;
  kinds: Record<Kind, { brickyard: Metrics; bm25: Metrics; quarters: number[] }>;
  cpv: CpvReading;
  ms: number;
}

export async function runSearchEval(
  db: Db,
  opts: { every?: number; notices?: Notice[] } = {},
): Promise<SearchEvalReport> {
  const t0 = Date.now();
  const notices = opts.notices ?? loadNotices();
  const every = opts.every ?? 1;
  const { truth, idOf } = await indexWithCodes(db, notices);
  const bm25 = await bm25Baseline(db);
  const queries: Record<Kind, EvalQuery[]> = {
    labels: (await labelQueries(db, notices)).filter((_, i) => i % every === 0),
    typed: typedQueries().filter((_, i) => every === 1 || i % 2 === 0),
    titles: titleQueries(notices, idOf).filter((_, i) => i % every === 0),
  };
  const kinds = {} as SearchEvalReport['kinds'];
  for (const kind of KINDS) {
    const ours: Array<{ query: EvalQuery; ranked: string[] }> = [];
    const theirs: Array<{ query: EvalQuery; ranked: string[] }> = [];
    for (const query of queries[kind]) {
      const exclude = query.from ? [query.from] : undefined;
      const r = await rank(db, { source: 'external', text: query.q, limit: 10, excludeIds: exclude });
      ours.push({ query, ranked: r.hits.map((h) => h.id) });
      theirs.push({ query, ranked: await bm25(query.q, query.from) });
    }
    const quarters = [0, 1, 2, 3].map(
      (k) =>
        measure(
          ours.filter((_, i) => i % 4 === k),
          truth,
        ).ndcgAt10,
    );
    kinds[kind] = { brickyard: measure(ours, truth), bm25: measure(theirs, truth), quarters };
  }
  // CPV reading with the codes withheld (engine readNotice): the notice's own words, the notice
  // left out of the votes, and a division model that never saw its process (four models, each
  // trained without a quarter of the processes, read the notices of that quarter)
  const modelOf = foldModels(notices);
  // per quarter of the notices read (every 4th), as the query kinds are checked
  const div = [0, 0, 0, 0];
  const grp = [0, 0, 0, 0];
  const read = [0, 0, 0, 0];
  let k = 0;
  for (const [i, notice] of notices.entries()) {
    if (i % every !== 0) continue;
    const id = idOf.get(notice.evalId)!;
    const understood = await readNotice(
      db,
      { id, title: notice.title, description: notice.description },
      { model: modelOf(notice) },
    );
    const codes = notice.groundTruth.cpvCodes;
    const first = understood[0]?.code;
    const q = k++ % 4;
    if (first && codes.some((c) => c.slice(0, 2) === first.slice(0, 2))) div[q]!++;
    if (understood.slice(0, 3).some((u) => codes.some((c) => c.slice(0, 3) === u.code.slice(0, 3)))) grp[q]!++;
    read[q]!++;
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const n = sum(read);
  return {
    notices: notices.length,
    kinds,
    cpv: {
      notices: n,
      divisionTop1: sum(div) / Math.max(1, n),
      groupTop3: sum(grp) / Math.max(1, n),
      quarters: read.map((r, q) => ({ divisionTop1: div[q]! / Math.max(1, r), groupTop3: grp[q]! / Math.max(1, r) })),
    },
    ms: Date.now() - t0,
  };
}

export function formatSearchReport(r: SearchEvalReport): string {
  const f = (x: number) => x.toFixed(3);
  const lines = [
    `Brickyard search quality: ${r.notices} real UK notices, graded by CPV agreement (class 2, group 1), against Okapi BM25 over the same notices`,
    `  ${'kind'.padEnd(8)} ${'queries'.padStart(7)} ${'P@5'.padStart(7)} ${'nDCG@10'.padStart(8)}   ${'BM25 P@5'.padStart(8)} ${'nDCG@10'.padStart(8)}   ${'ratio'.padStart(5)}   nDCG@10 per quarter`,
  ];
  for (const k of KINDS) {
    const { brickyard: b, bm25: m, quarters } = r.kinds[k];
    lines.push(
      `  ${k.padEnd(8)} ${String(b.queries).padStart(7)} ${f(b.precisionAt5).padStart(7)} ${f(b.ndcgAt10).padStart(8)}   ${f(m.precisionAt5).padStart(8)} ${f(m.ndcgAt10).padStart(8)}   ${(b.ndcgAt10 / Math.max(1e-9, m.ndcgAt10)).toFixed(2).padStart(5)}   ${quarters.map(f).join(' ')}`,
    );
  }
  lines.push(
    `  CPV reading of ${r.cpv.notices} notices with their codes withheld: division right first ${(r.cpv.divisionTop1 * 100).toFixed(1)}%, group in the first three ${(r.cpv.groupTop3 * 100).toFixed(1)}%`,
  );
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  lines.push(
    `    per quarter: division ${r.cpv.quarters.map((q) => pct(q.divisionTop1)).join(' ')}, group ${r.cpv.quarters.map((q) => pct(q.groupTop3)).join(' ')}`,
  );
  lines.push(`  (${(r.ms / 1000).toFixed(1)} s)`);
  return lines.join('\n');
}
