import {
  AppError,
  CATEGORIES,
  PLANS,
  STRONG_MATCH_SCORE,
  canViewCatalogueItem,
  canViewTender,
  categoryName,
  subcategoryName,
  type Match,
  type MatchReason,
  type MatchGroup,
  type MatchGroupsResponse,
  type MatchesQuery,
  type RecommendationsQuery,
  type TenderStatus,
} from '@brickyard/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { createSharedListPages } from '../../db/owner-pages.ts';
import type { Principal } from '../../platform/auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { notify } from '../notifications/notifications.service.ts';
import { listingCpv } from './cpv.ts';
import { cosine, embeddings, vectorFromBytes, vectorToBytes } from './embeddings.ts';
import { scoreMatch, type NeedFacts, type OfferFacts, type RecordFacts } from './engine.ts';
import type { MatchJobKind } from './matching.queue.ts';

import * as repo from './matching.repository.ts';
import { tokenize } from './text.ts';
import type { DivisionModel } from '../search/division-model.ts';
import { rank, readNotice, wordMassOf, type UnderstoodCode } from '../search/engine.ts';

/** What follows a scoring run: telling people about strong new matches (null: nobody to tell). */
type FollowUp = (() => Promise<void>) | null;

/** The notification of a strong new pair: the listing changed last is the news, for the other's owner. */
export function newsOfPair(
  tender: Pick<repo.TenderFactsRow, 'id' | 'user_id' | 'company_name' | 'title' | 'updated_at'>,
  item: Pick<repo.ItemFactsRow, 'user_id' | 'company_name' | 'title' | 'updated_at'>,
  score: number,
): Parameters<typeof notify>[1] {
  const tenderIsNews = new Date(tender.updated_at).getTime() >= new Date(item.updated_at).getTime();
  return tenderIsNews
    ? {
        userId: item.user_id,
        kind: 'new_strong_match',
        title: `New tender matches ${item.title}`,
        body: `"${tender.title}" from ${tender.company_name} matches your catalogue item "${item.title}" (score ${score}).`,
        link: `/supplier/tender/${tender.id}`,
      }
    : {
        userId: tender.user_id,
        kind: 'new_strong_match',
        title: `New supplier match for ${tender.title}`,
        body: `"${item.title}" from ${item.company_name} matches your tender "${tender.title}" (score ${score}).`,
        link: `/buyer/tender/${tender.id}`,
      };
}

/** Pairs kept per tender or item, and the least score worth keeping. */
export const KEEP_PER_SUBJECT = 100;
export const MIN_STORED_SCORE = 25;

export type MatchingService = ReturnType<typeof createMatchingService>;

// ---- facts ------------------------------------------------------------------------------------

type ListingText = {
  title: string;
  description: string;
  specifications: string | null;
  category: string;
  subcategories: string[];
};

/** The words a listing is about: the title counts twice, then category names, then the body. */
const categoryWords = (l: ListingText) =>
  l.category ? [categoryName(l.category), ...l.subcategories.map((s) => subcategoryName(l.category, s))].join(' ') : '';

export function listingTokens(l: ListingText): string[] {
  const names = categoryWords(l);
  const title = tokenize(l.title);
  return [...title, ...title, ...tokenize(names), ...tokenize(l.description, 400), ...tokenize(l.specifications, 200)];
}

/** What a listing asks the search engine for its candidates: its title and category names (the body is too broad). */
export const candidateText = (l: ListingText) => `${l.title} ${categoryWords(l)}`;

/** The search engine's candidates for a listing, with the wording signal on the scale the engine scores (ts_rank, half fit at 0.2). */
async function foundFor(
  db: DbOrTx,
  source: 'catalogue' | 'tenders',
  l: ListingText,
  where: ReturnType<typeof repo.itemsOfOthersSql>,
): Promise<repo.Found> {
  const found = await rank(db, {
    source,
    text: candidateText(l),
    where,
    limit: repo.CANDIDATES_PER_SOURCE,
    codes: listingCpv(l.category, l.subcategories),
  });
  const top = Math.max(0, ...found.hits.map((h) => h.bm25));
  return found.hits.map((h) => ({ id: h.id, lex: lexicalOfFit(top > 0 ? h.bm25 / top : 0) }));
}

