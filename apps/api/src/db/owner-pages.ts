import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { preparedPerDb, type Db } from './client.ts';
import { listVersions, ownerListVersions } from './schema/index.ts';

/** The lists kept per owner; each has triggers that raise `owner_list_versions` (migrations 0030–0043). */
export type OwnerList =
  'notifications' | 'conversations' | 'contracts' | 'reviews' | 'bid_assist' | 'billing' | 'profile' | 'responses';

/**
 * Where an owner's list stood when a statement read it: the owner's version and the people
 * version (other people's names, which a list may show). A missing row reads 0.
 */
export interface OwnerListState {
  owner: number;
  people: number;
}

const sameState = (a: OwnerListState, b: OwnerListState) => a.owner === b.owner && a.people === b.people;

/** The people version: other people's names, which a list may show. */
const peopleVersionColumn = () =>
  sql<number>`coalesce((select ${listVersions.version} from ${listVersions} where ${listVersions.list} = 'people'), 0)`.mapWith(
    Number,
  );

/** The sum of the versions of the tables the `lists` parameter names: each only ever rises, so the sum moves whenever one does. */
const listVersionsSum = () =>
  sql`coalesce((select sum(${listVersions.version}) from ${listVersions} where ${listVersions.list} = any(${sql.placeholder('lists')}::text[])), 0)`;

/** Columns that read an owner's list state; `ownerId` is the statement's owner parameter (or column). */
export const ownerListStateColumns = (list: OwnerList, ownerId: unknown) => ({
  ownerVersion:
    sql<number>`coalesce((select ${ownerListVersions.version} from ${ownerListVersions} where ${ownerListVersions.list} = ${list} and ${ownerListVersions.ownerId} = ${ownerId}), 0)`.mapWith(
      Number,
    ),
  peopleVersion: peopleVersionColumn(),
});

const stateStatements = new Map<OwnerList, (db: Db) => ReturnType<typeof prepareState>>();
const prepareState = (db: Db, list: OwnerList) => {
  const { ownerVersion, peopleVersion } = ownerListStateColumns(list, sql.placeholder('ownerId'));
  return db
    .select({ owner: ownerVersion, people: peopleVersion })
    .from(sql`(select 1) as one`)
    .prepare(`owner_list_state_${list}`);
};

/** An owner's list state on its own: two primary-key reads in one prepared statement. */
export async function readOwnerListState(db: Db, list: OwnerList, ownerId: string): Promise<OwnerListState> {
  let statement = stateStatements.get(list);
  if (!statement) {
    statement = preparedPerDb((perDb) => prepareState(perDb, list));
    stateStatements.set(list, statement);
  }
  const [row] = await statement(db).execute({ ownerId });
  return row ?? { owner: -1, people: -1 };
}

interface KeptAnswer<A> {
  state: OwnerListState;
  answer: A;
  /** The answer no longer holds from this instant on (ms since the epoch; a deadline it shows passing). */
  until: number | null;
}

/**
 * Answers kept per key with the owner list state they were read under (see createOwnerPages),
 * for a caller that reads the state itself, in a statement that also reads what is not kept.
 * Up to `maxRows` rows are kept per instance, least recently used out first; `sizeOf` counts an
 * answer's rows (an object answer counts as one).
 */
export function createKeptByState<A extends object>(
  options: { maxRows?: number; sizeOf?: (answer: A) => number } = {},
) {
  const sizeOf = options.sizeOf ?? ((a: A) => ('data' in a && Array.isArray(a.data) ? a.data.length : 0) + 1);
  const kept = new LRUCache<string, KeptAnswer<A>>({
    maxSize: options.maxRows ?? 100_000,
    sizeCalculation: (k) => Math.max(1, sizeOf(k.answer)),
  });
  return {
    /** The answer kept for `key` under `state`, or `read`'s, kept when no newer one is. */
    async answer(
      key: string,
      state: OwnerListState,
      read: () => Promise<A>,
      until?: (answer: A) => number | null,
    ): Promise<A> {
      const hit = kept.get(key);
      if (hit && sameState(hit.state, state) && (hit.until === null || Date.now() < hit.until)) return hit.answer;
      const answer = await read();
      const current = kept.peek(key);
      // A slower read under an older state never replaces a newer answer.
      if (!current || (current.state.owner <= state.owner && current.state.people <= state.people)) {
        kept.set(key, { state, answer, until: until?.(answer) ?? null });
      }
      return answer;
    },
  };
}

