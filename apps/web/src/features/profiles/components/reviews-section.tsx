import { useState } from 'react';
import { MessageSquareQuote } from 'lucide-react';
import type { Profile } from '@brickyard/shared';
import { Stars } from '@/components/deals';
import { DateText, DetailSection } from '@/components/listing';
import { Button } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { useReviews } from '../api/list-reviews';
import { EmptyLine } from './parts';

interface ShownReview {
  id: string;
  rating: number;
  text: string;
  reviewer: { name: string; companyName: string };
  createdAt: string;
}

/** The average rating and the latest reviews left after fulfilled deals. */
export function ReviewsSection({ p }: { p: Profile }) {
  const { average, count } = p.reviewSummary;
  const [showAll, setShowAll] = useState(false);
  const all = useReviews(p.id, showAll);
  const shown: ShownReview[] = showAll && all.data ? all.data.pages.flatMap((pg) => pg.data) : p.reviews;
  const more = showAll ? all.hasNextPage : count > p.reviews.length;
  return (
    <DetailSection title="Reviews" className="mt-6">
      {count === 0 ? (
        <EmptyLine>No reviews yet. Reviews appear here after fulfilled deals.</EmptyLine>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
          <div className="rounded-xl bg-ink-50 p-4 text-center lg:self-start">
            <p className="text-4xl font-bold text-ink-900 tabular-nums">{average?.toFixed(1) ?? '—'}</p>
            <Stars value={average ?? 0} size="md" className="mt-1" />
            <p className="mt-1 text-sm text-ink-500">
              Average of {count} {count === 1 ? 'review' : 'reviews'}
            </p>
          </div>
          <div>
            <ul className="divide-y divide-ink-100" aria-label="Reviews">
              {shown.map((r) => (
                <li key={r.id} className="py-4 first:pt-0 last:pb-0">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div className="flex items-center gap-2">
                      <Stars value={r.rating} />
                      <span className="text-sm font-semibold text-ink-900">{r.reviewer.companyName}</span>
                    </div>
                    <DateText value={r.createdAt} className="text-xs text-ink-500" />
                  </div>
                  {r.text ? (
                    <p className="mt-2 flex gap-2 text-sm leading-relaxed text-ink-800">
                      <MessageSquareQuote className="mt-0.5 size-4 shrink-0 text-ink-300" aria-hidden="true" />
                      <span className="break-words whitespace-pre-line">{r.text}</span>
                    </p>
                  ) : (
                    <p className="mt-2 text-sm text-ink-500">No comment left.</p>
                  )}
                  {r.reviewer.name && <p className="mt-1 text-xs text-ink-500">{r.reviewer.name}</p>}
                </li>
              ))}
            </ul>
            {all.isError && (
              <p className="mt-3 text-sm text-red-600">
                {errorMessage(all.error, 'More reviews could not be loaded.')}
              </p>
            )}
            {more && (
              <Button
                variant="secondary"
                size="sm"
                className="mt-4"
                loading={all.isFetching}
                onClick={() => (showAll ? void all.fetchNextPage() : setShowAll(true))}
              >
                {showAll ? 'Show more reviews' : `Show all ${count} reviews`}
              </Button>
            )}
          </div>
        </div>
      )}
    </DetailSection>
  );
}
