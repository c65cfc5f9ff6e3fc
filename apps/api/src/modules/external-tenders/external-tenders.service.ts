import { addDays } from 'date-fns';
import {
  AppError,
  EXTERNAL_TENDER_ORIGINS,
  EXTERNAL_TENDER_STATUSES,
  MAX_SAVED_SEARCHES,
  PLANS,
  externalTenderCriteriaSchema,
  formatUkDateTime,
  type ExternalTender,
  type FeedStatus,
  type ExternalTenderCriteria,
  type ExternalTenderCriteriaOutput,
  type ExternalTenderFacets,
  type ExternalTenderOrigin,
  type ExternalTenderSort,
  type ExternalTenderStatus,
  type SavedSearch,
} from '@brickyard/shared';
import type { Principal } from '../../platform/auth/guard.ts';
import { deliverAll, type MailOutbox } from '../../platform/mail/queued-mailer.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { findSettings } from '../notifications/notifications.service.ts';
import { channelsFor, notify } from '../notifications/notifications.service.ts';
import { unsubscribeUrl } from '../../platform/mail/unsubscribe.ts';
import { CPV_DIVISIONS } from './cpv-divisions.ts';
import * as repo from './external-tenders.repository.ts';
import { claimClosingReminders, feedCounts, lastImportedAt, userContacts } from './feed.repository.ts';
import { createExactCounts, createKeptCount, readListState } from '../../db/exact-counts.ts';
import { alertMail, closingReminderMail } from './external-tenders.mails.ts';
import { buyerContactOf, currencyExponent } from './ocds-mapper.ts';
import { cpvLabels } from '../matching/cpv.ts';
import { SEARCH_DEPTH, explain, rank, readingOf, resultId, suggestCpv } from '../search/engine.ts';
import { feedFor, feedState, type FeedState } from '../matching/matching.service.ts';
import { LRUCache } from 'lru-cache';

