import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ChevronDown, ChevronUp, Search, Sparkles } from 'lucide-react';
import {
  formatMoney,
  storageKeyFromUrl,
  type Attachment,
  type BidAssistRequest,
  type BidAssistTarget,
} from '@brickyard/shared';
import { BidPackView, BidReply, BidStatusBadge, VerdictBadge } from '@/components/bid-pack';
import { UsageMeter } from '@/components/charts';
import { FileUpload } from '@/components/files/file-upload';
import { DateText, DaysLeft, Pagination } from '@/components/listing';
import {
  Alert,
  Button,
  ButtonLink,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  EmptyState,
  Input,
  PageHeader,
  PageSpinner,
  Segmented,
  Spinner,
  TextField,
  TextareaField,
} from '@/components/ui';
import { errorMessage, isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { zodResolver } from '@/lib/form';
import { applyServerErrors } from '@/lib/server-errors';
import { notify } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useCreateBidAssistRequest } from '../api/create-bid-assist-request';
import { useBidAssistRequest } from '../api/get-bid-assist-request';
import { useBidAssistRequests, type BidAssistHistory } from '../api/list-bid-assist-requests';
import { useBidAssistTargets } from '../api/search-bid-assist-targets';
import { paths } from '@/lib/paths';

/** docs/product.md section 8 fallback message. */
const FAILED = 'Bid Assist submission failed. Please try again.';

const todayIso = () => new Date().toISOString().slice(0, 10);

/** The tender a link handed over in its state (`{ bidAssistTarget: { kind, id, title } }`), if any. */
function targetFromState(state: unknown): { kind: 'tender' | 'external'; id: string; title: string } | null {
  const t = (state as { bidAssistTarget?: unknown } | null)?.bidAssistTarget as
    { kind?: unknown; id?: unknown; title?: unknown } | undefined;
  if (!t || (t.kind !== 'tender' && t.kind !== 'external') || typeof t.id !== 'string' || typeof t.title !== 'string')
    return null;
  return { kind: t.kind, id: t.id, title: t.title };
}

const formSchema = z.object({
  target: z
    .object(
      { kind: z.enum(['tender', 'external']), id: z.string(), title: z.string() },
      { error: 'Choose the tender you want help with' },
    )
    .nullable()
    .refine((v) => v !== null, 'Choose the tender you want help with'),
  message: z
    .string()
    .trim()
    .min(10, 'Please tell us a little more (at least 10 characters)')
    .max(5000, 'Keep it under 5,000 characters'),
  deadline: z
    .string()
    .min(1, 'Choose the date you need help by')
    .refine((d) => d >= todayIso(), 'Choose a date in the future'),
});
type FormValues = z.input<typeof formSchema>;

export function BidAssistScreen() {
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const history = useBidAssistRequests(page);
  const open = params.get('request');
  const setOpen = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('request', id);
        else next.delete('request');
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title="Bid Assist"
        description="Send us a tender you want to bid for: you get a bid pack straight away, and our team reviews it with you."
      />
      {history.isPending ? (
        <PageSpinner />
      ) : history.isError ? (
        <Alert tone="danger" live title="We could not load your Bid Assist requests">
          {errorMessage(history.error)}{' '}
          <Button variant="link" onClick={() => void history.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <div className="grid gap-6 xl:grid-cols-5 [&>*]:min-w-0">
          <div className="space-y-6 xl:col-span-2">
            <UsageCard usage={history.data.meta.usage} />
            <RequestForm usage={history.data.meta.usage} onCreated={(id) => setOpen(id)} />
          </div>
          <div className="xl:col-span-3">
            <History history={history.data} open={open} onOpen={setOpen} page={page} onPage={setPage} />
          </div>
        </div>
      )}
    </>
  );
}

function UsageCard({ usage }: { usage: BidAssistHistory['meta']['usage'] }) {
  const full = usage.limit !== null && usage.used >= usage.limit;
  return (
    <Card>
      <CardBody>
        <UsageMeter label="Bid Assist submissions" used={usage.used} limit={usage.limit} unit="this month" />
        {full ? (
          <p className="mt-3 text-sm text-ink-600">
            You have used this month’s Bid Assist submissions on the Core plan.{' '}
            <ButtonLink to={paths.supplier.settings.billing} variant="link">
              Upgrade to Growth
            </ButtonLink>{' '}
            for unlimited help.
          </p>
        ) : usage.limit !== null ? (
          <p className="mt-2 text-xs text-ink-500">The count starts again on the first of each month.</p>
        ) : null}
      </CardBody>
    </Card>
  );
}

