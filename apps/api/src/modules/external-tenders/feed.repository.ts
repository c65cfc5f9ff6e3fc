import type { Pool } from 'pg';
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { externalTenderFavourites, externalTenders, feedSyncState, users } from '../../db/schema/index.ts';
import type { MappedRelease } from './ocds-mapper.ts';

export type ReleaseOutcome = 'new' | 'updated' | 'unchanged';


/**
 * Writes a batch of mapped releases in ONE transaction: every release into the history table,
 * then the newest release of each changed ocid into the compiled view. Multi-row
 * INSERT … ON CONFLICT, so a batch of 1,000 costs a handful of round trips.
 * Returns each release's outcome (by index) and the ids of tenders created.
 */
const arr = <T>(values: T[]) => sql.param(values);

/**
 * Writes a batch of mapped releases in ONE transaction: every release into the history table,
 * then the newest release of each changed ocid into the compiled view. Each is one
 * INSERT … SELECT FROM unnest(…) ON CONFLICT with one array parameter per column, so a batch
 * of 1,000 releases costs three round trips.
 * Returns each release's outcome (by index) and the ids of tenders created.
 */
export async function writeReleaseBatch(
  db: Db,
  rows: MappedRelease[],
): Promise<{ outcomes: ReleaseOutcome[]; newTenderIds: string[] }> {
  return db.transaction(async (tx) => {
    // The same (ocid, release id) twice in one batch: the last copy wins.
    const byKey = new Map<string, MappedRelease>();
    for (const r of rows) byKey.set(`${r.ocid}\u0000${r.releaseId}`, r);
    const all = [...byKey.values()];
    // Skip releases already stored unchanged before sending their JSON (a re-import is cheap).
    const known = await tx.execute<{ ocid: string; release_id: string; content_hash: string }>(sql`
      select r.ocid, r.release_id, r.content_hash from external_tender_releases r
      join unnest(${arr(all.map((r) => r.ocid))}::text[], ${arr(all.map((r) => r.releaseId))}::text[]) as k(ocid, release_id)
        on r.ocid = k.ocid and r.release_id = k.release_id`);
    const knownHash = new Map(known.rows.map((k) => [`${k.ocid}\u0000${k.release_id}`, k.content_hash]));
    const releases = all.filter((r) => knownHash.get(`${r.ocid}\u0000${r.releaseId}`) !== r.contentHash);

    const changed = releases.length === 0 ? { rows: [] } : await tx.execute<{ ocid: string; release_id: string }>(sql`
      insert into external_tender_releases (ocid, release_id, date, tags, publisher, content_hash, raw)
      select u.ocid, u.release_id, u.date, array(select jsonb_array_elements_text(u.tags)), u.publisher, u.content_hash, u.raw
      from unnest(
        ${arr(releases.map((r) => r.ocid))}::text[],
        ${arr(releases.map((r) => r.releaseId))}::text[],
        ${arr(releases.map((r) => r.date.toISOString()))}::timestamptz[],
        ${arr(releases.map((r) => JSON.stringify(r.tags)))}::jsonb[],
        ${arr(releases.map((r) => r.publisher))}::text[],
        ${arr(releases.map((r) => r.contentHash))}::text[],
        ${arr(releases.map((r) => r.rawJson))}::jsonb[]
      ) as u(ocid, release_id, date, tags, publisher, content_hash, raw)
      on conflict (ocid, release_id) do update set
        date = excluded.date, tags = excluded.tags, publisher = excluded.publisher,
        content_hash = excluded.content_hash, raw = excluded.raw, imported_at = now()
      where external_tender_releases.content_hash <> excluded.content_hash
      returning ocid, release_id`);
    const changedKeys = new Set(changed.rows.map((c) => `${c.ocid}\u0000${c.release_id}`));

    const changedOcids = [...new Set(changed.rows.map((c) => c.ocid))];
    const existing = changedOcids.length
      ? await tx.select({ ocid: externalTenders.ocid }).from(externalTenders).where(inArray(externalTenders.ocid, changedOcids))
      : [];
    const existingOcids = new Set(existing.map((e) => e.ocid));

    // The newest changed release of each ocid (by date, then release id) goes to the compiled view.
    const newest = new Map<string, MappedRelease>();
    for (const r of releases) {
      if (!changedKeys.has(`${r.ocid}\u0000${r.releaseId}`)) continue;
      const cur = newest.get(r.ocid);
      if (!cur || r.date > cur.date || (r.date.getTime() === cur.date.getTime() && r.releaseId > cur.releaseId)) newest.set(r.ocid, r);
    }
    let newTenderIds: string[] = [];
    if (newest.size > 0) {
      const v = [...newest.values()];
      const col = <T>(f: (r: MappedRelease) => T) => arr(v.map(f));
      const iso = (d: Date | null) => (d ? d.toISOString() : null);
      const upserted = await tx.execute<{ id: string; inserted: boolean }>(sql`
        insert into external_tenders (
          ocid, release_id, origin, title, description, tender_status, amount_minor, currency, location, tender_id,
          tender_start_date, tender_end_date, award_start_date, award_end_date, date, procurement_method,
          procurement_method_details, source_url, buyer_name, cpv_codes, notice_type, publisher, content_hash)
        select u.ocid, u.release_id, u.origin, u.title, u.description, u.tender_status, u.amount_minor, u.currency, u.location, u.tender_id,
          u.tender_start_date, u.tender_end_date, u.award_start_date, u.award_end_date, u.date, u.procurement_method,
          u.procurement_method_details, u.source_url, u.buyer_name, array(select jsonb_array_elements_text(u.cpv_codes)),
          u.notice_type, u.publisher, u.content_hash
        from unnest(
          ${col((r) => r.ocid)}::text[], ${col((r) => r.releaseId)}::text[], ${col((r) => r.origin)}::text[],
          ${col((r) => r.title)}::text[], ${col((r) => r.description)}::text[], ${col((r) => r.tenderStatus)}::text[],
          ${col((r) => r.amountMinor)}::bigint[], ${col((r) => r.currency)}::text[], ${col((r) => r.location)}::text[],
          ${col((r) => r.tenderId)}::text[], ${col((r) => iso(r.tenderStartDate))}::timestamptz[],
          ${col((r) => iso(r.tenderEndDate))}::timestamptz[], ${col((r) => iso(r.awardStartDate))}::timestamptz[],
          ${col((r) => iso(r.awardEndDate))}::timestamptz[], ${col((r) => r.date.toISOString())}::timestamptz[],
          ${col((r) => r.procurementMethod)}::text[], ${col((r) => r.procurementMethodDetails)}::text[],
          ${col((r) => r.sourceUrl)}::text[], ${col((r) => r.buyerName)}::text[], ${col((r) => JSON.stringify(r.cpvCodes))}::jsonb[],
          ${col((r) => r.noticeType)}::text[], ${col((r) => r.publisher)}::text[], ${col((r) => r.contentHash)}::text[]
        ) as u(ocid, release_id, origin, title, description, tender_status, amount_minor, currency, location, tender_id,
          tender_start_date, tender_end_date, award_start_date, award_end_date, date, procurement_method,
          procurement_method_details, source_url, buyer_name, cpv_codes, notice_type, publisher, content_hash)
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
        returning id, (xmax = 0) as inserted`);
      newTenderIds = upserted.rows.filter((u) => u.inserted).map((u) => u.id);
    }

    const seenNew = new Set<string>();
    const firstIndex = new Set<string>();
    const outcomes = rows.map((r): ReleaseOutcome => {
      const key = `${r.ocid}\u0000${r.releaseId}`;
      // A duplicate key inside the batch is stored once: its later copies count as unchanged.
      if (firstIndex.has(key)) return 'unchanged';
      firstIndex.add(key);
      if (!changedKeys.has(key)) return 'unchanged';
      if (existingOcids.has(r.ocid) || seenNew.has(r.ocid)) return 'updated';
      seenNew.add(r.ocid);
      return 'new';
    });
    return { outcomes, newTenderIds };
  });
}

export async function countTenders(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(externalTenders);
  return row?.n ?? 0;
}

/**
 * Runs `fn` while holding a session-level PostgreSQL advisory lock on one pooled connection, so
 * only one instance runs a feed job at a time. Returns null (without running) when the lock is held.
 */
export async function withAdvisoryLock<T>(db: Db, key: number, fn: () => Promise<T>): Promise<{ ran: true; value: T } | null> {
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
