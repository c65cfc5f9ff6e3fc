import { useState, type ReactNode } from 'react';
import { BadgeCheck, Sparkles, Star, Trophy } from 'lucide-react';
import {
  compareBests,
  formatPence,
  leadTimeVerdict,
  quantityText,
  recordText,
  tenderRequirements,
  unitPriceText,
  type Tender,
  type TenderResponse,
} from '@brickyard/shared';
import { FileList } from '@/components/files';
import { Badge, Button, Textarea } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import { useSetResponseNote } from '../api/set-response-note';
import { useShortlistResponse } from '../api/shortlist-response';
import { AnswerBadge, ResponseStatusBadge } from './response-status';

const colClass = 'min-w-56 px-4 py-3 align-top text-sm text-ink-700';
const rowHead =
  'sticky left-0 z-10 min-w-36 bg-ink-50 px-4 py-3 text-left align-top text-xs font-semibold tracking-wide text-ink-500 uppercase';

/** The cell's "best in this row" mark (the same rule as the PDF export's). */
function Best({ on }: { on: boolean }) {
  if (!on) return null;
  return (
    <Badge tone="brand" className="mt-1">
      <Sparkles className="size-3.5" aria-hidden="true" />
      Best
    </Badge>
  );
}

function Row({ head, children }: { head: ReactNode; children: ReactNode }) {
  return (
    <tr>
      <th scope="row" className={rowHead}>
        {head}
      </th>
      {children}
    </tr>
  );
}

/** The buyer's private note on one response, saved when it leaves the box. */
function NoteCell({ response }: { response: TenderResponse }) {
  const save = useSetResponseNote();
  const [note, setNote] = useState(response.buyerNote ?? '');
  const changed = note.trim() !== (response.buyerNote ?? '');
  return (
    <div className="space-y-1.5">
      <Textarea
        aria-label={`Private note on ${response.supplier.companyName}`}
        rows={2}
        maxLength={5000}
        value={note}
        placeholder="Only you see this"
        onChange={(e) => setNote(e.target.value)}
      />
      {changed && (
        <Button
          size="sm"
          variant="secondary"
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { id: response.id, note: note.trim() },
              {
                onSuccess: () => notify.success('Note saved'),
                onError: (err) => notify.error(errorMessage(err, 'We could not save the note.')),
              },
            )
          }
        >
          Save note
        </Button>
      )}
    </div>
  );
}

/**
 * One column per response, one row per thing compared: total, unit prices per unit, lead time
 * against the tender, validity, each requirement, the match score with its reasons, the
 * supplier's record; the best in each row marked. Shortlist, award and private notes per column.
 */