/**
 * Pages read per person (a user's notifications, their conversations) kept as the API answers
 * them, per owner and page, with the owner's list state (docs/performance.md "Pages kept per
 * owner"). Every request reads the state first (two primary-key reads) and answers the kept page
 * while it is unchanged. The versions live in PostgreSQL and are raised at the commit of every
 * write to a row the list shows, whichever instance or code path wrote it.
 *
 * A page is read after its state and kept under it: a write that commits in between shows in the
 * page and has already raised the version past the kept one, so the next request reads again. A
 * kept page is never older than its version. Up to `maxRows` rows are kept per instance, least
 * recently used out first (an object answer counts as one row).
 */
export function createOwnerPages<A extends object>(list: OwnerList, options: { maxRows?: number } = {}) {
  const kept = createKeptByState<A>(options);
  return {
    /**
     * The owner's page `pageKey` (every input the answer depends on besides the owner), kept or
     * read by `read`. `until`, for an answer the clock changes, says from when it no longer holds.
     */
    async answer(
      db: Db,
      ownerId: string,
      pageKey: string,
      read: () => Promise<A>,
      until?: (answer: A) => number | null,
    ): Promise<A> {
      const state = await readOwnerListState(db, list, ownerId);
      return kept.answer(`${ownerId} ${pageKey}`, state, read, until);
    },
  };
}

/** Tables whose every write raises their `list_versions` row (migrations 0026, 0044–0047). */
export type SharedList =
  | 'bid_assist_requests'
  | 'users'
  | 'subscriptions'
  | 'profiles'
  | 'tenders'
  | 'catalogue_items'
  | 'matches'
  | 'tender_vectors'
  | 'catalogue_item_vectors';

const listsStateStatement = preparedPerDb((db) =>
  db
    .select({
      // the owner's versions of `ownerLists` (none when `ownerId` is null) and the shared lists' versions, summed
      owner:
        sql<number>`coalesce((select sum(${ownerListVersions.version}) from ${ownerListVersions} where ${ownerListVersions.ownerId} = ${sql.placeholder('ownerId')} and ${ownerListVersions.list} = any(${sql.placeholder('ownerLists')}::text[])), 0)
        + ${listVersionsSum()}`.mapWith(Number),
      people: peopleVersionColumn(),
    })
    .from(sql`(select 1) as one`)
    .prepare('lists_state'),
);

/** The state of the shared `lists` and, for an owner, of their own `ownerLists` (arrays as `{a,b}`): one statement of primary-key reads. */
async function readListsState(
  db: Db,
  ownerId: string | null,
  ownerLists: string,
  lists: string,
): Promise<OwnerListState> {
  const [state] = await listsStateStatement(db).execute({ ownerId, ownerLists, lists });
  return state ?? { owner: -1, people: -1 };
}

/**
 * Pages of a list everyone who may read it sees alike (the support team's Bid Assist queue, the
 * admin's user list), kept as createOwnerPages keeps an owner's: under the versions of the tables
 * it shows (their sum, in the state's `owner` place) and the people version, read on every
 * request in one statement of primary-key reads.
 */
export function createSharedListPages<A extends object>(
  lists: SharedList[],
  options: { maxRows?: number; sizeOf?: (answer: A) => number } = {},
) {
  const kept = createKeptByState<A>(options);
  const listsArray = `{${lists.join(',')}}`;
  return {
    /** `until`, for an answer the clock changes, says from when it no longer holds. */
    async answer(db: Db, pageKey: string, read: () => Promise<A>, until?: (answer: A) => number | null): Promise<A> {
      return kept.answer(pageKey, await readListsState(db, null, '{}', listsArray), read, until);
    },
  };
}

/**
 * Answers that read lists everyone shares as the caller may see them, where what the caller may
 * see rests on lists of their own (the people search: every account and profile, and whose names
 * the caller's contracts and conversations let them see). Kept per caller and key under the sum
 * of the caller's versions of `ownerLists` and the versions of `sharedLists`, with the people
 * version, read on every request in one statement of primary-key reads.
 */
export function createCallerListPages<A extends object>(
  ownerLists: OwnerList[],
  sharedLists: SharedList[],
  options: { maxRows?: number } = {},
) {
  const kept = createKeptByState<A>(options);
  const ownerArray = `{${ownerLists.join(',')}}`;
  const sharedArray = `{${sharedLists.join(',')}}`;
  return {
    async answer(db: Db, callerId: string, pageKey: string, read: () => Promise<A>): Promise<A> {
      const state = await readListsState(db, callerId, ownerArray, sharedArray);
      return kept.answer(`${callerId} ${pageKey}`, state, read);
    },
  };
}
