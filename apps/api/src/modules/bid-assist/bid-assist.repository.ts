import { openNoticeSql } from '../../db/open-notice-sql.ts';
import { tenderWithCompany } from '../../db/tender-reads.ts';
import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { BidAssistStatus, BidPack } from '@brickyard/shared';
import { preparedPage, preparedPerHandle, type DbOrTx } from '../../db/client.ts';
import {
  bidAssistRequests,
  type BidPackHead,
  catalogueItems,
  contracts,
  externalTenders,
  files,
  portfolioItems,
  profiles,
  tenders,
  users,
} from '../../db/schema/index.ts';

const r = bidAssistRequests;

export type BidAssistRow = typeof bidAssistRequests.$inferSelect;

const requestColumns = {
  request: r,
  supplierCompany: users.companyName,
  supplierFirstName: users.firstName,
  supplierLastName: users.lastName,
  supplierEmail: users.email,
};
export type RequestWithSupplier = {
  request: BidAssistRow;
  supplierCompany: string;
  supplierFirstName: string;
  supplierLastName: string;
  supplierEmail: string;
};

export type PackHead = BidPackHead;
/** A request as lists show it: its bid pack cut to the head. */
export type RequestHeadWithSupplier = Omit<RequestWithSupplier, 'request'> & {
  request: Omit<BidAssistRow, 'bidPack' | 'bidPackHead'> & { bidPack: PackHead };
};

const { bidPack: _pack, bidPackHead: _head, ...headColumns } = getTableColumns(r);
const requestHeadColumns = {
  ...requestColumns,
  request: {
    ...headColumns,
    bidPack: r.bidPackHead,
  },
};

// The response prefill reads the tender and the supplier's evidence on every visit of the
// response form, and planning these statements afresh each time was most of PostgreSQL's work for
// it (docs/performance.md): they are prepared once.
export const findOurTender = tenderWithCompany;

export async function findExternalTender(db: DbOrTx, id: string) {
  const [row] = await db.select().from(externalTenders).where(eq(externalTenders.id, id)).limit(1);
  return row ?? null;
}

const evidenceStatements = preparedPerHandle((db) => {
  const supplierId = sql.placeholder('supplierId');
  return {
    profile: db.select().from(profiles).where(eq(profiles.userId, supplierId)).limit(1).prepare('bid_assist_profile'),
    items: db
      .select()
      .from(catalogueItems)
      .where(eq(catalogueItems.userId, supplierId))
      .orderBy(desc(catalogueItems.createdAt), asc(catalogueItems.id))
      .limit(300)
      .prepare('bid_assist_items'),
    portfolio: db
      .select()
      .from(portfolioItems)
      .where(eq(portfolioItems.userId, supplierId))
      .orderBy(desc(portfolioItems.createdAt), asc(portfolioItems.id))
      .limit(100)
      .prepare('bid_assist_portfolio'),
    deals: db
      .select({ n: count() })
      .from(contracts)
      .where(and(eq(contracts.supplierId, supplierId), eq(contracts.status, 'fulfilled')))
      .prepare('bid_assist_deals'),
  };
});

/** Everything the bid pack reads about a supplier, in four indexed reads, each prepared once. */
export async function supplierEvidence(db: DbOrTx, supplierId: string) {
  const st = evidenceStatements(db);
  const [profileRows, items, portfolio, deals] = await Promise.all([
    st.profile.execute({ supplierId }),
    st.items.execute({ supplierId }),
    st.portfolio.execute({ supplierId }),
    st.deals.execute({ supplierId }),
  ]);
  return { profile: profileRows[0] ?? null, items, portfolio, fulfilledDeals: deals[0]?.n ?? 0 };
}

/**
 * Where everything a response prefill reads stands, in one prepared statement: the tender (its
 * whole row, hashed, and what visibility needs), its buyer's company name, and the supplier's
 * profile (hashed), catalogue and portfolio (count, and the sum and greatest of their write
 * times: any insert, edit or delete moves one of them, in whatever order writes commit) and
 * fulfilled deals. Null when there is no such tender.
 */