export function CompareTable({
  tender,
  rows,
  canAward,
  onAward,
}: {
  tender: Tender;
  rows: TenderResponse[];
  canAward: boolean;
  onAward: (r: TenderResponse) => void;
}) {
  const shortlist = useShortlistResponse();
  const reqs = tenderRequirements(tender);
  const best = compareBests(
    rows,
    reqs.map((q) => q.key),
  );
  const lowest = Math.min(...rows.map((r) => r.totalPence));
  // Focusable: the comparison scrolls sideways, and keyboard users scroll it too.
  return (
    <div
      role="region"
      aria-label="Compare responses"
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-ink-200 bg-white shadow-card"
    >
      {/* each response column keeps a readable width on a phone: the table scrolls sideways instead */}
      <table
        className="w-full border-collapse text-left"
        style={{ minWidth: 144 + rows.length * 240 }}
        aria-label="Compare responses"
      >
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
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          <Row head="Total">
            {rows.map((r) => (
              <td key={r.id} className={colClass} data-testid="compare-total">
                <span className="text-lg font-semibold tabular-nums text-ink-900">{formatPence(r.totalPence)}</span>
                {r.totalPence !== lowest && (
                  <span className="ml-2 text-xs text-ink-500">+{formatPence(r.totalPence - lowest)}</span>
                )}
                <span className="block">
                  <Best on={best.total.includes(r.id)} />
                </span>
              </td>
            ))}
          </Row>
          <Row head="Unit prices">
            {rows.map((r) => (
              <td key={r.id} className={colClass}>
                <ul className="space-y-1">
                  {r.lines.map((l, i) => (
                    <li key={i}>
                      <span className="text-ink-900">{l.description}</span>
                      <span className="block text-xs text-ink-500 tabular-nums">
                        {unitPriceText(l)} × {quantityText(l.quantity)} = {formatPence(l.lineTotalPence)}
                      </span>
                    </li>
                  ))}
                </ul>
              </td>
            ))}
          </Row>
          <Row head="Lead time">
            {rows.map((r) => {
              const v = leadTimeVerdict(tender, r.leadTimeDays);
              return (
                <td key={r.id} className={colClass}>
                  <span className="font-medium text-ink-900">
                    {r.leadTimeDays === null ? '—' : `${r.leadTimeDays} days`}
                  </span>
                  {v.text && (
                    <span
                      className={cn(
                        'block text-xs',
                        v.ok === false ? 'text-red-700' : v.ok ? 'text-emerald-700' : 'text-ink-500',
                      )}
                    >
                      {v.text}
                    </span>
                  )}
                  <Best on={best.leadTime.includes(r.id)} />
                </td>
              );
            })}
          </Row>
          <Row head="Valid for">
            {rows.map((r) => (
              <td key={r.id} className={colClass}>
                {r.validityDays === null ? '—' : `${r.validityDays} days`}
                <span className="block">
                  <Best on={best.validity.includes(r.id)} />
                </span>
              </td>
            ))}
          </Row>
          {reqs.map((q) => (
            <Row
              key={q.key}
              head={
                <>
                  {q.label}
                  <span className="block font-normal tracking-normal normal-case">{q.detail}</span>
                </>
              }
            >
              {rows.map((r) => {
                const a = r.requirementAnswers.find((x) => x.requirement === q.key);
                return (
                  <td key={r.id} className={colClass}>
                    <AnswerBadge answer={a?.answer} />
                    {a?.comment && <span className="mt-1 block text-xs text-ink-600">{a.comment}</span>}
                  </td>
                );
              })}
            </Row>
          ))}
          <Row head="Match">
            {rows.map((r) => (
              <td key={r.id} className={colClass}>
                {r.match ? (
                  <>
                    <span className="font-semibold tabular-nums text-ink-900">{r.match.score}/100</span>
                    <span className="block text-xs text-ink-500">with “{r.match.itemTitle}”</span>
                    {r.match.reasons.length > 0 && (
                      <ul className="mt-1 list-disc space-y-0.5 pl-4 text-xs text-ink-600">
                        {r.match.reasons.map((reason) => (
                          <li key={reason}>{reason}</li>
                        ))}
                      </ul>
                    )}
                  </>
                ) : (
                  <span className="text-ink-500">No catalogue item matched</span>
                )}
                <Best on={best.match.includes(r.id)} />
              </td>
            ))}
          </Row>
          <Row head="Record">
            {rows.map((r) => (
              <td key={r.id} className={colClass}>
                {recordText(r)}
                <span className="block">
                  <Best on={best.record.includes(r.id)} />
                </span>
              </td>
            ))}
          </Row>
          <Row head="Note">
            {rows.map((r) => (
              <td key={r.id} className={cn(colClass, 'whitespace-pre-line')}>
                {r.note || '—'}
              </td>
            ))}
          </Row>
          <Row head="Documents">
            {rows.map((r) => (
              <td key={r.id} className={colClass}>
                <FileList label={`Documents from ${r.supplier.companyName}`} files={r.documents} empty="None" />
              </td>
            ))}
          </Row>
          <Row head="Your private note">
            {rows.map((r) => (
              <td key={r.id} className={colClass}>
                <NoteCell key={r.buyerNote ?? ''} response={r} />
              </td>
            ))}
          </Row>
          <Row head="Decision">
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
                        leftIcon={
                          <Star
                            className={cn('size-4', r.status === 'shortlisted' && 'fill-brand-500 text-brand-600')}
                            aria-hidden="true"
                          />
                        }
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
                          onClick={() => onAward(r)}
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
          </Row>
        </tbody>
      </table>
    </div>
  );
}
