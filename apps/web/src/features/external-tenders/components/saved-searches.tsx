import { useState } from 'react';
import { BellRing, BookmarkPlus, Trash2 } from 'lucide-react';
import type { SavedSearch } from '@brickyard/shared';
import { ConfirmDialog } from '@/components/listing';
import { Alert, Button, EmptyState, PageSpinner } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { formatPostedDate } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useDeleteSavedSearch } from '../api/delete-saved-search';
import type { useSavedSearches } from '../api/list-saved-searches';
import { useUpdateSavedSearch } from '../api/update-saved-search';
import { describeCriteria } from './criteria';

/** The supplier's saved feed searches: run one, switch its email alerts, delete it. */
export function SavedSearches({
  query,
  onApply,
  onSaveCurrent,
}: {
  query: ReturnType<typeof useSavedSearches>;
  onApply: (s: SavedSearch) => void;
  onSaveCurrent: () => void;
}) {
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <Alert tone="danger" title="We could not load your saved searches">
        {errorMessage(query.error)}{' '}
        <Button variant="link" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const items = query.data.data;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={BookmarkPlus}
        title="No saved searches yet"
        description="Search the feed, set the filters you care about and save the search: new tenders that match it raise a notification, and an email if you want one."
        action={<Button onClick={onSaveCurrent}>Save the current search</Button>}
      />
    );
  }

  return (
    <>
      <ul className="space-y-3" aria-label="Saved searches">
        {items.map((s) => {
          const summary = describeCriteria(s.criteria);
          return (
            <li key={s.id} className="rounded-xl border border-ink-200 bg-white p-4 shadow-card">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <h3 className="font-semibold text-ink-900">{s.name}</h3>
                  <p className="mt-1 text-sm text-ink-600">
                    {summary.length ? summary.join(' · ') : 'Every tender in the feed'}
                  </p>
                  <p className="mt-1 text-xs text-ink-500">
                    Saved {formatPostedDate(s.createdAt)}
                    {s.lastAlertAt && ` · last alert ${formatPostedDate(s.lastAlertAt)}`}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <label className="inline-flex h-8 items-center gap-2 rounded-md px-2 text-sm text-ink-700 hover:bg-ink-50">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-600"
                      checked={s.emailAlerts}
                      disabled={update.isPending && update.variables?.id === s.id}
                      onChange={(e) =>
                        update.mutate(
                          { id: s.id, body: { name: s.name, criteria: s.criteria, emailAlerts: e.target.checked } },
                          {
                            onError: (err) =>
                              notify.error(errorMessage(err, 'The alert setting could not be changed.')),
                          },
                        )
                      }
                    />
                    <BellRing className="size-4 text-ink-400" aria-hidden="true" />
                    Email alerts
                  </label>
                  <Button variant="secondary" size="sm" onClick={() => onApply(s)}>
                    Run search
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete ${s.name}`}
                    onClick={() => setDeleting(s)}
                    leftIcon={<Trash2 className="size-4" aria-hidden="true" />}
                  >
                    Delete
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={!!deleting}
        title="Delete this saved search?"
        description={deleting ? `You will no longer get alerts for “${deleting.name}”.` : undefined}
        confirmLabel="Delete search"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify.success('Saved search deleted');
              setDeleting(null);
            },
            onError: (err) => notify.error(errorMessage(err, 'The search could not be deleted.')),
          })
        }
      />
    </>
  );
}