/** The live feed ranked by the search engine for `q`, within the filters of `f` (words aside). */
function rankFeed(db: DbOrTx, q: string, f: repo.SearchFilters, limit: number, typing = false) {
  return rank(db, { source: 'external', text: q, where: repo.filterSql({ ...f, q: undefined }), limit, typing });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * How long after its last import the feed counts as stale: a day, or three missed runs of the
 * connectors when they run less often than every 8 hours.
 */
export const feedStaleAfterHours = (intervalMinutes: number) => Math.max(24, Math.ceil((3 * intervalMinutes) / 60));

/** Codes with their CPV 2008 labels ('' for a code the vocabulary does not have). */
export const withCpvLabels = (codes: readonly string[]) =>
  codes.map((code) => ({ code, label: cpvLabels().get(code) ?? '' }));

export function toExternalTender(v: repo.TenderView): ExternalTender {
  const amount = v.amountMinor === null ? null : v.amountMinor / 10 ** currencyExponent(v.currency);
  return {
    id: v.id,
    title: v.title,
    status: (EXTERNAL_TENDER_STATUSES as readonly string[]).includes(v.status)
      ? (v.status as ExternalTenderStatus)
      : 'unknown',
    ocdsStatus: v.tenderStatus,
    isOpen: v.isOpen,
    amount,
    currency: v.currency,
    location: v.location,
    ocid: v.ocid,
    tenderId: v.tenderId,
    description: v.description,
    tenderStartDate: iso(v.tenderStartDate),
    tenderEndDate: iso(v.tenderEndDate),
    awardStartDate: iso(v.awardStartDate),
    awardEndDate: iso(v.awardEndDate),
    date: v.date.toISOString(),
    procurementMethod: v.procurementMethod,
    procurementMethodDetails: v.procurementMethodDetails,
    source: v.sourceUrl,
    isFavourited: v.isFavourited,
    buyerName: v.buyerName,
    cpvCodes: v.cpvCodes,
    cpv: withCpvLabels(v.cpvCodes),
    buyerContact: null,
    noticeType: v.noticeType,
    publisher: v.publisher,
    demoShiftDays: v.demoShiftDays,
    origin: (EXTERNAL_TENDER_ORIGINS as readonly string[]).includes(v.origin)
      ? (v.origin as ExternalTenderOrigin)
      : 'other',
  };
}

/** docs/product.md section 9: the live tender feed is a Growth and Partner feature. */
export function requireLiveFeed(p: Principal): void {
  if (!p.plan || !PLANS[p.plan].limits.liveFeed) {
    throw new AppError(
      'PLAN_FEATURE_UNAVAILABLE',
      'The live tender feed is part of the Growth and Partner plans. Upgrade in Settings > Billing to use it.',
    );
  }
}

/** Search criteria (already validated by the shared schema) → repository filters. */
export function filtersOf(c: ExternalTenderCriteriaOutput): repo.SearchFilters {
  const closingBefore = c.closingTo
    ? c.closingTo.length === 10
      ? addDays(new Date(`${c.closingTo}T00:00:00Z`), 1) // a date includes the whole day
      : new Date(new Date(c.closingTo).getTime() + 1)
    : undefined;
  return {
    q: c.q,
    status: c.status,
    minValue: c.minValue,
    maxValue: c.maxValue,
    location: c.location,
    cpv: c.cpv
      ? [...new Set(c.cpv.split(',').map((s) => s.trim().replace(/-\d$/, '').replace(/0+$/, '').padEnd(2, '0')))]
      : undefined,
    closingFrom: c.closingFrom
      ? new Date(c.closingFrom.length === 10 ? `${c.closingFrom}T00:00:00Z` : c.closingFrom)
      : undefined,
    closingBefore,
  };
}

function toSavedSearch(row: repo.SavedSearchRow): SavedSearch {
  const criteria = externalTenderCriteriaSchema.safeParse(row.criteria);
  return {
    id: row.id,
    name: row.name,
    criteria: criteria.success ? criteria.data : externalTenderCriteriaSchema.parse({}),
    emailAlerts: row.emailAlerts,
    createdAt: row.createdAt.toISOString(),
    lastAlertAt: iso(row.lastAlertAt),
  };
}

/** What the feed's background work needs (the CLI builds it without an app). */
export interface FeedJobContext extends Pick<AppContext, 'db' | 'config'> {
  mailer: MailOutbox;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export type ExternalTendersService = ReturnType<typeof createExternalTendersService>;

export interface ExternalTendersOptions {
  /**
   * Extra interests of a supplier for "top" (catalogue categories as CPV prefixes, profile
   * region and delivery locations) — supplied by the catalogue/profile features once they exist.
   */
  interestsOf?: (userId: string) => Promise<repo.Interests>;
}

/** A "Top for you" page as answered (favourites left out), and the state it stands for. */
interface KeptTopPage {
  /** the kept ranking it shows (`FeedState.ranking`) */
  ranking: string;
  listVersion: number;
  /** the first deadline among its open notices: from then on one of them reads as closed */
  openUntil: Date | null;
  ids: string[];
  data: Array<ExternalTender & { match: NonNullable<ExternalTender['match']> }>;
  bytes: number;
}

/**
 * A kept page still answers when the same ranking is kept (one ranked again only because the feed
 * or the hour moved is shown while it ranks: `feedState`), no notice was written since, and none
 * of its open notices has reached its deadline. A notice that closes without a write changes only
 * the page it is on: the others it ranked below.
 */
function stillShown(page: KeptTopPage, state: FeedState): boolean {
  return (
    state.items > 0 &&
    (state.exact || state.sameOwn) &&
    page.ranking === state.ranking &&
    page.listVersion === state.listVersion &&
    (page.openUntil === null || state.now < page.openUntil)
  );
}

/** The first deadline still ahead among a page's open notices (null: none of them closes by the clock). */
function openUntil(rows: readonly repo.TenderView[]): Date | null {
  let first: Date | null = null;
  for (const r of rows) if (r.isOpen && r.tenderEndDate && (!first || r.tenderEndDate < first)) first = r.tenderEndDate;
  return first;
}

export function createExternalTendersService(ctx: AppContext, opts: ExternalTendersOptions = {}) {
  const { db, config } = ctx;

  async function interests(userId: string): Promise<repo.Interests> {
    const [favs, searches, extra] = await Promise.all([
      repo.favouriteSignals(db, userId),
      repo.listSavedSearches(db, userId),
      opts.interestsOf?.(userId) ?? Promise.resolve({ cpvPrefixes: [], places: [] }),
    ]);
    const cpv = new Set(extra.cpvPrefixes);
    const places = new Set(extra.places);
    for (const f of favs) {
      for (const c of f.cpvCodes) cpv.add(c.slice(0, 4));
      for (const p of (f.location ?? '').split(', ')) if (p && p !== 'United Kingdom' && p !== 'UK') places.add(p);
    }
    for (const s of searches) {
      const c = filtersOf(toSavedSearch(s).criteria);
      for (const p of c.cpv ?? []) cpv.add(p);
      if (c.location) places.add(c.location);
    }
    return { cpvPrefixes: [...cpv].slice(0, 50), places: [...places].slice(0, 20) };
  }

  // The feed's counts read every notice (100k: tens of ms); they are kept while the feed's list
  // version stands and no counted-open notice has reached its deadline (docs/performance.md).
  const keptFeedCounts = createKeptCount('external_tenders', () => feedCounts(db));
  const searchCounts = createExactCounts<repo.FeedCounted>({ max: 2_000 });
  // "Top for you" pages as answered, per supplier and length, without the caller's favourites
  // (read on each visit). Each stands while its supplier's kept ranking, the feed's list version
  // and the clock say so (stillShown); all three live in PostgreSQL, so a write through any
  // instance moves every instance's pages. About 30 KB a page.
  const topAnswers = new LRUCache<string, KeptTopPage>({
    maxSize: 16 * 1024 * 1024,
    sizeCalculation: (page) => Math.max(1, page.bytes),
  });

  return {
    /** GET /api/external-tenders/status: when the feed last imported, whether that is stale, its counts. */
    async status(p: Principal): Promise<{ data: FeedStatus }> {
      requireLiveFeed(p);
      const [at, counts] = await Promise.all([lastImportedAt(db), keptFeedCounts(db)]);
      const staleAfterHours = feedStaleAfterHours(config.feed.intervalMinutes);
      const stale = !at || Date.now() - at.getTime() > staleAfterHours * 3_600_000;
      return {
        data: {
          lastImportedAt: at ? at.toISOString() : null,
          stale,
          staleAfterHours,
          total: counts.total,
          open: counts.open,
          demoNotices: counts.demo,
        },
      };
    },

    async top(p: Principal, limit: number) {
      requireLiveFeed(p);
      const warn = (err: unknown) =>
        ctx.log.warn({ err, userId: p.id }, '"Top for you" ranking behind a kept one failed');
      const key = `${p.id}|${limit}`;
      const kept = topAnswers.get(key);
      // Read before the ranking and page below: a write between them leaves the page kept under an
      // older state, which the next visit sees moved. With the caller's favourites among the kept
      // page's notices, so a kept page is one round trip.
      const state = await feedState(db, p.id, warn, kept?.ids ?? []);
      if (kept && stillShown(kept, state)) {
        const favourited = new Set(state.favourited);
        const data = kept.data.map((t) => (favourited.has(t.id) ? { ...t, isFavourited: true } : t));
        return { data, meta: { page: 1, pageSize: limit, total: data.length } };
      }
      // ranked by the matching engine for the supplier's own catalogue items; before they list
      // anything, by their favourites and saved searches
      const ranked = state.items ? await feedFor(db, p.id, limit, warn) : null;
      if (!ranked) {
        const rows = await repo.topTenders(db, p.id, await interests(p.id), limit);
        return { data: rows.map(toExternalTender), meta: { page: 1, pageSize: limit, total: rows.length } };
      }
      // the ranking is the list: no count to read
      const rows = await repo.rankedPage(
        db,
        p.id,
        ranked.map((r) => r.id),
        limit,
      );
      const why = new Map(ranked.map((r) => [r.id, r]));
      const data = rows.map((row) => {
        const t = toExternalTender(row);
        const r = why.get(row.id)!;
        const reasons = r.reasons.map((x) => x.label); // already the ones shown, in order
        return {
          ...t,
          match: {
            words: [],
            title: [{ text: t.title, hit: false }],
            snippet: [{ text: (t.description ?? '').slice(0, 240), hit: false }],
            cpv: null,
            reason: `Matches your “${r.item}” (score ${r.score}): ${reasons.join(' · ')}`,
          },
        };
      });
      if (state.ranking !== null) {
        const everyone = data.map((t) => (t.isFavourited ? { ...t, isFavourited: false } : t));
        const bytes = JSON.stringify(everyone).length;
        topAnswers.set(key, {
          ranking: state.ranking,
          listVersion: state.listVersion,
          openUntil: openUntil(rows),
          ids: rows.map((r) => r.id),
          data: everyone,
          bytes,
        });
      }
      return { data, meta: { page: 1, pageSize: limit, total: data.length } };
    },

    async search(
      p: Principal,
      query: ExternalTenderCriteria & { sort?: ExternalTenderSort; page: number; pageSize: number },
    ) {
      requireLiveFeed(p);
      const f = filtersOf(query);
      if (f.minValue !== undefined && f.maxValue !== undefined && f.minValue > f.maxValue) {
        throw new AppError('VALIDATION_FAILED', 'The minimum value is above the maximum', [
          { path: 'querystring.minValue', message: 'must not be above maxValue' },
        ]);
      }
      const sort = query.sort ?? (f.q ? 'relevance' : 'newest');
      // With words, the search engine picks and orders the notices (any word, near spellings, the
      // CPV codes the words mean); the facet filters apply to its results so each facet can still
      // count the options its own filter leaves out.
      const ranked = f.q
        ? await rankFeed(
            db,
            f.q,
            { minValue: f.minValue, maxValue: f.maxValue, closingFrom: f.closingFrom, closingBefore: f.closingBefore },
            SEARCH_DEPTH,
            true,
          )
        : null;
      const within: repo.SearchFilters = ranked ? { ...f, q: undefined, ids: ranked.hits.map((h) => h.id) } : f;
      // The page as answered, its total and its facets are the same for everyone who asks the same
      // (a word search's filter is its results, and its page is kept under the engine's ranking, whose
      // explanations it shows): kept while the feed's version stands and no deadline among the notices
      // they read has passed. Only which notices the caller has favourited is read for them.
      const {
        data,
        total,
        counted: facets,
      } = await searchCounts.answer(
        {
          filter: within,
          page: query.page,
          pageSize: query.pageSize,
          sort,
          variant: ranked ? `${resultId(ranked)}` : undefined,
        },
        {
          page: () => repo.searchPage(db, within, sort, query.page, query.pageSize),
          count: () => repo.countFeed(db, within),
          state: () => readListState(db, 'external_tenders'),
        },
        async (rows) => {
          const matches = ranked
            ? await explain(
                db,
                ranked,
                'external',
                rows.map((r) => r.id),
              )
            : null;
          return rows.map((r) => ({ ...toExternalTender({ ...r, isFavourited: false }), match: matches?.get(r.id) }));
        },
      );
      const favourited = await repo.favouritedAmong(
        db,
        p.id,
        data.map((t) => t.id),
      );
      const metaFacets: ExternalTenderFacets = {
        status: facets.status.map((s) => ({ value: s.value, count: s.count })),
        cpvDivisions: facets.cpv.map((c) => ({
          value: c.value,
          label: CPV_DIVISIONS[c.value] ?? c.value,
          count: c.count,
        })),
        locations: facets.locations.map((l) => ({ value: l.value, count: l.count })),
      };
      return {
        data: data.map((t) => (favourited.has(t.id) ? { ...t, isFavourited: true } : t)),
        meta: {
          page: query.page,
          pageSize: query.pageSize,
          total,
          facets: metaFacets,
          reading: ranked ? readingOf(ranked) : undefined,
        },
      };
    },

    async suggest(p: Principal, q: string) {
      requireLiveFeed(p);
      return { data: await suggestCpv(db, q) };
    },

    async get(p: Principal, id: string) {
      requireLiveFeed(p);
      const found = await repo.findTender(db, p.id, id);
      if (!found) throw new AppError('NOT_FOUND', 'Tender not found');
      return { data: { ...toExternalTender(found.row), buyerContact: buyerContactOf(found.parties) } };
    },

    async favourite(p: Principal, id: string, on: boolean) {
      requireLiveFeed(p);
      if (!(await repo.tenderExists(db, id))) throw new AppError('NOT_FOUND', 'Tender not found');
      if (on) await repo.addFavourite(db, p.id, id);
      else await repo.removeFavourite(db, p.id, id);
      return { data: { id, isFavourited: on } };
    },

    async favourites(p: Principal, page: number, pageSize: number) {
      requireLiveFeed(p);
      const { rows, total } = await repo.listFavourites(db, p.id, page, pageSize);
      return { data: rows.map(toExternalTender), meta: { page, pageSize, total } };
    },

    async savedSearches(p: Principal) {
      requireLiveFeed(p);
      const rows = await repo.listSavedSearches(db, p.id);
      return { data: rows.map(toSavedSearch), meta: { page: 1, pageSize: MAX_SAVED_SEARCHES, total: rows.length } };
    },

    async createSavedSearch(
      p: Principal,
      body: { name: string; criteria: ExternalTenderCriteria; emailAlerts: boolean },
    ) {
      requireLiveFeed(p);
      const row = await db.transaction(async (tx) => {
        // Serialise concurrent creates by one user so the cap holds.
        await repo.lockUserSavedSearches(tx, p.id);
        if ((await repo.countSavedSearches(tx, p.id)) >= MAX_SAVED_SEARCHES) {
          throw new AppError(
            'PLAN_LIMIT_REACHED',
            `You can keep up to ${MAX_SAVED_SEARCHES} saved searches; delete one first`,
          );
        }
        return repo.insertSavedSearch(tx, { userId: p.id, ...body });
      });
      return { data: toSavedSearch(row) };
    },

    async updateSavedSearch(
      p: Principal,
      id: string,
      body: { name: string; criteria: ExternalTenderCriteria; emailAlerts: boolean },
    ) {
      requireLiveFeed(p);
      const row = await repo.updateSavedSearch(db, p.id, id, body);
      if (!row) throw new AppError('NOT_FOUND', 'Saved search not found');
      return { data: toSavedSearch(row) };
    },

    async deleteSavedSearch(p: Principal, id: string) {
      requireLiveFeed(p);
      if (!(await repo.deleteSavedSearch(db, p.id, id))) throw new AppError('NOT_FOUND', 'Saved search not found');
      return { data: { ok: true as const } };
    },
  };
}

/**
 * Newly imported tenders that match a supplier's saved search raise one notification per search
 * (and an email when the search has email alerts on). Called after each import commits. Answers
 * how many searches were alerted.
 */
export async function alertNewTenders(ctx: FeedJobContext, tenderIds: string[]): Promise<number> {
  if (tenderIds.length === 0) return 0;
  const searches = await repo.alertableSavedSearches(ctx.db);
  let sent = 0;
  for (const s of searches) {
    const criteria = externalTenderCriteriaSchema.safeParse(s.criteria);
    if (!criteria.success) continue;
    const matches: { id: string; title: string }[] = [];
    for (let i = 0; i < tenderIds.length && matches.length < 50; i += 5000) {
      const f = { ...filtersOf(criteria.data), ids: tenderIds.slice(i, i + 5000) };
      if (!f.q) {
        matches.push(...(await repo.matchingIds(ctx.db, f, 50)));
        continue;
      }
      // the same engine as the search box: a new notice alerts when it holds the words or sits in
      // the CPV class the words mean
      const ranked = await rankFeed(ctx.db, f.q, { ...f, q: undefined }, 50);
      const relevant = ranked.hits.filter(
        (h) => h.words.length > 0 || (h.cpv && (h.cpv.level === 'code' || h.cpv.level === 'class')),
      );
      matches.push(
        ...(await repo.titlesOf(
          ctx.db,
          relevant.map((h) => h.id),
        )),
      );
    }
    if (matches.length === 0) continue;
    const n = matches.length;
    const link =
      n === 1 ? `/supplier/external-search/${matches[0]!.id}` : `/supplier/external-search?savedSearch=${s.id}`;
    const title = n === 1 ? `New tender for “${s.name}”` : `${n} new tenders for “${s.name}”`;
    const body = matches
      .slice(0, 3)
      .map((m) => m.title)
      .join('; ');
    // Email when the search asks for it and the user's notification settings allow it: a job
    // written with the notification and the search's alert mark (the outbox), so a crash neither
    // loses the mail of a recorded alert nor mails an alert that was not recorded.
    const mail =
      s.emailAlerts && channelsFor(await findSettings(ctx.db, s.userId), 'external_tender_alert').email
        ? {
            to: s.email,
            ...(await alertMail(
              s.firstName,
              s.name,
              matches,
              `${ctx.config.publicUrl}${link}`,
              feedMailLinks(ctx, s.userId, 'external_tender_alert'),
            )),
          }
        : null;
    let deliver: (() => Promise<void>) | null;
    try {
      deliver = await ctx.db.transaction(async (tx: DbOrTx) => {
        await notify(tx, { userId: s.userId, kind: 'external_tender_alert', title, body, link });
        await repo.markAlerted(tx, s.id);
        return mail ? ctx.mailer.queue(tx, mail) : null;
      });
    } catch (err) {
      // One search's failed alert (nothing of it committed) does not cost the other searches theirs.
      ctx.log.warn({ err, savedSearchId: s.id }, 'saved-search alert failed');
      continue;
    }
    sent++;
    await deliver?.();
  }
  return sent;
}

/** The settings page and one-click unsubscribe link of a live-feed mail (suppliers only get these). */
function feedMailLinks(
  ctx: FeedJobContext,
  userId: string,
  scope: 'external_tender_alert' | 'external_tender_closing',
) {
  return {
    url: unsubscribeUrl(ctx.config, { userId, scope }),
    settingsUrl: `${ctx.config.publicUrl}/supplier/settings/notifications`,
  };
}

/** "Closing within 7 days": one reminder per favourite and deadline. */
export async function sendClosingReminders(ctx: FeedJobContext, days = 7): Promise<number> {
  // The reminders are claimed, noted in the app and (where the user's settings allow) mailed as
  // jobs in one transaction (the outbox); delivery is tried after the commit.
  const { claimed, deliveries } = await ctx.db.transaction(async (tx) => {
    const due = await claimClosingReminders(tx, days);
    const contacts = new Map((await userContacts(tx, [...new Set(due.map((d) => d.userId))])).map((u) => [u.id, u]));
    const queued: Array<() => Promise<void>> = [];
    for (const d of due) {
      const daysLeft = Math.max(1, Math.ceil((d.tenderEndDate.getTime() - Date.now()) / 86_400_000));
      await notify(tx, {
        userId: d.userId,
        kind: 'external_tender_closing',
        title: `Closes in ${daysLeft} day${daysLeft === 1 ? '' : 's'}: ${d.title}`.slice(0, 300),
        body: `A tender you favourited closes on ${formatUkDateTime(d.tenderEndDate)}.`,
        link: `/supplier/external-search/${d.tenderId}`,
      });
      const u = contacts.get(d.userId);
      if (!u || !channelsFor(await findSettings(tx, d.userId), 'external_tender_closing').email) continue;
      const mail = await closingReminderMail(
        u.firstName,
        d.title,
        d.tenderEndDate,
        `${ctx.config.publicUrl}/supplier/external-search/${d.tenderId}`,
        feedMailLinks(ctx, d.userId, 'external_tender_closing'),
      );
      queued.push(await ctx.mailer.queue(tx, { to: u.email, ...mail }));
    }
    return { claimed: due, deliveries: queued };
  });
  await deliverAll(deliveries);
  return claimed.length;
}
