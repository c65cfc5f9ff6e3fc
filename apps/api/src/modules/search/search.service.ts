import {
  AppError,
  CLOSING_WINDOWS,
  PLANS,
  REGIONS,
  SUPPLIER_VISIBLE_STATUSES,
  TENDER_STATUSES,
  VALUE_BUCKETS,
  categoryName,
  type FacetCount,
  type SearchFacets,
  type SearchHit,
  type SearchQuery,
  type SearchResponse,
  type SearchType,
} from '@brickyard/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { Principal } from '../../platform/auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { cosine, embeddings, vectorFromBytes, vectorToBytes } from '../matching/embeddings.ts';
import { semanticFit } from '../matching/engine.ts';
import * as repo from './search.repository.ts';

/** Candidates re-ranked by meaning for relevance order; deeper pages fall back to lexical order. */
export const RERANK_DEPTH = 200;
/** Share of the semantic signal in relevance (the rest is lexical). Tuned on `npm run eval:matching`. */
export const SEMANTIC_SHARE = 0.35;

/**
 * Facet counts of a search without text are counted over every row the filters let through (the
 * whole 100k-row catalogue for a plain browse: ~100 ms). They are kept this long per source and
 * filters, so a browse's counts can be this much behind its rows; searches with text are always
 * counted fresh. The web app only searches with text.
 */
export const BROWSE_FACETS_TTL_MS = 15_000;
const BROWSE_FACETS_MAX = 500;

export type SearchService = ReturnType<typeof createSearchService>;

const label = (dim: keyof SearchFacets, value: string): string => {
  if (dim === 'category') return categoryName(value);
  if (dim === 'region') return REGIONS.find((r) => r.key === value)?.name ?? value;
  if (dim === 'value') return VALUE_BUCKETS.find((b) => b.key === value)?.label ?? value;
  if (dim === 'closing') return CLOSING_WINDOWS.find((w) => w.key === value)?.label ?? value;
  return value.charAt(0).toUpperCase() + value.slice(1);
};

function toFacets(rows: repo.FacetRow[]): { facets: SearchFacets; total: number } {
  const facets: SearchFacets = { category: [], region: [], status: [], value: [], closing: [] };
  let total = 0;
  for (const r of rows) {
    const dim = r.dim as keyof SearchFacets;
    if (dim === 'category') total += r.n;
    if (r.value === null || (dim === 'closing' && r.n === 0)) continue;
    facets[dim].push({ value: r.value, label: label(dim, r.value), count: r.n });
  }
  for (const k of ['category', 'region', 'status', 'value'] as const) facets[k].sort((a: FacetCount, b: FacetCount) => b.count - a.count || a.label.localeCompare(b.label));
  facets.region = facets.region.slice(0, 20);
  return { facets, total };
}

/**
 * Relevance = (1 − SEMANTIC_SHARE) × lexical rank (normalised to the best candidate) +
 * SEMANTIC_SHARE × meaning (cosine of the query's and the document's vectors).
 */
export function blend(rows: Array<{ lex: number; vector: Float32Array | null }>, query: Float32Array | null): number[] {
  const maxLex = Math.max(1e-9, ...rows.map((r) => r.lex));
  return rows.map((r) => (1 - SEMANTIC_SHARE) * (r.lex / maxLex) + SEMANTIC_SHARE * (query ? semanticFit(cosine(query, r.vector)) : 0));
}

async function vectorsOf(db: DbOrTx, type: SearchType, rows: repo.HitRow[]): Promise<Array<Float32Array | null>> {
  const missing: Array<{ id: string; vector: Buffer }> = [];
  const out = rows.map((r) => {
    const stored = vectorFromBytes(r.vector);
    if (stored) return stored;
    const v = embeddings().embed(`${r.title} ${r.title} ${r.description ?? r.snippet}`);
    if (v && type === 'external') missing.push({ id: r.id, vector: vectorToBytes(v)! });
    return v;
  });
  // the live feed is imported in bulk: its vectors are filled in as searches reach them
  if (missing.length) await repo.saveExternalVectorsFor(db, missing);
  return out;
}

/**
 * The best RERANK_DEPTH lexical candidates (full text or near-spelt title), re-ranked with meaning;
 * with `withFacets`, the facet counts of all matches too, from the same query (issue 4).
 */
async function rankWithFacets(db: DbOrTx, type: SearchType, filter: repo.SearchFilter & { q: string }, withFacets: boolean) {
  const { rows, facets } = await repo.rankedCandidates(db, repo.SOURCES[type], filter, RERANK_DEPTH, withFacets);
  const vectors = await vectorsOf(db, type, rows);
  const scores = blend(rows.map((r, i) => ({ lex: r.lex, vector: vectors[i]! })), embeddings().embed(filter.q));
  const ranked = rows.map((row, i) => ({ row, relevance: scores[i]! })).sort((a, b) => b.relevance - a.relevance || a.row.id.localeCompare(b.row.id));
  return { ranked, facets };
}

/** The best RERANK_DEPTH lexical candidates (full text or near-spelt title), re-ranked with meaning. */
export async function rankByRelevance(db: DbOrTx, type: SearchType, filter: repo.SearchFilter & { q: string }) {
  return (await rankWithFacets(db, type, filter, false)).ranked;
}