const prefillStateStatement = preparedPerHandle((db) => {
  const tenderId = sql.placeholder('tenderId');
  const supplierId = sql.placeholder('supplierId');
  const written = (table: SQL) =>
    sql`(select concat_ws(':', count(*), sum(extract(epoch from updated_at)), max(updated_at)) from ${table} where user_id = ${supplierId})`;
  return db
    .select({
      userId: tenders.userId,
      status: tenders.status,
      awardedSupplierId: tenders.awardedSupplierId,
      deadline: tenders.deadline,
      version: sql<string>`concat_ws('|', md5(${tenders}::text), ${users.companyName},
        (select md5(p::text) from ${profiles} p where p.user_id = ${supplierId}),
        ${written(sql`${catalogueItems}`)}, ${written(sql`${portfolioItems}`)},
        (select count(*) from ${contracts} where ${contracts.supplierId} = ${supplierId} and ${contracts.status} = 'fulfilled'))`,
    })
    .from(tenders)
    .innerJoin(users, eq(users.id, tenders.userId))
    .where(eq(tenders.id, tenderId))
    .limit(1)
    .prepare('bid_assist_prefill_state');
});

export async function prefillState(db: DbOrTx, tenderId: string, supplierId: string) {
  const [row] = await prefillStateStatement(db).execute({ tenderId, supplierId });
  return row ?? null;
}

/** The caller's own ready uploads among `keys`. */
export function ownFiles(db: DbOrTx, ownerId: string, keys: string[]) {
  if (!keys.length) return Promise.resolve([]);
  return db
    .select({ key: files.key, fileName: files.fileName, status: files.status })
    .from(files)
    .where(and(eq(files.ownerId, ownerId), inArray(files.key, keys)));
}

export async function insertRequest(db: DbOrTx, values: typeof bidAssistRequests.$inferInsert): Promise<BidAssistRow> {
  const [row] = await db.insert(r).values(values).returning();
  return row!;
}

export async function findRequest(db: DbOrTx, id: string): Promise<RequestWithSupplier | null> {
  const [row] = await db
    .select(requestColumns)
    .from(r)
    .innerJoin(users, eq(users.id, r.supplierId))
    .where(eq(r.id, id))
    .limit(1);
  return row ?? null;
}