export const listingVector = (l: ListingText) => embeddings().embedTokens(listingTokens(l));

export function needOf(t: repo.TenderFactsRow): NeedFacts {
  return {
    category: t.category,
    subcategories: t.subcategories,
    cpvCodes: listingCpv(t.category, t.subcategories),
    budgetPence: t.budget_pence,
    quantity: t.quantity,
    leadTimeDays: t.lead_time_days,
    region: t.region,
    deadline: t.deadline ? new Date(t.deadline) : null,
    requiredCertifications: t.required_certifications,
    qualityStandards: t.quality_standards,
  };
}

export function offerOf(c: repo.ItemFactsRow, profile: repo.RecordRow | undefined): OfferFacts {
  const pub = profile?.visible ? profile : undefined;
  return {
    category: c.category,
    subcategories: c.subcategories,
    cpvCodes: listingCpv(c.category, c.subcategories),
    valuePence: c.value_pence,
    quantity: c.quantity,
    leadTimeDays: c.lead_time_days,
    region: c.region ?? pub?.region ?? null,
    availability: c.availability,
    certifications: [...c.certifications, ...(pub ? [...pub.certifications, ...pub.quality_standards] : [])],
    deliveryLocations: [...c.delivery_locations, ...(pub?.delivery_locations ?? [])],
  };
}

const recordOf = (r: repo.RecordRow | undefined): RecordFacts | null =>
  r
    ? { fulfilledDeals: r.fulfilled, ratingCount: r.rating_count, ratingAverage: r.rating_avg, visible: r.visible }
    : null;

function sharedTerms(a: ListingText, b: ListingText): string[] {
  const mine = new Set(tokenize(`${a.title} ${categoryName(a.category)}`));
  const theirs = new Set(tokenize(`${b.title} ${b.description.slice(0, 2000)} ${categoryName(b.category)}`));
  return [...mine].filter((w) => theirs.has(w));
}

/** The listing's category and those whose CPV codes share a group (3 digits) with its codes. */
export function categoriesNear(category: string, subcategories: string[]): string[] {
  const mine = listingCpv(category, subcategories);
  const near = CATEGORIES.filter(
    (c) =>
      c.key !== category &&
      [c.cpv, ...c.subcategories.map((s) => s.cpv)].some((x) => mine.some((m) => m.slice(0, 3) === x.slice(0, 3))),
  );
  return [category, ...near.map((c) => c.key)];
}

// ---- the service -----------------------------------------------------------------------------

/** A matches page as answered, and when the first open tender it counts closes (ms since the epoch). */
interface KeptMatchesPage {
  response: MatchGroupsResponse;
  closesFirst: number | null;
}

const rowsOf = (r: MatchGroupsResponse) => r.data.reduce((n, g) => n + 1 + g.matches.length, 1);

