import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LayoutGrid, List, Pencil, Search, SlidersHorizontal, Trash2, X } from 'lucide-react';
import {
  CATEGORIES,
  REGIONS,
  categoryName,
  isImageAttachment,
  regionName,
  type CatalogueItem,
} from '@brickyard/shared';
import { AttachmentImage } from '@/components/files';
import { AvailabilityBadge, ConfirmDialog, Money, Pagination, StockBadge, leadTimeText } from '@/components/listing';
import {
  Alert,
  Button,
  ButtonLink,
  Card,
  EmptyState,
  Input,
  MoneyInput,
  PageSpinner,
  Segmented,
  SelectField,
  Table,
  TBody,
  TD,
  TH,
  THead,
  TR,
} from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDeleteCatalogueItem } from '../api/delete-catalogue-item';
import { useCatalogue, type CatalogueParams, type CatalogueSort } from '../api/list-catalogue';
import { paths } from '@/lib/paths';
import { isMoney, stripMoney } from '@/lib/money';

const PAGE_SIZE = 12;
// Best match (the search engine's order) is offered, and is the default, while there are words to match
const SORTS: { value: CatalogueSort; label: string }[] = [
  { value: 'relevance', label: 'Best match' },
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
];
const FILTER_KEYS = ['category', 'region', 'availability', 'inStock', 'minPrice', 'maxPrice'] as const;
const poundsOk = (v: string) => v === '' || isMoney(v);

interface Props {
  scope: 'mine' | 'all';
  /** shown when the list is empty without any filter */
  empty: ReactNode;
  /** navigation state passed to the item detail (e.g. where to go back to) */
  from: string;
}

