import { openNoticeSql, openTenderSql } from '../../db/open-notice-sql.ts';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { MatchReason } from '@brickyard/shared';
import { namedRawStatements, preparedPerDb, preparedPerHandle, type Db, type DbOrTx } from '../../db/client.ts';
import { textArray } from '../../db/sql-arrays.ts';
import { listStateColumns } from '../../db/exact-counts.ts';
import {
  catalogueItems,
  catalogueItemVectors,
  externalTenderVectors,
  feedRankings,
  matches,
  tenders,
  tenderVectors,
  type FeedRankingPair,
} from '../../db/schema/index.ts';

/** Match candidates per side, from indexes only (category btree, full-text GIN, trigram GIN, stored pairs). */
export type { FeedRankingPair };

export const CANDIDATES_PER_SOURCE = 150;

export type TenderFactsRow = {
  id: string;
  user_id: string;
  company_name: string;
  title: string;
  description: string;
  specifications: string | null;
  category: string;
  subcategories: string[];
  budget_pence: number | null;
  quantity: number | null;
  lead_time_days: number | null;
  region: string | null;
  deadline: Date | null;
  status: string;
  required_certifications: string[];
  quality_standards: string[];
  updated_at: Date;
  vector: Buffer | null;
  matched_at: Date | null;
  lex?: number;
};

export type ItemFactsRow = {
  id: string;
  user_id: string;
  company_name: string;
  title: string;
  description: string;
  specifications: string | null;
  category: string;
  subcategories: string[];
  value_pence: number | null;
  quantity: number | null;
  lead_time_days: number | null;
  region: string | null;
  availability: 'available' | 'limited' | 'other';
  certifications: string[];
  delivery_locations: string[];
  updated_at: Date;
  vector: Buffer | null;
  matched_at: Date | null;
  lex?: number;
};

const TENDER_COLS = sql`t.id, t.user_id, u.company_name, t.title, t.description, t.specifications, t.category, t.subcategories,
  t.budget_pence, t.quantity, t.lead_time_days, t.region, t.deadline, t.status, t.required_certifications, t.quality_standards,
  t.updated_at, v.vector, v.matched_at`;
const ITEM_COLS = sql`c.id, c.user_id, u.company_name, c.title, c.description, c.specifications, c.category, c.subcategories,
  c.value_pence, c.quantity, c.lead_time_days, c.region, c.availability, c.certifications, c.delivery_locations,
  c.updated_at, v.vector, v.matched_at`;

/** A PostgreSQL array literal as one parameter (db/sql-arrays.ts). */
export const pgArray = textArray;

export const OPEN_TENDER_SQL = openTenderSql('t');

export async function findTenderFacts(db: DbOrTx, id: string): Promise<TenderFactsRow | undefined> {
  const { rows } = await db.execute<TenderFactsRow>(sql`
    select ${TENDER_COLS} from tenders t join users u on u.id = t.user_id
    left join tender_vectors v on v.tender_id = t.id where t.id = ${id}`);
  return rows[0];
}

export async function findItemFacts(db: DbOrTx, id: string): Promise<ItemFactsRow | undefined> {
  const { rows } = await db.execute<ItemFactsRow>(sql`
    select ${ITEM_COLS} from catalogue_items c join users u on u.id = c.user_id
    left join catalogue_item_vectors v on v.catalogue_item_id = c.id where c.id = ${id}`);
  return rows[0];
}

/** A to_tsquery text of OR-ed words; words are [a-z0-9] only, so it cannot be malformed. */
export function orQuery(words: readonly string[]): string | null {
  const clean = [
    ...new Set(words.flatMap((w) => w.toLowerCase().split(/[^a-z0-9]+/)).filter((w) => w.length > 1)),
  ].slice(0, 24);
  return clean.length ? clean.join(' | ') : null;
}

/** What the search engine found for a listing: ids with the wording signal (ts_rank scale). */
export type Found = Array<{ id: string; lex: number }>;
const foundIds = (found: Found) => pgArray(found.map((f) => f.id));
const foundLex = (found: Found, id: SQL) =>
  sql`coalesce((select f.lex from unnest(${foundIds(found)}::uuid[], ${`{${found.map((f) => f.lex).join(',')}}`}::float8[]) f(id, lex) where f.id = ${id}), 0)::float8`;

/**
 * Catalogue items that may match a tender: the newest of the same or CPV-related categories
 * (category btree, per category), what the search engine found for the tender's words (`found`,
 * with its wording signal), and the pairs already stored — a few hundred at most, each source
 * bounded by its index, never a scan of the table.
 */
