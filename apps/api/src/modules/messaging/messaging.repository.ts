import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  literalValues,
  placeholderValues,
  preparedPerDb,
  type Bind,
  type Db,
  type DbOrTx,
  type Slice,
} from '../../db/client.ts';
import {
  contracts,
  conversationParticipants,
  conversations,
  messages,
  profiles,
  users,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../db/like.ts';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export interface Subject {
  tenderId: string | null;
  catalogueItemId: string | null;
  externalTenderId: string | null;
}

/** The fields of a user messaging may see or needs for its rules (never email, phone, …). */
export async function findPerson(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      approved: users.approved,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row ?? null;
}

/**
 * Opens the conversation of a pair about a subject, or answers the existing one (race-safe).
 * The existing one is looked up first: most calls (every message sent to a counterpart) find it,
 * in one statement. A pair that has none inserts it; an insert that lost a race to another
 * transaction's (ON CONFLICT DO NOTHING waited for it to commit) reads the winner's row.
 */
export async function openConversation(
  tx: DbOrTx,
  a: string,
  b: string,
  subject: Subject,
): Promise<{ row: ConversationRow; created: boolean }> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const existing = await findPairConversation(tx, low, high, subject);
  if (existing) return { row: existing, created: false };
  const [inserted] = await tx
    .insert(conversations)
    .values({ userLowId: low, userHighId: high, ...subject })
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    await tx.insert(conversationParticipants).values([
      { conversationId: inserted.id, userId: low },
      { conversationId: inserted.id, userId: high },
    ]);
    return { row: inserted, created: true };
  }
  return { row: (await findPairConversation(tx, low, high, subject))!, created: false };
}

async function findPairConversation(
  tx: DbOrTx,
  low: string,
  high: string,
  subject: Subject,
): Promise<ConversationRow | null> {
  const [row] = await tx
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.userLowId, low),
        eq(conversations.userHighId, high),
        subject.tenderId ? eq(conversations.tenderId, subject.tenderId) : isNull(conversations.tenderId),
        subject.catalogueItemId
          ? eq(conversations.catalogueItemId, subject.catalogueItemId)
          : isNull(conversations.catalogueItemId),
        subject.externalTenderId
          ? eq(conversations.externalTenderId, subject.externalTenderId)
          : isNull(conversations.externalTenderId),
      ),
    );
  return row ?? null;
}

/** A conversation, only when `userId` takes part in it. */
export async function findConversationOf(db: DbOrTx, id: string, userId: string): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(eq(conversations.id, id), or(eq(conversations.userLowId, userId), eq(conversations.userHighId, userId))),
    );
  return row ?? null;
}

/** A user's unread messages in all: the counters the messages triggers keep (migration 0018), a row per conversation. */
const unreadTotalOf = (userId: string) =>
  sql<number>`(select coalesce(sum(${conversationParticipants.unread}), 0)::int from ${conversationParticipants} where ${eq(conversationParticipants.userId, userId)})`;

/**
 * Adds a message and makes it its conversation's last. Answers the row and the recipient's unread
 * messages in all after it: the conversation's update reads them once the insert's trigger
 * (migration 0018) has counted the new message, so a send needs no statement of its own for them.
 */
export async function insertMessage(
  tx: DbOrTx,
  values: {
    conversationId: string;
    senderId: string;
    recipientId: string;
    text: string;
    attachments: { name: string; key: string }[];
  },
): Promise<{ row: MessageRow; recipientUnread: number }> {
  const [row] = await tx.insert(messages).values(values).returning();
  const [moved] = await tx
    .update(conversations)
    .set({ lastMessageId: row!.id, lastMessageAt: row!.createdAt })
    .where(eq(conversations.id, values.conversationId))
    .returning({ recipientUnread: unreadTotalOf(values.recipientId) });
  return { row: row!, recipientUnread: moved?.recipientUnread ?? 0 };
}

export async function findMessage(db: DbOrTx, id: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row ?? null;
}

export interface ConversationListRow {
  conversation: ConversationRow;
  other: { id: string; firstName: string; lastName: string; companyName: string; role: 'buyer' | 'supplier' | 'admin' };
  lastMessage: MessageRow | null;
  unread: number;
}

/**
 * The conversation list of a user in ONE query: each conversation with the other party, the
 * last message (denormalised id on the conversation) and the caller's unread count (the counter on
 * their participant row, kept by the messages triggers). Ordered by the last message, newest first; new empty ones by creation.
 * Prepared once per database handle (two shapes: the page, and one conversation of it), so the
 * query builder does not build it again on every visit (docs/performance.md).
 */