export function createMatchingService(ctx: AppContext) {
  const db: Db = ctx.db;
  // The matches pages, kept per caller and query under the versions of every table they show: the
  // listings, whether each was scored since it changed, the matches, the counterparts (and their
  // owners' names, the people version). A supplier's page also ends when the first open tender it
  // counts closes.
  // Up to 50,000 rows (a listing or a match) are kept per instance.
  const keptRows = { maxRows: 50_000, sizeOf: (page: KeptMatchesPage) => rowsOf(page.response) };
  const matchesPages = {
    tender: createSharedListPages<KeptMatchesPage>(
      ['tenders', 'tender_vectors', 'matches', 'catalogue_items'],
      keptRows,
    ),
    catalogue_item: createSharedListPages<KeptMatchesPage>(
      ['catalogue_items', 'catalogue_item_vectors', 'matches', 'tenders'],
      keptRows,
    ),
  };

  async function ensureVectors<T extends repo.TenderFactsRow | repo.ItemFactsRow>(
    rows: T[],
    kind: MatchJobKind,
  ): Promise<Map<string, Float32Array | null>> {
    const out = new Map<string, Float32Array | null>();
    for (const r of rows) {
      let v = vectorFromBytes(r.vector);
      if (!v) {
        v = listingVector(r);
        if (kind === 'tender') await repo.saveTenderVector(db, r.id, vectorToBytes(v), false);
        else await repo.saveItemVector(db, r.id, vectorToBytes(v), false);
      }
      out.set(r.id, v);
    }
    return out;
  }

  /**
   * The best KEEP_PER_SUBJECT pairs of at least MIN_STORED_SCORE. The words both sides share
   * only label the text reason (the score does not use them), so they are worked out for the
   * kept pairs alone rather than for every candidate.
   */
  function best<C>(
    cands: C[],
    score: (c: C, shared: string[]) => repo.PairScore,
    shared: (c: C) => string[],
  ): repo.PairScore[] {
    const scored = cands.map((c) => ({ c, s: score(c, []) }));
    return scored
      .filter((x) => x.s.score >= MIN_STORED_SCORE)
      .sort((a, b) => b.s.exact - a.s.exact)
      .slice(0, KEEP_PER_SUBJECT)
      .map((x) => score(x.c, shared(x.c)));
  }

  /**
   * Scores one tender against its candidates and stores the result. Returns telling about strong
   * new pairs (tellAbout), for the caller to run after (null when there is nobody to tell).
   */
  async function computeForTender(id: string): Promise<FollowUp> {
    const t = await repo.findTenderFacts(db, id);
    if (!t) return null;
    const vector = listingVector(t);
    const found = await foundFor(db, 'catalogue', t, repo.itemsOfOthersSql(t.user_id));
    const cands = await repo.itemCandidates(
      db,
      { id: t.id, userId: t.user_id, categories: categoriesNear(t.category, t.subcategories) },
      found,
    );
    const vectors = await ensureVectors(cands, 'catalogue_item');
    const recs = await repo.records(db, [...new Set(cands.map((c) => c.user_id))]);
    const need = needOf(t);
    const now = new Date();
    const pairs = best(
      cands,
      (c, shared) => {
        const rec = recs.get(c.user_id);
        const s = scoreMatch(
          need,
          offerOf(c, rec),
          { lexical: c.lex ?? 0, semantic: vector ? cosine(vector, vectors.get(c.id)) : null, sharedTerms: shared },
          recordOf(rec),
          now,
        );
        return { tenderId: t.id, catalogueItemId: c.id, ...s };
      },
      (c) => sharedTerms(t, c),
    );
    const fresh = await db.transaction(async (tx) => {
      if (!(await repo.holdSubject(tx, { tenderId: t.id }))) return []; // deleted meanwhile: nothing to store
      const rows = await repo.replacePairs(tx, { tenderId: t.id }, pairs, STRONG_MATCH_SCORE);
      await repo.saveTenderVector(tx, t.id, vectorToBytes(vector), true);
      return rows;
    });
    const open = t.status === 'active' && (!t.deadline || new Date(t.deadline).getTime() > Date.now());
    if (!open || !fresh.length) return null; // drafts and closed tenders stay private: nobody is told about them
    const items = new Map(cands.map((c) => [c.id, c]));
    return () => tellAbout(fresh.map((p) => ({ ...p, tender: t, item: items.get(p.catalogueItemId) })));
  }

  /** Scores one catalogue item against open tenders and stores the result; returns telling about strong new pairs (as computeForTender). */
  async function computeForItem(id: string): Promise<FollowUp> {
    const c = await repo.findItemFacts(db, id);
    if (!c) return null;
    const vector = listingVector(c);
    const found = await foundFor(db, 'tenders', c, repo.openTendersOfOthersSql(c.user_id));
    const cands = await repo.tenderCandidates(
      db,
      { id: c.id, userId: c.user_id, categories: categoriesNear(c.category, c.subcategories) },
      found,
    );
    const vectors = await ensureVectors(cands, 'tender');
    const rec = (await repo.records(db, [c.user_id])).get(c.user_id);
    const offer = offerOf(c, rec);
    const now = new Date();
    const pairs = best(
      cands,
      (t, shared) => {
        const s = scoreMatch(
          needOf(t),
          offer,
          { lexical: t.lex ?? 0, semantic: vector ? cosine(vector, vectors.get(t.id)) : null, sharedTerms: shared },
          recordOf(rec),
          now,
        );
        return { tenderId: t.id, catalogueItemId: c.id, ...s };
      },
      (t) => sharedTerms(c, t),
    );
    const fresh = await db.transaction(async (tx) => {
      if (!(await repo.holdSubject(tx, { catalogueItemId: c.id }))) return []; // deleted meanwhile
      const rows = await repo.replacePairs(tx, { catalogueItemId: c.id }, pairs, STRONG_MATCH_SCORE);
      await repo.saveItemVector(tx, c.id, vectorToBytes(vector), true);
      return rows;
    });
    if (!fresh.length) return null;
    const tenders = new Map(cands.map((t) => [t.id, t]));
    return () => tellAbout(fresh.map((p) => ({ ...p, tender: tenders.get(p.tenderId), item: c })));
  }

  /**
   * Tells about strong new pairs, once each: the pairs still unnotified (and still stored with a
   * strong score) are marked in one statement, and only those are told about. The news is the
   * listing changed last, told to the owner of the other one, whichever side's recomputation finds
   * the pair first: a supplier whose item was listed before a fitting tender hears of the tender,
   * even when the item's own job (queued earlier, run later) is the one that scores the pair.
   */
  async function tellAbout(
    pairs: Array<{
      tenderId: string;
      catalogueItemId: string;
      score: number;
      tender: repo.TenderFactsRow | undefined;
      item: repo.ItemFactsRow | undefined;
    }>,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const marked = new Set(
        (await repo.markNotifiedMany(tx, pairs, STRONG_MATCH_SCORE)).map((p) => `${p.tenderId}:${p.catalogueItemId}`),
      );
      for (const { tender, item, ...p } of pairs) {
        if (!tender || !item || !marked.has(`${p.tenderId}:${p.catalogueItemId}`)) continue;
        await notify(tx, newsOfPair(tender, item, p.score));
      }
    });
  }

  const compute = (kind: MatchJobKind, id: string) => (kind === 'tender' ? computeForTender(id) : computeForItem(id));
  /** Scores and tells, one after the other (a read that finds its subject stale). */
  const computeAndTell = async (kind: MatchJobKind, id: string) => {
    const tell = await compute(kind, id);
    await tell?.();
  };

  /** Scores computed before an answer when the subject changed since (or was never scored). */
  async function freshen(kind: MatchJobKind, rows: Array<{ id: string; stale: boolean }>) {
    for (const r of rows) if (r.stale) await computeAndTell(kind, r.id);
  }

  function planLimitOf(caller: Principal): number | null {
    if (caller.role === 'admin') return null;
    return PLANS[caller.plan ?? 'CORE'].limits.matchesPerItem;
  }

  function toMatch(r: repo.MatchReadRow, kind: 'tender' | 'catalogue_item'): Match {
    return {
      score: r.score,
      reasons: r.reasons,
      computedAt: new Date(r.computed_at).toISOString(),
      counterpart: {
        kind,
        id: r.id,
        title: r.title,
        userId: r.user_id,
        companyName: r.company_name,
        category: r.category,
        region: r.region,
        price: r.value_pence === null ? null : r.value_pence / 100,
        pricePence: r.value_pence,
        budget: r.budget_pence === null ? null : r.budget_pence / 100,
        budgetPence: r.budget_pence,
        quantity: r.quantity,
        currency: 'GBP',
        status: r.status,
        deadline: r.deadline ? new Date(r.deadline).toISOString() : null,
      },
    };
  }

  function group(
    subject: { kind: 'tender' | 'catalogue_item'; id: string; title: string; category: string; status: string | null },
    rows: repo.MatchReadRow[],
    counterpartKind: 'tender' | 'catalogue_item',
    planLimit: number | null,
    limit: number,
  ): MatchGroup {
    const total = rows[0]?.total ?? 0;
    const shown = Math.min(limit, planLimit ?? limit);
    return {
      subject,
      total,
      limited: planLimit !== null && total > planLimit,
      planLimit,
      matches: rows.slice(0, shown).map((r) => toMatch(r, counterpartKind)),
    };
  }

  const byParent = (rows: repo.MatchReadRow[]) => {
    const m = new Map<string, repo.MatchReadRow[]>();
    for (const r of rows) {
      const group = m.get(r.subject_id);
      if (group) group.push(r);
      else m.set(r.subject_id, [r]);
    }
    return m;
  };

  /** A page of the caller's own tenders or catalogue items, each with its matches on the other side. */
  async function ownListingsWithMatches(
    caller: Principal,
    q: MatchesQuery,
    kind: 'tender' | 'catalogue_item',
  ): Promise<MatchGroupsResponse> {
    const planLimit = planLimitOf(caller);
    const limit = Math.min(q.limit, planLimit ?? q.limit);
    const key = `${caller.id} ${planLimit ?? 'all'} ${q.page} ${q.pageSize} ${limit} ${q.minScore}`;
    const kept = await matchesPages[kind].answer(
      db,
      key,
      async () => {
        const read = () =>
          repo.ownListingsPage(db, kind, {
            userId: caller.id,
            page: q.page,
            pageSize: q.pageSize,
            limit,
            minScore: q.minScore,
          });
        let found = await read();
        // a listing changed since it was scored is scored again before the page answers, and the page read again
        if (found.rows.some((r) => r.stale)) {
          await freshen(kind, found.rows);
          found = await read();
        }
        const { rows, total } = found;
        const grouped = byParent(found.matches);
        const counterpart = kind === 'tender' ? 'catalogue_item' : 'tender';
        return {
          closesFirst: found.closesFirst,
          response: {
            data: rows.map((r) =>
              group(
                // an item's row has no status (null); a tender's says where it stands
                { kind, id: r.id, title: r.title, category: r.category, status: r.status },
                grouped.get(r.id) ?? [],
                counterpart,
                planLimit,
                limit,
              ),
            ),
            meta: { page: q.page, pageSize: q.pageSize, total, planLimit },
          },
        };
      },
      (page) => page.closesFirst,
    );
    return kept.response;
  }

  return {
    /** Scores one subject; returns telling the other side about strong new matches, to run next. */
    compute,

    /** GET /api/tender/matches/supplier: open tenders for each of the supplier's catalogue items. */
    forSupplier: (caller: Principal, q: MatchesQuery) => ownListingsWithMatches(caller, q, 'catalogue_item'),

    /** GET /api/tender/matches/buyer: catalogue items for each of the buyer's tenders. */
    forBuyer: (caller: Principal, q: MatchesQuery) => ownListingsWithMatches(caller, q, 'tender'),

    /**
     * GET /api/tender/matches/recommendations/{id}: for a tender or catalogue item the caller owns,
     * its matches; for one they may only see (a supplier on an open tender, a buyer on an item),
     * which of their own listings fit it. Anything else answers 404.
     */
    async recommendations(caller: Principal, id: string, q: RecommendationsQuery): Promise<MatchGroup> {
      const s = await repo.subjectOf(db, id);
      const notFound = new AppError('NOT_FOUND', 'Tender or catalogue item not found');
      if (!s) throw notFound;
      const planLimit = planLimitOf(caller);
      const limit = Math.min(q.limit, planLimit ?? q.limit);
      const subject = { kind: s.kind, id: s.id, title: s.title, category: s.category, status: s.status };
      const owner = s.user_id === caller.id || caller.role === 'admin';
      if (s.kind === 'tender') {
        if (
          !canViewTender(
            { userId: s.user_id, status: s.status as TenderStatus, awardedSupplierId: s.awarded_supplier_id },
            caller,
          )
        )
          throw notFound;
        // only the owner's visit rescores (others read the stored pairs, scored in the background):
        // a visitor's rescoring would reorder the pairs each visit and so the plan's top 3
        if (s.stale && owner) await computeAndTell('tender', s.id);
        if (owner)
          return group(
            subject,
            await repo.itemMatchesOf(db, s.id, limit, q.minScore, caller.id),
            'catalogue_item',
            planLimit,
            limit,
          );
        if (caller.role !== 'supplier') throw notFound;
        return group(
          subject,
          await repo.ownPairsWith(db, { kind: 'tender', id: s.id }, caller.id, limit, q.minScore, planLimit),
          'catalogue_item',
          planLimit,
          limit,
        );
      }
      if (!canViewCatalogueItem({ userId: s.user_id }, caller)) throw notFound;
      if (s.stale && owner) await computeAndTell('catalogue_item', s.id);
      if (owner)
        return group(
          subject,
          await repo.tenderMatchesOf(db, s.id, limit, q.minScore, caller.id),
          'tender',
          planLimit,
          limit,
        );
      if (caller.role !== 'buyer') throw notFound;
      return group(
        subject,
        await repo.ownPairsWith(db, { kind: 'catalogue_item', id: s.id }, caller.id, limit, q.minScore, planLimit),
        'tender',
        planLimit,
        limit,
      );
    },
  };
}