export async function itemCandidates(
  db: DbOrTx,
  t: { id: string; userId: string; categories: string[] },
  found: Found,
): Promise<ItemFactsRow[]> {
  const n = CANDIDATES_PER_SOURCE;
  const { rows } = await db.execute<ItemFactsRow>(sql`
    with ids as (
      (select x.id from unnest(${pgArray(t.categories)}::text[]) k(category) cross join lateral (
        select id, created_at from catalogue_items c where c.category = k.category order by c.created_at desc limit ${n}) x
       order by x.created_at desc limit ${n})
      union
      (select unnest(${foundIds(found)}::uuid[]))
      union
      (select catalogue_item_id from matches where tender_id = ${t.id})
    )
    select ${ITEM_COLS}, ${foundLex(found, sql`c.id`)} as lex
    from ids join catalogue_items c on c.id = ids.id join users u on u.id = c.user_id
    left join catalogue_item_vectors v on v.catalogue_item_id = c.id
    where c.user_id <> ${t.userId}`);
  return rows;
}

/** Open tenders that may match a catalogue item (the same sources as itemCandidates). */
export async function tenderCandidates(
  db: DbOrTx,
  c: { id: string; userId: string; categories: string[] },
  found: Found,
): Promise<TenderFactsRow[]> {
  const n = CANDIDATES_PER_SOURCE;
  const { rows } = await db.execute<TenderFactsRow>(sql`
    with ids as (
      (select x.id from unnest(${pgArray(c.categories)}::text[]) k(category) cross join lateral (
        select id, created_at from tenders t where t.category = k.category and ${OPEN_TENDER_SQL} order by t.created_at desc limit ${n}) x
       order by x.created_at desc limit ${n})
      union
      (select unnest(${foundIds(found)}::uuid[]))
      union
      (select tender_id from matches where catalogue_item_id = ${c.id})
    )
    select ${TENDER_COLS}, ${foundLex(found, sql`t.id`)} as lex
    from ids join tenders t on t.id = ids.id join users u on u.id = t.user_id
    left join tender_vectors v on v.tender_id = t.id
    where t.user_id <> ${c.userId} and ${OPEN_TENDER_SQL}`);
  return rows;
}

/** The search engine's filter for a tender's candidates: another user's items. */
export const itemsOfOthersSql = (userId: string) => sql`catalogue_items.user_id <> ${userId}`;
/** …and for an item's: another user's tenders, open for responses. */
export const openTendersOfOthersSql = (userId: string) =>
  sql`tenders.user_id <> ${userId} and ${openTenderSql('tenders')}`;

export type RecordRow = {
  user_id: string;
  fulfilled: number;
  rating_count: number;
  rating_avg: number | null;
  visible: boolean;
  certifications: string[];
  quality_standards: string[];
  delivery_locations: string[];
  region: string | null;
};

/** Track record (fulfilled deals, reviews received) and public profile facts of users. */
export async function records(db: DbOrTx, userIds: string[]): Promise<Map<string, RecordRow>> {
  if (!userIds.length) return new Map();
  const { rows } = await db.execute<RecordRow>(sql`
    select u.id as user_id,
      (select count(*) from contracts k where k.supplier_id = u.id and k.status = 'fulfilled')::int as fulfilled,
      (select count(*) from reviews r where r.reviewee_id = u.id)::int as rating_count,
      (select avg(r.rating) from reviews r where r.reviewee_id = u.id)::float8 as rating_avg,
      coalesce(p.visibility, 'public') = 'public' as visible,
      coalesce(p.certifications, '{}') as certifications,
      coalesce(p.quality_standards, '{}') as quality_standards,
      coalesce(p.delivery_locations, '{}') as delivery_locations,
      p.region
    from users u left join profiles p on p.user_id = u.id
    where u.id = any(${pgArray(userIds)}::uuid[])`);
  return new Map(rows.map((r) => [r.user_id, r]));
}

export async function saveTenderVector(db: DbOrTx, id: string, vector: Buffer | null, matched: boolean): Promise<void> {
  await db
    .insert(tenderVectors)
    .values({ tenderId: id, vector, matchedAt: matched ? sql`now()` : null })
    .onConflictDoUpdate({
      target: tenderVectors.tenderId,
      set: { vector, updatedAt: sql`now()`, ...(matched ? { matchedAt: sql`now()` } : {}) },
    });
}

export async function saveItemVector(db: DbOrTx, id: string, vector: Buffer | null, matched: boolean): Promise<void> {
  await db
    .insert(catalogueItemVectors)
    .values({ catalogueItemId: id, vector, matchedAt: matched ? sql`now()` : null })
    .onConflictDoUpdate({
      target: catalogueItemVectors.catalogueItemId,
      set: { vector, updatedAt: sql`now()`, ...(matched ? { matchedAt: sql`now()` } : {}) },
    });
}

