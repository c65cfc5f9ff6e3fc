import { useState } from 'react';
import { addDays } from 'date-fns';
import { BadgeCheck, Download, Inbox, Lock, Star, Trophy } from 'lucide-react';
import { formatPence, formatPostedDate, tenderRequirements, type Tender, type TenderResponse } from '@brickyard/shared';
import { FileList } from '@/components/files';
import { ConfirmDialog, DateText } from '@/components/listing';
import { Alert, Badge, Button, Checkbox, EmptyState, Spinner, TextareaField } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { saveBlob } from '@/lib/download';
import { notify } from '@/lib/toast';
import { useAwardResponse } from '../api/award-response';
import { useTenderResponses } from '../api/list-tender-responses';
import { useShortlistResponse } from '../api/shortlist-response';
import { ANSWER_LABELS, AnswerBadge, ResponseStatusBadge, quantityText } from '../components/response-status';

const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  // a leading =, +, - or @ would be read as a formula by spreadsheets
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The comparison as CSV: one row per response. */
export function responsesCsv(tender: Tender, rows: TenderResponse[]): string {
  const reqs = tenderRequirements(tender);
  const head = ['Supplier', 'Verified', 'Fulfilled deals', 'Status', 'Total (GBP)', 'Lead time (days)', 'Validity (days)', 'Lines', ...reqs.map((r) => `${r.label}: ${r.detail}`), 'Note'];
  const body = rows.map((r) => [
    r.supplier.companyName,
    r.supplier.verified ? 'yes' : 'no',
    r.supplier.fulfilledDeals,
    r.status,
    (r.totalPence / 100).toFixed(2),
    r.leadTimeDays,
    r.validityDays,
    r.lines.map((l) => `${l.description}: ${quantityText(l.quantity)} ${l.unit} x ${(l.unitPricePence / 100).toFixed(2)}`).join('; '),
    ...reqs.map((q) => {
      const a = r.requirementAnswers.find((x) => x.requirement === q.key);
      return a ? `${ANSWER_LABELS[a.answer]}${a.comment ? ` (${a.comment})` : ''}` : '';
    }),
    r.note,
  ]);
  return [head, ...body].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

function leadTimeVerdict(tender: Tender, days: number | null): { text: string; ok: boolean | null } {
  if (days === null) return { text: 'Not given', ok: null };
  if (tender.leadTime !== null) {
    const over = days - tender.leadTime;
    return over <= 0 ? { text: `Within the ${tender.leadTime} days asked`, ok: true } : { text: `${over} days over the ${tender.leadTime} asked`, ok: false };
  }
  if (!tender.deadline) return { text: '', ok: null };
  return { text: `Delivers by ${formatPostedDate(addDays(new Date(tender.deadline), days))} if awarded at the deadline`, ok: null };
}

/** The buyer's Responses tab: sealed until the deadline (unless open), then compare side by side, shortlist, export, award. */
export function BuyerResponsesPanel({ tender }: { tender: Tender }) {
  const list = useTenderResponses(tender.id);
  const shortlist = useShortlistResponse();
  const award = useAwardResponse();
  const [onlyShortlisted, setOnlyShortlisted] = useState(false);
  const [awarding, setAwarding] = useState<TenderResponse | null>(null);
  const [terms, setTerms] = useState('');

  if (list.isPending) return <Spinner className="text-ink-400" />;
  if (list.isError) return <Alert tone="danger">{errorMessage(list.error, 'The responses could not be loaded.')}</Alert>;
  const { data, meta } = list.data;

  if (meta.sealed) {
    return (
      <EmptyState
        icon={Lock}
        title={`${meta.total} ${meta.total === 1 ? 'response' : 'responses'} received — sealed`}
        description={
          <>
            This tender is sealed: responses open after the deadline
            {meta.deadline && (
              <>
                {' '}
                (<DateText value={meta.deadline} />)
              </>
            )}
            , so every supplier is judged on the same footing.
          </>
        }
      />
    );
  }
  if (data.length === 0) return <EmptyState icon={Inbox} title="No responses yet" description="Suppliers’ responses will appear here." />;

  const rows = onlyShortlisted ? data.filter((r) => r.status === 'shortlisted' || r.status === 'awarded') : data;
  const reqs = tenderRequirements(tender);
  const lowest = Math.min(...data.map((r) => r.totalPence));
  const canAward = tender.status === 'active';
  const colClass = 'min-w-56 px-4 py-3 align-top text-sm text-ink-700';
  const rowHead = 'sticky left-0 z-10 min-w-36 bg-ink-50 px-4 py-3 text-left align-top text-xs font-semibold tracking-wide text-ink-500 uppercase';

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-600">
          {meta.total} {meta.total === 1 ? 'response' : 'responses'}, cheapest first. {meta.responseMode === 'open' ? 'Open tender: responses show as they arrive.' : 'Opened after the deadline.'}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Checkbox id="only-shortlisted" label="Shortlisted only" checked={onlyShortlisted} onChange={(e) => setOnlyShortlisted(e.target.checked)} />
          <Button
            size="sm"
            variant="secondary"
            leftIcon={<Download className="size-4" aria-hidden="true" />}
            onClick={() => saveBlob(new Blob([responsesCsv(tender, rows)], { type: 'text/csv;charset=utf-8' }), `tender-${tender.id.slice(0, 8)}-responses.csv`)}
          >
            Export CSV
          </Button>
        </div>
      </div>

      {/* Focusable: the comparison scrolls sideways, and keyboard users scroll it too. */}
      <div role="region" aria-label="Compare responses" tabIndex={0} className="overflow-x-auto rounded-xl border border-ink-200 bg-white shadow-card">
        <table className="w-full border-collapse text-left" aria-label="Compare responses">
          <thead>
            <tr className="border-b border-ink-200">
              <th scope="col" className={rowHead}>
                Supplier
              </th>
              {rows.map((r) => (
                <th key={r.id} scope="col" className={cn(colClass, 'font-normal')}>
                  <span className="block font-semibold text-ink-900">{r.supplier.companyName}</span>
                  <span className="mt-1 flex flex-wrap items-center gap-1.5">
                    <ResponseStatusBadge status={r.status} />
                    {r.supplier.verified && (
                      <Badge tone="success">
                        <BadgeCheck className="size-3.5" aria-hidden="true" />
                        Verified
                      </Badge>
                    )}
                  </span>
                  <span className="mt-1 block text-xs text-ink-500">
                    {r.supplier.fulfilledDeals} fulfilled {r.supplier.fulfilledDeals === 1 ? 'deal' : 'deals'}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            <tr>
              <th scope="row" className={rowHead}>
                Total
              </th>
              {rows.map((r) => (
                <td key={r.id} className={colClass}>
                  <span className="text-lg font-semibold tabular-nums text-ink-900">{formatPence(r.totalPence)}</span>
                  {r.totalPence === lowest ? (
                    <Badge tone="brand" className="ml-2">
                      Lowest
                    </Badge>
                  ) : (
                    <span className="ml-2 text-xs text-ink-500">+{formatPence(r.totalPence - lowest)}</span>
                  )}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row" className={rowHead}>
                Unit prices
              </th>
              {rows.map((r) => (
                <td key={r.id} className={colClass}>
                  <ul className="space-y-1">
                    {r.lines.map((l, i) => (
                      <li key={i}>
                        <span className="text-ink-900">{l.description}</span>
                        <span className="block text-xs text-ink-500 tabular-nums">
                          {quantityText(l.quantity)} {l.unit} × {formatPence(l.unitPricePence)} = {formatPence(l.lineTotalPence)}
                        </span>
                      </li>
                    ))}
                  </ul>
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row" className={rowHead}>
                Lead time
              </th>
              {rows.map((r) => {
                const v = leadTimeVerdict(tender, r.leadTimeDays);
                return (
                  <td key={r.id} className={colClass}>
                    <span className="font-medium text-ink-900">{r.leadTimeDays === null ? '—' : `${r.leadTimeDays} days`}</span>
                    {v.text && <span className={cn('block text-xs', v.ok === false ? 'text-red-700' : v.ok ? 'text-emerald-700' : 'text-ink-500')}>{v.text}</span>}
                  </td>
                );
              })}
            </tr>
            <tr>
              <th scope="row" className={rowHead}>
                Valid for
              </th>
              {rows.map((r) => (
                <td key={r.id} className={colClass}>
                  {r.validityDays === null ? '—' : `${r.validityDays} days`}
                </td>
              ))}
            </tr>
            {reqs.map((q) => (
              <tr key={q.key}>
                <th scope="row" className={rowHead}>
                  {q.label}
                  <span className="block font-normal tracking-normal normal-case">{q.detail}</span>
                </th>
                {rows.map((r) => {
                  const a = r.requirementAnswers.find((x) => x.requirement === q.key);
                  return (
                    <td key={r.id} className={colClass}>
                      <AnswerBadge answer={a?.answer} />
                      {a?.comment && <span className="mt-1 block text-xs text-ink-600">{a.comment}</span>}
                    </td>
                  );
                })}
              </tr>
            ))}
            <tr>
              <th scope="row" className={rowHead}>
                Note
              </th>
              {rows.map((r) => (
                <td key={r.id} className={cn(colClass, 'whitespace-pre-line')}>
                  {r.note || '—'}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row" className={rowHead}>
                Documents
              </th>
              {rows.map((r) => (
                <td key={r.id} className={colClass}>
                  <FileList label={`Documents from ${r.supplier.companyName}`} files={r.documents} empty="None" />
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row" className={rowHead}>
                Decision
              </th>
              {rows.map((r) => {
                const open = r.status === 'submitted' || r.status === 'shortlisted';
                return (
                  <td key={r.id} className={colClass}>
                    {open ? (
                      <div className="flex flex-wrap gap-2">
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-pressed={r.status === 'shortlisted'}
                          aria-label={`${r.status === 'shortlisted' ? 'Shortlisted' : 'Shortlist'} ${r.supplier.companyName}`}
                          loading={shortlist.isPending && shortlist.variables?.id === r.id}
                          leftIcon={<Star className={cn('size-4', r.status === 'shortlisted' && 'fill-brand-500 text-brand-600')} aria-hidden="true" />}
                          onClick={() =>
                            shortlist.mutate(
                              { id: r.id, shortlisted: r.status !== 'shortlisted' },
                              { onError: (err) => notify.error(errorMessage(err, 'We could not change the shortlist.')) },
                            )
                          }
                        >
                          {r.status === 'shortlisted' ? 'Shortlisted' : 'Shortlist'}
                        </Button>
                        {canAward && (
                          <Button
                            size="sm"
                            aria-label={`Award to ${r.supplier.companyName}`}
                            leftIcon={<Trophy className="size-4" aria-hidden="true" />}
                            onClick={() => {
                              setTerms('');
                              setAwarding(r);
                            }}
                          >
                            Award
                          </Button>
                        )}
                      </div>
                    ) : (
                      <ResponseStatusBadge status={r.status} />
                    )}
                  </td>
                );
              })}
            </tr>
          </tbody>
        </table>
      </div>

      <ConfirmDialog
        open={!!awarding}
        title={awarding ? `Award this tender to ${awarding.supplier.companyName}?` : 'Award'}
        description={
          awarding
            ? `A contract for ${formatPence(awarding.totalPence)} is proposed to the supplier (they accept it in Deals). Every other bidder is told the outcome, their price rank and the requirements they missed.`
            : undefined
        }
        confirmLabel="Award and propose the contract"
        tone="primary"
        busy={award.isPending}
        onClose={() => setAwarding(null)}
        onConfirm={() =>
          awarding &&
          award.mutate(
            { id: awarding.id, terms: terms.trim() || undefined },
            {
              onSuccess: () => {
                setAwarding(null);
                notify.success('Tender awarded: the contract proposal is in Deals');
              },
              onError: (err) => {
                setAwarding(null);
                notify.error(errorMessage(err, 'We could not award the tender.'));
              },
            },
          )
        }
      >
        <TextareaField label="Contract terms" optional rows={3} value={terms} onChange={(e) => setTerms(e.target.value)} />
      </ConfirmDialog>
    </div>
  );
}
