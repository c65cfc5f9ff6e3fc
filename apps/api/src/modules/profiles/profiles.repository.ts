import { and, eq, inArray, isNull, sql, type Placeholder } from 'drizzle-orm';
import { preparedPerDb, preparedPerHandle, type Db, type DbOrTx } from '../../db/client.ts';
import { createKeptByState, ownerListStateColumns, type OwnerList, type OwnerListState } from '../../db/owner-pages.ts';
import {
  catalogueItems,
  contracts,
  messages,
  files,
  portfolioItems,
  profileDocuments,
  profiles,
  projects,
  requirements,
  reviews,
  users,
} from '../../db/schema/index.ts';

export type ProfileRow = typeof profiles.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type PortfolioRow = typeof portfolioItems.$inferSelect;
export type RequirementsRow = typeof requirements.$inferSelect;
export type DocumentRow = typeof profileDocuments.$inferSelect;

/** The owner's columns every profile read takes: the user and the privacy settings that decide who may see it. */
const ownerColumns = {
  id: users.id,
  role: users.role,
  approved: users.approved,
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: users.companyName,
  email: users.email,
  phone: users.phone,
  createdAt: users.createdAt,
  visibility: sql<'public' | 'private'>`coalesce(${profiles.visibility}, 'public')`,
  contactVisibility: sql<'counterparties' | 'members'>`coalesce(${profiles.contactVisibility}, 'counterparties')`,
};

/** The user and the privacy settings that decide who may see their profile. */
/**
 * Whether the viewer is the owner's counterparty (docs/product.md section 3): they share a
 * contract, or the owner has written to them in Messages. Columns of a statement over `users`
 * (the owner) with a `viewerId` placeholder.
 */
const counterpartyColumns = (viewerId: Placeholder) => ({
  sharesContract: sql<boolean>`exists (
    select 1 from ${contracts}
    where (${contracts.buyerId} = ${viewerId} and ${contracts.supplierId} = ${users.id})
       or (${contracts.buyerId} = ${users.id} and ${contracts.supplierId} = ${viewerId}))`,
  // conversations are between two people: a message's recipient is the other participant
  ownerHasWritten: sql<boolean>`exists (
    select 1 from ${messages} where ${messages.senderId} = ${users.id} and ${messages.recipientId} = ${viewerId})`,
});

/**
 * What every read of a profile's owner selects, in a statement over `users` joined to `profiles`
 * with `id` and `viewerId` placeholders: the owner and their privacy settings, and whether the
 * viewer is their counterparty. `ownerById` finds the owner (never a deleted account).
 */
const ownerReadColumns = () => ({ ...ownerColumns, ...counterpartyColumns(sql.placeholder('viewerId')) });
const ownerById = () => and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt));

const profileOwnerStatement = preparedPerHandle((db) =>
  db
    .select(ownerReadColumns())
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(ownerById())
    .limit(1)
    .prepare('profile_owner'),
);

/** The user and the privacy settings that decide who may see their profile, and whether `viewerId` is their counterparty. */
export async function findProfileOwner(db: DbOrTx, id: string, viewerId: string) {
  const [row] = await profileOwnerStatement(db).execute({ id, viewerId });
  if (!row) return undefined;
  const { sharesContract, ownerHasWritten, ...owner } = row;
  return { owner, counterparty: sharesContract || ownerHasWritten };
}
export type ProfileOwner = NonNullable<Awaited<ReturnType<typeof findProfileOwner>>>['owner'];
export type FoundProfileOwner = Awaited<ReturnType<typeof findProfileOwner>>;

// What findProfileOwner reads and, in the same statement, what the caller then shows: a second
// round trip cost the server more than the read itself (docs/performance.md).
const ownerAndRequirementsStatement = preparedPerHandle((db) =>
  db
    .select({ ...ownerReadColumns(), requirements })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(requirements, eq(requirements.userId, users.id))
    .where(ownerById())
    .limit(1)
    .prepare('profile_owner_requirements'),
);

/** findProfileOwner, and the owner's requirements of the other side (undefined: none set). */
export async function findProfileOwnerWithRequirements(db: DbOrTx, id: string, viewerId: string) {
  const [row] = await ownerAndRequirementsStatement(db).execute({ id, viewerId });
  if (!row) return undefined;
  const { sharesContract, ownerHasWritten, requirements: set, ...owner } = row;
  return { owner, counterparty: sharesContract || ownerHasWritten, requirements: set ?? undefined };
}

const prepareOwnerAndListState = (list: OwnerList) =>
  preparedPerHandle((db) =>
    db
      .select({ ...ownerReadColumns(), ...ownerListStateColumns(list, users.id) })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(ownerById())
      .limit(1)
      .prepare(`profile_owner_${list}_state`),
  );