export async function saveExternalVectors(
  db: DbOrTx,
  rows: Array<{ id: string; vector: Buffer | null }>,
): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(externalTenderVectors)
    .values(rows.map((r) => ({ externalTenderId: r.id, vector: r.vector })))
    .onConflictDoUpdate({
      target: externalTenderVectors.externalTenderId,
      set: { vector: sql`excluded.vector`, updatedAt: sql`now()` },
    });
}

export interface PairScore {
  tenderId: string;
  catalogueItemId: string;
  score: number;
  /** the unrounded score: orders the pairs kept (only `score` is stored) */
  exact: number;
  reasons: MatchReason[];
}

/**
 * Holds the tender (or item) whose pairs are about to be stored, FOR KEY SHARE, as the first lock of
 * that transaction; false when it is gone. Deleting a listing locks its row FOR UPDATE and then
 * deletes its pairs (ON DELETE CASCADE). Storing pairs without this locked pairs first and the
 * listing only at the end, through the foreign-key check of a new pair: the two then waited on each
 * other until PostgreSQL broke the deadlock after a second, and the delete answered 500. Taken
 * first, one waits for the other to finish, whichever came first.
 */
export async function holdSubject(db: DbOrTx, side: { tenderId: string } | { catalogueItemId: string }) {
  const { rows } = await db.execute(
    'tenderId' in side
      ? sql`select 1 from ${tenders} where ${tenders.id} = ${side.tenderId} for key share`
      : sql`select 1 from ${catalogueItems} where ${catalogueItems.id} = ${side.catalogueItemId} for key share`,
  );
  return rows.length > 0;
}

/**
 * Replaces the stored pairs of one tender (or item) with `pairs`, keeping `notified_at` of
 * pairs that stay, and answers the pairs that are new or newly strong and not yet notified.
 */
export async function replacePairs(
  db: DbOrTx,
  side: { tenderId: string } | { catalogueItemId: string },
  pairs: PairScore[],
  strong: number,
): Promise<Array<{ tenderId: string; catalogueItemId: string; score: number }>> {
  const keep = pairs.map((p) => `${p.tenderId}:${p.catalogueItemId}`);
  if ('tenderId' in side) {
    await db.execute(sql`delete from matches where tender_id = ${side.tenderId}
      and not (tender_id::text || ':' || catalogue_item_id::text = any(${pgArray(keep)}::text[]))`);
  } else {
    // from the item side only open tenders are candidates: pairs with a buyer's draft stay until the tender is rescored
    await db.execute(sql`delete from matches m where m.catalogue_item_id = ${side.catalogueItemId}
      and not (m.tender_id::text || ':' || m.catalogue_item_id::text = any(${pgArray(keep)}::text[]))
      and exists (select 1 from tenders t where t.id = m.tender_id and ${OPEN_TENDER_SQL})`);
  }
  if (!pairs.length) return [];
  const rows = await db
    .insert(matches)
    .values(
      pairs.map((p) => ({
        tenderId: p.tenderId,
        catalogueItemId: p.catalogueItemId,
        score: p.score,
        reasons: p.reasons,
      })),
    )
    .onConflictDoUpdate({
      target: [matches.tenderId, matches.catalogueItemId],
      set: { score: sql`excluded.score`, reasons: sql`excluded.reasons`, computedAt: sql`now()` },
    })
    .returning({
      tenderId: matches.tenderId,
      catalogueItemId: matches.catalogueItemId,
      score: matches.score,
      notifiedAt: matches.notifiedAt,
    });
  return rows.filter((r) => r.score >= strong && !r.notifiedAt);
}

/**
 * Marks as notified those of `pairs` still stored with at least `strong` and not yet notified,
 * and answers them: each pair is told about once, even when two recomputes race.
 */
export async function markNotifiedMany(
  db: DbOrTx,
  pairs: Array<{ tenderId: string; catalogueItemId: string }>,
  strong: number,
) {
  if (!pairs.length) return [];
  const { rows } = await db.execute<{ tenderId: string; catalogueItemId: string }>(sql`
    update matches m set notified_at = now()
    from unnest(${pgArray(pairs.map((p) => p.tenderId))}::uuid[], ${pgArray(pairs.map((p) => p.catalogueItemId))}::uuid[]) p(tender_id, catalogue_item_id)
    where m.tender_id = p.tender_id and m.catalogue_item_id = p.catalogue_item_id and m.notified_at is null and m.score >= ${strong}
    returning m.tender_id as "tenderId", m.catalogue_item_id as "catalogueItemId"`);
  return rows;
}

// ---- reading ---------------------------------------------------------------------------------

export type SubjectRow = {
  id: string;
  title: string;
  category: string;
  status: string | null;
  stale: boolean;
};