/** What a supplier offers, for matching against the live feed (a catalogue item, or a synthetic one in the eval). */
export type OfferListing = ListingText & {
  valuePence: number | null;
  quantity: number | null;
  leadTimeDays: number | null;
  region: string | null;
  availability: 'available' | 'limited' | 'other';
  certifications: string[];
  deliveryLocations: string[];
  /** CPV codes the supplier declares beside those of its category */
  cpvCodes?: string[];
};

/**
 * The codes matching trusts from a notice's reading: its lead and the two heaviest after it. The
 * reading spreads its places after the lead over CPV groups to hedge a wrong lead, but matching
 * takes the best relation among the three, so a lighter code of another group matched offers it
 * should not (`npm run eval:matching`, P@5 0.321 → 0.305 with the reading's own order).
 */
const heaviestThree = (codes: readonly UnderstoodCode[]): string[] =>
  [codes[0], ...codes.slice(1).sort((a, b) => b.weight - a.weight)].slice(0, 3).flatMap((u) => (u ? [u.code] : []));

const inferred = new Map<string, Promise<string[]>>();
/**
 * The CPV codes a notice published without codes means by its words (the search engine's reading
 * of a notice, readNotice: its title and its whole text), remembered per notice as it reads.
 * `model`: a division model other than the shipped one (the matching eval's, which never saw the
 * notice), read afresh and not remembered.
 */