const ownerAndListStateStatements = new Map<OwnerList, ReturnType<typeof prepareOwnerAndListState>>();

/** findProfileOwner, and where the owner's `list` stands (db/owner-pages.ts): a page of it kept under that state. */
export async function findProfileOwnerWithListState(db: DbOrTx, id: string, viewerId: string, list: OwnerList) {
  let statement = ownerAndListStateStatements.get(list);
  if (!statement) {
    statement = prepareOwnerAndListState(list);
    ownerAndListStateStatements.set(list, statement);
  }
  const [row] = await statement(db).execute({ id, viewerId });
  if (!row) return undefined;
  const { sharesContract, ownerHasWritten, ownerVersion, peopleVersion, ...owner } = row;
  return {
    owner,
    counterparty: sharesContract || ownerHasWritten,
    state: { owner: ownerVersion, people: peopleVersion } satisfies OwnerListState,
  };
}

/** A profile-view list as PostgreSQL builds it: timestamps come as text (`::text`) and are parsed here. */
type TimestampsAsText<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };
type ReviewJson = {
  id: string;
  rating: number;
  text: string;
  createdAt: string;
  reviewerId: string;
  reviewerFirst: string;
  reviewerLast: string;
  reviewerCompany: string;
};

const viewerId = sql.placeholder('viewerId');
const ownerId = sql.placeholder('ownerId');

/**
 * The whole profile view in one statement: the owner, whether the viewer is a counterparty, the
 * profile row, and every list the view shows as JSON built by ordered, limited subqueries. It
 * replaces 10 to 12 statements a request (50 to 115 ms for one request on the bench dataset,
 * docs/performance.md). The orders and limits are those of the separate reads it replaced; the
 * service still decides who may see what. Timestamps inside the JSON are `::text`, the same text
 * the driver gets for a timestamp column, so they parse to the same instants (microseconds cut).
 */
const profileViewStatement = preparedPerDb((db) =>
  db
    .select({
      ...ownerColumns,
      ...counterpartyColumns(viewerId),
      profile: profiles,
      docs: sql<Array<TimestampsAsText<DocumentRow>>>`(
        select coalesce(json_agg(d), '[]') from (
          select ${profileDocuments.id} as "id", ${profileDocuments.userId} as "userId", ${profileDocuments.name} as "name",
            ${profileDocuments.fileKey} as "fileKey", ${profileDocuments.createdAt}::text as "createdAt"
          from ${profileDocuments} where ${profileDocuments.userId} = ${users.id}
          order by ${profileDocuments.createdAt} desc limit 100) d)`,
      portfolio: sql<Array<TimestampsAsText<PortfolioRow>>>`(
        select coalesce(json_agg(pi), '[]') from (
          select ${portfolioItems.id} as "id", ${portfolioItems.userId} as "userId", ${portfolioItems.title} as "title",
            ${portfolioItems.valuePence} as "valuePence", ${portfolioItems.description} as "description",
            ${portfolioItems.client} as "client", ${portfolioItems.completionDate}::text as "completionDate",
            ${portfolioItems.createdAt}::text as "createdAt", ${portfolioItems.updatedAt}::text as "updatedAt"
          from ${portfolioItems} where ${portfolioItems.userId} = ${users.id}
          order by ${portfolioItems.completionDate} desc, ${portfolioItems.createdAt} desc limit 200) pi)`,
      projects: sql<Array<TimestampsAsText<ProjectRow>>>`(
        select coalesce(json_agg(pr), '[]') from (
          select ${projects.id} as "id", ${projects.userId} as "userId", ${projects.name} as "name",
            ${projects.description} as "description", ${projects.location} as "location", ${projects.status} as "status",
            ${projects.budgetPence} as "budgetPence", ${projects.estimatedCompletion}::text as "estimatedCompletion",
            ${projects.completionDate}::text as "completionDate",
            ${projects.createdAt}::text as "createdAt", ${projects.updatedAt}::text as "updatedAt"
          from ${projects} where ${projects.userId} = ${users.id}
          order by ${projects.createdAt} desc limit 200) pr)`,
      requirements: sql<TimestampsAsText<RequirementsRow> | null>`(
        select json_build_object('userId', ${requirements.userId}, 'qualityStandards', ${requirements.qualityStandards},
          'deliveryReliability', ${requirements.deliveryReliability}, 'sustainability', ${requirements.sustainability},
          'pricing', ${requirements.pricing}, 'updatedAt', ${requirements.updatedAt}::text)
        from ${requirements} where ${requirements.userId} = ${users.id} limit 1)`,
      catalogueItems: sql<CatalogueItemOfProfile[]>`case when ${users.role} = 'supplier' then (
        select coalesce(json_agg(ci), '[]') from (
          select ${catalogueItems.id} as "id", ${catalogueItems.title} as "title", ${catalogueItems.category} as "category",
            ${catalogueItems.quantity} as "quantity", ${catalogueItems.budgetPence} as "budgetPence",
            ${catalogueItems.valuePence} as "valuePence"
          from ${catalogueItems} where ${catalogueItems.userId} = ${users.id}
          order by ${catalogueItems.createdAt} desc limit 100) ci) else '[]' end`,
      reviewAverage: sql<string | null>`(
        select round(avg(${reviews.rating}), 1)::text from ${reviews} where ${reviews.revieweeId} = ${users.id})`,
      reviewCount: sql<number>`(select count(*)::int from ${reviews} where ${reviews.revieweeId} = ${users.id})`,
      latest: sql<ReviewJson[]>`(
        select coalesce(json_agg(r), '[]') from (
          select ${reviews.id} as "id", ${reviews.rating} as "rating", ${reviews.text} as "text",
            ${reviews.createdAt}::text as "createdAt", reviewer.id as "reviewerId",
            reviewer.first_name as "reviewerFirst", reviewer.last_name as "reviewerLast",
            reviewer.company_name as "reviewerCompany"
          from ${reviews} join ${users} reviewer on reviewer.id = ${reviews.reviewerId}
          where ${reviews.revieweeId} = ${users.id}
          order by ${reviews.createdAt} desc limit 20) r)`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, ownerId), isNull(users.deletedAt)))
    .limit(1)
    .prepare('profile_view'),
);

