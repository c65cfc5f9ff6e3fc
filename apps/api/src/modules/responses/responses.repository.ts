import { tenderVisibilityColumns, tenderWithCompany, viewerSeesAllOfTender } from '../../db/tender-reads.ts';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { MatchReason, ResponseStatus } from '@brickyard/shared';
import { preparedPage, preparedPerDb, preparedPerHandle, type Db, type DbOrTx, type Slice } from '../../db/client.ts';
import { textArray } from '../../db/sql-arrays.ts';
import {
  catalogueItems,
  contracts,
  files,
  tenderQuestions,
  tenderResponses,
  tenderResponseVersions,
  tenders,
  users,
} from '../../db/schema/index.ts';

export type ResponseRow = typeof tenderResponses.$inferSelect;
export type NewResponse = typeof tenderResponses.$inferInsert;
export type TenderRow = typeof tenders.$inferSelect;
export type QuestionRow = typeof tenderQuestions.$inferSelect;

/**
 * A response with what its readers see beside it: the tender's title and deadline, the supplier's
 * record. `supplier`: the supplier's id when every row is theirs (a supplier's own list), so their
 * record is read once for the page instead of once for each of its rows.
 */
function fullColumns(supplier: SQL = sql`${tenderResponses.supplierId}`) {
  return {
    r: tenderResponses,
    tenderTitle: tenders.title,
    tenderDeadline: tenders.deadline,
    companyName: users.companyName,
    approved: users.approved,
    fulfilledDeals: sql<number>`(select count(*)::int from ${contracts} where ${contracts.supplierId} = ${supplier} and ${contracts.status} = 'fulfilled')`,
    reviews: sql<{
      average: number | null;
      count: number;
    }>`(select json_build_object('average', round(avg(rating)::numeric, 1), 'count', count(*)) from reviews where reviewee_id = ${supplier})`,
    /** the best stored match between the tender and one of the supplier's catalogue items */
    match: sql<{ score: number; reasons: MatchReason[]; itemTitle: string } | null>`(
        select json_build_object('score', m.score, 'reasons', m.reasons, 'itemTitle', i.title)
        from matches m join catalogue_items i on i.id = m.catalogue_item_id
        where m.tender_id = ${tenderResponses.tenderId} and i.user_id = ${tenderResponses.supplierId}
        order by m.score desc, m.catalogue_item_id limit 1)`,
  };
}

function selectFull(db: DbOrTx) {
  return db
    .select(fullColumns())
    .from(tenderResponses)
    .innerJoin(tenders, eq(tenders.id, tenderResponses.tenderId))
    .innerJoin(users, eq(users.id, tenderResponses.supplierId));
}
export type FullResponse = Awaited<ReturnType<typeof selectFull>>[number];

export const findTender = tenderWithCompany;

export async function lockTender(db: DbOrTx, id: string): Promise<TenderRow | undefined> {
  const [row] = await db.select().from(tenders).where(eq(tenders.id, id)).for('update').limit(1);
  return row;
}

// Prepared once per database handle: building this select (three subqueries, two joins) in the
// query builder cost more CPU than PostgreSQL spends running it (docs/performance.md).
const responseByIdStatement = preparedPerDb((db) =>
  selectFull(db)
    .where(eq(tenderResponses.id, sql.placeholder('id')))
    .limit(1)
    .prepare('response_full_by_id'),
);

export async function findResponse(db: Db, id: string): Promise<FullResponse | undefined> {
  const [row] = await responseByIdStatement(db).execute({ id });
  return row;
}

export async function lockResponse(db: DbOrTx, id: string): Promise<ResponseRow | undefined> {
  const [row] = await db.select().from(tenderResponses).where(eq(tenderResponses.id, id)).for('update').limit(1);
  return row;
}