function inferredCpvOf(
  db: DbOrTx,
  x: { id: string; title: string; description: string | null },
  model?: DivisionModel | null,
): Promise<string[]> {
  const read = () => readNotice(db, x, { model }).then(heaviestThree);
  if (model !== undefined) return read();
  const key = `${x.id}\u0000${x.title}\u0000${x.description ?? ''}`;
  let codes = inferred.get(key);
  if (!codes) {
    codes = read();
    if (inferred.size > 100_000) inferred.clear();
    inferred.set(key, codes);
    codes.catch(() => inferred.delete(key));
  }
  return codes;
}

/**
 * External tenders for a supplier's listing (docs/design.md section 5: "a supplier to external
 * tenders"), scored by the same engine. A notice published without CPV codes gets the codes the
 * search engine reads in its words (readNotice), so the CPV-aware category signal still applies.
 */
export async function rankExternalFor(
  db: DbOrTx,
  offer: OfferListing,
  limit = 20,
  opts: { divisionModelOf?: (noticeId: string) => DivisionModel | null } = {},
): Promise<Array<{ id: string; score: number; exact: number; reasons: MatchReason[]; isOpen: boolean }>> {
  const e = embeddings();
  const vector = listingVector(offer);
  const codes = [...new Set([...(offer.cpvCodes ?? []), ...listingCpv(offer.category, offer.subcategories)])];
  // candidates from the search engine (any word, BM25, the notices of the item's CPV classes), and
  // their BM25 as the wording signal
  const found = await rank(db, {
    source: 'external',
    text: offerText(offer),
    codes,
    limit: repo.CANDIDATES_PER_SOURCE,
  });
  // A hit's wording counts as its share of the best hit's BM25, or of the BM25 a notice holding each
  // of the item's title words once would score, whichever is more: when the best notice only shares
  // "tonne" with "Type 1 sub-base (per tonne …)", it is not a strong wording match because nothing
  // better was found (it read 52, a "Good match", for hydrated lime; now 14). Neutral on
  // `npm run eval:matching` (nDCG@10 0.416 with and without), whose label offers' best hits hold
  // their title words twice over.
  const yardstick = Math.max(await wordMassOf(db, 'external', offer.title), ...found.hits.map((h) => h.bm25));
  const textFit = new Map(found.hits.map((h) => [h.id, yardstick > 0 ? h.bm25 / yardstick : 0]));
  const cands = (
    await repo.externalFacts(
      db,
      found.hits.map((h) => h.id),
    )
  ).map((x) => ({ ...x, lex: lexicalOfFit(textFit.get(x.id) ?? 0) }));
  const o: OfferFacts = { ...offer, cpvCodes: codes };
  const readCodes = new Map(
    await Promise.all(
      cands
        .filter((x) => !x.cpv_codes.length)
        .map(async (x) => [x.id, await inferredCpvOf(db, x, opts.divisionModelOf?.(x.id))] as const),
    ),
  );
  const now = new Date();
  const fresh: Array<{ id: string; vector: Buffer | null }> = [];
  const scored = cands.map((x) => {
    let v = vectorFromBytes(x.vector);
    if (!v) {
      v = e.embed(`${x.title} ${x.title} ${x.description ?? ''}`);
      fresh.push({ id: x.id, vector: vectorToBytes(v) });
    }
    const need: NeedFacts = {
      category: null,
      subcategories: [],
      cpvCodes: x.cpv_codes.length ? x.cpv_codes : (readCodes.get(x.id) ?? []),
      cpvInferred: !x.cpv_codes.length,
      budgetPence: x.currency === 'GBP' ? x.amount_minor : null,
      quantity: null,
      leadTimeDays: null,
      region: null,
      deadline: x.tender_end_date ? new Date(x.tender_end_date) : null,
      requiredCertifications: [],
      qualityStandards: [],
    };
    const shared = new Set(tokenize(x.title));
    const s = scoreMatch(
      need,
      o,
      {
        lexical: x.lex,
        semantic: vector ? cosine(vector, v) : null,
        sharedTerms: tokenize(offer.title).filter((w) => shared.has(w)),
      },
      null,
      now,
    );
    return { id: x.id, score: s.score, reasons: s.reasons, exact: s.exact, isOpen: x.is_open === true };
  });
  await repo.saveExternalVectors(db, fresh);
  return scored.sort((a, b) => b.exact - a.exact || a.id.localeCompare(b.id)).slice(0, limit);
}

