import { describe, expect, it } from 'vitest';
import {
  createExactCounts,
  filterKey,
  type Counted,
  type CountedPageReads,
  type ExactCounts,
  type ListState,
} from './exact-counts.ts';

// The rules of the kept counts, with the reads faked: the totals over HTTP against PostgreSQL are
// tested in modules/catalogue/catalogue-counts.routes.test.ts and modules/tenders/tenders-counts.routes.test.ts.

const at = (version: number, now = new Date('2026-11-25T12:00:00Z')): ListState => ({ version, now });

function table(start: { total: number; version: number; validUntil?: Date | null }) {
  const db = { ...start, validUntil: start.validUntil ?? null, now: new Date('2026-11-25T12:00:00Z'), counted: 0 };
  return {
    db,
    reads: {
      page: async () => ({ rows: ['row'], state: at(db.version, db.now) }),
      count: async (): Promise<Counted> => {
        db.counted++;
        return { total: db.total, version: db.version, validUntil: db.validUntil };
      },
      state: async () => at(db.version, db.now),
    },
  };
}

/** The first page of the list whose filter is `key`, read through `answer` (its rows as they are). */
function pageOf(counts: ExactCounts, key: string, reads: CountedPageReads<string>) {
  const filter: { ids?: string[] } & Record<string, unknown> = { key };
  return counts.answer({ filter, page: 1, pageSize: 20, sort: 'newest' }, reads, (rows) => rows);
}

describe('exact counts kept between pages', () => {
  it('counts a filter once while its version stands, and again once the version moves', async () => {
    const counts = createExactCounts();
    const { db, reads } = table({ total: 7, version: 3 });
    expect((await pageOf(counts, 'f', reads)).total).toBe(7);
    expect((await pageOf(counts, 'f', reads)).total).toBe(7);
    expect(db.counted).toBe(1);
    Object.assign(db, { total: 8, version: 4 });
    expect((await pageOf(counts, 'f', reads)).total).toBe(8);
    expect(db.counted).toBe(2);
  });

  it('keeps a count only until its valid-until instant on the database clock', async () => {
    const counts = createExactCounts();
    const { db, reads } = table({ total: 5, version: 1, validUntil: new Date('2026-11-25T12:00:01Z') });
    await pageOf(counts, 'open', reads);
    db.now = new Date('2026-11-25T12:00:00.999Z');
    expect((await pageOf(counts, 'open', reads)).total).toBe(5);
    expect(db.counted).toBe(1);
    Object.assign(db, { now: new Date('2026-11-25T12:00:01Z'), total: 4, validUntil: null });
    expect((await pageOf(counts, 'open', reads)).total).toBe(4);
    expect(db.counted).toBe(2);
  });

  it('shares one count among pages that miss together', async () => {
    const counts = createExactCounts();
    const shared = table({ total: 9, version: 1 });
    const totals = await Promise.all([1, 2, 3].map(() => pageOf(counts, 'g', shared.reads)));
    expect(totals.map((p) => p.total)).toEqual([9, 9, 9]);
    expect(shared.db.counted).toBe(1);
  });

  it('does not answer a page with a count that read the table before a write the page saw', async () => {
    const counts = createExactCounts();
    const tick = () => new Promise((resolve) => setTimeout(resolve, 10));
    const counted = (total: number, version: number): Counted => ({ total, version, validUntil: null });
    await pageOf(counts, 'h', {
      page: async () => ({ rows: ['row'], state: at(0) }),
      count: async () => counted(0, 0),
      state: async () => at(0),
    });
    let release!: (c: Counted) => void;
    const reads = (version: number) => ({
      page: async () => ({ rows: ['row'], state: at(version) }),
      count: () => new Promise<Counted>((resolve) => (release = resolve)),
      state: async () => at(version),
    });
    // A page at version 1 starts a count; a write commits; a page at version 2 joins that count.
    const first = pageOf(counts, 'h', reads(1));
    await tick();
    const second = pageOf(counts, 'h', reads(2));
    await tick();
    release(counted(1, 1));
    await tick();
    // The shared count read version 1: the second page counts again rather than answer it.
    release(counted(2, 2));
    expect((await first).total).toBe(1);
    expect((await second).total).toBe(2);
  });
});

