import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BookmarkPlus, Radio, Search, SlidersHorizontal, Sparkles, Star } from 'lucide-react';
import type { ExternalTenderCriteriaOutput, ExternalTenderSort, SavedSearch } from '@brickyard/shared';
import { Pagination } from '@/components/listing';
import {
  Alert,
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  EmptyState,
  Input,
  PageHeader,
  PageSpinner,
  Tabs,
} from '@/components/ui';
import { cn } from '@/lib/cn';
import { useLiveFeedAllowed } from '@/lib/current-plan';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useTopExternalTenders } from '../api/get-top-external-tenders';
import { useFeedStatus } from '../api/get-feed-status';
import { useFavouriteExternalTenders } from '../api/list-favourite-external-tenders';
import { useSavedSearches } from '../api/list-saved-searches';
import { useSearchExternalTenders } from '../api/search-external-tenders';
import { useSuggestCpv } from '../api/suggest-cpv';
import { CpvSuggestions } from '../components/cpv-suggestions';
import { FILTER_KEYS, criteriaOf, filterValuesOf, paramsOf, type FilterKey } from '../components/criteria';
import { isPlanGated, logFeedFailure } from '../components/display';
import { FeedFilters } from '../components/feed-filters';
import { FeedStatusBar } from '../components/feed-status';
import { SaveSearchDialog } from '../components/save-search-dialog';
import { SavedSearches } from '../components/saved-searches';
import { TenderList } from '../components/tender-list';
import { UpgradePrompt } from '../components/upgrade-prompt';

type Tab = 'all' | 'top' | 'favourites' | 'saved';
const TABS: { value: Tab; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'top', label: 'Top for you' },
  { value: 'favourites', label: 'Favourites' },
  { value: 'saved', label: 'Saved searches' },
];
const SORTS: { value: ExternalTenderSort; label: string }[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'newest', label: 'Newest' },
  { value: 'closing', label: 'Closing soon' },
];
const PAGE_SIZE = 10;
const TOP_LIMIT = 20;
const DEBOUNCE_MS = 300;
/** Suggestions follow the typing more closely than the results do. */
const SUGGEST_DEBOUNCE_MS = 120;

/** ExternalTenderSearch: /supplier/external-search (Live Feed) — search, filters, top, favourites, saved searches. */
export function LiveFeedScreen() {
  // Core's plan has no live feed: known from the plan, the page asks the feed nothing (no 402s).
  const allowed = useLiveFeedAllowed();
  if (allowed === null) return <PageSpinner />;
  if (allowed === false) {
    return (
      <>
        <FeedHeader />
        <UpgradePrompt />
      </>
    );
  }
  return <LiveFeed />;
}

function FeedHeader() {
  return (
    <PageHeader
      title="Live Feed"
      description="Public-sector tenders from Contracts Finder, Find a Tender and Sell2Wales, searchable and matched to your interests."
    />
  );
}

