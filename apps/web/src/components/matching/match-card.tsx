import { Link } from 'react-router';
import { Building2, ChevronRight, MapPin, MessageSquare } from 'lucide-react';
import { categoryName, regionName, type Match } from '@brickyard/shared';
import { DaysLeft, Money } from '@/components/listing';
import { Button } from '@/components/ui';
import { cn } from '@/lib/cn';
import { ReasonBreakdown, ReasonChips } from './reasons';
import { ScoreRing, ScoreTierLabel } from './score';
import type { MatchTarget } from './use-match-actions';

/** The facts of the other side in one line: price or budget, quantity, region, closing. */
function Facts({ match }: { match: Match }) {
  const c = match.counterpart;
  const items: React.ReactNode[] = [];
  if (c.kind === 'catalogue_item') {
    items.push(
      <span key="price">
        <span className="text-ink-500">Price </span>
        <Money pence={c.pricePence} className="font-semibold text-ink-900" />
      </span>,
    );
  } else {
    items.push(
      <span key="budget">
        <span className="text-ink-500">Budget </span>
        <Money pence={c.budgetPence} className="font-semibold text-ink-900" />
      </span>,
    );
  }
  if (c.quantity != null) {
    items.push(
      <span key="qty">
        <span className="text-ink-500">{c.kind === 'tender' ? 'Needs ' : 'Stock '}</span>
        <span className="tabular-nums">{c.quantity.toLocaleString('en-GB')}</span>
      </span>,
    );
  }
  items.push(
    <span key="region" className="inline-flex items-center gap-1">
      <MapPin className="size-3.5 text-ink-400" aria-hidden="true" />
      {regionName(c.region)}
    </span>,
  );
  if (c.kind === 'tender' && c.deadline)
    items.push(<DaysLeft key="deadline" deadline={c.deadline} className="text-sm" />);
  return <p className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-700">{items}</p>;
}

/**
 * One match: score ring, the other side's listing and company, why it matches (chips, then a
 * full breakdown on demand), and the Connect action.
 */
export function MatchCard({
  match,
  target,
  onOpenDialog,
  onConnect,
  canConnect = true,
  maxChips,
  className,
}: {
  match: Match;
  target: MatchTarget;
  onOpenDialog?: (itemId: string, match: Match) => void;
  onConnect?: (userId: string, match: Match) => void;
  canConnect?: boolean;
  maxChips?: number;
  className?: string;
}) {
  const c = match.counterpart;
  const titleClasses =
    'text-left text-base font-semibold text-ink-900 underline-offset-4 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 rounded-sm';
  const title =
    target.kind === 'route' ? (
      <Link to={target.to} state={target.state} className={titleClasses}>
        {c.title}
      </Link>
    ) : (
      <button type="button" className={titleClasses} onClick={() => onOpenDialog?.(target.itemId, match)}>
        {c.title}
      </button>
    );
  const openLabel = c.kind === 'tender' ? 'View tender' : 'View item';

  return (
    <article aria-label={c.title} className={cn('flex gap-3 sm:gap-4', className)}>
      <div className="flex flex-col items-center gap-1 pt-0.5">
        <ScoreRing score={match.score} />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <ScoreTierLabel score={match.score} />
          <span className="text-xs text-ink-400" aria-hidden="true">
            ·
          </span>
          <span className="text-xs text-ink-500">{categoryName(c.category)}</span>
        </div>
        <h3 className="mt-0.5 leading-snug">{title}</h3>
        <p className="mt-0.5 flex items-center gap-1.5 text-sm text-ink-600">
          <Building2 className="size-3.5 shrink-0 text-ink-400" aria-hidden="true" />
          {/* the company's profile, in the viewer's own area (a tender is seen by a supplier, an item by a buyer) */}
          <Link
            to={`/${c.kind === 'tender' ? 'supplier' : 'buyer'}/profile`}
            state={{ userId: c.userId }}
            className="min-w-0 truncate underline-offset-4 hover:text-brand-800 hover:underline"
            aria-label={`${c.companyName}: company profile`}
          >
            {c.companyName}
          </Link>
        </p>
        <Facts match={match} />
        <ReasonChips reasons={match.reasons} max={maxChips} className="mt-3" />
        <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <ReasonBreakdown reasons={match.reasons} className="min-w-0 flex-1 basis-64" />
          <div className="flex shrink-0 gap-2 self-start">
            {target.kind === 'route' ? (
              <Link
                to={target.to}
                state={target.state}
                className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-sm font-semibold text-ink-700 hover:bg-ink-100"
              >
                {openLabel}
                <ChevronRight className="size-4" aria-hidden="true" />
                <span className="sr-only">: {c.title}</span>
              </Link>
            ) : (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onOpenDialog?.(target.itemId, match)}
                aria-label={`${openLabel}: ${c.title}`}
              >
                {openLabel}
                <ChevronRight className="size-4" aria-hidden="true" />
              </Button>
            )}
            {onConnect && canConnect && (
              <Button
                variant="dark"
                size="sm"
                onClick={() => onConnect(c.userId, match)}
                leftIcon={<MessageSquare className="size-4" aria-hidden="true" />}
                aria-label={`Connect with ${c.companyName} about ${c.title}`}
              >
                Connect
              </Button>
            )}
          </div>
        </div>
      </div>
    </article>
  );
}