/** A stored match as read; its times are Dates from drizzle's select, PostgreSQL's text from a raw statement. */
export type MatchReadRow = {
  subject_id: string;
  score: number;
  reasons: MatchReason[];
  computed_at: Date | string;
  total: number;
  id: string;
  title: string;
  user_id: string;
  company_name: string;
  category: string;
  region: string | null;
  value_pence: number | null;
  budget_pence: number | null;
  quantity: number | null;
  status: string | null;
  deadline: Date | string | null;
};

const matchReadColumns = {
  subject_id: sql<string>`x.subject_id`,
  score: sql<number>`x.score`,
  reasons: sql<MatchReason[]>`x.reasons`,
  computed_at: sql<Date>`x.computed_at`,
  total: sql<number>`x.total`,
  id: sql<string>`x.id`,
  title: sql<string>`x.title`,
  user_id: sql<string>`x.user_id`,
  company_name: sql<string>`x.company_name`,
  category: sql<string>`x.category`,
  region: sql<string | null>`x.region`,
  value_pence: sql<number | null>`x.value_pence`,
  budget_pence: sql<number | null>`x.budget_pence`,
  quantity: sql<number | null>`x.quantity`,
  status: sql<string | null>`x.status`,
  deadline: sql<Date | null>`x.deadline`,
};

/**
 * How a subject's matches are read, per kind of subject: its column in `matches`, the counterpart
 * table `c` (joined with its owner `u`), the counterpart's columns, and which counterparts show.
 * Both the matches pages and the recommendations read through these.
 */
const matchSides = {
  // a tender's matches: catalogue items, every member's shop window, so all are shown
  tender: {
    subject: sql`m.tender_id`,
    counterpart: sql`m.catalogue_item_id`,
    table: sql`catalogue_items`,
    columns: sql`c.value_pence, null::bigint as budget_pence, c.quantity, null::text as status, null::timestamptz as deadline`,
    open: sql`true`,
    /** the first deadline among the counterparts counted (an open tender stops counting at its own) */
    closesFirst: sql`null::timestamptz`,
  },
  // a catalogue item's matches: only tenders open to suppliers
  catalogue_item: {
    subject: sql`m.catalogue_item_id`,
    counterpart: sql`m.tender_id`,
    table: sql`tenders`,
    columns: sql`null::bigint as value_pence, c.budget_pence, c.quantity, c.status, c.deadline`,
    open: openTenderSql('c'),
    closesFirst: sql`min(c.deadline) over ()`,
  },
};
type MatchSide = (typeof matchSides)[keyof typeof matchSides];

/**
 * The best `limit` counterparts of one subject, with the count of all of them: one statement per
 * direction, the same windows over `matches` (subject → its side's column, the counterpart table
 * `c` joined with its owner `u`). The subject is one id (`= $1`), whose generic plan PostgreSQL
 * keeps per connection: with `= any($ids)` it judged a generic plan dearer than a custom one and
 * planned it on every visit (0.96 ms of planning against 0.05 ms of running, pg_stat_statements).
 * The count is a window and the cut `rn <= $limit`, not a parameter LIMIT, for the same reason.
 */
function bestPairs(db: DbOrTx, name: string, side: MatchSide) {
  return db
    .select(matchReadColumns)
    .from(
      sql`(
      select ${side.subject} as subject_id, m.score, m.reasons, m.computed_at,
        count(*) over ()::int as total,
        row_number() over (order by m.score desc, c.id) as rn,
        c.id, c.title, c.user_id, u.company_name, c.category, c.region, ${side.columns}
      from matches m join ${side.table} c on c.id = ${side.counterpart} join users u on u.id = c.user_id
      where ${side.subject} = ${sql.placeholder('id')}::uuid and m.score >= ${sql.placeholder('minScore')}
        and ${side.open} and c.user_id <> ${sql.placeholder('viewerId')}
    ) x where x.rn <= ${sql.placeholder('limit')} order by x.rn`,
    )
    .prepare(name);
}

const matchReadStatements = preparedPerHandle((db) => ({
  items: bestPairs(db, 'matches_items_of_tenders', matchSides.tender),
  tenders: bestPairs(db, 'matches_tenders_of_items', matchSides.catalogue_item),
}));

/** One row of a matches page: an own listing, the page's total, and one of the listing's best matches (none: nulls). */
type OwnListingMatchRow = {
  [K in keyof MatchReadRow as `m_${K}`]: MatchReadRow[K] | null;
} & {
  listings_total: number;
  l_id: string | null;
  l_title: string;
  l_category: string;
  l_status: string | null;
  l_stale: boolean;
  m_closes_first: Date | string | null;
};

