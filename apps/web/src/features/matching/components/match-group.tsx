import { Link } from 'react-router';
import { FileText, Package } from 'lucide-react';
import { categoryName, type Match, type MatchGroup, type TenderStatus } from '@brickyard/shared';
import {
  MatchCard,
  MatchLimitNotice,
  aboutMatch,
  isOwnListing,
  matchTarget,
  type ConnectFn,
  type MatchViewer,
} from '@/components/matching';
import { TenderStatusBadge } from '@/components/listing';
import { Card, CardBody, CardHeader } from '@/components/ui';
import { paths } from '@/lib/paths';

/**
 * One of the caller's tenders (buyer) or catalogue items (supplier) with its matches, best first.
 * `matches` is the group's list after the screen's filters.
 */
export function MatchGroupCard({
  group,
  matches,
  viewer,
  filtered,
  onOpenDialog,
  onConnect,
}: {
  group: MatchGroup;
  matches: Match[];
  viewer: MatchViewer;
  filtered: boolean;
  onOpenDialog: (match: Match) => void;
  onConnect: ConnectFn;
}) {
  const s = group.subject;
  const href = s.kind === 'tender' ? paths.buyer.tender(s.id) : paths.supplier.catalogueItem(s.id);
  const Icon = s.kind === 'tender' ? FileText : Package;
  const headingId = `group-${s.id}`;
  const count = `${group.total} ${group.total === 1 ? 'match' : 'matches'}`;

  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader className="items-center">
          <div className="flex min-w-0 items-start gap-3">
            <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-ink-100 text-ink-600">
              <Icon className="size-4.5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="text-xs font-medium tracking-wide text-ink-500 uppercase">
                {s.kind === 'tender' ? 'Your tender' : 'Your catalogue item'} · {categoryName(s.category)}
              </p>
              <h2 id={headingId} className="mt-0.5 text-base font-semibold text-ink-900">
                <Link to={href} className="underline-offset-4 hover:underline">
                  {s.title}
                </Link>
              </h2>
            </div>
          </div>
          <div className="flex items-center gap-2">
            {s.kind === 'tender' && s.status && <TenderStatusBadge status={s.status as TenderStatus} />}
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset">
              {count}
            </span>
          </div>
        </CardHeader>
        <CardBody>
          {group.limited && (
            <MatchLimitNotice
              shown={group.matches.length}
              total={group.total}
              viewer={viewer}
              compact
              className="mb-4"
            />
          )}
          {matches.length === 0 ? (
            <p className="text-sm text-ink-500">
              {filtered && group.matches.length > 0
                ? 'None of these matches fit your search and filters.'
                : s.kind === 'tender'
                  ? 'No supplier matches this tender yet. Matches appear as suppliers list items that fit it.'
                  : 'No open tender matches this item yet. Matches appear as buyers publish tenders that fit it.'}
            </p>
          ) : (
            <ul className="divide-y divide-ink-100" aria-label={`Matches for ${s.title}`}>
              {matches.map((m) => (
                <li key={m.counterpart.id} className="py-4 first:pt-0 last:pb-0">
                  <MatchCard
                    match={m}
                    target={matchTarget(m, viewer, true)}
                    onOpenDialog={(_, match) => onOpenDialog(match)}
                    onConnect={(userId, match) => onConnect(userId, aboutMatch(match, s))}
                    canConnect={!isOwnListing(m)}
                    maxChips={6}
                  />
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </section>
  );
}