/** What a listing is about, as a query: its title, its category names and the start of its description. */
const offerText = (l: ListingText) => `${l.title} ${categoryWords(l)} ${l.description.slice(0, 300)}`;
/** The matching engine reads wording as ts_rank (half fit at 0.2): the BM25 share `fit` in that scale. */
const lexicalOfFit = (fit: number) => {
  const f = Math.min(0.95, Math.max(0, fit));
  return (0.2 * f) / (1 - f);
};

/** Items whose matches rank a supplier's feed: the newest this many. */
export const FEED_ITEMS = 5;

/**
 * "Top for you" (docs/decisions/0005-matching-explainable-weighted-signals.md): the live feed ranked for one supplier by the matching engine — each of
 * their newest catalogue items against the notices the search engine finds for it, scored on every
 * signal (CPV, wording, meaning, price, region…) — open notices by score first, then the closed
 * ones by score (docs/product.md: it ranks open notices). Null when the supplier has no catalogue item yet (the caller falls back to their
 * favourites and saved searches).
 */
export async function feedFor(
  db: Db,
  supplierId: string,
  limit: number,
  onBackgroundError?: (err: unknown) => void,
): Promise<Array<{ id: string; score: number; reasons: MatchReason[]; item: string }> | null> {
  const kept = await repo.keptFeed(db, supplierId, limit);
  if (!kept.items) return null;
  if (kept.exact) return kept.top;
  if (kept.sameOwn) {
    // Only the feed or the hour has moved: show the kept ranking (which notices are open is read
    // now, in the same statement) and rank again behind it. Ranking 100k notices takes seconds, and
    // a feed import or the top of the hour would otherwise make every supplier who visits wait.
    rankFeedOnce(db, supplierId, kept.version).catch((err: unknown) => onBackgroundError?.(err));
    return kept.top;
  }
  // A supplier whose own catalogue or profile changed waits: they expect to see the change.
  await rankFeedOnce(db, supplierId, kept.version);
  return (await repo.keptFeed(db, supplierId, limit)).top;
}

