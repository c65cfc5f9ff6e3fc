import { useState } from 'react';
import { FileSignature, Pencil, Undo2 } from 'lucide-react';
import { EDITABLE_RESPONSE_STATUSES, type Tender } from '@brickyard/shared';
import { ConfirmDialog, DaysLeft } from '@/components/listing';
import { Alert, Button, EmptyState, Spinner } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/toast';
import { useTenderResponses } from '../api/list-tender-responses';
import { useWithdrawResponse } from '../api/withdraw-response';
import { ResponseForm } from '../components/response-form';
import { ResponseSummary } from '../components/response-summary';

/** A tender takes responses while active and before its deadline. */
export function takingResponses(t: Tender): boolean {
  return t.status === 'active' && (!t.deadline || new Date(t.deadline).getTime() > Date.now());
}

/** The supplier's side of /supplier/tender/{id}: their response, its form, change and withdraw until the deadline. */
export function SupplierResponsePanel({ tender }: { tender: Tender }) {
  const list = useTenderResponses(tender.id);
  const withdraw = useWithdrawResponse();
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const open = takingResponses(tender);

  if (list.isPending) return <Spinner className="text-ink-400" />;
  if (list.isError)
    return <Alert tone="danger">{errorMessage(list.error, 'Your response could not be loaded.')}</Alert>;
  const live = list.data.data.find((r) => r.status !== 'withdrawn');
  const editable = !!live && EDITABLE_RESPONSE_STATUSES.includes(live.status) && open;

  if (editing && open && (!live || editable)) {
    return <ResponseForm tender={tender} initial={live} onDone={() => setEditing(false)} />;
  }
  if (!live) {
    // No response yet: the form at once, so "Submit a response" is one click away.
    return open ? (
      <div className="space-y-4">
        <Alert tone="info" title="Submit a response">
          Price the work, answer the buyer’s requirements and attach your documents. You can save a draft, and change or
          withdraw your response until the deadline
          {tender.deadline && <DaysLeft deadline={tender.deadline} className="ml-1" />}.
        </Alert>
        <ResponseForm tender={tender} onDone={() => setEditing(false)} />
      </div>
    ) : (
      <EmptyState
        icon={FileSignature}
        title="Responses are closed"
        description="This tender no longer takes responses."
      />
    );
  }
  return (
    <div className="space-y-4">
      {live.status === 'draft' && open && (
        <Alert tone="info">This response is a draft: the buyer will not see it until you submit it.</Alert>
      )}
      <ResponseSummary tender={tender} response={live} />
      {editable && (
        <div className="flex flex-wrap gap-2 border-t border-ink-200 pt-4">
          <Button onClick={() => setEditing(true)} leftIcon={<Pencil className="size-4" aria-hidden="true" />}>
            {live.status === 'draft' ? 'Continue the draft' : 'Change response'}
          </Button>
          <Button
            variant="secondary"
            onClick={() => setConfirm(true)}
            leftIcon={<Undo2 className="size-4" aria-hidden="true" />}
          >
            Withdraw
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirm}
        title="Withdraw your response?"
        description="The buyer will no longer see it. You can submit a new response until the deadline."
        confirmLabel="Withdraw response"
        busy={withdraw.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          withdraw.mutate(live.id, {
            onSuccess: () => {
              setConfirm(false);
              notify.success('Response withdrawn');
            },
            onError: (err) => {
              setConfirm(false);
              notify.error(errorMessage(err, 'We could not withdraw the response.'));
            },
          })
        }
      />
    </div>
  );
}
