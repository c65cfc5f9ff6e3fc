import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Link2, Lock, Search, SlidersHorizontal, X } from 'lucide-react';
import {
  CATEGORIES,
  PLANS,
  REGIONS,
  categoryName,
  type Match,
  type MatchGroup,
  type SearchHit,
} from '@brickyard/shared';
import {
  CatalogueMatchDialog,
  aboutMatch,
  useConnect,
  type ConnectAbout,
  type DialogListing,
  type MatchViewer,
} from '@/components/matching';
import { Pagination } from '@/components/listing';
import { Button, ButtonLink, Card, EmptyState, Input, PageHeader, PageSpinner, Select } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useMatches } from '../api/list-matches';
import { useMarketplaceSearch } from '../api/search-marketplace';
import { MatchGroupCard } from '../components/match-group';
import { SearchResults } from '../components/search-results';
import { paths } from '@/lib/paths';

const GROUPS_PER_PAGE = 10;
const MATCHES_PER_GROUP = 50;
const SEARCH_PAGE_SIZE = 10;
const DEBOUNCE_MS = 300;
const SCORE_OPTIONS = [
  { value: '', label: 'Any score' },
  { value: '50', label: '50 and above (good)' },
  { value: '75', label: '75 and above (strong)' },
];

/** Every word of the search appears in the match's title, company, category or its group's title. */
function matchesText(m: Match, group: MatchGroup, words: string[]): boolean {
  if (!words.length) return true;
  const c = m.counterpart;
  const hay = `${c.title} ${c.companyName} ${categoryName(c.category)} ${group.subject.title}`.toLowerCase();
  return words.every((w) => hay.includes(w));
}

const COPY: Record<
  MatchViewer,
  {
    description: string;
    subjectLabel: string;
    subjectAll: string;
    groupNoun: [string, string];
    empty: { title: string; text: string; action: { to: string; label: string } };
  }
> = {
  buyer: {
    description: 'Suppliers whose catalogue items fit your tenders, ranked by fit, with the reasons behind each score.',
    subjectLabel: 'Tender',
    subjectAll: 'All tenders',
    groupNoun: ['tender', 'tenders'],
    empty: {
      title: 'No tenders to match yet',
      text: 'Publish a tender and we rank the suppliers whose catalogue items fit it.',
      action: { to: paths.buyer.createTender, label: 'Create a tender' },
    },
  },
  supplier: {
    description: 'Open tenders that fit your catalogue items, ranked by fit, with the reasons behind each score.',
    subjectLabel: 'Catalogue item',
    subjectAll: 'All catalogue items',
    groupNoun: ['catalogue item', 'catalogue items'],
    empty: {
      title: 'No catalogue items to match yet',
      text: 'Add items to your catalogue and we rank the open tenders they fit.',
      action: { to: paths.supplier.addCatalogue(), label: 'Add a catalogue item' },
    },
  },
};