/** A page's own listings, newest first, with whether their matches are stale. */
const ownListings = {
  // a buyer's tenders, drafts included (they are theirs)
  tender: (userId: string) => sql`select t.id, t.title, t.category, t.status, t.created_at,
          (v.matched_at is null or v.matched_at < t.updated_at) as stale
        from tenders t left join tender_vectors v on v.tender_id = t.id
        where t.user_id = ${userId} and t.status not in ('cancelled', 'fulfilled')`,
  catalogue_item: (userId: string) => sql`select c.id, c.title, c.category, null::text as status, c.created_at,
          (v.matched_at is null or v.matched_at < c.updated_at) as stale
        from catalogue_items c left join catalogue_item_vectors v on v.catalogue_item_id = c.id
        where c.user_id = ${userId}`,
};

// Named per text (planned once per connection). Its rows are read as PostgreSQL sends them: mapped
// cell by cell by drizzle's select, a page of 20 listings and their matches cost the server more
// CPU than all else the request did (a quarter of it, in a profile under load).
const ownListingsStatement = namedRawStatements('matches_page', 8);

/**
 * A number written into the SQL for the page most visits read (PostgreSQL plans a parameter LIMIT
 * anew on every run: FIRST_PAGE in db/client.ts), a parameter otherwise.
 */
const limitOf = (n: number, isDefault: boolean) => (isDefault ? sql.raw(String(n)) : sql`${n}`);

/**
 * A matches page in one statement: a page of the owner's listings (newest first, with whether
 * their matches are stale), their total, and each listing's best `limit` counterparts with the
 * count of all of them (as `itemMatchesOf`/`tenderMatchesOf`). As three statements, each round
 * trip cost the server and PostgreSQL more than its reading did (docs/performance.md). The count
 * comes first, so a page past the last still answers one row, which carries the total.
 */
export async function ownListingsPage(
  db: DbOrTx,
  kind: 'tender' | 'catalogue_item',
  q: { userId: string; page: number; pageSize: number; limit: number; minScore: number },
): Promise<{ rows: SubjectRow[]; total: number; matches: MatchReadRow[]; closesFirst: number | null }> {
  const side = matchSides[kind];
  const firstDefault = q.page === 1 && q.pageSize === 20 && q.limit === 20;
  const listings = ownListings[kind](q.userId);
  const found = await ownListingsStatement<OwnListingMatchRow>(
    db,
    sql`select n.total as listings_total, l.id as l_id, l.title as l_title, l.category as l_category,
        l.status as l_status, l.stale as l_stale,
        b.subject_id as m_subject_id, b.score as m_score, b.reasons as m_reasons, b.computed_at as m_computed_at,
        b.total as m_total, b.id as m_id, b.title as m_title, b.user_id as m_user_id, b.company_name as m_company_name,
        b.category as m_category, b.region as m_region, b.value_pence as m_value_pence, b.budget_pence as m_budget_pence,
        b.quantity as m_quantity, b.status as m_status, b.deadline as m_deadline, b.closes_first as m_closes_first
      from (select count(*)::int as total from (${listings}) a) n
      left join lateral (
        select * from (${listings}) a order by a.created_at desc, a.id desc
        limit ${limitOf(q.pageSize, firstDefault)} offset ${firstDefault ? sql.raw('0') : sql`${(q.page - 1) * q.pageSize}`}
      ) l on true
      left join lateral (
        select l.id as subject_id, m.score, m.reasons, m.computed_at, count(*) over ()::int as total,
          ${side.closesFirst} as closes_first,
          c.id, c.title, c.user_id, u.company_name, c.category, c.region, ${side.columns}
        from matches m join ${side.table} c on c.id = ${side.counterpart} join users u on u.id = c.user_id
        where ${side.subject} = l.id and m.score >= ${q.minScore} and ${side.open} and c.user_id <> ${q.userId}
        order by m.score desc, c.id limit ${limitOf(q.limit, firstDefault)}
      ) b on true
      order by l.created_at desc, l.id desc, b.score desc, b.id`,
  );
  const rows: SubjectRow[] = [];
  const matched: MatchReadRow[] = [];
  let closesFirst: number | null = null;
  for (const r of found) {
    if (r.l_id === null) continue;
    if (r.m_closes_first !== null) {
      const at = new Date(r.m_closes_first).getTime();
      if (closesFirst === null || at < closesFirst) closesFirst = at;
    }
    if (rows.at(-1)?.id !== r.l_id) {
      rows.push({ id: r.l_id, title: r.l_title, category: r.l_category, status: r.l_status, stale: r.l_stale });
    }
    if (r.m_id === null) continue;
    matched.push({
      subject_id: r.l_id,
      score: r.m_score!,
      reasons: r.m_reasons!,
      computed_at: r.m_computed_at!,
      total: r.m_total!,
      id: r.m_id,
      title: r.m_title!,
      user_id: r.m_user_id!,
      company_name: r.m_company_name!,
      category: r.m_category!,
      region: r.m_region,
      value_pence: r.m_value_pence,
      budget_pence: r.m_budget_pence,
      quantity: r.m_quantity,
      status: r.m_status,
      deadline: r.m_deadline,
    });
  }
  return { rows, total: found[0]?.listings_total ?? 0, matches: matched, closesFirst };
}