describe('pages kept as answered', () => {
  const list = (filter: { ids?: string[] } & Record<string, unknown>, page = 1, sort = 'newest') => ({
    filter,
    page,
    pageSize: 20,
    sort,
  });

  /** A table whose page reads are counted; its rows are its title at the time of the read. */
  function listing(start: { version: number; validUntil?: Date | null; empty?: boolean }) {
    const db = {
      ...start,
      title: 'first',
      validUntil: start.validUntil ?? null,
      now: new Date('2026-11-25T12:00:00Z'),
      /** when the count reads the clock, if not with the page */
      countedAt: undefined as Date | undefined,
      pageReads: 0,
    };
    const reads = {
      page: async () => {
        db.pageReads++;
        return db.empty ? { rows: [], state: null } : { rows: [db.title], state: at(db.version, db.now) };
      },
      count: async (): Promise<Counted> => ({
        total: 1,
        version: db.version,
        validUntil: db.validUntil,
        at: db.countedAt ?? db.now,
      }),
      state: async () => at(db.version, db.now),
    };
    const toAnswer = (rows: string[]) => rows.map((title) => ({ title }));
    return { db, reads, toAnswer };
  }

  it('answers a page from memory while its version stands, and reads it again once the version moves', async () => {
    const counts = createExactCounts();
    const { db, reads, toAnswer } = listing({ version: 1 });
    expect((await counts.answer(list({ f: 1 }), reads, toAnswer)).data).toEqual([{ title: 'first' }]);
    db.title = 'changed without a version';
    expect((await counts.answer(list({ f: 1 }), reads, toAnswer)).data).toEqual([{ title: 'first' }]);
    expect(db.pageReads).toBe(1);
    Object.assign(db, { title: 'second', version: 2 });
    expect((await counts.answer(list({ f: 1 }), reads, toAnswer)).data).toEqual([{ title: 'second' }]);
    expect(db.pageReads).toBe(2);
  });

  it('keeps each page of a filter apart, and a word search (a filter with ids) under its results and words', async () => {
    const counts = createExactCounts();
    const { db, reads, toAnswer } = listing({ version: 1 });
    await counts.answer(list({ f: 1 }), reads, toAnswer);
    await counts.answer(list({ f: 1 }, 2), reads, toAnswer);
    expect(db.pageReads).toBe(2);
    const search = (ids: string[], words: string) => ({ ...list({ ids }, 1, 'relevance'), variant: words });
    await counts.answer(search(['a', 'b'], 'roof'), reads, toAnswer);
    await counts.answer(search(['a', 'b'], 'roof'), reads, toAnswer);
    expect(db.pageReads).toBe(3);
    // other results, the same results in another order, or other words: read again
    await counts.answer(search(['a', 'c'], 'roof'), reads, toAnswer);
    await counts.answer(search(['b', 'a'], 'roof'), reads, toAnswer);
    await counts.answer(search(['a', 'b'], 'roofs'), reads, toAnswer);
    expect(db.pageReads).toBe(6);
  });

  it('keys a word search by a digest of its results, not the ids themselves', () => {
    const ids = Array.from({ length: 500 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const filter = (f: { ids?: string[]; status: string }) => f;
    const key = filterKey(filter({ ids, status: 'open' }));
    expect(key.length).toBeLessThan(100);
    expect(key).toBe(filterKey(filter({ status: 'open', ids: [...ids] })));
    expect(key).not.toBe(filterKey(filter({ ids, status: 'closed' })));
    expect(filterKey(filter({ status: 'open' }))).toBe('{"status":"open"}');
  });

  it('reads a page again once its count’s valid-until has passed on the database clock', async () => {
    const counts = createExactCounts();
    const { db, reads, toAnswer } = listing({ version: 1, validUntil: new Date('2026-11-25T12:00:01Z') });
    await counts.answer(list({ open: true }), reads, toAnswer);
    await counts.answer(list({ open: true }), reads, toAnswer);
    expect(db.pageReads).toBe(1);
    Object.assign(db, { now: new Date('2026-11-25T12:00:01Z'), validUntil: null, title: 'after the deadline' });
    expect((await counts.answer(list({ open: true }), reads, toAnswer)).data).toEqual([
      { title: 'after the deadline' },
    ]);
  });

  it('does not keep an empty page (its statement read no version)', async () => {
    const counts = createExactCounts();
    const { db, reads, toAnswer } = listing({ version: 1, empty: true });
    await counts.answer(list({ f: 1 }, 9), reads, toAnswer);
    await counts.answer(list({ f: 1 }, 9), reads, toAnswer);
    expect(db.pageReads).toBe(2);
  });

  it('does not keep a page read before its count (a deadline may have passed between the two)', async () => {
    const counts = createExactCounts();
    const { db, reads, toAnswer } = listing({ version: 1 });
    db.countedAt = new Date('2026-11-25T12:00:00.002Z');
    await counts.answer(list({ f: 1 }), reads, toAnswer);
    await counts.answer(list({ f: 1 }), reads, toAnswer);
    expect(db.pageReads).toBe(2);
    // a page read after the kept count is kept
    db.now = new Date('2026-11-25T12:00:00.003Z');
    await counts.answer(list({ f: 1 }), reads, toAnswer);
    await counts.answer(list({ f: 1 }), reads, toAnswer);
    expect(db.pageReads).toBe(3);
  });
});