/** A supplier's requests, newest first. */
export async function listRequests(
  db: DbOrTx,
  filter: { supplierId?: string; status?: BidAssistStatus },
  page: number,
  pageSize: number,
) {
  const where: SQL[] = [];
  if (filter.supplierId) where.push(eq(r.supplierId, filter.supplierId));
  if (filter.status) where.push(eq(r.status, filter.status));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(requestHeadColumns)
      .from(r)
      .innerJoin(users, eq(users.id, r.supplierId))
      .where(cond)
      .orderBy(desc(r.createdAt), asc(r.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(r).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// The admin's queue, prepared once (its planning cost as much as its run), the first page apart
// (db/client.ts, FIRST_PAGE): open requests first, oldest first within them, then the completed
// ones, most recently handled first.
const queuePageStatement = preparedPage('bid_assist_queue_page', (db, slice, v) => {
  const status = sql`${sql.placeholder('status')}::text`;
  return db
    .select(requestHeadColumns)
    .from(r)
    .innerJoin(users, eq(users.id, r.supplierId))
    .where(sql`(${status} is null or ${r.status} = ${status})`)
    .orderBy(
      sql`case ${r.status} when 'submitted' then 0 when 'in_review' then 1 else 2 end`,
      sql`case when ${r.status} = 'completed' then null else ${r.createdAt} end asc nulls last`,
      desc(r.updatedAt),
      asc(r.id),
    )
    .limit(v.value('limit', slice.limit))
    .offset(v.value('offset', slice.offset));
});
const statusCountsStatement = preparedPerHandle((db) =>
  db.select({ status: r.status, n: count() }).from(r).groupBy(r.status).prepare('bid_assist_status_counts'),
);

/** A page of the admin's queue, with or without a status filter. */
export function queuePage(db: DbOrTx, status: BidAssistStatus | undefined, page: number, pageSize: number) {
  const slice = { limit: pageSize, offset: (page - 1) * pageSize };
  return queuePageStatement(db, slice).execute({ status: status ?? null, ...slice });
}

export async function statusCounts(db: DbOrTx): Promise<Record<BidAssistStatus, number>> {
  const rows = await statusCountsStatement(db).execute();
  const out: Record<BidAssistStatus, number> = { submitted: 0, in_review: 0, completed: 0 };
  for (const row of rows) out[row.status] = row.n;
  return out;
}

/**
 * Moves a request from `from` to `to` only if it is still in `from` (two admins at once: one
 * wins, the other gets null and a 409).
 */
export async function moveRequest(
  db: DbOrTx,
  id: string,
  from: BidAssistStatus,
  patch: { status: BidAssistStatus; reply?: string | null; replyAttachmentKey?: string | null; handledBy: string },
): Promise<BidAssistRow | null> {
  const [row] = await db
    .update(r)
    .set({
      status: patch.status,
      ...(patch.reply !== undefined ? { reply: patch.reply } : {}),
      ...(patch.replyAttachmentKey !== undefined ? { replyAttachmentKey: patch.replyAttachmentKey } : {}),
      handledBy: patch.handledBy,
      updatedAt: sql`now()`,
      ...(patch.status === 'in_review' ? { reviewStartedAt: sql`now()` } : {}),
      ...(patch.status === 'completed' ? { completedAt: sql`now()` } : {}),
    })
    .where(and(eq(r.id, id), eq(r.status, from)))
    .returning();
  return row ?? null;
}

export async function setPolishedDraft(db: DbOrTx, id: string, pack: BidPack): Promise<void> {
  await db.update(r).set({ bidPack: pack }).where(eq(r.id, id));
}

/**
 * Tenders the Bid Assist form can pick: active, and no deadline or one still ahead. A tender
 * without a deadline sorts last, so `coalesce(deadline, 'infinity')` is both the condition and the
 * order, and tenders_pickable_idx (migration 0041) walks it from now on: written as
 * `deadline is null or deadline > now()`, the index was read from the oldest deadline and every
 * passed one filtered out (3.4 ms of 5.3 on the bench's 20k tenders).
 */
const pickableDeadline = sql`coalesce(${tenders.deadline}, 'infinity'::timestamptz)`;
export const pickableTendersSql = sql`(${tenders.status} = 'active' and ${pickableDeadline} > now())`;

/** The search engine's order for `ranked` ids, or `fallback` without words. */
const orderOf = (ranked: readonly string[] | undefined, id: SQL | AnyPgColumn, fallback: SQL[]): SQL[] =>
  ranked ? [sql`array_position(${`{${ranked.join(',')}}`}::uuid[], ${id})`] : fallback;

function pickableTenders(db: DbOrTx, ranked: readonly string[] | undefined) {
  const cond: SQL[] = [pickableTendersSql];
  if (ranked) cond.push(ranked.length ? inArray(tenders.id, [...ranked]) : sql`false`);
  return db
    .select({
      id: tenders.id,
      title: tenders.title,
      buyerName: users.companyName,
      closesAt: tenders.deadline,
      valueMinor: tenders.budgetPence,
      currency: tenders.currency,
    })
    .from(tenders)
    .innerJoin(users, eq(users.id, tenders.userId))
    .where(and(...cond))
    .orderBy(...orderOf(ranked, tenders.id, [sql`${pickableDeadline} asc`, asc(tenders.id)]));
}

// The picker's first page (no words typed) on every visit of the form: prepared once, its 20
// written in so that PostgreSQL keeps its plan (db/client.ts, FIRST_PAGE): with the LIMIT as a
// parameter it planned it on every visit (0.31 ms a plan against 0.12 ms a run).
const soonestPickableStatement = preparedPage('bid_assist_pickable_tenders', (db, slice, v) =>
  pickableTenders(db, undefined).limit(v.value('limit', slice.limit)),
);

/** Tenders the Bid Assist form can pick, soonest deadline first, or the search engine's `ranked` ids in its order. */
export function searchOurTenders(db: DbOrTx, ranked: readonly string[] | undefined, limit: number) {
  if (!ranked) return soonestPickableStatement(db, { limit, offset: 0 }).execute({ limit });
  return pickableTenders(db, ranked).limit(limit);
}

/** Live-feed tenders, open ones first then newest, or the search engine's `ranked` ids in its order. */
export function searchExternal(db: DbOrTx, ranked: readonly string[] | undefined, limit: number) {
  const t = externalTenders;
  const open = openNoticeSql('external_tenders');
  const cond = ranked ? (ranked.length ? inArray(t.id, [...ranked]) : sql`false`) : undefined;
  return db
    .select({
      id: t.id,
      title: t.title,
      buyerName: t.buyerName,
      closesAt: t.tenderEndDate,
      isOpen: open,
      valueMinor: t.amountMinor,
      currency: t.currency,
    })
    .from(t)
    .where(cond)
    .orderBy(...orderOf(ranked, t.id, [desc(open), desc(t.date), asc(t.id)]))
    .limit(limit);
}
