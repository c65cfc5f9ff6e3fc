import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { categoryForCpv } from '@brickyard/shared';
import type { Db } from '../../../db/client.ts';
import { externalTenders } from '../../../db/schema/index.ts';
import { foldModels } from '../../search/division-model.build.ts';
import { rank } from '../../search/engine.ts';
import { cpvLabels } from '../cpv.ts';
import { embeddings, vectorToBytes } from '../embeddings.ts';
import { rankExternalFor, type OfferListing } from '../matching.service.ts';
import { orQuery, saveExternalVectors } from '../matching.repository.ts';
import { tokenize } from '../text.ts';
import { loadNotices, type Notice } from './notices.ts';

export { loadNotices, type Notice } from './notices.ts';

/**
 * The quality measure of `npm run eval:matching` (README.md beside this file): 860 real UK
 * notices are indexed as live-feed tenders WITHOUT their CPV codes; queries and synthetic
 * supplier listings are made from CPV labels; a result is graded by how its withheld CPV codes
 * agree with the query's code (same code 3, same group 2, same division 1, else 0).
 */
export function grade(codes: readonly string[], query: string): number {
  let best = 0;
  for (const c of codes) {
    if (c === query) return 3;
    if (c.slice(0, 3) === query.slice(0, 3)) best = Math.max(best, 2);
    else if (c.slice(0, 2) === query.slice(0, 2)) best = Math.max(best, 1);
  }
  return best;
}

/**
 * Index the notices as the live feed with their semantic vectors — their CPV codes withheld, or
 * with them as published (`withCodes`); answers the ground truth and the row id of each notice.
 */
export async function indexNotices(
  db: Db,
  notices: Notice[],
  opts: { withCodes?: boolean } = {},
): Promise<{ truth: Map<string, string[]>; idOf: Map<string, string> }> {
  const truth = new Map<string, string[]>();
  const idOf = new Map<string, string>();
  const e = embeddings();
  for (let i = 0; i < notices.length; i += 200) {
    const chunk = notices.slice(i, i + 200);
    const rows = await db
      .insert(externalTenders)
      .values(
        chunk.map((n) => ({
          ocid: `eval-${n.evalId}`,
          releaseId: n.releaseId ?? n.evalId,
          origin: 'eval',
          title: n.title.trim(),
          description: n.description?.trim() ?? null,
          buyerName: n.buyerName,
          amountMinor: n.valueAmount === null ? null : Math.round(n.valueAmount * 100),
          currency: n.valueCurrency,
          date: n.releaseDate ? new Date(n.releaseDate) : new Date(0),
          contentHash: crypto.createHash('sha256').update(n.evalId).digest('hex'),
          cpvCodes: opts.withCodes ? n.groundTruth.cpvCodes : [],
        })),
      )
      .returning({ id: externalTenders.id, ocid: externalTenders.ocid });
    rows.forEach((r, j) => {
      truth.set(r.id, chunk[j]!.groundTruth.cpvCodes);
      idOf.set(chunk[j]!.evalId, r.id);
    });
    await saveExternalVectors(
      db,
      rows.map((r, j) => ({
        id: r.id,
        vector: vectorToBytes(e.embed(`${chunk[j]!.title} ${chunk[j]!.title} ${chunk[j]!.description ?? ''}`)),
      })),
    );
  }
  return { truth, idOf };
}

/** One query per CPV code that is the main code of some notice, in code order; `every` thins them. */
export function queryCodes(notices: Notice[], every = 1): Array<{ code: string; label: string }> {
  const labels = cpvLabels();
  const codes = [...new Set(notices.map((n) => n.groundTruth.cpvMain))].filter((c) => labels.has(c)).sort();
  return codes.filter((_, i) => i % every === 0).map((code) => ({ code, label: labels.get(code)! }));
}

/** A supplier listing described by a CPV code's label and its ancestors' labels, filed under our taxonomy. */
export function syntheticOffer(code: string): OfferListing {
  const labels = cpvLabels();
  const chain = [code, `${code.slice(0, 4)}0000`, `${code.slice(0, 3)}00000`, `${code.slice(0, 2)}000000`]
    .map((c) => labels.get(c))
    .filter((x, i, a): x is string => !!x && a.indexOf(x) === i);
  const cat = categoryForCpv(code);
  return {
    title: chain[0]!,
    description: chain.join('. '),
    specifications: null,
    category: cat?.category ?? '',
    subcategories: cat?.subcategory ? [cat.subcategory] : [],
    cpvCodes: [code],
    valuePence: null,
    quantity: null,
    leadTimeDays: null,
    region: null,
    availability: 'available',
    certifications: [],
    deliveryLocations: [],
  };
}

const dcg = (gains: number[]) => gains.reduce((s, g, i) => s + (2 ** g - 1) / Math.log2(i + 2), 0);

