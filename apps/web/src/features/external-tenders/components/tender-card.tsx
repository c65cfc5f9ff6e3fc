import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { Building2, Info, MapPin, Tag } from 'lucide-react';
import { MarkedText } from '@/components/ui';
import { formatCpv, formatMoney, type ExternalTender } from '@brickyard/shared';
import { formatPostedDate } from '@/lib/format';
import { ClosingDate, ORIGIN_LABELS, StatusBadge } from './display';
import { FavouriteButton } from './favourite-button';
import { DemoDatesBadge } from './feed-status';
import { paths } from '@/lib/paths';

/** One result of the live feed: title, buyer, value with its currency symbol, location, closing date. */
export function TenderCard({ tender }: { tender: ExternalTender }) {
  const titleId = useId();
  const location = useLocation();
  // Open and closed are said by the closing badge; other statuses (complete, cancelled…) get their own.
  const showStatus = tender.status !== 'open' && tender.status !== 'closed';
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-xl border border-ink-200 bg-white p-4 shadow-card transition-colors hover:border-ink-300 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-base leading-snug font-semibold text-ink-900">
            <Link
              to={paths.supplier.externalTender(tender.id)}
              state={{ back: location.pathname + location.search }}
              className="hover:text-brand-700 hover:underline"
            >
              {tender.match ? <MarkedText runs={tender.match.title} /> : tender.title}
            </Link>
          </h3>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-ink-600">
            <Building2 className="size-4 shrink-0 text-ink-400" aria-hidden="true" />
            <span className="truncate">{tender.buyerName ?? 'Buyer not specified'}</span>
          </p>
        </div>
        <FavouriteButton tender={tender} className="-mt-1.5 -mr-1.5" />
      </div>

      {tender.match && (
        <div className="mt-3 space-y-1.5 text-sm">
          {tender.match.snippet.some((r) => r.text.trim()) && (
            <p className="line-clamp-3 text-ink-700">
              <MarkedText runs={tender.match.snippet} />
            </p>
          )}
          <p className="flex items-start gap-1.5 text-xs text-ink-600">
            <Info className="mt-0.5 size-3.5 shrink-0 text-ink-400" aria-hidden="true" />
            <span>
              <span className="font-medium text-ink-700">Why this result: </span>
              {tender.match.reason}
            </span>
          </p>
        </div>
      )}

      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(0,0.8fr)_minmax(0,1fr)_minmax(0,1.4fr)]">
        <div className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-ink-500 uppercase">Value</dt>
          <dd className="mt-0.5 font-semibold text-ink-900 tabular-nums">
            {formatMoney(tender.amount, tender.currency)}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-ink-500 uppercase">Location</dt>
          <dd className="mt-0.5 flex items-start gap-1 text-ink-800">
            <MapPin className="mt-0.5 size-3.5 shrink-0 text-ink-400" aria-hidden="true" />
            <span className="min-w-0 break-words">{tender.location ?? 'Not specified'}</span>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-ink-500 uppercase">Closing date</dt>
          <dd className="mt-0.5 flex flex-wrap items-center gap-1.5 text-ink-800">
            <ClosingDate tender={tender} />
            {showStatus && <StatusBadge status={tender.status} />}
            <DemoDatesBadge days={tender.demoShiftDays} />
          </dd>
        </div>
      </dl>

      {tender.cpv[0] && (
        // the main classification (OCDS lists the tender's own code first); the rest are on the notice
        <p className="mt-3 flex items-start gap-1.5 text-xs text-ink-600" data-testid="tender-cpv">
          <Tag className="mt-0.5 size-3.5 shrink-0 text-ink-400" aria-hidden="true" />
          <span className="min-w-0 break-words">
            <span className="sr-only">CPV: </span>
            {formatCpv(tender.cpv[0])}
            {tender.cpv.length > 1 ? ` (+${tender.cpv.length - 1} more)` : ''}
          </span>
        </p>
      )}

      <p className="mt-3 border-t border-ink-100 pt-3 text-xs text-ink-500">
        Source: {ORIGIN_LABELS[tender.origin]} · Updated {formatPostedDate(tender.date)}
      </p>
    </article>
  );
}
