import type { Pool } from 'pg';
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { preparedPerHandle, type Db, type DbOrTx } from '../../db/client.ts';
import {
  externalTenderFavourites,
  externalTenders,
  feedSyncState,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import { activeSubscriptionSql } from '../../db/access-sql.ts';
import type { MappedRelease } from './ocds-mapper.ts';
import { openNoticeSql } from '../../db/open-notice-sql.ts';

export type ReleaseOutcome = 'new' | 'updated' | 'unchanged';

const arr = <T>(values: T[]) => sql.param(values);
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const keyOf = (ocid: string, releaseId: string) => `${ocid}\u0000${releaseId}`;

/**
 * The content hash of each of these releases already stored, by ocid + release id, so that an
 * unchanged release is counted without sending its JSON again (a re-import is cheap). The importer
 * asks for batch n+1 on another connection while batch n is written; writeReleaseBatch still
 * checks the hashes itself, so a release changed in between is not missed.
 */
export async function storedContentHashes(db: DbOrTx, rows: MappedRelease[]): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const known = await db.execute<{ ocid: string; release_id: string; content_hash: string }>(sql`
    select r.ocid, r.release_id, r.content_hash from external_tender_releases r
    join unnest(${arr(rows.map((r) => r.ocid))}::text[], ${arr(rows.map((r) => r.releaseId))}::text[]) as k(ocid, release_id)
      on r.ocid = k.ocid and r.release_id = k.release_id`);
  return new Map(known.rows.map((k) => [keyOf(k.ocid, k.release_id), k.content_hash]));
}

/**
 * Writes a batch of mapped releases in ONE statement (so atomic without a transaction, and one
 * round trip: while PostgreSQL writes this batch, the importer maps the next one). Data-modifying
 * CTEs, in order:
 *   fresh    — the batch minus the releases already stored with the same content hash (an
 *              anti-join, so a re-import neither rewrites nor locks a row);
 *   stored   — every fresh release into the history table (upsert by ocid + release id);
 *   newest   — the newest stored release of each ocid (by date, then release id);
 *   existing — which of those ocids were in the compiled view before this statement;
 *   compiled — the newest release of each ocid into the compiled view (upsert by ocid; the
 *              weighted tsvector is its generated column, computed once per row written).
 * Every column travels as one array parameter (unnest); the raw JSON as ONE json-array
 * parameter, so the texts the mapper produced are joined, not escaped into an array literal,
 * and stored as published in the json column (validated, not rebuilt as jsonb).
 * Returns each release's outcome (by index) and the ids of tenders created.
 */
