import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ClipboardList, FilePlus2, Search, SlidersHorizontal, X } from 'lucide-react';
import { CATEGORIES, REGIONS, TENDER_STATUSES, categoryName, regionName, type TenderStatus } from '@brickyard/shared';
import { DateText, DaysLeft, Money, Pagination, TENDER_STATUS_LABELS, TenderStatusBadge } from '@/components/listing';
import {
  Alert,
  Button,
  ButtonLink,
  Card,
  EmptyState,
  Input,
  MoneyInput,
  PageHeader,
  PageSpinner,
  SelectField,
  Table,
  TBody,
  TD,
  TH,
  THead,
  TR,
} from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useBuyerTenders, type BuyerTendersParams, type TenderSort } from '../api/list-buyer-tenders';
import { isMoney, stripMoney } from '@/lib/money';
import { paths } from '@/lib/paths';

const PAGE_SIZE = 10;
// Best match (the search engine's order) is offered, and is the default, while there are words to match
const SORTS: { value: TenderSort; label: string }[] = [
  { value: 'relevance', label: 'Best match' },
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'closing_soon', label: 'Closing soonest' },
  { value: 'budget_desc', label: 'Budget: high to low' },
  { value: 'budget_asc', label: 'Budget: low to high' },
];
const FILTER_KEYS = ['status', 'category', 'region', 'minBudget', 'maxBudget'] as const;
const poundsOk = (v: string) => v === '' || isMoney(v);

