import {
  AppError,
  CLOSING_WINDOWS,
  PLANS,
  REGIONS,
  SUPPLIER_VISIBLE_STATUSES,
  TENDER_STATUSES,
  VALUE_BUCKETS,
  categoryName,
  isImageAttachment,
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
import { createExactCounts, readListState } from '../../db/exact-counts.ts';
import { SEARCH_DEPTH, explain, rank, readingOf, resultId, type EngineResult } from './engine.ts';
import { SOURCE_SQL, type SourceKey } from './engine.repository.ts';
import * as repo from './search.repository.ts';

export type SearchService = ReturnType<typeof createSearchService>;

const label = (dim: keyof SearchFacets, value: string): string => {
  if (dim === 'category') return categoryName(value);
  if (dim === 'region') return REGIONS.find((r) => r.key === value)?.name ?? value;
  if (dim === 'value') return VALUE_BUCKETS.find((b) => b.key === value)?.label ?? value;
  if (dim === 'closing') return CLOSING_WINDOWS.find((w) => w.key === value)?.label ?? value;
  return value.charAt(0).toUpperCase() + value.slice(1);
};

function toFacets(rows: repo.FacetRow[]): SearchFacets {
  const facets: SearchFacets = { category: [], region: [], status: [], value: [], closing: [] };
  for (const r of rows) {
    const dim = r.dim as keyof SearchFacets;
    if (r.value === null || (dim === 'closing' && r.n === 0)) continue;
    facets[dim].push({ value: r.value, label: label(dim, r.value), count: r.n });
  }
  for (const k of ['category', 'region', 'status', 'value'] as const)
    facets[k].sort((a: FacetCount, b: FacetCount) => b.count - a.count || a.label.localeCompare(b.label));
  facets.region = facets.region.slice(0, 20);
  return facets;
}

const ENGINE_SOURCE: Record<SearchType, SourceKey> = {
  tenders: 'tenders',
  catalogue: 'catalogue',
  external: 'external',
};

/** The rows of a source ranked by the search engine for `q`, within `filter`. */
export function rankSource(db: DbOrTx, type: SearchType, filter: repo.SearchFilter, q: string, limit = SEARCH_DEPTH) {
  const source = ENGINE_SOURCE[type];
  return rank(db, {
    source,
    text: q,
    where: repo.engineFilter(repo.SOURCES[type], filter, SOURCE_SQL[source].id),
    limit,
    typing: true,
  });
}

export function createSearchService(ctx: AppContext) {
  const db: DbOrTx = ctx.db;
  // What a search answers (its page as answered, total and facets) is the same for everyone whose
  // filter is the same (the filter says whose rows a caller may see; a word search's filter is the
  // engine's results, and its page is kept under the engine's ranking, whose scores and
  // explanations it shows): kept per source while the source's
  // list version stands and the clock has not moved a count (db/exact-counts.ts).
  const kept = {
    tenders: createExactCounts<repo.FacetCounted>({ max: 2_000 }),
    catalogue: createExactCounts<repo.FacetCounted>({ max: 2_000 }),
    external: createExactCounts<repo.FacetCounted>({ max: 2_000 }),
  } satisfies Record<SearchType, unknown>;

  function visibility(caller: Principal, q: SearchQuery): repo.SearchFilter['visible'] {
    if (q.type === 'tenders') {
      if (caller.role === 'admin') return undefined;
      if (caller.role === 'buyer') return { ownerId: caller.id };
      // suppliers: a buyer's public record, never drafts or withdrawn tenders, plus what they were awarded
      return { statuses: SUPPLIER_VISIBLE_STATUSES, awardedTo: caller.id };
    }
    if (q.type === 'external') {
      if (caller.role !== 'admin' && caller.role !== 'supplier')
        throw new AppError('FORBIDDEN', 'The live tender feed is for suppliers');
      if (caller.role === 'supplier' && (!caller.plan || !PLANS[caller.plan].limits.liveFeed)) {
        throw new AppError(
          'PLAN_FEATURE_UNAVAILABLE',
          'The live tender feed is part of the Growth and Partner plans. Upgrade in Settings > Billing to use it.',
        );
      }
    }
    return undefined;
  }

  function statusesOf(q: SearchQuery): string[] | undefined {
    if (!q.status) return undefined;
    const wanted = q.status
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    const allowed: readonly string[] =
      q.type === 'tenders'
        ? TENDER_STATUSES
        : q.type === 'catalogue'
          ? ['available', 'limited', 'other']
          : ['open', 'closed'];
    const bad = wanted.filter((s) => !allowed.includes(s));
    if (bad.length)
      throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', [
        { path: 'status', message: `Unknown status: ${bad.join(', ')}` },
      ]);
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
    imageUrl: r.attachments?.find(isImageAttachment)?.url ?? null,
    relevance: Math.round(relevance * 1000) / 1000,
  });

  return {
    /** GET /api/search */
    async search(caller: Principal, q: SearchQuery): Promise<SearchResponse> {
      const source = repo.SOURCES[q.type];
      const bucket = q.value ? VALUE_BUCKETS.find((b) => b.key === q.value) : undefined;
      const filter: repo.SearchFilter = {
        visible: visibility(caller, q),
        category: q.type === 'external' ? undefined : q.category,
        region: q.region,
        statuses: statusesOf(q),
        value: bucket ? { min: bucket.min, max: bucket.max } : undefined,
        closingDays: q.closing ? CLOSING_WINDOWS.find((w) => w.key === q.closing)?.days : undefined,
      };
      const offset = (q.page - 1) * q.pageSize;
      const ranked: EngineResult | null = q.q ? await rankSource(db, q.type, filter, q.q) : null;
      const within: repo.SearchFilter = ranked ? { ...filter, ids: ranked.hits.map((h) => h.id) } : filter;
      const { data, counted } = await kept[q.type].answer(
        {
          filter: within,
          page: q.page,
          pageSize: q.pageSize,
          sort: q.sort,
          variant: ranked ? `${resultId(ranked)}` : undefined,
        },
        {
          page: () =>
            ranked && q.sort === 'relevance'
              ? repo.hitsByIds(db, source, filter, within.ids!.slice(offset, offset + q.pageSize))
              : repo.orderedPage(db, source, within, q.sort, q.pageSize, offset),
          count: () => repo.facets(db, source, within),
          state: () => readListState(db, source.list),
        },
        async (rows): Promise<SearchHit[]> => {
          if (!ranked) return rows.map((r) => toHit(q.type, r, 0));
          const relevanceOf = new Map(ranked.hits.map((h) => [h.id, h.score]));
          const matches = await explain(
            db,
            ranked,
            ENGINE_SOURCE[q.type],
            rows.map((r) => r.id),
          );
          return rows.map((r) => ({ ...toHit(q.type, r, relevanceOf.get(r.id) ?? 0), match: matches.get(r.id) }));
        },
      );
      const corrected = ranked?.words.filter((w) => w.correctedTo) ?? [];
      return {
        data,
        meta: {
          page: q.page,
          pageSize: q.pageSize,
          total: counted.total,
          facets: toFacets(counted.rows),
          didYouMean: corrected.length ? corrected.map((w) => w.correctedTo).join(' ') : null,
          reading: ranked ? readingOf(ranked) : undefined,
        },
      };
    },
  };
}
