import type { FeedStatus } from '@brickyard/shared';
import { Alert, Badge } from '@/components/ui';
import { formatUkDateTime } from '@/lib/format';

/**
 * The feed's freshness under the Live Feed's title: when it last imported and how many notices
 * are open; a warning once that import is stale; and, on a demo install, that the notices are
 * real ones whose dates the demo moved (never on a production feed, whose dates are as published).
 */
export function FeedStatusBar({ status }: { status: FeedStatus }) {
  const last = status.lastImportedAt ? formatUkDateTime(status.lastImportedAt) : null;
  return (
    <div className="mb-5 space-y-3" data-testid="feed-status">
      <p className="text-sm text-ink-600">
        {last ? <>Last imported {last}</> : 'Nothing imported yet'} · {status.open.toLocaleString('en-GB')} open for
        bids of {status.total.toLocaleString('en-GB')} notices
      </p>
      {status.stale && (
        <Alert tone="warning" title="The feed may be out of date">
          {last
            ? `No new notices have been imported for over ${status.staleAfterHours} hours, so some notices may have changed or closed since. Check the source before you bid.`
            : 'The feed has not imported any notices yet.'}
        </Alert>
      )}
      {status.demoNotices > 0 && (
        <Alert tone="info" title="Demo data">
          These are real published notices, but this demo moved their dates into the coming weeks so that some are open
          for bids. Their real deadlines have passed: do not bid on them.
        </Alert>
      )}
    </div>
  );
}

/** Marks a notice whose dates the demo moved. */
export function DemoDatesBadge({ days }: { days: number | null }) {
  if (days === null) return null;
  return (
    <Badge tone="warning" title={`Demo data: the dates of this real notice were moved ${days} days forward`}>
      Demo dates
    </Badge>
  );
}
