import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { preparedPerDb, type Db } from './client.ts';
import { listVersions } from './schema/index.ts';
import { sharedReads } from './shared-read.ts';

/** The tables whose lists keep exact counts; each has a row in `list_versions`. */
export type ListTable = 'catalogue_items' | 'tenders' | 'external_tenders';

/**
 * Where a list table stood when a statement read it: the table's `list_versions` row (migration
 * 0026, raised at commit by every transaction that writes the table) and the database's clock.
 */
export interface ListState {
  version: number;
  now: Date;
}

/** An exact count and what it stays exact for: its table's version, and (for counts that the clock moves) an instant. */
export interface Counted {
  total: number;
  version: number;
  /** The count is no longer exact from this instant on (the earliest deadline among the rows it counted). */
  validUntil: Date | null;
  /**
   * The database's clock when it counted. A page is kept with its count only when it was read at
   * or after this instant: a page read before it may hold a row whose deadline passed in between,
   * which the count, and so its valid-until, no longer sees.
   */
  at?: Date;
}

export interface CountedPageReads<R, C extends Counted = Counted> {
  /** The page, with the table's state read in the same statement (null when the page is empty). */
  page: () => Promise<{ rows: R[]; state: ListState | null }>;
  /** The exact count (and whatever else it counts, as facets), with the table's state read in the same statement. */
  count: () => Promise<C>;
  /** The table's state alone, for an empty page. */
  state: () => Promise<ListState>;
}

/** A list table's version, read in the statement it is part of (0 if its row is missing). */
export const listVersionSql = (list: ListTable) =>
  sql<number>`coalesce((select ${listVersions.version} from ${listVersions} where ${listVersions.list} = ${list}), 0)`;

/**
 * Columns that read a list table's state in the statement they are added to (a page or a count):
 * one primary-key read and the clock, in the same snapshot as the rows. 0 if the row is missing.
 */
export const listStateColumns = (list: ListTable) => ({
  listVersion: listVersionSql(list).mapWith(Number),
  listNow: sql<Date>`now()`.mapWith((v: string) => new Date(v)),
});

const listStateStatement = preparedPerDb((db) =>
  db
    .select({ version: listVersions.version, now: sql<Date>`now()`.mapWith((v: string) => new Date(v)) })
    .from(listVersions)
    .where(eq(listVersions.list, sql.placeholder('list')))
    .prepare('list_state'),
);

/**
 * A list table's state on its own (a kept page or count asks whether it still holds). -1 if its
 * row is missing, which no kept count matches. Requests asking at once share one read.
 */
export const readListState: (db: Db, list: ListTable) => Promise<ListState> = sharedReads(
  async (db: Db, list: ListTable): Promise<ListState> => {
    const [row] = await listStateStatement(db).execute({ list });
    return row ?? { version: -1, now: new Date() };
  },
);

/** What a kept count stays exact for: its table's version and, when the clock moves it, an instant. */
type Exactness = Pick<Counted, 'version' | 'validUntil'>;

const stillExact = (counted: Exactness, state: ListState) =>
  counted.version === state.version && (counted.validUntil === null || state.now < counted.validUntil);

/**
 * Counts kept per key with the version they were counted at; requests that miss together share
 * one count, and a slower count of an older version never replaces a newer one.
 */
function keptCounts<T extends Exactness>(max: number) {
  const kept = new LRUCache<string, T>({ max });
  const counting = new Map<string, Promise<T>>();
  function count(key: string, read: () => Promise<T>): Promise<T> {
    let flight = counting.get(key);
    if (!flight) {
      flight = read()
        .then((counted) => {
          if ((kept.peek(key)?.version ?? -1) <= counted.version) kept.set(key, counted);
          return counted;
        })
        .finally(() => counting.delete(key));
      counting.set(key, flight);
    }
    return flight;
  }
  return { kept, count };
}

/**
 * One count over a whole list table (the live feed's status: every notice, the open ones), kept
 * as createExactCounts keeps a total: served while a read of the table's state says it still
 * holds, counted again (once for every request that misses together) when it does not.
 */
export function createKeptCount<T extends Exactness>(list: ListTable, read: () => Promise<T>) {
  const { kept, count } = keptCounts<T>(1);
  return async (db: Db): Promise<T> => {
    const hit = kept.get(list);
    if (!hit) return count(list, read);
    const state = await readListState(db, list);
    if (stillExact(hit, state)) return hit;
    const counted = await count(list, read);
    // A count already under way may have read the table before the write this request saw.
    return counted.version < state.version ? count(list, read) : counted;
  };
}