export interface Metrics {
  queries: number;
  precisionAt5: number;
  ndcgAt10: number;
}

/** precision@5: share of the top 5 in the same CPV group or code (grade ≥ 2); nDCG@10 on the graded scale. */
export function measure(runs: Array<{ ranked: string[]; code: string }>, truth: Map<string, string[]>): Metrics {
  let p = 0;
  let n = 0;
  const all = [...truth.values()];
  for (const r of runs) {
    const gains = r.ranked.slice(0, 10).map((id) => grade(truth.get(id) ?? [], r.code));
    const ideal = all
      .map((codes) => grade(codes, r.code))
      .sort((a, b) => b - a)
      .slice(0, 10);
    p += gains.slice(0, 5).filter((g) => g >= 2).length / 5;
    n += dcg(ideal) > 0 ? dcg(gains) / dcg(ideal) : 0;
  }
  const k = Math.max(1, runs.length);
  return { queries: runs.length, precisionAt5: p / k, ndcgAt10: n / k };
}

/** Plain keyword search: all words (plainto_tsquery), ranked by ts_rank. */
async function keywordSearch(db: Db, q: string): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`select id from external_tenders
    where search @@ plainto_tsquery('english', ${q}) order by ts_rank(search, plainto_tsquery('english', ${q})) desc, id limit 10`);
  return rows.map((r) => r.id);
}

/** Plain keyword matching: any word of the listing's title (OR), ranked by ts_rank. */
async function keywordMatch(db: Db, offer: OfferListing): Promise<string[]> {
  const terms = orQuery(tokenize(offer.title));
  if (!terms) return [];
  const { rows } = await db.execute<{ id: string }>(sql`select id from external_tenders
    where search @@ to_tsquery('english', ${terms}) order by ts_rank(search, to_tsquery('english', ${terms})) desc, id limit 10`);
  return rows.map((r) => r.id);
}

export interface EvalReport {
  notices: number;
  search: { baseline: Metrics; brickyard: Metrics };
  matching: { baseline: Metrics; brickyard: Metrics };
  ms: number;
}

export async function runEval(db: Db, opts: { every?: number; notices?: Notice[] } = {}): Promise<EvalReport> {
  const t0 = Date.now();
  const notices = opts.notices ?? loadNotices();
  const { truth, idOf } = await indexNotices(db, notices);
  const queries = queryCodes(notices, opts.every ?? 1);
  type Run = Array<{ ranked: string[]; code: string }>;
  const runs: { sb: Run; so: Run; mb: Run; mo: Run } = { sb: [], so: [], mb: [], mo: [] };
  // Matching guesses the codes of a notice published without any (readNotice): here each notice is
  // read by a division model that never saw its process, as notices it was not trained on would be.
  const modelOf = foldModels(notices);
  const noticeOf = new Map(notices.map((n) => [idOf.get(n.evalId)!, n]));
  const divisionModelOf = (id: string) => {
    const notice = noticeOf.get(id);
    return notice ? modelOf(notice) : null;
  };
  for (const { code, label } of queries) {
    runs.sb.push({ code, ranked: await keywordSearch(db, label) });
    const ranked = await rank(db, { source: 'external', text: label, limit: 10 });
    runs.so.push({ code, ranked: ranked.hits.map((h) => h.id) });
    const offer = syntheticOffer(code);
    runs.mb.push({ code, ranked: await keywordMatch(db, offer) });
    runs.mo.push({ code, ranked: (await rankExternalFor(db, offer, 10, { divisionModelOf })).map((m) => m.id) });
  }
  return {
    notices: notices.length,
    search: { baseline: measure(runs.sb, truth), brickyard: measure(runs.so, truth) },
    matching: { baseline: measure(runs.mb, truth), brickyard: measure(runs.mo, truth) },
    ms: Date.now() - t0,
  };
}

export function formatReport(r: EvalReport): string {
  const f = (x: number) => x.toFixed(3);
  const row = (name: string, m: Metrics) =>
    `  ${name.padEnd(30)} ${f(m.precisionAt5).padStart(8)} ${f(m.ndcgAt10).padStart(9)}`;
  return [
    `Brickyard search and matching quality: ${r.notices} real UK notices (CPV codes withheld), ${r.search.brickyard.queries} CPV-label queries`,
    `  ${''.padEnd(30)} ${'P@5'.padStart(8)} ${'nDCG@10'.padStart(9)}`,
    row('search: keyword baseline', r.search.baseline),
    row('search: brickyard', r.search.brickyard),
    row('matching: keyword baseline', r.matching.baseline),
    row('matching: brickyard', r.matching.brickyard),
    `  (${(r.ms / 1000).toFixed(1)} s)`,
  ].join('\n');
}