export interface CatalogueItemOfProfile {
  id: string;
  title: string;
  category: string;
  quantity: number | null;
  budgetPence: number | null;
  valuePence: number | null;
}

/** The profile view statement's row, shaped as the service reads it. */
async function readProfileView(db: Db, viewer: string, owner: string) {
  const [row] = await profileViewStatement(db).execute({ viewerId: viewer, ownerId: owner });
  if (!row) return undefined;
  const { sharesContract, ownerHasWritten, profile, docs, portfolio, projects: projs, requirements: reqs } = row;
  const { catalogueItems: items, reviewAverage, reviewCount, latest, ...owned } = row;
  const ownerRow: ProfileOwner = {
    id: owned.id,
    role: owned.role,
    approved: owned.approved,
    firstName: owned.firstName,
    lastName: owned.lastName,
    companyName: owned.companyName,
    email: owned.email,
    phone: owned.phone,
    createdAt: owned.createdAt,
    visibility: owned.visibility,
    contactVisibility: owned.contactVisibility,
  };
  return {
    owner: ownerRow,
    counterparty: sharesContract || ownerHasWritten,
    profile: profile ?? undefined,
    parts: {
      docs: docs.map((d): DocumentRow => ({ ...d, createdAt: new Date(d.createdAt) })),
      portfolio: portfolio.map((p): PortfolioRow => ({
        ...p,
        createdAt: new Date(p.createdAt),
        updatedAt: new Date(p.updatedAt),
      })),
      projects: projs.map((p): ProjectRow => ({
        ...p,
        createdAt: new Date(p.createdAt),
        updatedAt: new Date(p.updatedAt),
      })),
      requirements: reqs ? { ...reqs, updatedAt: new Date(reqs.updatedAt) } : undefined,
      catalogueItems: items,
      summary: { average: reviewAverage ? Number(reviewAverage) : null, count: reviewCount },
      latest: latest.map((r) => ({ ...r, createdAt: new Date(r.createdAt) })),
    },
  };
}

/**
 * Where `ownerId`'s profile stands (its 'profile' owner version, raised by the triggers of
 * migration 0039, and the people version) and whether `viewerId` is their counterparty: four
 * primary-key or index probes, read on every request. No row: no such (undeleted) user.
 */
const profileStateStatement = preparedPerDb((db) => {
  const { ownerVersion, peopleVersion } = ownerListStateColumns('profile', users.id);
  return (
    db
      .select({ owner: ownerVersion, people: peopleVersion, ...counterpartyColumns(viewerId) })
      .from(users)
      // (a join makes the builder name every column with its table, as the subqueries need)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(and(eq(users.id, ownerId), isNull(users.deletedAt)))
      .limit(1)
      .prepare('profile_state')
  );
});

type KeptProfileView = Omit<NonNullable<Awaited<ReturnType<typeof readProfileView>>>, 'counterparty'> | { gone: true };

/**
 * Profile views kept per owner under the state they were read at (docs/performance.md, "Pages
 * kept per owner"): the view is the same for every viewer but for the counterparty flag, which
 * the state statement reads each time. A profile counts as its listed rows (items, portfolio,
 * projects, documents, reviews); 200,000 rows of a few hundred bytes each is on the order of
 * 100 MB per instance at most.
 */