export async function writeReleaseBatch(
  db: DbOrTx,
  rows: MappedRelease[],
  /** From storedContentHashes: releases stored with the same hash are not even sent (unchanged). */
  storedHashes: ReadonlyMap<string, string> = new Map(),
): Promise<{ outcomes: ReleaseOutcome[]; newTenderIds: string[] }> {
  // The same (ocid, release id) twice in one batch: the last copy wins.
  const byKey = new Map<string, MappedRelease>();
  for (const r of rows) byKey.set(keyOf(r.ocid, r.releaseId), r);
  const v = [...byKey].filter(([key, r]) => storedHashes.get(key) !== r.contentHash).map(([, r]) => r);
  if (v.length === 0) return { outcomes: rows.map(() => 'unchanged'), newTenderIds: [] };
  const col = <T>(f: (r: MappedRelease) => T) => arr(v.map(f));

  const result = await db.execute<{ stored: [string, string][]; existing: string[]; created: string[] }>(sql`
    with fresh as (
      select u.*
      from unnest(
        ${col((r) => r.ocid)}::text[], ${col((r) => r.releaseId)}::text[], ${col((r) => r.date.toISOString())}::timestamptz[],
        ${col((r) => JSON.stringify(r.tags))}::jsonb[], ${col((r) => r.publisher)}::text[], ${col((r) => r.contentHash)}::text[],
        ${col((r) => r.origin)}::text[], ${col((r) => r.title)}::text[], ${col((r) => r.description)}::text[],
        ${col((r) => r.tenderStatus)}::text[], ${col((r) => r.amountMinor)}::bigint[], ${col((r) => r.currency)}::text[],
        ${col((r) => r.location)}::text[], ${col((r) => r.tenderId)}::text[], ${col((r) => iso(r.tenderStartDate))}::timestamptz[],
        ${col((r) => iso(r.tenderEndDate))}::timestamptz[], ${col((r) => iso(r.awardStartDate))}::timestamptz[],
        ${col((r) => iso(r.awardEndDate))}::timestamptz[], ${col((r) => r.procurementMethod)}::text[],
        ${col((r) => r.procurementMethodDetails)}::text[], ${col((r) => r.sourceUrl)}::text[], ${col((r) => r.buyerName)}::text[],
        ${col((r) => JSON.stringify(r.cpvCodes))}::jsonb[], ${col((r) => r.noticeType)}::text[]
      ) with ordinality as u(ocid, release_id, date, tags, publisher, content_hash,
        origin, title, description, tender_status, amount_minor, currency, location, tender_id,
        tender_start_date, tender_end_date, award_start_date, award_end_date, procurement_method,
        procurement_method_details, source_url, buyer_name, cpv_codes, notice_type, n)
      where not exists (
        select 1 from external_tender_releases k
        where k.ocid = u.ocid and k.release_id = u.release_id and k.content_hash = u.content_hash)
    ),
    stored as (
      insert into external_tender_releases (ocid, release_id, date, tags, publisher, content_hash, raw)
      select f.ocid, f.release_id, f.date, array(select jsonb_array_elements_text(f.tags)), f.publisher, f.content_hash, r.raw
      from fresh f
      join json_array_elements(${`[${v.map((r) => r.rawJson).join(',')}]`}::json) with ordinality as r(raw, n) on r.n = f.n
      on conflict (ocid, release_id) do update set
        date = excluded.date, tags = excluded.tags, publisher = excluded.publisher,
        content_hash = excluded.content_hash, raw = excluded.raw, imported_at = now()
      where external_tender_releases.content_hash <> excluded.content_hash
      returning ocid, release_id
    ),
    newest as (
      select distinct on (f.ocid) f.*
      from fresh f join stored s on s.ocid = f.ocid and s.release_id = f.release_id
      order by f.ocid, f.date desc, f.release_id desc
    ),
    existing as (
      select t.ocid from external_tenders t where t.ocid in (select ocid from newest)
    ),
    compiled as (
      insert into external_tenders (
        ocid, release_id, origin, title, description, tender_status, amount_minor, currency, location, tender_id,
        tender_start_date, tender_end_date, award_start_date, award_end_date, date, procurement_method,
        procurement_method_details, source_url, buyer_name, cpv_codes, notice_type, publisher, content_hash)
      select n.ocid, n.release_id, n.origin, n.title, n.description, n.tender_status, n.amount_minor, n.currency, n.location,
        n.tender_id, n.tender_start_date, n.tender_end_date, n.award_start_date, n.award_end_date, n.date, n.procurement_method,
        n.procurement_method_details, n.source_url, n.buyer_name, array(select jsonb_array_elements_text(n.cpv_codes)),
        n.notice_type, n.publisher, n.content_hash
      from newest n
      on conflict (ocid) do update set
        release_id = excluded.release_id, origin = excluded.origin, title = excluded.title, description = excluded.description,
        tender_status = excluded.tender_status, amount_minor = excluded.amount_minor, currency = excluded.currency,
        location = excluded.location, tender_id = excluded.tender_id, tender_start_date = excluded.tender_start_date,
        tender_end_date = excluded.tender_end_date, award_start_date = excluded.award_start_date,
        award_end_date = excluded.award_end_date, date = excluded.date, procurement_method = excluded.procurement_method,
        procurement_method_details = excluded.procurement_method_details, source_url = excluded.source_url,
        buyer_name = excluded.buyer_name, cpv_codes = excluded.cpv_codes, notice_type = excluded.notice_type,
        publisher = excluded.publisher, content_hash = excluded.content_hash, updated_at = now()
      -- Newest release wins; an older release arriving late only joins the history.
      where (excluded.date, excluded.release_id) >= (external_tenders.date, external_tenders.release_id)
        and excluded.content_hash <> external_tenders.content_hash
      returning id, (xmax = 0) as inserted
    )
    select
      coalesce((select json_agg(json_build_array(ocid, release_id)) from stored), '[]') as stored,
      coalesce((select array_agg(ocid) from existing), '{}') as existing,
      coalesce((select array_agg(id::text) from compiled where inserted), '{}') as created`);
  const out = result.rows[0]!;
  const changedKeys = new Set(out.stored.map(([ocid, releaseId]) => keyOf(ocid, releaseId)));
  const existingOcids = new Set(out.existing);

  const seenNew = new Set<string>();
  const firstIndex = new Set<string>();
  const outcomes = rows.map((r): ReleaseOutcome => {
    const key = keyOf(r.ocid, r.releaseId);
    // A duplicate key inside the batch is stored once: its later copies count as unchanged.
    if (firstIndex.has(key)) return 'unchanged';
    firstIndex.add(key);
    if (!changedKeys.has(key)) return 'unchanged';
    if (existingOcids.has(r.ocid) || seenNew.has(r.ocid)) return 'updated';
    seenNew.add(r.ocid);
    return 'new';
  });
  return { outcomes, newTenderIds: out.created };
}

