import { eq, sql } from 'drizzle-orm';
import { columnsAs, preparedPerHandle, rowsByText, type DbOrTx } from './client.ts';
import { tenders } from './schema/index.ts';

/**
 * The two reads of one tender that many features make (the tender screens, responses and
 * questions, deals, uploads, the response prefill), each a statement prepared once per connection:
 * planning them afresh cost PostgreSQL more than running them (docs/performance.md).
 */
export type TenderWithCompany = typeof tenders.$inferSelect & { companyName: string };

const tenderWithCompanyById = rowsByText<TenderWithCompany>(
  'tender_by_id',
  `select ${columnsAs(tenders, 't')}, u.company_name as "companyName"
     from tenders t join users u on u.id = t.user_id
    where t.id = $1`,
);

/** One tender with its owner's company name. */
export async function tenderWithCompany(db: DbOrTx, id: string): Promise<TenderWithCompany | undefined> {
  const [row] = await tenderWithCompanyById(db, [id]);
  return row;
}

/** What the tender visibility rule reads (canViewTender): owner, status and awarded supplier. */
export const tenderVisibilityColumns = {
  id: tenders.id,
  userId: tenders.userId,
  status: tenders.status,
  awardedSupplierId: tenders.awardedSupplierId,
};

/**
 * Whether a statement's viewer (its `viewerId` and `viewerIsAdmin` placeholders) sees all that
 * hangs off a tender (its contracts, its questions): its owner or an admin. Others see their own.
 */
export const viewerSeesAllOfTender = sql`(${sql.placeholder('viewerIsAdmin')}::boolean or ${tenders.userId} = ${sql.placeholder('viewerId')})`;

const tenderAccessStatement = preparedPerHandle((db) =>
  db
    .select(tenderVisibilityColumns)
    .from(tenders)
    .where(eq(tenders.id, sql.placeholder('id')))
    .limit(1)
    .prepare('tender_access_by_id'),
);

/** What the tender visibility rule reads (canViewTender): owner, status and awarded supplier. */
export async function tenderAccess(db: DbOrTx, id: string) {
  const [row] = await tenderAccessStatement(db).execute({ id });
  return row;
}