/**
 * The best `limit` catalogue items of a tender, with the count of all of them. Items are every
 * member's shop window, so all are shown (own items excluded).
 */
export function itemMatchesOf(
  db: DbOrTx,
  tenderId: string,
  limit: number,
  minScore: number,
  viewerId: string,
): Promise<MatchReadRow[]> {
  return matchReadStatements(db).items.execute({ id: tenderId, limit, minScore, viewerId });
}

/**
 * The best `limit` tenders of a catalogue item: only tenders open to suppliers (active, not past
 * their deadline) — never a draft or another private state.
 */
export function tenderMatchesOf(
  db: DbOrTx,
  itemId: string,
  limit: number,
  minScore: number,
  viewerId: string,
): Promise<MatchReadRow[]> {
  return matchReadStatements(db).tenders.execute({ id: itemId, limit, minScore, viewerId });
}

// Named, so PostgreSQL keeps its plan per connection: unnamed, planning it took six times as long
// as running it (0.33 ms against 0.05 ms on the 100k bench), on every visit of a listing's matches.
const subjectStatement = namedRawStatements('match_subject', 1);

/** A listing matches are read for: a tender or a catalogue item, by id, and whether its matches are stale. */
export async function subjectOf(db: DbOrTx, id: string) {
  const rows = await subjectStatement<{
    kind: 'tender' | 'catalogue_item';
    id: string;
    user_id: string;
    title: string;
    category: string;
    status: string | null;
    awarded_supplier_id: string | null;
    stale: boolean;
  }>(
    db,
    sql`
    select 'tender' as kind, t.id, t.user_id, t.title, t.category, t.status, t.awarded_supplier_id,
      (v.matched_at is null or v.matched_at < t.updated_at) as stale
    from tenders t left join tender_vectors v on v.tender_id = t.id where t.id = ${id}
    union all
    select 'catalogue_item', c.id, c.user_id, c.title, c.category, null, null,
      (v.matched_at is null or v.matched_at < c.updated_at)
    from catalogue_items c left join catalogue_item_vectors v on v.catalogue_item_id = c.id where c.id = ${id}`,
  );
  return rows[0];
}

/** Own tenders or items matched with one subject (a supplier looking at a tender sees which of their items fit). */
/**
 * The caller's own listings that fit `subject`. With a plan limit, a pair shows only when it is
 * among the caller's listing's own best `planLimit` matches (the ones its match list shows), so
 * the limit holds on this path too: another tender's page does not show a Core supplier's fourth
 * match.
 */
export async function ownPairsWith(
  db: DbOrTx,
  subject: { kind: 'tender' | 'catalogue_item'; id: string },
  ownerId: string,
  limit: number,
  minScore: number,
  planLimit: number | null = null,
) {
  // the order the match lists use: score, then id (a recompute does not reorder ties)
  const better = (other: SQL) => sql`(m2.score > m.score or (m2.score = m.score and ${other}))`;
  if (subject.kind === 'tender') {
    const withinPlan =
      planLimit === null
        ? sql``
        : sql`and (select count(*) from matches m2 join tenders t2 on t2.id = m2.tender_id
            where m2.catalogue_item_id = c.id and ${openTenderSql('t2')} and t2.user_id <> ${ownerId}
              and ${better(sql`t2.id < m.tender_id`)}) < ${planLimit}`;
    const { rows } = await db.execute<MatchReadRow>(sql`
      select m.tender_id as subject_id, m.score, m.reasons, m.computed_at, count(*) over ()::int as total,
        c.id, c.title, c.user_id, u.company_name, c.category, c.region, c.value_pence, null::bigint as budget_pence, c.quantity,
        null::text as status, null::timestamptz as deadline
      from matches m join catalogue_items c on c.id = m.catalogue_item_id join users u on u.id = c.user_id
      where m.tender_id = ${subject.id} and c.user_id = ${ownerId} and m.score >= ${minScore} ${withinPlan}
      order by m.score desc, c.id limit ${limit}`);
    return rows;
  }
  const withinPlan =
    planLimit === null
      ? sql``
      : sql`and (select count(*) from matches m2 join catalogue_items c2 on c2.id = m2.catalogue_item_id
          where m2.tender_id = t.id and c2.user_id <> ${ownerId} and ${better(sql`c2.id < m.catalogue_item_id`)}) < ${planLimit}`;
  const { rows } = await db.execute<MatchReadRow>(sql`
    select m.catalogue_item_id as subject_id, m.score, m.reasons, m.computed_at, count(*) over ()::int as total,
      t.id, t.title, t.user_id, u.company_name, t.category, t.region, null::bigint as value_pence, t.budget_pence, t.quantity,
      t.status, t.deadline
    from matches m join tenders t on t.id = m.tender_id join users u on u.id = t.user_id
    where m.catalogue_item_id = ${subject.id} and t.user_id = ${ownerId} and m.score >= ${minScore} and t.status not in ('cancelled') ${withinPlan}
    order by m.score desc, t.id limit ${limit}`);
  return rows;
}