/** Listings: /buyer/tenders — the buyer's tenders with filters, search, sort and pages. */
export function ListingsScreen() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [showFilters, setShowFilters] = useState(
    () => FILTER_KEYS.some((k) => params.get(k)) || window.matchMedia('(min-width: 1024px)').matches,
  );
  const q = useDebouncedValue(search.trim(), 350);

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

  useEffect(() => {
    if ((params.get('q') ?? '') !== q) set({ q: q || undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the debounced search drives this
  }, [q]);

  const minBudget = params.get('minBudget') ?? '';
  const maxBudget = params.get('maxBudget') ?? '';
  const query: BuyerTendersParams = {
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZE,
    q: q || undefined,
    status: (TENDER_STATUSES as readonly string[]).includes(params.get('status') ?? '')
      ? (params.get('status') as TenderStatus)
      : undefined,
    category: params.get('category') || undefined,
    region: params.get('region') || undefined,
    minBudget: poundsOk(minBudget) && minBudget ? minBudget : undefined,
    maxBudget: poundsOk(maxBudget) && maxBudget ? maxBudget : undefined,
    sort: (params.get('sort') as TenderSort) || (q ? 'relevance' : 'newest'),
  };
  const list = useBuyerTenders(query);
  const filtered = !!q || FILTER_KEYS.some((k) => params.get(k));
  const activeFilters = FILTER_KEYS.filter((k) => params.get(k)).length;

  const filters = (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-5 [&>*:nth-child(-n+3)]:col-span-2 sm:[&>*:nth-child(-n+3)]:col-span-1">
      <SelectField label="Status" value={params.get('status') ?? ''} onChange={(e) => set({ status: e.target.value })}>
        <option value="">All statuses</option>
        {TENDER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {TENDER_STATUS_LABELS[s]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Category"
        value={params.get('category') ?? ''}
        onChange={(e) => set({ category: e.target.value })}
      >
        <option value="">All categories</option>
        {CATEGORIES.map((c) => (
          <option key={c.key} value={c.key}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Region" value={params.get('region') ?? ''} onChange={(e) => set({ region: e.target.value })}>
        <option value="">All regions</option>
        {REGIONS.map((r) => (
          <option key={r.key} value={r.key}>
            {r.name}
          </option>
        ))}
      </SelectField>
      <MoneyInput
        label="Min budget (£)"
        placeholder="0"
        value={minBudget}
        error={poundsOk(minBudget) ? undefined : 'Enter pounds, e.g. 5000'}
        onChange={(e) => set({ minBudget: stripMoney(e.target.value) })}
      />
      <MoneyInput
        label="Max budget (£)"
        placeholder="Any"
        value={maxBudget}
        error={poundsOk(maxBudget) ? undefined : 'Enter pounds, e.g. 50000'}
        onChange={(e) => set({ maxBudget: stripMoney(e.target.value) })}
      />
    </div>
  );

  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;

  return (
    <>
      <PageHeader
        title="Listings"
        description="Every tender you have published, with its status, budget and closing date."
        actions={
          <ButtonLink to={paths.buyer.createTender}>
            <FilePlus2 className="size-4" aria-hidden="true" />
            Create tender
          </ButtonLink>
        }
      />

      <Card className="mb-5 p-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-400"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search tenders"
              placeholder="Search by title, category or description"
              className="pl-9"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="flex gap-2">
            <label className="sr-only" htmlFor="tender-sort">
              Sort
            </label>
            <select
              id="tender-sort"
              value={query.sort}
              onChange={(e) =>
                set({ sort: e.target.value === (q ? 'relevance' : 'newest') ? undefined : e.target.value }, false)
              }
              className="h-10 min-w-0 flex-1 rounded-lg border border-ink-300 bg-white px-3 text-sm text-ink-800 shadow-sm sm:flex-none"
            >
              {SORTS.filter((s) => q || s.value !== 'relevance').map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
            <Button
              variant="secondary"
              aria-expanded={showFilters}
              aria-controls="tender-filters"
              onClick={() => setShowFilters((v) => !v)}
              leftIcon={<SlidersHorizontal className="size-4" aria-hidden="true" />}
            >
              Filters{activeFilters > 0 && ` (${activeFilters})`}
            </Button>
          </div>
        </div>
        {showFilters && (
          <div id="tender-filters" className="mt-4 border-t border-ink-100 pt-4">
            {filters}
            {activeFilters > 0 && (
              <Button
                variant="ghost"
                size="sm"
                className="mt-3"
                onClick={() => set(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])))}
                leftIcon={<X className="size-4" aria-hidden="true" />}
              >
                Clear filters
              </Button>
            )}
          </div>
        )}
      </Card>

      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <Alert tone="danger" title="We could not load your tenders">
          {errorMessage(list.error)}{' '}
          <Button variant="link" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : rows.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={Search}
            title="No tenders match"
            description="Try another search or clear the filters."
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  setSearch('');
                  set({ q: undefined, ...Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])) });
                }}
              >
                Clear search and filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={ClipboardList}
            title="No tenders yet"
            description="Tenders you create appear here with their status — draft, active, pending or fulfilled."
            action={<ButtonLink to={paths.buyer.createTender}>Create tender</ButtonLink>}
          />
        )
      ) : (
        <div aria-busy={list.isFetching || undefined}>
          <div className="hidden md:block">
            <Table aria-label="Your tenders">
              <THead>
                <TR className="hover:bg-transparent">
                  <TH>Tender</TH>
                  <TH>Status</TH>
                  <TH className="text-right">Budget</TH>
                  <TH>Closing date</TH>
                  <TH>Region</TH>
                </TR>
              </THead>
              <TBody>
                {rows.map((t) => (
                  <TR key={t.id}>
                    <TD className="max-w-md">
                      <Link
                        to={paths.buyer.tender(t.id)}
                        className="font-semibold text-ink-900 hover:text-brand-700 hover:underline"
                      >
                        {t.title}
                      </Link>
                      <p className="mt-0.5 truncate text-xs text-ink-500">{categoryName(t.category)}</p>
                    </TD>
                    <TD>
                      <TenderStatusBadge status={t.status} />
                    </TD>
                    <TD className="text-right font-medium text-ink-900">
                      <Money pence={t.budgetPence} />
                    </TD>
                    <TD className="whitespace-nowrap">
                      <DateText value={t.deadline} className="block" />
                      {t.deadline && ['active', 'draft'].includes(t.status) && <DaysLeft deadline={t.deadline} />}
                    </TD>
                    <TD className="whitespace-nowrap">{regionName(t.region)}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>
          <ul className="space-y-3 md:hidden" aria-label="Your tenders">
            {rows.map((t) => (
              <li key={t.id}>
                <Link
                  to={paths.buyer.tender(t.id)}
                  className="block rounded-xl border border-ink-200 bg-white p-4 shadow-card hover:border-ink-300"
                >
                  <div className="flex items-start justify-between gap-3">
                    <h3 className="font-semibold text-ink-900">{t.title}</h3>
                    <TenderStatusBadge status={t.status} />
                  </div>
                  <p className="mt-1 text-xs text-ink-500">
                    {categoryName(t.category)} · {regionName(t.region)}
                  </p>
                  <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
                    <div>
                      <dt className="text-xs text-ink-500">Budget</dt>
                      <dd className="font-medium text-ink-900">
                        <Money pence={t.budgetPence} />
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-ink-500">Closing date</dt>
                      <dd className="text-ink-900">
                        <DateText value={t.deadline} />
                        {t.deadline && ['active', 'draft'].includes(t.status) && (
                          <DaysLeft deadline={t.deadline} className="block" />
                        )}
                      </dd>
                    </div>
                  </dl>
                </Link>
              </li>
            ))}
          </ul>
          <Pagination
            page={query.page}
            pageSize={PAGE_SIZE}
            total={total}
            noun="tenders"
            onPage={(p) => set({ page: p > 1 ? String(p) : undefined }, false)}
          />
        </div>
      )}
    </>
  );
}