function LiveFeed() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [showFilters, setShowFilters] = useState(false);
  const [saving, setSaving] = useState(false);

  const tab: Tab = (TABS.some((t) => t.value === params.get('tab')) ? params.get('tab') : 'all') as Tab;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filterValues = filterValuesOf(params);
  const q = search.trim();
  const criteria = criteriaOf(q, filterValues);
  const sortParam = params.get('sort') as ExternalTenderSort | null;
  const sort: ExternalTenderSort =
    sortParam && SORTS.some((s) => s.value === sortParam) && (sortParam !== 'relevance' || q)
      ? sortParam
      : q
        ? 'relevance'
        : 'newest';

  const set = (patch: Record<string, string | undefined>, resetPage = true) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (resetPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  // Results as you type: one debounce over everything the search asks for.
  const requestKey = useDebouncedValue(
    JSON.stringify({ ...criteria, sort, page: tab === 'all' ? page : 1, pageSize: PAGE_SIZE }),
    DEBOUNCE_MS,
  );
  const request = useMemo(
    () =>
      JSON.parse(requestKey) as ExternalTenderCriteriaOutput & {
        sort: ExternalTenderSort;
        page: number;
        pageSize: number;
      },
    [requestKey],
  );
  const debouncedQ = useDebouncedValue(q, DEBOUNCE_MS);
  useEffect(() => {
    if ((params.get('q') ?? '') !== debouncedQ) set({ q: debouncedQ || undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the debounced text drives the URL
  }, [debouncedQ]);

  const results = useSearchExternalTenders(request, tab === 'all');
  const suggestQ = useDebouncedValue(search, SUGGEST_DEBOUNCE_MS);
  const suggestions = useSuggestCpv(suggestQ, tab === 'all');
  const top = useTopExternalTenders(TOP_LIMIT, tab === 'top');
  const favPage = tab === 'favourites' ? page : 1;
  const favourites = useFavouriteExternalTenders(favPage, PAGE_SIZE, tab === 'favourites');
  const saved = useSavedSearches(tab === 'saved');
  const feedStatus = useFeedStatus();

  // docs/product.md section 8: feed fetch failures are only logged.
  useEffect(() => {
    if (results.error) logFeedFailure('searching the feed', results.error);
  }, [results.error]);
  useEffect(() => {
    if (top.error) logFeedFailure('loading top tenders', top.error);
  }, [top.error]);
  useEffect(() => {
    if (favourites.error) logFeedFailure('loading favourites', favourites.error);
  }, [favourites.error]);

  const header = <FeedHeader />;

  // docs/product.md section 9: Core suppliers get 402 PLAN_FEATURE_UNAVAILABLE and see an upgrade prompt instead.
  if ([results.error, top.error, favourites.error, saved.error, feedStatus.error].some(isPlanGated)) {
    return (
      <>
        {header}
        <UpgradePrompt />
      </>
    );
  }

  const applySaved = (s: SavedSearch) => {
    const p = paramsOf(s.criteria);
    setSearch(p.q ?? '');
    set({ ...p, sort: undefined, tab: undefined });
  };
  const changeFilters = (patch: Partial<Record<FilterKey, string | undefined>>) => set(patch);
  const activeFilters = FILTER_KEYS.filter((k) => filterValues[k]).length;
  const filtered = !!q || activeFilters > 0;

  const facets = results.data?.meta.facets;
  const total = results.data?.meta.total ?? 0;
  // The status facet ignores its own filter, so with a status chosen the open count follows from it.
  const openCount = request.status
    ? request.status === 'open'
      ? total
      : 0
    : (facets?.status.find((b) => b.value === 'open')?.count ?? 0);

  const allPanel = (
    <>
      <Card className="mb-5 p-4">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-400"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search tenders"
              placeholder="Search titles, buyers, places and descriptions"
              className="pl-9"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                if (params.get('page')) set({}, true);
              }}
            />
          </div>
          <div className="flex gap-2">
            <label className="sr-only" htmlFor="feed-sort">
              Sort by
            </label>
            <select
              id="feed-sort"
              value={sort}
              onChange={(e) => set({ sort: e.target.value }, true)}
              className="h-10 min-w-0 flex-1 rounded-lg border border-ink-300 bg-white px-3 text-sm text-ink-800 shadow-sm lg:flex-none"
            >
              {SORTS.map((s) => (
                <option key={s.value} value={s.value} disabled={s.value === 'relevance' && !q}>
                  {s.label}
                </option>
              ))}
            </select>
            <Button
              variant="secondary"
              className="lg:hidden"
              aria-expanded={showFilters}
              aria-controls="feed-filters"
              onClick={() => setShowFilters((v) => !v)}
              leftIcon={<SlidersHorizontal className="size-4" aria-hidden="true" />}
            >
              Filters{activeFilters > 0 && ` (${activeFilters})`}
            </Button>
            <Button
              variant="secondary"
              onClick={() => setSaving(true)}
              leftIcon={<BookmarkPlus className="size-4" aria-hidden="true" />}
            >
              <span className="sr-only sm:not-sr-only">Save search</span>
            </Button>
          </div>
        </div>
        <CpvSuggestions
          suggestions={q ? (suggestions.data?.data ?? []) : []}
          reading={q ? results.data?.meta.reading : undefined}
          selected={filterValues.cpv}
          onPick={(code) => set({ cpv: code })}
          onClear={() => set({ cpv: undefined })}
        />
      </Card>

      <div className="grid gap-5 lg:grid-cols-[17rem_minmax(0,1fr)]">
        <aside id="feed-filters" aria-label="Filters" className={cn(!showFilters && 'hidden', 'lg:block')}>
          <Card>
            <CardHeader className="py-3">
              <CardTitle>Filters</CardTitle>
            </CardHeader>
            <CardBody>
              <FeedFilters values={filterValues} facets={facets} onChange={changeFilters} />
            </CardBody>
          </Card>
        </aside>

        <div className="min-w-0">
          {results.isPending ? (
            <PageSpinner />
          ) : results.isError ? (
            <EmptyState icon={Radio} title="No tenders to show" />
          ) : (
            <>
              <p className="mb-3 text-sm text-ink-600" aria-live="polite">
                <span className="font-semibold text-ink-900">{total.toLocaleString('en-GB')}</span>{' '}
                {total === 1 ? 'tender' : 'tenders'}
                {' · '}
                <span className={cn('font-semibold', openCount > 0 ? 'text-emerald-700' : 'text-ink-900')}>
                  {openCount.toLocaleString('en-GB')}
                </span>{' '}
                open for bids
              </p>
              {total > 0 && openCount === 0 && filterValues.status !== 'closed' && (
                <Alert tone="info" className="mb-4" title="No tender here is open for bids right now">
                  These are real notices whose deadlines have passed. They stay in the feed for reference; new notices
                  appear as the feed imports them.
                </Alert>
              )}
              {results.data.data.length === 0 ? (
                <EmptyState
                  icon={Search}
                  title={filtered ? 'No tenders match' : 'No tenders in the feed yet'}
                  description={
                    filtered
                      ? 'Try other words or clear the filters.'
                      : 'New public-sector notices appear here as the feed imports them.'
                  }
                  action={
                    filtered ? (
                      <Button
                        variant="secondary"
                        onClick={() => {
                          setSearch('');
                          set({ q: undefined, ...Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])) });
                        }}
                      >
                        Clear search and filters
                      </Button>
                    ) : undefined
                  }
                />
              ) : (
                <>
                  <TenderList tenders={results.data.data} label="Search results" busy={results.isFetching} />
                  <Pagination
                    page={request.page}
                    pageSize={PAGE_SIZE}
                    total={total}
                    noun="tenders"
                    onPage={(p) => {
                      set({ page: p > 1 ? String(p) : undefined }, false);
                      window.scrollTo({ top: 0 });
                    }}
                  />
                </>
              )}
            </>
          )}
        </div>
      </div>
    </>
  );

  const topPanel = top.isPending ? (
    <PageSpinner />
  ) : top.isError || top.data.data.length === 0 ? (
    <EmptyState
      icon={Sparkles}
      title="No tenders to suggest yet"
      description="Favourite tenders and save searches to steer these suggestions."
    />
  ) : (
    <>
      <p className="mb-3 text-sm text-ink-600">
        {top.data.data.some((t) => t.match)
          ? 'Ranked for your catalogue: each notice scored against your items on CPV, wording, price and region — open ones that match well first.'
          : 'Add items to your catalogue to have the feed ranked for them. Until then: open tenders first, then those closest to your favourites and saved searches.'}
      </p>
      {!top.data.data.some((t) => t.isOpen) && (
        <Alert tone="info" className="mb-4" title="No tender is open for bids right now">
          These suggestions are recent notices whose deadlines have passed.
        </Alert>
      )}
      <TenderList tenders={top.data.data} label="Top tenders for you" />
    </>
  );

  const favouritesPanel = favourites.isPending ? (
    <PageSpinner />
  ) : favourites.isError || favourites.data.data.length === 0 ? (
    <EmptyState
      icon={Star}
      title="No favourites yet"
      description="Star a tender in the feed to keep it here; you get a reminder when it closes within 7 days."
    />
  ) : (
    <>
      <TenderList tenders={favourites.data.data} label="Favourite tenders" busy={favourites.isFetching} />
      <Pagination
        page={favPage}
        pageSize={PAGE_SIZE}
        total={favourites.data.meta.total}
        noun="favourites"
        onPage={(p) => set({ page: p > 1 ? String(p) : undefined }, false)}
      />
    </>
  );

  return (
    <>
      {header}
      {feedStatus.data && <FeedStatusBar status={feedStatus.data} />}
      <Tabs
        label="Live Feed views"
        items={TABS}
        value={tab}
        onChange={(t) => set({ tab: t === 'all' ? undefined : t }, true)}
      >
        {tab === 'all' && allPanel}
        {tab === 'top' && topPanel}
        {tab === 'favourites' && favouritesPanel}
        {tab === 'saved' && <SavedSearches query={saved} onApply={applySaved} onSaveCurrent={() => setSaving(true)} />}
      </Tabs>
      <SaveSearchDialog
        open={saving}
        onClose={() => setSaving(false)}
        criteria={criteria}
        onSaved={() => setSaving(false)}
      />
    </>
  );
}