/** Tenders and items whose matches are stale (changed since last scored, or never scored), oldest first. */
export async function staleSubjects(db: DbOrTx, limit: number) {
  const { rows } = await db.execute<{ kind: 'tender' | 'catalogue_item'; id: string }>(sql`
    (select 'tender' as kind, t.id from tenders t left join tender_vectors v on v.tender_id = t.id
      where t.status in ('active', 'draft') and (v.matched_at is null or v.matched_at < t.updated_at) order by t.updated_at limit ${limit})
    union all
    (select 'catalogue_item', c.id from catalogue_items c left join catalogue_item_vectors v on v.catalogue_item_id = c.id
      where v.matched_at is null or v.matched_at < c.updated_at order by c.updated_at limit ${limit})`);
  return rows;
}

export type ExternalFactsRow = {
  id: string;
  title: string;
  description: string | null;
  cpv_codes: string[];
  amount_minor: number | null;
  currency: string | null;
  tender_end_date: string | null;
  location: string | null;
  vector: Buffer | null;
  lex: number;
  is_open?: boolean;
};

/** The facts of live-feed notices the search engine found for a supplier's item, with their stored vectors. */
export async function externalFacts(db: DbOrTx, ids: readonly string[]): Promise<ExternalFactsRow[]> {
  if (!ids.length) return [];
  const { rows } = await db.execute<ExternalFactsRow>(sql`
    select x.id, x.title, x.description, x.cpv_codes, x.amount_minor, x.currency, x.tender_end_date, x.location, v.vector, 0::float8 as lex,
      ${openNoticeSql('x')} as is_open
    from external_tenders x left join external_tender_vectors v on v.external_tender_id = x.id
    where x.id = any(${pgArray(ids)}::uuid[])`);
  return rows;
}

/** A supplier's catalogue items (the newest `n`), with their facts, for ranking the live feed for them. */
export async function supplierItems(db: DbOrTx, userId: string, n: number): Promise<ItemFactsRow[]> {
  const { rows } = await db.execute<ItemFactsRow>(sql`
    select ${ITEM_COLS} from catalogue_items c join users u on u.id = c.user_id
    left join catalogue_item_vectors v on v.catalogue_item_id = c.id
    where c.user_id = ${userId} order by c.updated_at desc, c.id limit ${n}`);
  return rows;
}

/**
 * The version a supplier's ranked feed is kept under, in two parts joined by `#`. The supplier's
 * own part: their catalogue (count and newest change, so a deletion counts) and their profile (its
 * certifications, places and region score). The world's part: the feed's newest write and the hour
 * (the lead-time signal reads the clock). The search statistics' recount is left out on purpose: it
 * moves term weights a little, every few minutes on a busy feed, and would rank every supplier's
 * feed again each time. `r3` marks the kept format (three shown reasons a notice; open notices kept
 * first, then the rest by score), so a ranking kept in an older one is ranked again.
 */
const FEED_VERSION = 'r3';

export interface KeptFeed {
  version: string;
  /** the supplier's catalogue items: 0, nothing to rank for */
  items: number;
  /** the kept ranking was ranked under this version */
  exact: boolean;
  /** only the world's part has moved since it was ranked (the caller may show it while it ranks again) */
  sameOwn: boolean;
  /** the kept ranking's first `limit` notices: the open ones by score, then the closed ones by score */
  top: Array<{ id: string; score: number; reasons: MatchReason[]; item: string }>;
}

/**
 * The two parts of a supplier's feed version (`own`, `world`: see FEED_VERSION) and their catalogue's
 * size, as the CTE `v` of the statements below.
 */
const feedVersionCte = (userId: Placeholder) => sql`v as (
      select concat_ws('|', ${FEED_VERSION}::text, c.n::text, c.changed::text,
          (select p.updated_at::text from profiles p where p.user_id = ${userId})) as own,
        concat_ws('|', (select max(updated_at) from external_tenders)::text, date_trunc('hour', now())::text) as world,
        c.n as items
      from (select count(*)::int as n, max(updated_at) as changed from catalogue_items where user_id = ${userId}) c)`;