export async function findLiveResponse(
  db: DbOrTx,
  tenderId: string,
  supplierId: string,
): Promise<ResponseRow | undefined> {
  const [row] = await db
    .select()
    .from(tenderResponses)
    .where(
      and(
        eq(tenderResponses.tenderId, tenderId),
        eq(tenderResponses.supplierId, supplierId),
        ne(tenderResponses.status, 'withdrawn'),
      ),
    )
    .limit(1);
  return row;
}

export async function insertResponse(db: DbOrTx, values: NewResponse): Promise<ResponseRow> {
  const [row] = await db.insert(tenderResponses).values(values).returning();
  return row!;
}

export async function updateResponse(db: DbOrTx, id: string, set: Partial<NewResponse>): Promise<ResponseRow> {
  const [row] = await db
    .update(tenderResponses)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(tenderResponses.id, id))
    .returning();
  return row!;
}

/** Only the buyer's note: it is not part of the response the supplier sent, so nothing else moves. */
export async function setBuyerNote(db: DbOrTx, id: string, note: string): Promise<void> {
  await db.update(tenderResponses).set({ buyerNote: note }).where(eq(tenderResponses.id, id));
}

export async function insertVersion(db: DbOrTx, values: typeof tenderResponseVersions.$inferInsert): Promise<void> {
  await db.insert(tenderResponseVersions).values(values);
}

export async function listVersions(db: DbOrTx, responseId: string) {
  return db
    .select()
    .from(tenderResponseVersions)
    .where(eq(tenderResponseVersions.responseId, responseId))
    .orderBy(asc(tenderResponseVersions.version));
}

const statusesIn = sql`${tenderResponses.status} = any(${sql.placeholder('statuses')}::text[])`;
const tenderListStatements = preparedPerHandle((db) => {
  const tenderId = sql.placeholder('tenderId');
  return {
    list: selectFull(db)
      .where(and(eq(tenderResponses.tenderId, tenderId), statusesIn))
      .orderBy(asc(tenderResponses.totalPence), asc(tenderResponses.submittedAt))
      .limit(500)
      .prepare('responses_of_tender'),
    count: db
      .select({ n: sql<number>`count(*)::int` })
      .from(tenderResponses)
      .where(and(eq(tenderResponses.tenderId, tenderId), statusesIn))
      .prepare('responses_of_tender_count'),
  };
});

/** A tender's responses in these statuses, cheapest first. */
export function listForTender(
  db: DbOrTx,
  tenderId: string,
  statuses: readonly ResponseStatus[],
): Promise<FullResponse[]> {
  return tenderListStatements(db).list.execute({ tenderId, statuses: textArray(statuses) });
}

/** One supplier's responses to a tender (the live one and any withdrawn), newest first. */
export function listForTenderBySupplier(db: DbOrTx, tenderId: string, supplierId: string): Promise<FullResponse[]> {
  return selectFull(db)
    .where(and(eq(tenderResponses.tenderId, tenderId), eq(tenderResponses.supplierId, supplierId)))
    .orderBy(desc(tenderResponses.updatedAt))
    .limit(100);
}

export async function countForTender(
  db: DbOrTx,
  tenderId: string,
  statuses: readonly ResponseStatus[],
): Promise<number> {
  const [row] = await tenderListStatements(db).count.execute({ tenderId, statuses: textArray(statuses) });
  return row?.n ?? 0;
}

/** In the award's transaction: the tender's responses in these statuses, locked. */
export function lockForTender(
  db: DbOrTx,
  tenderId: string,
  statuses: readonly ResponseStatus[],
): Promise<ResponseRow[]> {
  return db
    .select()
    .from(tenderResponses)
    .where(and(eq(tenderResponses.tenderId, tenderId), inArray(tenderResponses.status, [...statuses])))
    .orderBy(asc(tenderResponses.id))
    .for('update');
}

