import { RotateCcw } from 'lucide-react';
import { formatUkDateTime, type FailedJob } from '@brickyard/shared';
import { Alert, Button, Card, CardBody, CardHeader, CardTitle, Spinner } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/toast';
import { useFailedJobs } from '../api/list-failed-jobs';
import { useRetryJob } from '../api/retry-job';

/** What each background job does, in the admin's words (the queue names are the server's). */
const JOB_LABELS: Record<string, string> = {
  mail: 'Email',
  'feed-import': 'Live feed import',
  'billing-lifecycle': 'Subscription renewals',
  'notification-digest': 'Notification digest',
  matching: 'Match scoring',
};

/**
 * Background jobs that used up their retries (a mail the SMTP server kept refusing, a feed import
 * that crashed): what, why, how many attempts, when — and Retry, which queues it again.
 */
export function FailedJobs() {
  const q = useFailedJobs();
  return (
    <Card id="failed-jobs" className="min-w-0 scroll-mt-24">
      <CardHeader>
        <div>
          <CardTitle>Failed jobs</CardTitle>
          <p className="mt-0.5 text-sm text-ink-500">
            Background work that failed after every retry. Fix the cause (e.g. the mail server), then retry.
          </p>
        </div>
        {q.data && q.data.length > 0 && <span className="text-sm text-ink-500">{q.data.length} failed</span>}
      </CardHeader>
      <CardBody>
        {q.isPending ? (
          <Spinner />
        ) : q.isError ? (
          <Alert tone="danger" title="We could not load the failed jobs">
            {errorMessage(q.error)}
          </Alert>
        ) : q.data.length === 0 ? (
          <p className="text-sm text-ink-500">No failed jobs. Every mail and scheduled job went through.</p>
        ) : (
          <ul className="divide-y divide-ink-100">
            {q.data.map((job) => (
              <FailedJobItem key={job.id} job={job} />
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

function FailedJobItem({ job }: { job: FailedJob }) {
  const retry = useRetryJob();
  const label = JOB_LABELS[job.name] ?? job.name;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-ink-900">
          {label}
          {job.about && <span className="font-normal text-ink-600"> · {job.about}</span>}
        </p>
        <p className="mt-0.5 break-words text-sm text-red-700">{job.error}</p>
        <p className="mt-0.5 text-xs text-ink-500">
          {job.attempts} {job.attempts === 1 ? 'attempt' : 'attempts'} · failed{' '}
          {formatUkDateTime(job.failedAt ?? job.createdAt)}
        </p>
      </div>
      <Button
        size="sm"
        variant="secondary"
        loading={retry.isPending}
        aria-label={`Retry: ${label}${job.about ? ` (${job.about})` : ''}`}
        onClick={() =>
          retry.mutate(job.id, {
            onSuccess: () => notify.success(`${label} queued again.`),
            onError: (err) => notify.error(errorMessage(err)),
          })
        }
      >
        <RotateCcw className="size-4" aria-hidden="true" />
        Retry
      </Button>
    </li>
  );
}