/** The version, its catalogue's size, and how the stored ranking `k` stands against it: selected from `v` and `k`. */
const feedVersionSelect = sql`v.own || '#' || v.world as version, v.items,
      (select version from k) = v.own || '#' || v.world as exact,
      (select split_part(version, '#', 1) from k) = v.own as same_own`;
/** The columns of feedVersionSelect, read from the subquery `kept`. */
const feedVersionColumns = {
  version: sql<string>`kept.version`,
  items: sql<number>`kept.items`,
  exact: sql<boolean | null>`kept.exact`,
  sameOwn: sql<boolean | null>`kept.same_own`,
};

// Prepared once: planning this statement cost more than running it (1.7 ms against 1.5 ms), on
// every visit to the live feed's "Top for you".
const keptFeedStatement = preparedPerDb((db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({ ...feedVersionColumns, top: sql<KeptFeed['top']>`kept.top` })
    .from(
      sql`(
    with ${feedVersionCte(userId)},
    k as (select version, pairs from ${feedRankings} where user_id = ${userId}),
    pairs as (
      select e - 'exact' as pair, x.id is not null as open,
        (e->>'exact')::float8 as exact, e->>'id' collate "C" as id
      from k, jsonb_array_elements(k.pairs) e
      left join external_tenders x on x.id = (e->>'id')::uuid and ${openNoticeSql('x')}),
    shown as (select * from pairs order by open desc, exact desc, id limit ${sql.placeholder('limit')})
    select ${feedVersionSelect},
      coalesce((select jsonb_agg(pair order by open desc, exact desc, id) from shown), '[]'::jsonb) as top
    from v) kept`,
    )
    .prepare('kept_feed');
});

/** Where a supplier's kept "Top for you" stands, without its notices (keptFeedState). */
export interface KeptFeedState extends Omit<KeptFeed, 'top'> {
  /** which kept ranking is stored (its version and when it was ranked); null before the first */
  ranking: string | null;
  /** the live feed's list version (db/exact-counts.ts), read in the same snapshot */
  listVersion: number;
  /** the database's clock */
  now: Date;
  /** which of the notices asked about (`among`) the supplier has favourited */
  favourited: string[];
}

// A page of "Top for you" already answered is served while this small read says it stands; it
// reads the caller's favourites among the page's notices too, so a kept page costs one round trip.
const keptFeedStateStatement = preparedPerDb((db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      ...feedVersionColumns,
      ranking: sql<string | null>`kept.ranking`,
      ...listStateColumns('external_tenders'),
      favourited: sql<string[]>`array(select f.tender_id from external_tender_favourites f
        where f.user_id = ${userId} and f.tender_id = any(${sql.placeholder('among')}::uuid[]))`,
    })
    .from(
      sql`(
    with ${feedVersionCte(userId)},
    k as (select version, computed_at from ${feedRankings} where user_id = ${userId})
    select ${feedVersionSelect},
      (select version || '@' || computed_at::text from k) as ranking
    from v) kept`,
    )
    .prepare('kept_feed_state');
});

/**
 * Where a supplier's kept "Top for you" stands: its version, which ranking is kept, the feed's
 * version and the clock; and which of the notices `among` they have favourited.
 */
export async function keptFeedState(db: Db, userId: string, among: readonly string[] = []): Promise<KeptFeedState> {
  const [row] = await keptFeedStateStatement(db).execute({ userId, among: textArray(among) });
  return {
    version: row!.version,
    items: row!.items,
    exact: !!row!.exact,
    sameOwn: !!row!.sameOwn,
    ranking: row!.ranking,
    listVersion: row!.listVersion,
    now: row!.listNow,
    favourited: row!.favourited,
  };
}

/**
 * The kept "Top for you" with its version and the notices to show, in one statement: which kept
 * notices are open is read now (notices close without a write), and only the shown ones leave the
 * database.
 */
export async function keptFeed(db: Db, userId: string, limit: number): Promise<KeptFeed> {
  const [row] = await keptFeedStatement(db).execute({ userId, limit });
  return {
    version: row!.version,
    items: row!.items,
    exact: !!row!.exact,
    sameOwn: !!row!.sameOwn,
    top: row!.top,
  };
}

export async function saveFeedRanking(
  db: DbOrTx,
  userId: string,
  version: string,
  pairs: FeedRankingPair[],
): Promise<void> {
  await db
    .insert(feedRankings)
    .values({ userId, version, pairs })
    .onConflictDoUpdate({ target: feedRankings.userId, set: { version, pairs, computedAt: sql`now()` } });
}
