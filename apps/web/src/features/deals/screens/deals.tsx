import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Award, CircleDashed, Handshake, Hourglass, PackageCheck, XCircle } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { CONTRACT_STATUSES, type Contract, type ContractStatus, type ContractTotals } from '@brickyard/shared';
import { AwardDialog, CONTRACT_STATUS_LABELS } from '@/components/deals';
import { ConfirmDialog, Pagination } from '@/components/listing';
import {
  Alert,
  Button,
  ButtonLink,
  Card,
  EmptyState,
  PageHeader,
  PageSpinner,
  Spinner,
  Tabs,
  TextareaField,
  type TabItem,
} from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { formatPence } from '@/lib/format';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useCompleteDeal } from '../api/complete-deal';
import { useContracts } from '../api/list-contracts';
import { useUpdateContract } from '../api/update-contract';
import type { DealStep } from '../deal-steps';
import { DealCard } from '../components/deal-card';
import { EditProposalDialog } from '../components/edit-proposal-dialog';
import { ReviewDialog } from '../components/review-dialog';
import { paths } from '@/lib/paths';

const PAGE_SIZE = 10;
type Tab = 'all' | ContractStatus;

const EMPTY_TEXT: Record<Tab, string> = {
  all: 'No deals yet',
  proposed: 'No proposals waiting',
  active: 'No active contracts',
  fulfilled: 'No fulfilled contracts yet',
  declined: 'No declined proposals',
  cancelled: 'No cancelled contracts',
};

function StatCard({
  icon: Icon,
  label,
  count,
  pence,
  tone,
}: {
  icon: LucideIcon;
  label: string;
  count: number;
  pence: number;
  tone: string;
}) {
  return (
    <Card className="p-4">
      <div className="flex items-center gap-2 text-sm font-medium text-ink-600">
        <span className={`flex size-7 items-center justify-center rounded-lg ${tone}`}>
          <Icon className="size-4" aria-hidden="true" />
        </span>
        {label}
      </div>
      <p className="mt-2 text-xl font-bold text-ink-900 tabular-nums sm:text-2xl">{formatPence(pence)}</p>
      <p className="text-xs text-ink-500">
        {count} {count === 1 ? 'contract' : 'contracts'}
      </p>
    </Card>
  );
}

function Totals({ totals }: { totals: ContractTotals }) {
  const closed = {
    count: totals.declined.count + totals.cancelled.count,
    pence: totals.declined.valuePence + totals.cancelled.valuePence,
  };
  return (
    <section aria-label="Deal totals" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        icon={Hourglass}
        label="Proposed"
        count={totals.proposed.count}
        pence={totals.proposed.valuePence}
        tone="bg-amber-50 text-amber-700"
      />
      <StatCard
        icon={CircleDashed}
        label="Active"
        count={totals.active.count}
        pence={totals.active.valuePence}
        tone="bg-emerald-50 text-emerald-700"
      />
      <StatCard
        icon={PackageCheck}
        label="Fulfilled"
        count={totals.fulfilled.count}
        pence={totals.fulfilled.valuePence}
        tone="bg-sky-50 text-sky-700"
      />
      <StatCard
        icon={XCircle}
        label="Declined or cancelled"
        count={closed.count}
        pence={closed.pence}
        tone="bg-ink-100 text-ink-600"
      />
    </section>
  );
}

type Confirm = { step: 'accept' | 'decline' | 'cancel' | 'complete'; contract: Contract };