function conversationListStatements(db: Db, one: boolean) {
  const userId = sql.placeholder('userId');
  const other = sql`case when ${conversations.userLowId} = ${userId} then ${conversations.userHighId} else ${conversations.userLowId} end`;
  const where = and(
    eq(conversationParticipants.userId, userId),
    one ? eq(conversations.id, sql.placeholder('conversationId')) : undefined,
  );
  const order = [
    desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`),
    desc(conversations.id),
  ];
  const name = one ? 'conversation_list_one' : 'conversation_list';
  // The page's conversations first, then the other person and the last message of those only:
  // joined before the cut, a busy user's every conversation fetched both to show 20.
  const pageIds = db
    .select({ id: conversations.id })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(where)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  // The total as a column of the page: one statement, one snapshot. A participant row always has
  // its conversation.
  const counted = {
    total:
      sql<number>`(select count(*) from ${conversationParticipants} where ${eq(conversationParticipants.userId, userId)})`.mapWith(
        Number,
      ),
  };
  return {
    page: db
      .select({
        conversation: conversations,
        other: {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          companyName: users.companyName,
          role: users.role,
        },
        lastMessage: messages,
        unread: conversationParticipants.unread,
        ...counted,
      })
      .from(conversationParticipants)
      .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
      .innerJoin(users, eq(users.id, other))
      .leftJoin(messages, eq(messages.id, conversations.lastMessageId))
      .where(and(eq(conversationParticipants.userId, userId), inArray(conversations.id, pageIds)))
      .orderBy(...order)
      .prepare(name),
    // A page past the last (or of nobody's conversations) has no row to carry it.
    empty: db
      .select(counted)
      .from(sql`(select 1) as one`)
      .prepare(`${name}_empty`),
  };
}
const conversationList = preparedPerDb((db) => conversationListStatements(db, false));
const conversationListOne = preparedPerDb((db) => conversationListStatements(db, true));

export async function listConversations(
  db: Db,
  userId: string,
  opts: { page: number; pageSize: number; conversationId?: string },
): Promise<{ rows: ConversationListRow[]; total: number }> {
  const statements = opts.conversationId ? conversationListOne(db) : conversationList(db);
  const params = {
    userId,
    conversationId: opts.conversationId,
    limit: opts.pageSize,
    offset: (opts.page - 1) * opts.pageSize,
  };
  const rows = await statements.page.execute(params);
  const [first] = rows;
  const counted = first ?? (await statements.empty.execute(params))[0]!;
  return { rows, total: counted.total };
}

/** A page of a thread, answered oldest → newest. */
export async function listMessages(
  db: DbOrTx,
  conversationId: string,
  opts: { page: number; pageSize: number; before?: string },
): Promise<{ rows: MessageRow[]; total: number; hasOlder: boolean }> {
  const inConversation = eq(messages.conversationId, conversationId);
  const where = opts.before
    ? and(
        inConversation,
        sql`(${messages.createdAt}, ${messages.id}) < (select b.created_at, b.id from ${messages} b where b.id = ${opts.before})`,
      )
    : inConversation;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(opts.pageSize + 1)
      .offset(opts.before ? 0 : (opts.page - 1) * opts.pageSize),
    db.select({ n: count() }).from(messages).where(inConversation),
  ]);
  const hasOlder = rows.length > opts.pageSize;
  return { rows: rows.slice(0, opts.pageSize).reverse(), total: total?.n ?? 0, hasOlder };
}

/** Marks the conversation's messages to `userId` read; answers how many and when. */
export async function markConversationRead(
  tx: DbOrTx,
  conversationId: string,
  userId: string,
): Promise<{ updated: number; readAt: Date }> {
  const [now] = await tx.execute<{ now: string | Date }>(sql`select now() as now`).then((r) => r.rows);
  const readAt = new Date(now!.now);
  const rows = await tx
    .update(messages)
    .set({ readAt })
    .where(and(eq(messages.conversationId, conversationId), eq(messages.recipientId, userId), isNull(messages.readAt)))
    .returning({ id: messages.id });
  await tx
    .update(conversationParticipants)
    .set({ lastReadAt: readAt })
    .where(
      and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)),
    );
  return { updated: rows.length, readAt };
}

/** Every unread message to a user (docs/product.md section 3: not read and not sent by them). */
export async function unreadTotal(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: unreadTotalOf(userId) }).from(sql`(select 1) as one`);
  return row?.n ?? 0;
}

interface PeopleQuery {
  /** the LIKE pattern of the words, lower case */
  pattern: string;
  role: 'buyer' | 'supplier';
  viewer: string;
}

/**
 * The people a search finds, as a caller may see them. Privacy settings hold here as on the
 * profile page (profiles.service.ts profileAccess): a private profile is listed only to its
 * counterparties (a shared contract, or it has written to the caller), and personal names show
 * (and are searched) only to counterparties or when the owner shows contact details to members;
 * otherwise the company name stands in.
 */
function peopleFound(q: PeopleQuery, v: Bind) {
  const viewer = v.value('viewer', q.viewer);
  const pattern = v.value('pattern', q.pattern);
  // (a message's recipient is the other participant of its conversation: "has written to the
  // caller" is one probe of messages_sender_recipient_idx per candidate)
  const counterparty = sql`(exists (select 1 from ${contracts} where (${contracts.buyerId} = ${users.id} and ${contracts.supplierId} = ${viewer}) or (${contracts.buyerId} = ${viewer} and ${contracts.supplierId} = ${users.id}))
    or exists (select 1 from ${messages} where ${messages.senderId} = ${users.id} and ${messages.recipientId} = ${viewer}))`;
  const namesShown = sql`(${counterparty} or coalesce(${profiles.contactVisibility}, 'counterparties') = 'members')`;
  const where = and(
    // Whatever part of a row is searched, it is part of search_text, which the role's index
    // (users_search_buyers_idx, users_search_suppliers_idx) covers: the index narrows the rows
    // before the per-row privacy checks below run. The role and the approval are written into the
    // statement, not bound, so that PostgreSQL can use the index of that role (a statement per
    // role): a generic plan cannot use a partial index whose condition rests on a parameter.
    sql`${users.searchText} like ${pattern}`,
    sql`${users.role} = ${sql.raw(`'${q.role === 'buyer' ? 'buyer' : 'supplier'}'`)}`,
    sql`${users.approved}`,
    isNull(users.deletedAt),
    ne(users.id, viewer),
    sql`(coalesce(${profiles.visibility}, 'public') = 'public' or ${counterparty})`,
    // The searchable text is the company name, with the personal names when they are shown. A
    // company that holds the words needs no privacy check (the pattern is "contains", and the
    // company name ends the full text): most candidates are settled without one.
    sql`(${users.companySearchText} like ${pattern} or (${namesShown} and ${users.searchText} like ${pattern}))`,
  );
  return { where, namesShown };
}

/**
 * A page of people found and their total in one statement. The page is cut first and the names
 * it shows are worked out for its rows only: in the select list of the search itself, the
 * privacy check ran for every candidate before the sort (1,000 for a common word, 8 ms of 10).
 */
function peoplePage(db: DbOrTx, q: PeopleQuery, slice: Slice, v: Bind) {
  const { where, namesShown } = peopleFound(q, v);
  const found = db
    .select({
      id: sql<string>`${users.id}`.as('found_id'),
      companyName: sql<string>`${users.companyName}`.as('found_company'),
      lastName: sql<string>`${users.lastName}`.as('found_last'),
      total: sql<number>`count(*) over ()`.as('found_total'),
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(where)
    .orderBy(asc(users.companyName), asc(users.lastName), asc(users.id))
    .limit(v.value('limit', slice.limit))
    .offset(v.value('offset', slice.offset))
    .as('found');
  return db
    .select({
      id: users.id,
      role: users.role,
      firstName: sql<string>`case when ${namesShown} then ${users.firstName} else ${users.companyName} end`,
      lastName: sql<string>`case when ${namesShown} then ${users.lastName} else '' end`,
      companyName: users.companyName,
      total: sql<number>`${found.total}`.mapWith(Number),
    })
    .from(found)
    .innerJoin(users, eq(users.id, found.id))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .orderBy(asc(found.companyName), asc(found.lastName), asc(found.id));
}

// (its planning cost as much as its run: 2-4 ms a search)
const peoplePageStatements = {
  buyer: preparedPerDb((db) =>
    peoplePage(db, { pattern: '', role: 'buyer', viewer: '' }, { limit: 0, offset: 0 }, placeholderValues).prepare(
      'people_search_page_buyers',
    ),
  ),
  supplier: preparedPerDb((db) =>
    peoplePage(db, { pattern: '', role: 'supplier', viewer: '' }, { limit: 0, offset: 0 }, placeholderValues).prepare(
      'people_search_page_suppliers',
    ),
  ),
};

/** GET /api/users/search: approved people of one role by name or company (users_search_buyers_idx, users_search_suppliers_idx). */
export async function searchPeople(
  db: Db,
  opts: { q: string; role: 'buyer' | 'supplier'; excludeId: string; page: number; pageSize: number },
) {
  const q: PeopleQuery = { pattern: containsPattern(opts.q.toLowerCase()), role: opts.role, viewer: opts.excludeId };
  const slice: Slice = { limit: opts.pageSize, offset: (opts.page - 1) * opts.pageSize };
  const found = await peoplePageStatements[opts.role](db).execute({ ...q, ...slice });
  const rows = found.map(({ total: _total, ...row }) => row);
  if (found[0]) return { rows, total: found[0].total };
  // a page past the last has no row to carry the total
  if (opts.page === 1) return { rows, total: 0 };
  const [counted] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(peopleFound(q, literalValues).where);
  return { rows, total: counted?.n ?? 0 };
}