export type FeedState = repo.KeptFeedState;

/**
 * Where a supplier's kept "Top for you" stands (`repo.keptFeedState`), for a caller that keeps the
 * page it answered: the page stands while the kept ranking and the feed's version do. As in
 * `feedFor`, a ranking whose only the feed or the hour has moved is shown while it ranks again behind it.
 */
export async function feedState(
  db: Db,
  supplierId: string,
  onBackgroundError?: (err: unknown) => void,
  among: readonly string[] = [],
): Promise<FeedState> {
  const state = await repo.keptFeedState(db, supplierId, among);
  if (state.items && !state.exact && state.sameOwn)
    rankFeedOnce(db, supplierId, state.version).catch((err: unknown) => onBackgroundError?.(err));
  return state;
}

/**
 * Rankings in progress on this instance, by supplier and version: the visits that find the kept
 * ranking stale at the same moment (a feed import moved the version under a busy supplier) wait
 * for one ranking instead of each ranking the whole feed again.
 */
const ranking = new Map<string, Promise<repo.FeedRankingPair[]>>();
function rankFeedOnce(db: DbOrTx, supplierId: string, version: string): Promise<repo.FeedRankingPair[]> {
  const key = `${supplierId}|${version}`;
  let pending = ranking.get(key);
  if (!pending) {
    pending = rankFeed(db, supplierId).then(async (pairs) => {
      await repo.saveFeedRanking(db, supplierId, version, pairs);
      return pairs;
    });
    ranking.set(key, pending);
    void pending.finally(() => ranking.delete(key)).catch(() => undefined);
  }
  return pending;
}