/** Deals: /buyer/deals, /supplier/deals and /supplier/contracts — contracts by status with their next steps. */
export function DealsScreen() {
  const session = useSession();
  const role = session?.role === 'supplier' ? 'supplier' : 'buyer';
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status') ?? '';
  const tab: Tab = (CONTRACT_STATUSES as readonly string[]).includes(statusParam)
    ? (statusParam as ContractStatus)
    : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useContracts(session?.id, { page, pageSize: PAGE_SIZE, status: tab === 'all' ? undefined : tab });

  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [reason, setReason] = useState('');
  const [reviewing, setReviewing] = useState<Contract | null>(null);
  const [editing, setEditing] = useState<Contract | null>(null);
  const [awarding, setAwarding] = useState(false);
  const update = useUpdateContract();
  const complete = useCompleteDeal();
  const busy = update.isPending || complete.isPending;

  const setQuery = (patch: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  function onStep(step: DealStep, c: Contract) {
    if (step === 'review') setReviewing(c);
    else if (step === 'update') setEditing(c);
    else {
      setReason('');
      setConfirm({ step, contract: c });
    }
  }

  function runConfirm() {
    if (!confirm) return;
    const { step, contract: c } = confirm;
    const done = (message: string) => () => {
      setConfirm(null);
      notify.success(message);
    };
    const failed = (fallback: string) => (err: unknown) => {
      setConfirm(null);
      notify.error(errorMessage(err, fallback));
    };
    if (step === 'complete') {
      complete.mutate(c.tenderId!, {
        onSuccess: done('Contract fulfilled. You can now review the supplier.'),
        onError: failed('We could not complete the contract. Please try again.'),
      });
      return;
    }
    const body =
      step === 'accept'
        ? ({ action: 'accept' } as const)
        : ({ action: step, ...(reason.trim() ? { reason: reason.trim() } : {}) } as const);
    const messages = {
      accept: 'Contract accepted',
      decline: 'Proposal declined',
      cancel: 'Contract cancelled',
    } as const;
    update.mutate(
      { id: c.id, body },
      { onSuccess: done(messages[step]), onError: failed(`We could not ${step} the contract. Please try again.`) },
    );
  }

  const totals = list.data?.meta.totals;
  const tabs: TabItem<Tab>[] = [
    { value: 'all', label: `All${totals ? ` (${Object.values(totals).reduce((n, t) => n + t.count, 0)})` : ''}` },
    ...CONTRACT_STATUSES.map((s) => ({
      value: s,
      label: `${CONTRACT_STATUS_LABELS[s]}${totals ? ` (${totals[s].count})` : ''}`,
    })),
  ];
  const rows = list.data?.data ?? [];

  const dialogs: Record<
    Confirm['step'],
    { title: string; description: string; label: string; tone: 'primary' | 'danger' }
  > = {
    accept: {
      title: 'Accept this contract?',
      description: 'The contract becomes active and the buyer is told you will deliver it.',
      label: 'Accept contract',
      tone: 'primary',
    },
    decline: {
      title: 'Decline this proposal?',
      description: 'The buyer is told and the tender opens to other suppliers again.',
      label: 'Decline proposal',
      tone: 'danger',
    },
    cancel: {
      title: 'Cancel this contract?',
      description: 'The supplier is told and the tender opens again for other suppliers.',
      label: 'Cancel contract',
      tone: 'danger',
    },
    complete: {
      title: 'Mark this contract complete?',
      description: 'The tender becomes fulfilled and both of you are invited to leave a review.',
      label: 'Mark complete',
      tone: 'primary',
    },
  };
  const d = confirm ? dialogs[confirm.step] : null;

  return (
    <>
      <PageHeader
        title="Deals"
        description={
          role === 'buyer'
            ? 'Contracts you have awarded to suppliers, from proposal to fulfilment.'
            : 'Contracts buyers have awarded to you: accept or decline proposals and follow them to fulfilment.'
        }
        actions={
          role === 'buyer' ? (
            <Button onClick={() => setAwarding(true)} leftIcon={<Award className="size-4" aria-hidden="true" />}>
              Award a tender
            </Button>
          ) : undefined
        }
      />

      {list.isPending && !list.data ? (
        <PageSpinner />
      ) : list.isError && !list.data ? (
        <Alert tone="danger" title="Your deals could not be loaded">
          {errorMessage(list.error, 'Please try again in a moment.')}
          <Button size="sm" variant="secondary" className="mt-3" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          {totals && <Totals totals={totals} />}
          <Tabs
            label="Deals by status"
            items={tabs}
            value={tab}
            onChange={(v) => setQuery({ status: v === 'all' ? undefined : v, page: undefined })}
          >
            {rows.length === 0 ? (
              <EmptyState
                icon={Handshake}
                title={EMPTY_TEXT[tab]}
                description={
                  tab !== 'all'
                    ? 'Deals with this status will be listed here.'
                    : role === 'buyer'
                      ? 'Award one of your active tenders to a supplier and the contract is tracked here.'
                      : 'When a buyer awards you a tender, the proposal appears here for you to accept or decline.'
                }
                action={
                  tab === 'all' ? (
                    role === 'buyer' ? (
                      <Button onClick={() => setAwarding(true)}>Award a tender</Button>
                    ) : (
                      <ButtonLink to={paths.supplier.connect} variant="secondary">
                        Find buyers
                      </ButtonLink>
                    )
                  ) : undefined
                }
              />
            ) : (
              // While another tab's or page's deals load, the ones on screen stay readable (dimming
              // them took the muted labels below 4.5:1 contrast) and a line says what is coming.
              <div aria-busy={list.isFetching || undefined}>
                {list.isPlaceholderData && (
                  <p className="mb-3 flex items-center gap-2 text-sm text-ink-600">
                    <Spinner className="text-ink-500 [&_svg]:size-4" label="Loading deals" />
                    <span aria-hidden="true">Loading deals…</span>
                  </p>
                )}
                <ul className="space-y-3" aria-label="Deals">
                  {rows.map((c) => (
                    <li key={c.id}>
                      <DealCard contract={c} onStep={onStep} />
                    </li>
                  ))}
                </ul>
                <Pagination
                  page={page}
                  pageSize={PAGE_SIZE}
                  total={list.data?.meta.total ?? 0}
                  noun="deals"
                  onPage={(p) => setQuery({ page: p > 1 ? String(p) : undefined })}
                />
              </div>
            )}
          </Tabs>
        </>
      )}

      {confirm && d && (
        <ConfirmDialog
          open
          title={d.title}
          description={`“${confirm.contract.tenderTitle}” with ${confirm.contract.counterparty?.companyName ?? 'the other party'}, ${formatPence(confirm.contract.valuePence)}.`}
          confirmLabel={d.label}
          tone={d.tone}
          busy={busy}
          onClose={() => setConfirm(null)}
          onConfirm={runConfirm}
        >
          <div className="space-y-3">
            <p className="text-sm text-ink-600">{d.description}</p>
            {(confirm.step === 'decline' || confirm.step === 'cancel') && (
              <TextareaField
                label="Reason"
                optional
                rows={3}
                maxLength={1000}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                hint="Shared with the other party"
              />
            )}
          </div>
        </ConfirmDialog>
      )}
      <ReviewDialog contract={reviewing} onClose={() => setReviewing(null)} />
      <EditProposalDialog contract={editing} onClose={() => setEditing(null)} />
      {role === 'buyer' && <AwardDialog open={awarding} onClose={() => setAwarding(false)} />}
    </>
  );
}