function RequestForm({
  usage,
  onCreated,
}: {
  usage: BidAssistHistory['meta']['usage'];
  onCreated: (id: string) => void;
}) {
  const create = useCreateBidAssistRequest();
  // A tender page's "Bid Assist" button hands its tender over, so it is chosen already.
  const handedOver = targetFromState(useLocation().state);
  const [documents, setDocuments] = useState<Attachment[]>([]);
  const [uploading, setUploading] = useState(false);
  const full = usage.limit !== null && usage.used >= usage.limit;
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { target: handedOver, message: '', deadline: '' },
  });
  const target = watch('target');

  const onSubmit = handleSubmit(async (v) => {
    const t = v.target!;
    try {
      const res = await create.mutateAsync({
        ...(t.kind === 'tender' ? { tenderId: t.id } : { externalTenderId: t.id }),
        message: v.message,
        deadline: v.deadline,
        documents: documents.map((d) => storageKeyFromUrl(d.url)),
      });
      notify.success('Bid Assist request sent');
      reset();
      setDocuments([]);
      onCreated(res.data.id);
    } catch (err) {
      if (isApiError(err) && err.code === 'PLAN_LIMIT_REACHED') {
        notify.error(err.message);
        return;
      }
      const rest = applyServerErrors(err, ['message', 'deadline', 'target'] as const, setError, FAILED, {
        tenderId: 'target',
        externalTenderId: 'target',
        documents: 'target',
      });
      // docs/product.md section 8: the server's message for a refused request, the fallback otherwise.
      if (rest) notify.error(isApiError(err) && err.status >= 400 && err.status < 500 ? rest : FAILED);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Ask for help with a bid</CardTitle>
      </CardHeader>
      <CardBody>
        <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Bid Assist request">
          <TargetPicker
            value={target}
            onChange={(t) => setValue('target', t, { shouldValidate: true })}
            error={errors.target?.message}
          />
          <TextareaField
            label="What do you need help with?"
            rows={5}
            placeholder="For example: check our compliance, help with the method statement, sharpen the price schedule."
            error={errors.message?.message}
            {...register('message')}
          />
          <TextField
            label="Help needed by"
            type="date"
            min={todayIso()}
            error={errors.deadline?.message}
            {...register('deadline')}
          />
          <FileUpload
            label="Documents"
            value={documents}
            onChange={setDocuments}
            uploadType="bid-assist"
            hint="Optional: the tender pack, your draft or anything else that helps (up to 10 files)."
            maxFiles={10}
            onBusyChange={setUploading}
          />
          <Button
            type="submit"
            loading={create.isPending}
            disabled={full || uploading}
            leftIcon={<Sparkles className="size-4" aria-hidden="true" />}
            className="w-full sm:w-auto"
          >
            Send request
          </Button>
          {full && <p className="text-sm text-ink-600">No submissions left this month on your plan.</p>}
        </form>
      </CardBody>
    </Card>
  );
}

type Target = { kind: 'tender' | 'external'; id: string; title: string };

function TargetPicker({
  value,
  onChange,
  error,
}: {
  value: Target | null;
  onChange: (t: Target | null) => void;
  error?: string;
}) {
  const id = useId();
  const [kind, setKind] = useState<'tender' | 'external'>('tender');
  const [q, setQ] = useState('');
  const debounced = useDebouncedValue(q.trim(), 300);
  const targets = useBidAssistTargets(kind, debounced);
  const errorId = `${id}-error`;

  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-ink-800">Which tender?</legend>
      <Segmented
        label="Where the tender is"
        items={[
          { value: 'tender', label: 'Brickyard tenders' },
          { value: 'external', label: 'Live Feed' },
        ]}
        value={kind}
        onChange={(k) => {
          setKind(k);
          onChange(null);
        }}
      />
      <div className="relative mt-3">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-400"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label={kind === 'tender' ? 'Search Brickyard tenders' : 'Search the live feed'}
          placeholder={kind === 'tender' ? 'Search open tenders by title' : 'Search public-sector tenders'}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className="pl-9"
        />
      </div>
      <div
        className="mt-2 max-h-64 overflow-y-auto rounded-lg border border-ink-200"
        role="radiogroup"
        aria-label="Tenders"
        aria-busy={targets.isFetching}
      >
        {targets.isPending ? (
          <div className="flex justify-center p-4">
            <Spinner />
          </div>
        ) : targets.isError ? (
          <p className="p-3 text-sm text-red-700">{errorMessage(targets.error)}</p>
        ) : targets.data.length === 0 ? (
          <p className="p-3 text-sm text-ink-500">No tenders match your search.</p>
        ) : (
          targets.data.map((t) => (
            <TargetOption
              key={t.id}
              t={t}
              checked={value?.id === t.id}
              onSelect={() => onChange({ kind: t.kind, id: t.id, title: t.title })}
              name={`${id}-target`}
            />
          ))
        )}
      </div>
      {value && (
        <p className="mt-2 text-sm text-ink-700">
          Selected: <span className="font-medium text-ink-900">{value.title}</span>
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function TargetOption({
  t,
  checked,
  onSelect,
  name,
}: {
  t: BidAssistTarget;
  checked: boolean;
  onSelect: () => void;
  name: string;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 border-b border-ink-100 px-3 py-2.5 text-sm last:border-b-0 hover:bg-ink-50',
        checked && 'bg-brand-50',
      )}
    >
      <input type="radio" name={name} checked={checked} onChange={onSelect} className="mt-1 accent-brand-600" />
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-ink-900">{t.title}</span>
        <span className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-ink-500">
          {t.buyerName && <span>{t.buyerName}</span>}
          {t.valueMinor !== null && <span>{formatMoney(t.valueMinor / 100, t.currency)}</span>}
          {t.isOpen ? t.closesAt ? <DaysLeft deadline={t.closesAt} /> : <span>Open</span> : <span>Closed</span>}
        </span>
      </span>
    </label>
  );
}

function History({
  history,
  open,
  onOpen,
  page,
  onPage,
}: {
  history: BidAssistHistory;
  open: string | null;
  onOpen: (id: string | null) => void;
  page: number;
  onPage: (p: number) => void;
}) {
  if (history.meta.total === 0) {
    return (
      <Card>
        <EmptyState
          icon={Sparkles}
          title="No Bid Assist requests yet"
          description="Requests you send are listed here with their progress and their bid pack."
        />
      </Card>
    );
  }
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title" className="mb-3 text-lg font-semibold text-ink-900">
        Your requests
      </h2>
      <ul className="space-y-4">
        {history.data.map((r) => (
          <RequestItem key={r.id} r={r} expanded={open === r.id} onToggle={() => onOpen(open === r.id ? null : r.id)} />
        ))}
      </ul>
      {history.meta.total > history.meta.pageSize && (
        <div className="mt-4">
          <Pagination
            page={page}
            pageSize={history.meta.pageSize}
            total={history.meta.total}
            onPage={onPage}
            noun="requests"
          />
        </div>
      )}
    </section>
  );
}

function RequestItem({ r, expanded, onToggle }: { r: BidAssistRequest; expanded: boolean; onToggle: () => void }) {
  const ref = useRef<HTMLLIElement>(null);
  const panelId = `pack-${r.id}`;
  useEffect(() => {
    if (expanded) ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [expanded]);
  return (
    <li ref={ref}>
      <Card>
        <div className="p-4 sm:p-5">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold text-ink-900">{r.tender.title}</p>
              <p className="mt-0.5 text-xs text-ink-500">
                {r.tender.kind === 'external' ? 'Live Feed' : 'Brickyard tender'} · sent{' '}
                <DateText value={r.createdAt} /> · help by <DateText value={r.deadline} />
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <BidStatusBadge status={r.status} />
              <VerdictBadge verdict={r.summary.verdict} />
              <span className="text-sm font-semibold text-ink-900">{r.summary.score}%</span>
            </div>
          </div>
          <p className="mt-3 line-clamp-2 text-sm text-ink-700">{r.message}</p>
          <BidReply request={r} className="mt-3" />
          <Button
            variant="ghost"
            size="sm"
            className="mt-3 -ml-2"
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
            {expanded ? 'Hide bid pack' : 'View bid pack'}
          </Button>
        </div>
        {expanded && (
          <div id={panelId} className="border-t border-ink-100 p-4 sm:p-5">
            <PackPanel id={r.id} />
          </div>
        )}
      </Card>
    </li>
  );
}

function PackPanel({ id }: { id: string }) {
  const q = useBidAssistRequest(id);
  if (q.isPending) return <Spinner />;
  if (q.isError)
    return (
      <Alert tone="danger" title="We could not load this bid pack">
        {errorMessage(q.error)}
      </Alert>
    );
  return <BidPackView request={q.data} />;
}
