import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import { PLANS } from '@brickyard/shared';
import { ButtonLink } from '@/components/ui';
import { cn } from '@/lib/cn';
import type { MatchViewer } from './use-match-actions';

/**
 * docs/product.md section 9: Core shows 3 matches per tender or listing. When the plan hides some
 * (`limited`), say how many there are and offer the upgrade.
 */
export function MatchLimitNotice({
  shown,
  total,
  viewer,
  compact = false,
  className,
}: {
  shown: number;
  total: number;
  viewer: MatchViewer;
  /** a text link instead of a button, where a page-level prompt already offers the upgrade */
  compact?: boolean;
  className?: string;
}) {
  const billing = `/${viewer}/settings/billing`;
  const hidden = Math.max(0, total - shown);
  return (
    <div
      role="note"
      className={cn(
        'flex flex-col gap-2 rounded-lg border border-brand-200 bg-brand-50 px-4 sm:flex-row sm:items-center sm:justify-between',
        compact ? 'py-2.5' : 'py-3',
        className,
      )}
    >
      <p className="flex items-start gap-2.5 text-sm text-ink-800">
        <Lock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
        <span>
          <span className="font-semibold">
            Showing {shown} of {total} matches.
          </span>{' '}
          Your {PLANS.CORE.name} plan shows {PLANS.CORE.limits.matchesPerItem} per tender or listing; upgrade to{' '}
          {PLANS.GROWTH.name} to see {hidden === 1 ? 'the other match' : `the other ${hidden}`}.
        </span>
      </p>
      {compact ? (
        <Link
          to={billing}
          className="shrink-0 self-start text-sm font-semibold text-brand-800 underline-offset-4 hover:underline sm:self-auto"
        >
          Upgrade to see all
        </Link>
      ) : (
        <ButtonLink to={billing} size="sm" className="self-start sm:self-auto">
          Upgrade plan
        </ButtonLink>
      )}
    </div>
  );
}