// A supplier's responses, newest first, and how many they have, in one statement: a second
// statement for the count cost the server a second round trip (more of its time than PostgreSQL's
// count). The first page keeps its plan (db/client.ts, FIRST_PAGE): with LIMIT and OFFSET as
// parameters PostgreSQL planned it on every read, and planning took longer than running it.
const mineStatement = preparedPage('responses_mine', (db, slice, v) => {
  const supplierId = sql`${sql.placeholder('supplierId')}::uuid`;
  return db
    .select({
      ...fullColumns(supplierId),
      total: sql<number>`(select count(*)::int from tender_responses own where own.supplier_id = ${supplierId})`,
    })
    .from(tenderResponses)
    .innerJoin(tenders, eq(tenders.id, tenderResponses.tenderId))
    .innerJoin(users, eq(users.id, tenderResponses.supplierId))
    .where(eq(tenderResponses.supplierId, supplierId))
    .orderBy(desc(tenderResponses.updatedAt), desc(tenderResponses.id))
    .limit(v.value('limit', slice.limit))
    .offset(v.value('offset', slice.offset));
});
const mineCountStatement = preparedPerDb((db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(tenderResponses)
    .where(eq(tenderResponses.supplierId, sql.placeholder('supplierId')))
    .prepare('responses_count_of_supplier'),
);

export async function listMine(
  db: Db,
  supplierId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: FullResponse[]; total: number }> {
  const slice: Slice = { limit: pageSize, offset: (page - 1) * pageSize };
  const found = await mineStatement(db, slice).execute({ supplierId, ...slice });
  const rows = found.map(({ total: _total, ...row }) => row);
  if (found[0]) return { rows, total: found[0].total };
  // a page past the last has no row to carry the total
  if (page === 1) return { rows, total: 0 };
  const [counted] = await mineCountStatement(db).execute({ supplierId });
  return { rows, total: counted?.n ?? 0 };
}

/**
 * Who hears a published answer: suppliers with a response (not withdrawn) to the tender, those who
 * asked a question on it, and those the matching engine matched it with (one of their catalogue
 * items). Marketplace tenders have no favourites (only feed notices do), so interest shows this way.
 */
export async function interestedSupplierIds(db: DbOrTx, tenderId: string): Promise<string[]> {
  const rows = (
    await db.execute(sql`
      select supplier_id as id from tender_responses where tender_id = ${tenderId} and status <> 'withdrawn'
      union
      select asker_id from tender_questions where tender_id = ${tenderId}
      union
      select i.user_id from matches m join catalogue_items i on i.id = m.catalogue_item_id
        join users u on u.id = i.user_id and u.role = 'supplier'
      where m.tender_id = ${tenderId}`)
  ).rows as Array<{ id: string }>;
  return rows.map((r) => r.id);
}

export function findCatalogueItems(db: DbOrTx, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({
      id: catalogueItems.id,
      userId: catalogueItems.userId,
      title: catalogueItems.title,
      valuePence: catalogueItems.valuePence,
      leadTimeDays: catalogueItems.leadTimeDays,
    })
    .from(catalogueItems)
    .where(inArray(catalogueItems.id, ids));
}

export async function fileNames(db: DbOrTx, keys: string[]): Promise<Map<string, string>> {
  if (!keys.length) return new Map();
  const rows = await db.select({ key: files.key, name: files.fileName }).from(files).where(inArray(files.key, keys));
  return new Map(rows.map((r) => [r.key, r.name]));
}

// ---- questions ----

export async function insertQuestion(db: DbOrTx, values: typeof tenderQuestions.$inferInsert): Promise<QuestionRow> {
  const [row] = await db.insert(tenderQuestions).values(values).returning();
  return row!;
}

export async function findQuestion(db: DbOrTx, id: string): Promise<QuestionRow | undefined> {
  const [row] = await db.select().from(tenderQuestions).where(eq(tenderQuestions.id, id)).limit(1);
  return row;
}

export async function lockQuestion(db: DbOrTx, id: string): Promise<QuestionRow | undefined> {
  const [row] = await db.select().from(tenderQuestions).where(eq(tenderQuestions.id, id)).for('update').limit(1);
  return row;
}

export async function answerQuestion(db: DbOrTx, id: string, answer: string, published: boolean): Promise<QuestionRow> {
  const [row] = await db
    .update(tenderQuestions)
    .set({ answer, published, answeredAt: sql`now()` })
    .where(eq(tenderQuestions.id, id))
    .returning();
  return row!;
}

// A tender and its questions in one statement, prepared once: reading the tender first cost the
// server a round trip more than the read (docs/performance.md). The questions are those the viewer
// may see if the tender is theirs to see: all of them for its owner or an admin, else the
// published ones and their own.
const tenderQuestionsStatement = preparedPerHandle((db) => {
  const viewerId = sql.placeholder('viewerId');
  return db
    .select({
      tender: {
        ...tenderVisibilityColumns,
        deadline: tenders.deadline,
        questionDeadline: tenders.questionDeadline,
      },
      q: tenderQuestions,
      askerCompany: users.companyName,
    })
    .from(tenders)
    .leftJoin(
      tenderQuestions,
      and(
        eq(tenderQuestions.tenderId, tenders.id),
        sql`(${viewerSeesAllOfTender} or ${tenderQuestions.published} or ${tenderQuestions.askerId} = ${viewerId})`,
      ),
    )
    .leftJoin(users, eq(users.id, tenderQuestions.askerId))
    .where(eq(tenders.id, sql.placeholder('tenderId')))
    .orderBy(asc(tenderQuestions.createdAt))
    .limit(500)
    .prepare('tender_with_questions');
});

/**
 * What the tender visibility rule reads of a tender (canViewTender) and its question deadlines,
 * and its questions as the viewer may see them if they may see the tender (all for its owner or
 * an admin, else the published ones and their own), oldest first. No tender: undefined.
 */
export async function tenderWithQuestions(db: DbOrTx, tenderId: string, viewerId: string, viewerIsAdmin: boolean) {
  const rows = await tenderQuestionsStatement(db).execute({ tenderId, viewerId, viewerIsAdmin });
  if (!rows[0]) return undefined;
  const questions = rows.flatMap(({ q, askerCompany }) => (q ? [{ q, askerCompany }] : []));
  return { tender: rows[0].tender, questions };
}

// ---- the tender's audit export ----

/** Every question on a tender, oldest first, with the asker's company (the audit export). */
export function listQuestions(db: DbOrTx, tenderId: string) {
  return db
    .select({ q: tenderQuestions, askerCompany: users.companyName })
    .from(tenderQuestions)
    .innerJoin(users, eq(users.id, tenderQuestions.askerId))
    .where(eq(tenderQuestions.tenderId, tenderId))
    .orderBy(asc(tenderQuestions.createdAt));
}

/** Every response that reached the buyer at some point (withdrawn ones included), with its submitted versions. */
export async function listForAudit(db: DbOrTx, tenderId: string) {
  const rows = await db
    .select({ r: tenderResponses, companyName: users.companyName })
    .from(tenderResponses)
    .innerJoin(users, eq(users.id, tenderResponses.supplierId))
    .where(and(eq(tenderResponses.tenderId, tenderId), sql`${tenderResponses.version} > 0`))
    .orderBy(asc(tenderResponses.totalPence), asc(tenderResponses.id))
    .limit(1000);
  const ids = rows.map((x) => x.r.id);
  const versions = ids.length
    ? await db
        .select({
          responseId: tenderResponseVersions.responseId,
          version: tenderResponseVersions.version,
          submittedAt: tenderResponseVersions.submittedAt,
          snapshot: tenderResponseVersions.snapshot,
        })
        .from(tenderResponseVersions)
        .where(inArray(tenderResponseVersions.responseId, ids))
        .orderBy(asc(tenderResponseVersions.responseId), asc(tenderResponseVersions.version))
    : [];
  return rows.map((x) => ({ ...x, versions: versions.filter((v) => v.responseId === x.r.id) }));
}
