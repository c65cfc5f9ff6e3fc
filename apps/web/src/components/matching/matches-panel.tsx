import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Link2 } from 'lucide-react';
import type { Match } from '@brickyard/shared';
import { Button, Card, CardBody, CardDescription, CardHeader, CardTitle, Spinner } from '@/components/ui';
import { errorMessage, isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useRecommendations } from './api';
import { CatalogueMatchDialog } from './catalogue-match-dialog';
import { MatchCard } from './match-card';
import { MatchLimitNotice } from './match-limit-notice';
import { aboutMatch, isOwnListing, matchTarget, useConnect, type MatchViewer } from './use-match-actions';

/** Matches shown in a panel; the Connect screen lists them all. */
export const PANEL_LIMIT = 5;

function headingOf(subjectKind: 'tender' | 'catalogue_item', viewer: MatchViewer, owner: boolean) {
  if (subjectKind === 'tender' && viewer === 'buyer') {
    return {
      title: 'Matching suppliers',
      description: 'Catalogue items that fit this tender, best first, with the reasons behind each score.',
    };
  }
  if (subjectKind === 'tender') {
    return {
      title: 'Your items that fit this tender',
      description: 'Which of your catalogue items match it, and why.',
    };
  }
  if (owner)
    return {
      title: 'Matching tenders',
      description: 'Open tenders this item fits, best first, with the reasons behind each score.',
    };
  return { title: 'Your tenders this item fits', description: 'Which of your tenders it matches, and why.' };
}

/**
 * The matches of one tender or catalogue item (GET /api/tender/matches/recommendations/{id}),
 * for TenderDetails and the catalogue item detail. Renders nothing when the caller has no
 * matches to see for it (404).
 */
export function MatchesPanel({
  subjectId,
  viewer,
  owner,
  enabled = true,
  allowConnect = true,
  className,
}: {
  subjectId: string;
  viewer: MatchViewer;
  /** the caller owns the subject: its Connect group exists, so "See all in Connect" links to it */
  owner: boolean;
  enabled?: boolean;
  /**
   * Connect buttons on the cards. Off on the catalogue item detail, where docs/product.md section 2 keeps
   * Connect to the one button shown when coming from the connect page; the tender opens instead.
   */
  allowConnect?: boolean;
  className?: string;
}) {
  const query = useRecommendations(subjectId, PANEL_LIMIT, enabled);
  const connect = useConnect(viewer);
  const [preview, setPreview] = useState<Match | null>(null);

  if (!enabled) return null;
  if (query.isError && isApiError(query.error) && [401, 403, 404].includes(query.error.status)) return null;

  const group = query.data;
  const { title, description } = headingOf(
    group?.subject.kind ?? (viewer === 'buyer' ? 'tender' : 'catalogue_item'),
    viewer,
    owner,
  );
  const connectLink = owner ? `/${viewer}/connect?subject=${encodeURIComponent(subjectId)}` : `/${viewer}/connect`;
  const shown = group?.matches.length ?? 0;

  return (
    // An aside, not a section: it accompanies the detail's own sections rather than being one of them.
    <aside aria-label={title} className={className}>
      <Card>
        <CardHeader className="items-center">
          <div className="flex min-w-0 items-start gap-3">
            <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-200">
              <Link2 className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <CardTitle>{title}</CardTitle>
              <CardDescription>{description}</CardDescription>
            </div>
          </div>
          {group && group.total > 0 && (
            <Link
              to={connectLink}
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
            >
              {owner && group.total > shown && !group.limited ? `See all ${group.total} in Connect` : 'Open Connect'}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          )}
        </CardHeader>
        <CardBody>
          {query.isPending ? (
            <div className="flex justify-center py-6 text-ink-400">
              <Spinner label="Loading matches" />
            </div>
          ) : query.isError ? (
            <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-600">
              <p>{errorMessage(query.error, 'The matches could not be loaded.')}</p>
              <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </div>
          ) : group!.matches.length === 0 ? (
            <p className="text-sm text-ink-500">
              No matches yet. Matches appear as{' '}
              {group!.subject.kind === 'tender' && viewer === 'buyer'
                ? 'suppliers list items that fit'
                : 'tenders that fit are published'}
              ; they are scored on category, meaning, region, price, quantity, lead time, availability, certifications
              and track record.
            </p>
          ) : (
            <>
              {group!.limited && (
                <MatchLimitNotice shown={shown} total={group!.total} viewer={viewer} className="mb-4" />
              )}
              <ul
                className="divide-y divide-ink-100"
                aria-label={`${title}: ${group!.total} ${group!.total === 1 ? 'match' : 'matches'}`}
              >
                {group!.matches.map((m) => (
                  <li key={m.counterpart.id} className={cn('py-4 first:pt-0 last:pb-0')}>
                    <MatchCard
                      match={m}
                      target={matchTarget(m, viewer, false)}
                      onOpenDialog={(_, match) => setPreview(match)}
                      onConnect={
                        allowConnect ? (userId, match) => connect(userId, aboutMatch(match, group!.subject)) : undefined
                      }
                      canConnect={!isOwnListing(m)}
                      maxChips={4}
                    />
                  </li>
                ))}
              </ul>
            </>
          )}
        </CardBody>
      </Card>
      <CatalogueMatchDialog
        listing={preview?.counterpart ?? null}
        match={preview}
        viewer={viewer}
        onClose={() => setPreview(null)}
        onConnect={preview && group ? (userId) => connect(userId, aboutMatch(preview, group.subject)) : undefined}
      />
    </aside>
  );
}