export async function countTenders(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(externalTenders);
  return row?.n ?? 0;
}

/**
 * Runs `fn` while holding a session-level PostgreSQL advisory lock on one pooled connection, so
 * only one instance runs a feed job at a time. Returns null (without running) when the lock is held.
 */
export async function withAdvisoryLock<T>(
  db: Db,
  key: number,
  fn: () => Promise<T>,
): Promise<{ ran: true; value: T } | null> {
  // drizzle's node-postgres database exposes its pool as $client.
  const client = await (db as Db & { $client: Pool }).$client.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
    if (!rows[0]?.ok) return null;
    try {
      return { ran: true, value: await fn() };
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}

export type SyncState = typeof feedSyncState.$inferSelect;

export async function getSyncState(db: DbOrTx, source: string): Promise<SyncState | null> {
  const [row] = await db.select().from(feedSyncState).where(eq(feedSyncState.source, source));
  return row ?? null;
}

export async function saveSyncState(
  db: DbOrTx,
  source: string,
  patch: Partial<Omit<SyncState, 'source' | 'updatedAt'>>,
): Promise<void> {
  await db
    .insert(feedSyncState)
    .values({ source, ...patch, updatedAt: new Date() })
    .onConflictDoUpdate({ target: feedSyncState.source, set: { ...patch, updatedAt: new Date() } });
}

/**
 * Favourites whose tender closes within `days` and that have had no reminder for this deadline:
 * marks them reminded and returns them (atomic, so two instances never remind twice).
 */
export async function claimClosingReminders(db: DbOrTx, days: number) {
  const due = await db
    .update(externalTenderFavourites)
    .set({ reminderSentFor: sql`t.tender_end_date` })
    .from(sql`external_tenders t`)
    .where(
      and(
        sql`t.id = ${externalTenderFavourites.tenderId}`,
        sql`t.tender_end_date > now()`,
        sql`t.tender_end_date <= now() + make_interval(days => ${days})`,
        sql`${externalTenderFavourites.reminderSentFor} is distinct from t.tender_end_date`,
        // A reminder quotes the feed (title, closing date): only to suppliers who may use it now
        // (approved, subscribed on Growth or Partner), as the saved-search alerts.
        sql`exists (select 1 from ${users} join ${subscriptions} on ${subscriptions.userId} = ${users.id}
          where ${users.id} = ${externalTenderFavourites.userId} and ${users.approved} and ${users.deletedAt} is null
            and ${activeSubscriptionSql} and ${subscriptions.plan} in ('GROWTH', 'PARTNER'))`,
      ),
    )
    .returning({
      userId: externalTenderFavourites.userId,
      tenderId: externalTenderFavourites.tenderId,
      title: sql<string>`t.title`,
      tenderEndDate: sql<string>`t.tender_end_date`,
    });
  return due.map((d) => ({ ...d, tenderEndDate: new Date(d.tenderEndDate) }));
}

export async function userContacts(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(inArray(users.id, ids), isNotNull(users.emailVerifiedAt), sql`${users.deletedAt} is null`));
}