/** Which page of which list `answer` reads. */
export interface ListPageRequest {
  filter: { ids?: readonly string[] };
  page: number;
  pageSize: number;
  sort: string;
  /** What shapes the answer beyond its rows, if anything: a word search's ranking (its scores and explanations). */
  variant?: string;
}

/**
 * The key a filter's count and pages are kept under. A word search's filter holds the engine's
 * results (up to 500 ids) and is keyed by their digest: the same results in the same order are the
 * same filter, and 500 ids would make every key 19 KB.
 */
export function filterKey(filter: { ids?: readonly string[] }): string {
  if (!filter.ids) return JSON.stringify(filter);
  const { ids, ...rest } = filter;
  return JSON.stringify([rest, createHash('sha256').update(ids.join(',')).digest('base64url')]);
}

/** A page as the API answers it, and the version of its table it was read at. */
interface KeptPage {
  version: number;
  data: unknown[];
  bytes: number;
}

/**
 * Exact `meta.total`s without a `count(*)` on every request (docs/performance.md "Counts behind
 * every page": 20 ms on 100k catalogue items, 10 ms on 20k open tenders, against a 0.2 ms page).
 * A count is kept per list filter (`key`) with the version of its table it was counted at, and
 * served while the version read with the page is the same one and the database's clock is before
 * its `validUntil`. Versions live in PostgreSQL, so a write through any instance or code path moves
 * them for every instance at once. Kept per instance; requests that miss together share one count.
 *
 * `answer` keeps the pages too, as the API answers them, under the same rule (docs/performance.md
 * "Pages kept per version"): up to `pageBytes` of them (their JSON length), least recently used
 * out first.
 */
export function createExactCounts<C extends Counted = Counted>(options: { max?: number; pageBytes?: number } = {}) {
  const { kept, count } = keptCounts<C>(options.max ?? 10_000);
  const pages = new LRUCache<string, KeptPage>({
    maxSize: options.pageBytes ?? 16 * 1024 * 1024,
    sizeCalculation: (p) => Math.max(1, p.bytes),
  });

  /**
   * A page and its exact total. A filter with no count kept is counted beside the page; one with a
   * count kept reads the page first and recounts only when the page's state says the count has moved.
   */
  async function read<R>(key: string, reads: CountedPageReads<R, C>) {
    if (!kept.has(key)) {
      const [listed, counted] = await Promise.all([reads.page(), count(key, reads.count)]);
      return { rows: listed.rows, counted, pageState: listed.state };
    }
    const listed = await reads.page();
    const state = listed.state ?? (await reads.state());
    const hit = kept.get(key);
    if (hit && stillExact(hit, state)) return { rows: listed.rows, counted: hit, pageState: listed.state };
    let counted = await count(key, reads.count);
    // A count already under way may have read the table before the write this page saw.
    if (counted.version < state.version) counted = await count(key, reads.count);
    return { rows: listed.rows, counted, pageState: listed.state };
  }

  return {
    /**
     * One page as the API answers it (`toAnswer` of its rows), its exact total and what its count
     * counted, for a list whose answer is the same for everyone who may ask for it (its filter names
     * whose rows, and its rows carry nothing of the caller). The answer is kept per filter (a word
     * search's by its results, `filterKey`), page (number, size, order) and `variant`, with the
     * version it was read at, and served after one read of the table's state while that version
     * stands and its count is still exact, which also bounds it by the clock: a row that a deadline
     * takes out of the list is a row the count counted.
     */
    async answer<R, A>(
      list: ListPageRequest,
      reads: CountedPageReads<R, C>,
      toAnswer: (rows: R[]) => A[] | Promise<A[]>,
    ): Promise<{ data: A[]; total: number; counted: C }> {
      const key = filterKey(list.filter);
      const id = `${key}\u0000${list.page}|${list.pageSize}|${list.sort}|${list.variant ?? ''}`;
      const keptPage = pages.get(id);
      const keptCount = kept.get(key);
      if (keptPage && keptCount) {
        const state = await reads.state();
        if (keptPage.version === state.version && stillExact(keptCount, state)) {
          return { data: keptPage.data as A[], total: keptCount.total, counted: keptCount };
        }
      }
      const { rows, counted, pageState } = await read(key, reads);
      const data = await toAnswer(rows);
      // kept only when the page's own statement read the version (an empty page does not), its
      // count read the same one, and the count is not newer than the page (Counted.at)
      if (
        pageState &&
        pageState.version === counted.version &&
        counted.at !== undefined &&
        pageState.now.getTime() >= counted.at.getTime()
      ) {
        pages.set(id, { version: pageState.version, data, bytes: JSON.stringify(data).length });
      }
      return { data, total: counted.total, counted };
    },
  };
}

export type ExactCounts = ReturnType<typeof createExactCounts>;
