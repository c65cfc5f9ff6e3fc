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

/** The best RERANK_DEPTH lexical candidates (full text or near-spelt title), re-ranked with meaning. */
export async function rankByRelevance(db: DbOrTx, type: SearchType, filter: repo.SearchFilter & { q: string }) {
  const rows = await repo.rankedCandidates(db, repo.SOURCES[type], filter, RERANK_DEPTH);
  const vectors = await vectorsOf(db, type, rows);
  const scores = blend(rows.map((r, i) => ({ lex: r.lex, vector: vectors[i]! })), embeddings().embed(filter.q));
  return rows.map((row, i) => ({ row, relevance: scores[i]! })).sort((a, b) => b.relevance - a.relevance || a.row.id.localeCompare(b.row.id));
}

export function createSearchService(ctx: AppContext) {
  const db: DbOrTx = ctx.db;

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
      const facetRows = repo.facets(db, source, filter);
      let hits: SearchHit[];
      if (q.sort === 'relevance' && filter.q && offset + q.pageSize <= RERANK_DEPTH) {
        const ranked = await rankByRelevance(db, q.type, { ...filter, q: filter.q });
        hits = ranked.slice(offset, offset + q.pageSize).map(({ row, relevance }) => toHit(q.type, row, relevance));
      } else {
        const rows = await repo.orderedPage(db, source, filter, q.sort, q.pageSize, offset);
        const maxLex = Math.max(1e-9, ...rows.map((r) => r.lex));
        hits = rows.map((r) => toHit(q.type, r, q.q ? r.lex / maxLex : 0));
      }
      const { facets, total } = toFacets(await facetRows);
      return { data: hits, meta: { page: q.page, pageSize: q.pageSize, total, facets, didYouMean: null } };
    },
  };
}