const keptViews = createKeptByState<KeptProfileView>({
  maxRows: 200_000,
  sizeOf: (v) =>
    'gone' in v
      ? 1
      : 1 +
        v.parts.docs.length +
        v.parts.portfolio.length +
        v.parts.projects.length +
        v.parts.catalogueItems.length +
        v.parts.latest.length,
});

/**
 * Everything the profile view of `ownerId` shows, as `viewerId` would see it if allowed;
 * undefined when there is no such (undeleted) user. One small statement reads the state; the
 * view is read (one statement) only when it changed since this instance last read it.
 */
export async function findProfileView(db: Db, viewer: string, owner: string) {
  const [state] = await profileStateStatement(db).execute({ viewerId: viewer, ownerId: owner });
  if (!state) return undefined;
  const view = await keptViews.answer(owner, { owner: state.owner, people: state.people }, async () => {
    const read = await readProfileView(db, viewer, owner);
    if (!read) return { gone: true }; // deleted since the state was read: its version has moved
    const { counterparty: _perViewer, ...kept } = read;
    return kept;
  });
  if ('gone' in view) return undefined;
  // the kept view itself (the same object while it holds), so what is built from it can be kept beside it
  return { view, counterparty: state.sharesContract || state.ownerHasWritten };
}
export type ProfileView = Exclude<KeptProfileView, { gone: true }>;

export async function findProfile(db: DbOrTx, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row;
}

export async function upsertProfile(
  db: DbOrTx,
  userId: string,
  values: Partial<Omit<ProfileRow, 'userId' | 'updatedAt'>>,
): Promise<ProfileRow> {
  const [row] = await db
    .insert(profiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function setCompanyName(db: DbOrTx, userId: string, companyName: string): Promise<void> {
  await db
    .update(users)
    .set({ companyName, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Uploaded files of the owner among `keys`. */
export async function ownedFiles(db: DbOrTx, ownerId: string, keys: string[]) {
  if (!keys.length) return [];
  return db
    .select({ key: files.key, fileName: files.fileName, status: files.status, entityId: files.entityId })
    .from(files)
    .where(and(eq(files.ownerId, ownerId), inArray(files.key, keys)));
}

export async function deleteFilesByKeys(db: DbOrTx, ownerId: string, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await db.delete(files).where(and(eq(files.ownerId, ownerId), inArray(files.key, keys)));
}

export async function replaceDocuments(
  db: DbOrTx,
  userId: string,
  docs: Array<{ name: string; fileKey: string }>,
): Promise<DocumentRow[]> {
  const before = await db.select().from(profileDocuments).where(eq(profileDocuments.userId, userId));
  await db.delete(profileDocuments).where(eq(profileDocuments.userId, userId));
  if (docs.length) await db.insert(profileDocuments).values(docs.map((d) => ({ userId, ...d })));
  return before;
}

// ---- projects ----

export async function countProjects(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(eq(projects.userId, userId));
  return row?.n ?? 0;
}

export async function insertProject(db: DbOrTx, values: typeof projects.$inferInsert): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  return row!;
}

export async function updateProject(
  db: DbOrTx,
  userId: string,
  id: string,
  values: Partial<typeof projects.$inferInsert>,
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .update(projects)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(projects.id, id), eq(projects.userId, userId)))
    .returning();
  return row;
}

export async function deleteProject(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(projects)
    .where(and(eq(projects.id, id), eq(projects.userId, userId)))
    .returning({ id: projects.id });
  return rows.length > 0;
}

// ---- portfolio ----

export async function countPortfolio(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(portfolioItems)
    .where(eq(portfolioItems.userId, userId));
  return row?.n ?? 0;
}

export async function insertPortfolioItem(
  db: DbOrTx,
  values: typeof portfolioItems.$inferInsert,
): Promise<PortfolioRow> {
  const [row] = await db.insert(portfolioItems).values(values).returning();
  return row!;
}

export async function updatePortfolioItem(
  db: DbOrTx,
  userId: string,
  id: string,
  values: Partial<typeof portfolioItems.$inferInsert>,
): Promise<PortfolioRow | undefined> {
  const [row] = await db
    .update(portfolioItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(portfolioItems.id, id), eq(portfolioItems.userId, userId)))
    .returning();
  return row;
}

export async function deletePortfolioItem(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(portfolioItems)
    .where(and(eq(portfolioItems.id, id), eq(portfolioItems.userId, userId)))
    .returning({ id: portfolioItems.id });
  return rows.length > 0;
}

// ---- requirements ----

export async function upsertRequirements(
  db: DbOrTx,
  userId: string,
  values: Partial<Omit<RequirementsRow, 'userId' | 'updatedAt'>>,
): Promise<RequirementsRow> {
  const [row] = await db
    .insert(requirements)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: requirements.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}
