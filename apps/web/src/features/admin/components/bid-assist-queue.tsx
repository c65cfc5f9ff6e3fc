import { useState } from 'react';
import { ChevronDown, ChevronUp, Mail } from 'lucide-react';
import {
  BID_ASSIST_STATUS_LABELS,
  BID_ASSIST_STATUSES,
  storageKeyFromUrl,
  type Attachment,
  type BidAssistRequest,
  type BidAssistStatus,
} from '@brickyard/shared';
import { BidPackView, BidReply, BidStatusBadge, VerdictBadge } from '@/components/bid-pack';
import { FileUpload } from '@/components/files/file-upload';
import { DateText, Pagination } from '@/components/listing';
import { Alert, Button, Card, CardBody, CardHeader, CardTitle, Spinner, Tabs, TextareaField } from '@/components/ui';
import { errorMessage, fieldErrorsOf } from '@/lib/api';
import { notify } from '@/lib/toast';
import { useAdminBidAssistRequest } from '../api/get-bid-assist-request';
import { useBidAssistQueue } from '../api/list-bid-assist-queue';
import { useUpdateBidAssistRequest } from '../api/update-bid-assist-request';

type Filter = 'open' | BidAssistStatus;

/**
 * The support team's Bid Assist queue on the admin dashboard (docs/product.md section 1): requests move
 * submitted → in review → completed with a reply and an optional attachment; the supplier is
 * notified of each move by the server.
 */
export function BidAssistQueue({ oldestOpenHours }: { oldestOpenHours: number | null }) {
  const [filter, setFilter] = useState<Filter>('open');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const q = useBidAssistQueue(filter === 'open' ? undefined : filter, page);
  const counts = q.data?.meta.counts;
  const items = [
    { value: 'open' as const, label: 'All' },
    ...BID_ASSIST_STATUSES.map((s) => ({
      value: s,
      label: `${BID_ASSIST_STATUS_LABELS[s]}${counts ? ` (${counts[s]})` : ''}`,
    })),
  ];

  return (
    <Card id="bid-assist" className="min-w-0 scroll-mt-24">
      <CardHeader>
        <div>
          <CardTitle>Bid Assist queue</CardTitle>
          <p className="mt-0.5 text-sm text-ink-500">
            {oldestOpenHours === null
              ? 'No request is waiting.'
              : `The oldest open request has waited ${oldestOpenHours} h.`}
          </p>
        </div>
      </CardHeader>
      <CardBody>
        <Tabs
          label="Filter requests by status"
          items={items}
          value={filter}
          onChange={(f) => {
            setFilter(f);
            setPage(1);
            setOpen(null);
          }}
        >
          <div>
            {q.isPending ? (
              <Spinner />
            ) : q.isError ? (
              <Alert tone="danger" title="We could not load the queue">
                {errorMessage(q.error)}
              </Alert>
            ) : q.data.data.length === 0 ? (
              <p className="py-6 text-center text-sm text-ink-500">No requests here.</p>
            ) : (
              <ul className="divide-y divide-ink-100">
                {q.data.data.map((r) => (
                  <QueueItem
                    key={r.id}
                    r={r}
                    expanded={open === r.id}
                    onToggle={() => setOpen(open === r.id ? null : r.id)}
                  />
                ))}
              </ul>
            )}
            {q.data && q.data.meta.total > q.data.meta.pageSize && (
              <div className="mt-4">
                <Pagination
                  page={page}
                  pageSize={q.data.meta.pageSize}
                  total={q.data.meta.total}
                  onPage={setPage}
                  noun="requests"
                />
              </div>
            )}
          </div>
        </Tabs>
      </CardBody>
    </Card>
  );
}

function QueueItem({ r, expanded, onToggle }: { r: BidAssistRequest; expanded: boolean; onToggle: () => void }) {
  const panelId = `queue-${r.id}`;
  return (
    <li className="py-4 first:pt-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-ink-900">{r.tender.title}</p>
          <p className="mt-0.5 text-xs text-ink-500">
            {r.supplier.companyName} · {r.supplier.name} ·{' '}
            <a href={`mailto:${r.supplier.email}`} className="inline-flex items-center gap-1 hover:underline">
              <Mail className="size-3" aria-hidden="true" />
              {r.supplier.email}
            </a>
          </p>
          <p className="mt-0.5 text-xs text-ink-500">
            Sent <DateText value={r.createdAt} /> · help by <DateText value={r.deadline} />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <BidStatusBadge status={r.status} />
          <VerdictBadge verdict={r.summary.verdict} />
          <span className="text-sm font-semibold text-ink-900">{r.summary.score}%</span>
        </div>
      </div>
      <p className="mt-2 text-sm whitespace-pre-wrap text-ink-700">{r.message}</p>
      <Button
        variant="ghost"
        size="sm"
        className="mt-2 -ml-2"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={onToggle}
        leftIcon={
          expanded ? (
            <ChevronUp className="size-4" aria-hidden="true" />
          ) : (
            <ChevronDown className="size-4" aria-hidden="true" />
          )
        }
      >
        {expanded ? 'Close' : r.status === 'completed' ? 'View' : 'Handle request'}
      </Button>
      {expanded && (
        <div id={panelId} className="mt-3 space-y-5 rounded-xl border border-ink-200 p-4">
          <Actions r={r} />
          <Pack id={r.id} />
        </div>
      )}
    </li>
  );
}

function Pack({ id }: { id: string }) {
  const q = useAdminBidAssistRequest(id);
  if (q.isPending) return <Spinner />;
  if (q.isError)
    return (
      <Alert tone="danger" title="We could not load the bid pack">
        {errorMessage(q.error)}
      </Alert>
    );
  return <BidPackView request={q.data} />;
}

function Actions({ r }: { r: BidAssistRequest }) {
  const update = useUpdateBidAssistRequest();
  const [reply, setReply] = useState(r.reply ?? '');
  const [files, setFiles] = useState<Attachment[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  if (r.status === 'completed') return <BidReply request={r} />;

  const startReview = async () => {
    try {
      await update.mutateAsync({ id: r.id, status: 'in_review' });
      notify.success('Request moved to in review');
    } catch (err) {
      notify.error(errorMessage(err));
    }
  };
  const complete = async () => {
    if (!reply.trim()) {
      setError('Write a reply to the supplier');
      return;
    }
    setError(undefined);
    try {
      await update.mutateAsync({
        id: r.id,
        status: 'completed',
        reply: reply.trim(),
        replyAttachmentKey: files[0] ? storageKeyFromUrl(files[0].url) : null,
      });
      notify.success('Reply sent and request completed');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields.reply) setError(fields.reply);
      else notify.error(errorMessage(err));
    }
  };

  if (r.status === 'submitted') {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void startReview()} loading={update.isPending}>
          Start review
        </Button>
        <p className="text-sm text-ink-500">The supplier is told the request is in review.</p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <TextareaField
        label="Reply to the supplier"
        rows={5}
        value={reply}
        onChange={(e) => setReply(e.target.value)}
        error={error}
      />
      <FileUpload
        label="Attachment"
        value={files}
        onChange={setFiles}
        uploadType="bid-assist-reply"
        hint="Optional: a marked-up draft or notes (one file)."
        maxFiles={1}
        onBusyChange={setBusy}
      />
      <Button onClick={() => void complete()} loading={update.isPending} disabled={busy}>
        Send reply and complete
      </Button>
    </div>
  );
}