/**
 * Demo seed only (external-tenders.seed.ts): moves each shipped notice's dates so that a fresh
 * demo has notices open for bids. The deadline lands 5 to 54 days ahead (spread by the OCID, so
 * a reseed gives the same picture), every other date of the notice moves by the same number of
 * days (publication and bidding start no later than now), and `demo_shift_days` records the move
 * so the screen can say these are demo dates. Real imports never come here: their dates stay as
 * published. Notices already moved are left alone.
 */
export async function shiftDatesForDemo(db: DbOrTx): Promise<number> {
  const { rowCount } = await db.execute(sql`
    with moved as (
      select id, ceil(extract(epoch from (
        case when tender_end_date is not null
          then now() + make_interval(days => 5 + ((hashtext(ocid)::bigint & 2147483647) % 50)::int) - tender_end_date
          else now() - make_interval(days => ((hashtext(ocid)::bigint & 2147483647) % 30)::int) - date
        end)) / 86400)::int as days
      from external_tenders where demo_shift_days is null
    )
    update external_tenders e set
      demo_shift_days = m.days,
      tender_start_date = least(e.tender_start_date + make_interval(days => m.days), now()),
      tender_end_date = e.tender_end_date + make_interval(days => m.days),
      award_start_date = e.award_start_date + make_interval(days => m.days),
      award_end_date = e.award_end_date + make_interval(days => m.days),
      date = least(e.date + make_interval(days => m.days), now()),
      updated_at = now()
    from moved m where m.id = e.id`);
  return rowCount ?? 0;
}

/**
 * When the feed last took in releases: the newest release stored, or the newest successful
 * connector run (a run that found nothing new still counts as checked).
 */
const lastImportedStatement = preparedPerHandle((db) =>
  db
    .select({
      at: sql<Date | null>`greatest((select max(imported_at) from external_tender_releases), (select max(last_success_at) from feed_sync_state))`,
    })
    .from(sql`(select 1) as one`)
    .prepare('feed_last_imported_at'),
);

export async function lastImportedAt(db: DbOrTx): Promise<Date | null> {
  const [row] = await lastImportedStatement(db).execute();
  return row?.at ? new Date(row.at) : null;
}

export interface FeedCounts {
  total: number;
  open: number;
  demo: number;
  /** the feed's list version when counted (migration 0027) */
  version: number;
  /** the earliest deadline among the notices counted open: from then on `open` is out of date */
  validUntil: Date | null;
}

/**
 * Notices in the feed, those open for bids now, and those whose dates the demo seed moved, with
 * what they stay exact for (db/exact-counts.ts): the feed's version, read in the same snapshot, and
 * the earliest deadline among the open ones.
 */
export async function feedCounts(db: DbOrTx): Promise<FeedCounts> {
  const { rows } = await db.execute<
    { total: number; open: number; demo: number; version: string; valid_until: string | null } & Record<string, unknown>
  >(sql`
    select count(*)::int as total,
           count(*) filter (where ${openNoticeSql()})::int as open,
           count(*) filter (where demo_shift_days is not null)::int as demo,
           min(tender_end_date) filter (where ${openNoticeSql()} and tender_end_date is not null) as valid_until,
           coalesce((select version from list_versions where list = 'external_tenders'), 0) as version
    from external_tenders`);
  const r = rows[0];
  return {
    total: r?.total ?? 0,
    open: r?.open ?? 0,
    demo: r?.demo ?? 0,
    version: Number(r?.version ?? 0),
    validUntil: r?.valid_until ? new Date(r.valid_until) : null,
  };
}