/** Notices kept per supplier: the most "Top for you" shows (50) twice over, so closing notices leave enough. */
export const FEED_KEPT = 100;

/** Ranks the live feed for each of the supplier's newest catalogue items; each notice keeps its best item. */
async function rankFeed(db: DbOrTx, supplierId: string): Promise<repo.FeedRankingPair[]> {
  const items = await repo.supplierItems(db, supplierId, FEED_ITEMS);
  const rec = (await repo.records(db, [supplierId])).get(supplierId);
  const best = new Map<string, repo.FeedRankingPair & { isOpen: boolean }>();
  for (const c of items) {
    const o = offerOf(c, rec);
    const offer: OfferListing = {
      title: c.title,
      description: c.description,
      specifications: c.specifications,
      category: c.category,
      subcategories: c.subcategories,
      valuePence: o.valuePence,
      quantity: o.quantity,
      leadTimeDays: o.leadTimeDays,
      region: o.region,
      availability: c.availability,
      certifications: [...o.certifications],
      deliveryLocations: [...o.deliveryLocations],
      cpvCodes: [...o.cpvCodes],
    };
    const ranked = await rankExternalFor(db, offer, 40);
    for (const r of ranked) {
      const cur = best.get(r.id);
      if (!cur || r.exact > cur.exact) best.set(r.id, { ...r, item: c.title });
    }
  }
  return [...best.values()]
    .sort((a, b) => Number(b.isOpen) - Number(a.isOpen) || b.exact - a.exact || a.id.localeCompare(b.id))
    .slice(0, FEED_KEPT)
    .map(({ id, score, exact, reasons, item }) => ({
      id,
      score,
      exact,
      reasons: shownReasons(reasons),
      item,
    }));
}

/**
 * The reasons "Top for you" shows for a notice, in order: what is bought (CPV, wording, meaning)
 * first, then the rest that counted, three at most. Only these are kept: a ranking is read on every
 * visit, and all ten signals of a hundred notices made it 100 KB.
 */
export function shownReasons(reasons: readonly MatchReason[]): MatchReason[] {
  const what = (code: string) => (['category', 'text', 'semantic'].includes(code) ? 0 : 1);
  return reasons
    .filter((x) => x.contribution > 0)
    .sort((a, b) => what(a.code) - what(b.code) || b.contribution - a.contribution)
    .slice(0, 3);
}
