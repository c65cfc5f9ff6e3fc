import { Link } from 'react-router';
import { Building2, ChevronRight, MessageSquare, Search } from 'lucide-react';
import { categoryName, formatMoney, regionName, type SearchHit } from '@brickyard/shared';
import { AttachmentImage } from '@/components/files';
import type { ConnectFn, MatchViewer } from '@/components/matching';
import { Pagination, DaysLeft } from '@/components/listing';
import { Button, Card, CardBody, CardDescription, CardHeader, CardTitle, Spinner } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { getSession } from '@/lib/session';
import type { useMarketplaceSearch } from '../api/search-marketplace';
import { paths } from '@/lib/paths';

/**
 * Marketplace search beside the matches: the other side's listings that fit the words typed,
 * ranked by relevance (GET /api/search), with the same Connect and open actions.
 */
export function SearchResults({
  query,
  viewer,
  q,
  page,
  pageSize,
  onPage,
  onOpenItem,
  onConnect,
}: {
  query: ReturnType<typeof useMarketplaceSearch>;
  viewer: MatchViewer;
  q: string;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onOpenItem: (hit: SearchHit) => void;
  onConnect: ConnectFn;
}) {
  const noun = viewer === 'buyer' ? 'catalogue items' : 'open tenders';
  const me = getSession()?.id;
  return (
    <section aria-labelledby="marketplace-results">
      <Card>
        <CardHeader>
          <div>
            <CardTitle id="marketplace-results">Search the marketplace</CardTitle>
            <CardDescription>
              {viewer === 'buyer' ? 'Catalogue items' : 'Open tenders'} that fit “{q}”, ranked by relevance.
            </CardDescription>
          </div>
          {query.isFetching && <Spinner className="text-ink-400" label="Searching" />}
        </CardHeader>
        <CardBody>
          {query.isPending ? (
            <div className="flex justify-center py-6 text-ink-400">
              <Spinner label="Searching" />
            </div>
          ) : query.isError ? (
            <p className="text-sm text-ink-600">
              {errorMessage(query.error, 'The search could not be run. Please try again.')}
            </p>
          ) : query.data.data.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-ink-500">
              <Search className="size-4" aria-hidden="true" />
              No {noun} match “{q}”
              {query.data.meta.didYouMean ? `. Did you mean “${query.data.meta.didYouMean}”?` : '.'}
            </p>
          ) : (
            <>
              {query.data.meta.didYouMean && (
                <p className="mb-3 text-sm text-ink-600">
                  Showing results for <span className="font-semibold text-ink-900">{query.data.meta.didYouMean}</span>.
                </p>
              )}
              <ul className="divide-y divide-ink-100" aria-label="Marketplace results">
                {query.data.data.map((h) => (
                  <li
                    key={h.id}
                    className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between"
                  >
                    <div className="flex min-w-0 gap-3">
                      {h.imageUrl && (
                        <AttachmentImage url={h.imageUrl} alt={h.title} className="size-16 shrink-0 sm:size-20" />
                      )}
                      <div className="min-w-0">
                        <p className="text-xs text-ink-500">
                          {categoryName(h.category)} · {regionName(h.region)}
                        </p>
                        <h3 className="mt-0.5 font-semibold text-ink-900">
                          {h.kind === 'tender' ? (
                            <Link
                              to={paths.supplier.tender(h.id)}
                              state={{ from: 'connect' }}
                              className="underline-offset-4 hover:underline"
                            >
                              {h.title}
                            </Link>
                          ) : (
                            <button
                              type="button"
                              className="text-left underline-offset-4 hover:underline"
                              onClick={() => onOpenItem(h)}
                            >
                              {h.title}
                            </button>
                          )}
                        </h3>
                        {h.companyName && (
                          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-ink-600">
                            <Building2 className="size-3.5 text-ink-400" aria-hidden="true" />
                            {h.companyName}
                          </p>
                        )}
                        {h.snippet && <p className="mt-1 line-clamp-2 text-sm text-ink-600">{h.snippet}</p>}
                        <p className="mt-1.5 flex flex-wrap items-center gap-x-3 text-sm text-ink-700">
                          <span>
                            <span className="text-ink-500">{h.kind === 'tender' ? 'Budget ' : 'Price '}</span>
                            <span className="font-semibold tabular-nums">
                              {h.amount === null ? 'Not specified' : formatMoney(h.amount, h.currency)}
                            </span>
                          </span>
                          {h.kind === 'tender' && h.deadline && <DaysLeft deadline={h.deadline} className="text-sm" />}
                        </p>
                      </div>
                    </div>
                    <div className="flex shrink-0 gap-2">
                      {h.kind === 'tender' ? (
                        <Link
                          to={paths.supplier.tender(h.id)}
                          state={{ from: 'connect' }}
                          className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-sm font-semibold text-ink-700 hover:bg-ink-100"
                        >
                          View tender
                          <ChevronRight className="size-4" aria-hidden="true" />
                          <span className="sr-only">: {h.title}</span>
                        </Link>
                      ) : (
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => onOpenItem(h)}
                          aria-label={`View item: ${h.title}`}
                        >
                          View item
                          <ChevronRight className="size-4" aria-hidden="true" />
                        </Button>
                      )}
                      {h.userId && h.userId !== me && (
                        <Button
                          variant="dark"
                          size="sm"
                          onClick={() =>
                            onConnect(h.userId!, h.kind === 'tender' ? { tenderId: h.id } : { catalogueItemId: h.id })
                          }
                          leftIcon={<MessageSquare className="size-4" aria-hidden="true" />}
                          aria-label={`Connect with ${h.companyName ?? 'the owner'} about ${h.title}`}
                        >
                          Connect
                        </Button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
              <Pagination page={page} pageSize={pageSize} total={query.data.meta.total} onPage={onPage} noun={noun} />
            </>
          )}
        </CardBody>
      </Card>
    </section>
  );
}