/** The catalogue list of /supplier/catalogue (own items) and /supplier/view-catalogue (everyone's). */
export function CatalogueBrowser({ scope, empty, from }: Props) {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [view, setView] = useState<'grid' | 'table'>('grid');
  const [showFilters, setShowFilters] = useState(
    () => FILTER_KEYS.some((k) => params.get(k)) || window.matchMedia('(min-width: 1024px)').matches,
  );
  const [deleting, setDeleting] = useState<CatalogueItem | null>(null);
  const del = useDeleteCatalogueItem();
  const q = useDebouncedValue(search.trim(), 350);

  const set = (patch: Record<string, string | undefined>, resetPage = true) =>
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

  useEffect(() => {
    if ((params.get('q') ?? '') !== q) set({ q: q || undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the debounced search drives this
  }, [q]);

  const minPrice = params.get('minPrice') ?? '';
  const maxPrice = params.get('maxPrice') ?? '';
  const inStock = params.get('inStock');
  const query: CatalogueParams = {
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZE,
    scope,
    q: q || undefined,
    category: params.get('category') || undefined,
    region: params.get('region') || undefined,
    availability: params.get('availability') || undefined,
    inStock: inStock === 'true' || inStock === 'false' ? inStock : undefined,
    minPrice: minPrice && poundsOk(minPrice) ? minPrice : undefined,
    maxPrice: maxPrice && poundsOk(maxPrice) ? maxPrice : undefined,
    sort: (params.get('sort') as CatalogueSort) || (q ? 'relevance' : 'newest'),
  };
  const list = useCatalogue(query);
  const items = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const activeFilters = FILTER_KEYS.filter((k) => params.get(k)).length;
  const filtered = !!q || activeFilters > 0;
  const mine = scope === 'mine';
  const clearAll = () => {
    setSearch('');
    set({ q: undefined, ...Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])) });
  };

  return (
    <>
      <Card className="mb-5 p-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-400"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search catalogue"
              placeholder="Search products and services"
              className="pl-9"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="flex gap-2">
            <label className="sr-only" htmlFor={`sort-${scope}`}>
              Sort
            </label>
            <select
              id={`sort-${scope}`}
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
              onClick={() => setShowFilters((v) => !v)}
              leftIcon={<SlidersHorizontal className="size-4" aria-hidden="true" />}
            >
              Filters{activeFilters > 0 && ` (${activeFilters})`}
            </Button>
            <div className="hidden md:block">
              <Segmented
                label="Layout"
                value={view}
                onChange={setView}
                items={[
                  { value: 'grid', label: <LayoutGrid className="size-4" aria-label="Grid" /> },
                  { value: 'table', label: <List className="size-4" aria-label="Table" /> },
                ]}
              />
            </div>
          </div>
        </div>
        {showFilters && (
          <div className="mt-4 border-t border-ink-100 pt-4">
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-6">
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
              <SelectField
                label="Region"
                value={params.get('region') ?? ''}
                onChange={(e) => set({ region: e.target.value })}
              >
                <option value="">All regions</option>
                {REGIONS.map((r) => (
                  <option key={r.key} value={r.key}>
                    {r.name}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="Availability"
                value={params.get('availability') ?? ''}
                onChange={(e) => set({ availability: e.target.value })}
              >
                <option value="">Any</option>
                <option value="available">Available</option>
                <option value="limited">Limited</option>
                <option value="other">Other</option>
              </SelectField>
              <SelectField label="Stock" value={inStock ?? ''} onChange={(e) => set({ inStock: e.target.value })}>
                <option value="">Any</option>
                <option value="true">In stock</option>
                <option value="false">Out of stock</option>
              </SelectField>
              <MoneyInput
                label="Min price (£)"
                placeholder="0"
                value={minPrice}
                error={poundsOk(minPrice) ? undefined : 'Enter pounds'}
                onChange={(e) => set({ minPrice: stripMoney(e.target.value) })}
              />
              <MoneyInput
                label="Max price (£)"
                placeholder="Any"
                value={maxPrice}
                error={poundsOk(maxPrice) ? undefined : 'Enter pounds'}
                onChange={(e) => set({ maxPrice: stripMoney(e.target.value) })}
              />
            </div>
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
        <Alert tone="danger" title="We could not load the catalogue">
          {errorMessage(list.error)}{' '}
          <Button variant="link" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={Search}
            title="Nothing matches"
            description="Try another search or clear the filters."
            action={
              <Button variant="secondary" onClick={clearAll}>
                Clear search and filters
              </Button>
            }
          />
        ) : (
          empty
        )
      ) : (
        <div aria-busy={list.isFetching || undefined}>
          {view === 'table' ? (
            <div className="hidden md:block">
              <Table aria-label="Catalogue items">
                <THead>
                  <TR className="hover:bg-transparent">
                    <TH>Item</TH>
                    {!mine && <TH>Supplier</TH>}
                    <TH className="text-right">Price</TH>
                    <TH>Availability</TH>
                    <TH>Stock</TH>
                    <TH>Lead time</TH>
                    {mine && <TH className="text-right">Actions</TH>}
                  </TR>
                </THead>
                <TBody>
                  {items.map((i) => (
                    <TR key={i.id}>
                      <TD className="max-w-sm">
                        <div className="flex items-center gap-3">
                          {firstImage(i) && (
                            <AttachmentImage url={firstImage(i)!.url} alt={i.title} className="size-10 shrink-0" />
                          )}
                          <div className="min-w-0">
                            <Link
                              to={paths.supplier.catalogueItem(i.id)}
                              state={{ from }}
                              className="font-semibold text-ink-900 hover:text-brand-700 hover:underline"
                            >
                              {i.title}
                            </Link>
                            <p className="truncate text-xs text-ink-500">
                              {categoryName(i.category)} · {regionName(i.region)}
                            </p>
                          </div>
                        </div>
                      </TD>
                      {!mine && <TD>{i.user.companyName}</TD>}
                      <TD className="text-right font-medium text-ink-900">
                        <Money pence={i.valuePence} />
                      </TD>
                      <TD>
                        <AvailabilityBadge value={i.availability} />
                      </TD>
                      <TD>
                        <StockBadge quantity={i.quantity} />
                      </TD>
                      <TD className="whitespace-nowrap">{leadTimeText(i.leadTime)}</TD>
                      {mine && (
                        <TD className="text-right whitespace-nowrap">
                          <ItemActions item={i} onDelete={() => setDeleting(i)} />
                        </TD>
                      )}
                    </TR>
                  ))}
                </TBody>
              </Table>
            </div>
          ) : null}
          <ul
            className={view === 'table' ? 'grid gap-4 md:hidden' : 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3'}
            aria-label="Catalogue items"
          >
            {items.map((i) => (
              <li key={i.id}>
                <Card className="flex h-full flex-col p-4 transition-colors hover:border-ink-300">
                  {firstImage(i) && (
                    <AttachmentImage url={firstImage(i)!.url} alt={i.title} className="mb-3 aspect-[16/9] w-full" />
                  )}
                  <div className="flex flex-wrap items-center gap-1.5">
                    <AvailabilityBadge value={i.availability} />
                    <StockBadge quantity={i.quantity} />
                  </div>
                  <h3 className="mt-2.5 font-semibold text-ink-900">
                    <Link
                      to={paths.supplier.catalogueItem(i.id)}
                      state={{ from }}
                      className="hover:text-brand-700 hover:underline"
                    >
                      {i.title}
                    </Link>
                  </h3>
                  <p className="mt-0.5 text-xs text-ink-500">
                    {categoryName(i.category)} · {regionName(i.region)}
                  </p>
                  {!mine && <p className="mt-1 text-xs font-medium text-ink-600">{i.user.companyName}</p>}
                  <p className="mt-2 line-clamp-2 flex-1 text-sm text-ink-600">{i.description}</p>
                  <div className="mt-3 flex items-end justify-between gap-2 border-t border-ink-100 pt-3">
                    <div>
                      <Money pence={i.valuePence} className="text-lg font-bold text-ink-900" />
                      <p className="text-xs text-ink-500">Lead time {leadTimeText(i.leadTime, 'not specified')}</p>
                    </div>
                    {mine && <ItemActions item={i} onDelete={() => setDeleting(i)} />}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <Pagination
            page={query.page}
            pageSize={PAGE_SIZE}
            total={total}
            noun="items"
            onPage={(p) => set({ page: p > 1 ? String(p) : undefined }, false)}
          />
        </div>
      )}

      <ConfirmDialog
        open={!!deleting}
        title="Delete this item?"
        description={deleting ? `“${deleting.title}” and its files will be removed from your catalogue.` : undefined}
        confirmLabel="Delete item"
        busy={del.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              notify.success('Item deleted');
            },
            onError: (err) => {
              setDeleting(null);
              notify.error(errorMessage(err, 'We could not delete the item.'));
            },
          })
        }
      />
    </>
  );
}

/** The item's first picture, shown on its card and row (its other files are on the item page). */
const firstImage = (i: CatalogueItem) => i.attachments.find(isImageAttachment);

function ItemActions({ item, onDelete }: { item: CatalogueItem; onDelete: () => void }) {
  return (
    <div className="flex justify-end gap-1">
      <ButtonLink
        to={paths.supplier.editCatalogue(item.id)}
        variant="ghost"
        size="icon"
        aria-label={`Edit ${item.title}`}
        className="size-8"
      >
        <Pencil className="size-4" aria-hidden="true" />
      </ButtonLink>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-red-700 hover:bg-red-50"
        aria-label={`Delete ${item.title}`}
        onClick={onDelete}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