export function createSearchService(ctx: AppContext) {
  const db: DbOrTx = ctx.db;
  const browseFacets = new Map<string, { at: number; rows: Promise<repo.FacetRow[]> }>();

  function facetsOf(type: SearchType, filter: repo.SearchFilter): Promise<repo.FacetRow[]> {
    if (filter.q) return repo.facets(db, repo.SOURCES[type], filter);
    const key = JSON.stringify([type, filter]);
    const now = Date.now();
    const hit = browseFacets.get(key);
    if (hit && now - hit.at < BROWSE_FACETS_TTL_MS) return hit.rows;
    const rows = repo.facets(db, repo.SOURCES[type], filter);
    browseFacets.delete(key);
    if (browseFacets.size >= BROWSE_FACETS_MAX) browseFacets.delete(browseFacets.keys().next().value!);
    browseFacets.set(key, { at: now, rows });
    rows.catch(() => browseFacets.get(key)?.rows === rows && browseFacets.delete(key));
    return rows;
  }

  function visibility(caller: Principal, q: SearchQuery): repo.SearchFilter['visible'] {
    if (q.type === 'tenders') {
      if (caller.role === 'admin') return undefined;
      if (caller.role === 'buyer') return { ownerId: caller.id };
      // suppliers: a buyer's public record, never drafts or withdrawn tenders, plus what they were awarded
      return { statuses: SUPPLIER_VISIBLE_STATUSES, awardedTo: caller.id };
    }
    if (q.type === 'external') {
      if (caller.role !== 'admin' && caller.role !== 'supplier') throw new AppError('FORBIDDEN', 'The live tender feed is for suppliers');
      if (caller.role === 'supplier' && (!caller.plan || !PLANS[caller.plan].limits.liveFeed)) {
        throw new AppError('PLAN_FEATURE_UNAVAILABLE', 'The live tender feed is part of the Growth and Partner plans. Upgrade in Settings > Billing to use it.');
      }
    }
    return undefined;
  }

  function statusesOf(q: SearchQuery): string[] | undefined {
    if (!q.status) return undefined;
    const wanted = q.status.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
    const allowed: readonly string[] = q.type === 'tenders' ? TENDER_STATUSES : q.type === 'catalogue' ? ['available', 'limited', 'other'] : ['open', 'closed'];
    const bad = wanted.filter((s) => !allowed.includes(s));
    if (bad.length) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', [{ path: 'status', message: `Unknown status: ${bad.join(', ')}` }]);
    return wanted;
  }

  const toHit = (type: SearchQuery['type'], r: repo.HitRow, relevance: number): SearchHit => ({
    kind: type === 'tenders' ? 'tender' : type === 'catalogue' ? 'catalogue_item' : 'external_tender',
    id: r.id,
    title: r.title,
    snippet: r.snippet ?? '',
    category: r.category,
    region: r.region,
    status: r.status,
    amount: r.amount === null ? null : r.amount / 100,
    amountMinor: r.amount,
    currency: r.currency,
    deadline: r.deadline ? new Date(r.deadline).toISOString() : null,
    createdAt: new Date(r.created).toISOString(),
    userId: r.user_id,
    companyName: r.company_name,
    relevance: Math.round(relevance * 1000) / 1000,
  });

  return {
    /** GET /api/search */
    async search(caller: Principal, q: SearchQuery): Promise<SearchResponse> {
      const source = repo.SOURCES[q.type];
      const bucket = q.value ? VALUE_BUCKETS.find((b) => b.key === q.value) : undefined;
      const filter: repo.SearchFilter = {
        q: q.q,
        visible: visibility(caller, q),
        category: q.type === 'external' ? undefined : q.category,
        region: q.region,
        statuses: statusesOf(q),
        value: bucket ? { min: bucket.min, max: bucket.max } : undefined,
        closingDays: q.closing ? CLOSING_WINDOWS.find((w) => w.key === q.closing)?.days : undefined,
      };
      const offset = (q.page - 1) * q.pageSize;
      let hits: SearchHit[];
      let facetRows: repo.FacetRow[];
      if (q.sort === 'relevance' && filter.q && offset + q.pageSize <= RERANK_DEPTH) {
        const ranked = await rankWithFacets(db, q.type, { ...filter, q: filter.q }, true);
        hits = ranked.ranked.slice(offset, offset + q.pageSize).map(({ row, relevance }) => toHit(q.type, row, relevance));
        facetRows = ranked.facets;
      } else {
        const [rows, counted] = await Promise.all([repo.orderedPage(db, source, filter, q.sort, q.pageSize, offset), facetsOf(q.type, filter)]);
        const maxLex = Math.max(1e-9, ...rows.map((r) => r.lex));
        hits = rows.map((r) => toHit(q.type, r, q.q ? r.lex / maxLex : 0));
        facetRows = counted;
      }
      const { facets, total } = toFacets(facetRows);
      return { data: hits, meta: { page: q.page, pageSize: q.pageSize, total, facets, didYouMean: null } };
    },
  };
}