/** Connect: /buyer/connect and /supplier/connect — matches grouped by tender or catalogue item. */
export function ConnectScreen() {
  const viewer: MatchViewer = useLocation().pathname.startsWith(paths.buyer.dashboard) ? 'buyer' : 'supplier';
  const copy = COPY[viewer];
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [showFilters, setShowFilters] = useState(false);
  const [preview, setPreview] = useState<{ listing: DialogListing; match: Match | null; about: ConnectAbout } | null>(
    null,
  );
  const connect = useConnect(viewer);

  const subject = params.get('subject') ?? '';
  const category = params.get('category') ?? '';
  const region = params.get('region') ?? '';
  const minScore = ['50', '75'].includes(params.get('min') ?? '') ? Number(params.get('min')) : 0;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const searchPage = Math.max(1, Number(params.get('spage')) || 1);

  const set = (patch: Record<string, string | undefined>, resetPages = true) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (resetPages) {
          next.delete('page');
          next.delete('spage');
        }
        return next;
      },
      { replace: true },
    );

  // The search box drives the URL (and the marketplace search) once typing pauses.
  const q = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) set({ q: q || undefined, spage: undefined }, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the debounced text drives the URL
  }, [q]);

  const matches = useMatches(viewer, { page, pageSize: GROUPS_PER_PAGE, limit: MATCHES_PER_GROUP, minScore });
  const marketplace = useMarketplaceSearch(
    {
      q,
      type: viewer === 'buyer' ? 'catalogue' : 'tenders',
      category: category || undefined,
      region: region || undefined,
      page: searchPage,
      pageSize: SEARCH_PAGE_SIZE,
    },
    q.length > 0,
  );

  const words = useMemo(() => q.toLowerCase().split(/\s+/).filter(Boolean), [q]);
  const groups = useMemo(() => matches.data?.data ?? [], [matches.data]);
  const filtered = !!(words.length || subject || category || region || minScore);
  const visible = useMemo(
    () =>
      groups
        .filter((g) => !subject || g.subject.id === subject)
        .map((g) => ({
          group: g,
          matches: g.matches.filter(
            (m) =>
              (!category || m.counterpart.category === category) &&
              (!region || m.counterpart.region === region) &&
              matchesText(m, g, words),
          ),
        }))
        // with filters on, a group left without matches is noise; without them it says "none yet"
        .filter((x) => !filtered || x.matches.length > 0),
    [groups, subject, category, region, words, filtered],
  );
  const shownMatches = visible.reduce((n, x) => n + x.matches.length, 0);
  const planLimit = matches.data?.meta.planLimit ?? null;
  const anyLimited = groups.some((g) => g.limited);

  const clearAll = () => {
    setSearch('');
    set({ q: undefined, subject: undefined, category: undefined, region: undefined, min: undefined });
  };

  const header = <PageHeader title="Connect" description={copy.description} />;

  if (matches.isPending) {
    return (
      <>
        {header}
        <PageSpinner />
      </>
    );
  }
  if (matches.isError) {
    return (
      <>
        {header}
        <EmptyState
          icon={Link2}
          title="Your matches could not be loaded"
          description={errorMessage(matches.error, 'Please try again.')}
          action={
            <Button variant="secondary" onClick={() => void matches.refetch()}>
              Try again
            </Button>
          }
        />
      </>
    );
  }

  const totalGroups = matches.data.meta.total;
  if (totalGroups === 0) {
    return (
      <>
        {header}
        <EmptyState
          icon={Link2}
          title={copy.empty.title}
          description={copy.empty.text}
          action={<ButtonLink to={copy.empty.action.to}>{copy.empty.action.label}</ButtonLink>}
        />
      </>
    );
  }

  const activeFilters = [subject, category, region, minScore ? 'min' : ''].filter(Boolean).length;
  const [one, many] = copy.groupNoun;

  return (
    <>
      {header}

      {planLimit !== null && (
        <div
          role="note"
          className="mb-5 flex flex-col gap-3 rounded-xl border border-brand-200 bg-linear-to-r from-brand-50 to-white px-4 py-3.5 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-start gap-2.5 text-sm text-ink-800">
            <Lock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
            <span>
              <span className="font-semibold">
                Your {PLANS.CORE.name} plan shows {planLimit} matches per {one}.
              </span>{' '}
              {anyLimited ? 'Some of yours have more. ' : ''}
              Upgrade to {PLANS.GROWTH.name} for unlimited matches.
            </span>
          </p>
          <ButtonLink to={`/${viewer}/settings/billing`} size="sm" className="self-start sm:self-auto">
            Upgrade plan
          </ButtonLink>
        </div>
      )}

      <Card className="mb-5 p-4">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-400"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search matches and the marketplace"
              placeholder={
                viewer === 'buyer'
                  ? 'Search suppliers, products and your tenders'
                  : 'Search tenders, buyers and your items'
              }
              className="pl-9"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              className="flex-1 lg:hidden"
              aria-expanded={showFilters}
              aria-controls="connect-filters"
              onClick={() => setShowFilters((v) => !v)}
              leftIcon={<SlidersHorizontal className="size-4" aria-hidden="true" />}
            >
              Filters{activeFilters > 0 && ` (${activeFilters})`}
            </Button>
            {(filtered || search) && (
              <Button variant="ghost" onClick={clearAll} leftIcon={<X className="size-4" aria-hidden="true" />}>
                Clear
              </Button>
            )}
          </div>
        </div>
        <div
          id="connect-filters"
          role="group"
          aria-label="Filters"
          className={cn('mt-3 grid gap-3 sm:grid-cols-2 lg:mt-4 lg:grid lg:grid-cols-4', !showFilters && 'hidden')}
        >
          <FilterSelect label={copy.subjectLabel} value={subject} onChange={(v) => set({ subject: v })}>
            <option value="">{copy.subjectAll}</option>
            {groups.map((g) => (
              <option key={g.subject.id} value={g.subject.id}>
                {g.subject.title}
              </option>
            ))}
            {subject && !groups.some((g) => g.subject.id === subject) && (
              <option value={subject}>The chosen {one}</option>
            )}
          </FilterSelect>
          <FilterSelect label="Category" value={category} onChange={(v) => set({ category: v })}>
            <option value="">All categories</option>
            {CATEGORIES.map((c) => (
              <option key={c.key} value={c.key}>
                {c.name}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect label="Region" value={region} onChange={(v) => set({ region: v })}>
            <option value="">All regions</option>
            {REGIONS.map((r) => (
              <option key={r.key} value={r.key}>
                {r.name}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect label="Match score" value={minScore ? String(minScore) : ''} onChange={(v) => set({ min: v })}>
            {SCORE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </FilterSelect>
        </div>
      </Card>

      <p className="mb-3 text-sm text-ink-600" aria-live="polite">
        <span className="font-semibold text-ink-900">{shownMatches.toLocaleString('en-GB')}</span>{' '}
        {shownMatches === 1 ? 'match' : 'matches'} across{' '}
        <span className="font-semibold text-ink-900">{visible.length}</span> {visible.length === 1 ? one : many}
        {matches.isFetching && <span className="ml-2 text-ink-400">Updating…</span>}
      </p>

      <div className="space-y-5">
        {visible.length === 0 ? (
          <EmptyState
            icon={Search}
            title="No matches fit your search and filters"
            description={
              q
                ? 'Try other words or clear the filters; the marketplace results below search every listing.'
                : 'Clear the filters to see all your matches.'
            }
            action={
              <Button variant="secondary" onClick={clearAll}>
                Clear search and filters
              </Button>
            }
          />
        ) : (
          visible.map(({ group, matches: list }) => (
            <MatchGroupCard
              key={group.subject.id}
              group={group}
              matches={list}
              viewer={viewer}
              filtered={filtered}
              onOpenDialog={(m) =>
                setPreview({ listing: m.counterpart, match: m, about: aboutMatch(m, group.subject) })
              }
              onConnect={connect}
            />
          ))
        )}
        {!subject && (
          <Pagination
            page={page}
            pageSize={GROUPS_PER_PAGE}
            total={totalGroups}
            noun={many}
            onPage={(p) => {
              set({ page: p > 1 ? String(p) : undefined }, false);
              window.scrollTo({ top: 0 });
            }}
          />
        )}

        {q && (
          <SearchResults
            query={marketplace}
            viewer={viewer}
            q={q}
            page={searchPage}
            pageSize={SEARCH_PAGE_SIZE}
            onPage={(p) => set({ spage: p > 1 ? String(p) : undefined }, false)}
            onOpenItem={(h: SearchHit) =>
              setPreview({
                listing: {
                  id: h.id,
                  title: h.title,
                  companyName: h.companyName ?? '',
                  category: h.category ?? '',
                  userId: h.userId ?? '',
                },
                match: null,
                about: { catalogueItemId: h.id },
              })
            }
            onConnect={connect}
          />
        )}
      </div>

      <CatalogueMatchDialog
        listing={preview?.listing ?? null}
        match={preview?.match}
        viewer={viewer}
        onClose={() => setPreview(null)}
        onConnect={preview ? (userId) => connect(userId, preview.about) : undefined}
      />
    </>
  );
}

function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string | undefined) => void;
  children: React.ReactNode;
}) {
  const id = `connect-filter-${label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={id} className="text-xs font-medium text-ink-600">
        {label}
      </label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value || undefined)}>
        {children}
      </Select>
    </div>
  );
}
