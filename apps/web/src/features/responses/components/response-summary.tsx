import { formatPence, quantityText, tenderRequirements, type Tender, type TenderResponse } from '@brickyard/shared';
import { FileList } from '@/components/files';
import { DateText, DetailGrid, DetailItem } from '@/components/listing';
import { Alert, TBody, TD, TH, THead, TR, Table } from '@/components/ui';
import { AnswerBadge, ResponseStatusBadge } from './response-status';

/** One response as its supplier sees it: lines, terms, answers, documents, and the outcome. */
export function ResponseSummary({ tender, response: r }: { tender: Tender; response: TenderResponse }) {
  const reqs = tenderRequirements(tender);
  return (
    <div className="space-y-5">
      {r.status === 'awarded' && (
        <Alert tone="success" title="You won this tender">
          The buyer proposed a contract for {formatPence(r.totalPence)}. Accept it in Deals.
        </Alert>
      )}
      {r.status === 'unsuccessful' && r.feedback && (
        <Alert tone="warning" title="This response was not successful">
          Your price ranked {r.feedback.rank} of {r.feedback.of}
          {r.feedback.gapToWinnerPence > 0
            ? `, ${formatPence(r.feedback.gapToWinnerPence)} above the winning response`
            : r.feedback.gapToWinnerPence < 0
              ? `, ${formatPence(-r.feedback.gapToWinnerPence)} below the winning response`
              : ', the same price as the winning response'}
          .
          {r.feedback.missedRequirements.length > 0 &&
            ` Requirements not fully met: ${r.feedback.missedRequirements.join(', ')}.`}
        </Alert>
      )}
      <div className="flex flex-wrap items-center gap-3 text-sm text-ink-600">
        <ResponseStatusBadge status={r.status} />
        {r.version > 0 && <span>Version {r.version}</span>}
        {r.submittedAt && (
          <span>
            Submitted <DateText value={r.submittedAt} />
          </span>
        )}
      </div>
      <Table aria-label="Price lines">
        <THead>
          <TR>
            <TH>Item</TH>
            <TH className="text-right">Quantity</TH>
            <TH className="text-right">Unit price</TH>
            <TH className="text-right">Line total</TH>
          </TR>
        </THead>
        <TBody>
          {r.lines.map((l, i) => (
            <TR key={i}>
              <TD className="min-w-48 text-ink-900">{l.description}</TD>
              <TD className="text-right tabular-nums">
                {quantityText(l.quantity)} {l.unit}
              </TD>
              <TD className="text-right tabular-nums">{formatPence(l.unitPricePence)}</TD>
              <TD className="text-right tabular-nums">{formatPence(l.lineTotalPence)}</TD>
            </TR>
          ))}
          <TR>
            <TD colSpan={3} className="text-right font-semibold text-ink-900">
              Total
            </TD>
            <TD className="text-right font-semibold tabular-nums text-ink-900">{formatPence(r.totalPence)}</TD>
          </TR>
        </TBody>
      </Table>
      <DetailGrid className="grid-cols-2">
        <DetailItem label="Lead time">{r.leadTimeDays === null ? 'Not given' : `${r.leadTimeDays} days`}</DetailItem>
        <DetailItem label="Offer valid for">
          {r.validityDays === null ? 'Not given' : `${r.validityDays} days`}
        </DetailItem>
      </DetailGrid>
      {reqs.length > 0 && (
        <ul className="space-y-2" aria-label="Requirement answers">
          {reqs.map((q) => {
            const a = r.requirementAnswers.find((x) => x.requirement === q.key);
            return (
              <li key={q.key} className="flex flex-wrap items-center gap-2 text-sm">
                <AnswerBadge answer={a?.answer} />
                <span className="font-medium text-ink-900">{q.label}</span>
                <span className="text-ink-600">{q.detail}</span>
                {a?.comment && <span className="text-ink-500">— {a.comment}</span>}
              </li>
            );
          })}
        </ul>
      )}
      {r.note && <p className="text-sm whitespace-pre-line text-ink-800">{r.note}</p>}
      <FileList label="Response documents" files={r.documents} empty="No documents attached" />
    </div>
  );
}
