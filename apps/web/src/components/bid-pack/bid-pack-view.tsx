import { CheckCircle2, CircleDashed, Download, FileText, XCircle } from 'lucide-react';
import {
  BID_ASSIST_STATUS_LABELS,
  BID_VERDICT_LABELS,
  REQUIREMENT_SOURCE_LABELS,
  REQUIREMENT_STATUS_LABELS,
  formatMoney,
  type BidAssistDetail,
  type BidAssistStatus,
  type BidVerdict,
  type RequirementStatus,
} from '@brickyard/shared';
import { Badge, Button, type BadgeTone } from '@/components/ui';
import { api } from '@/lib/api';
import { cn } from '@/lib/cn';
import { DOWNLOAD_FAILED_MESSAGE, downloadFile, downloadFromApi } from '@/lib/download';
import { formatPostedDate } from '@/lib/format';

export const VERDICT_TONES: Record<BidVerdict, BadgeTone> = {
  go: 'success',
  go_with_conditions: 'warning',
  no_go: 'danger',
};
export const BID_STATUS_TONES: Record<BidAssistStatus, BadgeTone> = {
  submitted: 'info',
  in_review: 'warning',
  completed: 'success',
};
const REQ_TONES: Record<RequirementStatus, BadgeTone> = { met: 'success', partly_met: 'warning', missing: 'danger' };
const REQ_ICONS = { met: CheckCircle2, partly_met: CircleDashed, missing: XCircle } as const;

export function VerdictBadge({ verdict }: { verdict: BidVerdict }) {
  return <Badge tone={VERDICT_TONES[verdict]}>{BID_VERDICT_LABELS[verdict]}</Badge>;
}

export function BidStatusBadge({ status }: { status: BidAssistStatus }) {
  return <Badge tone={BID_STATUS_TONES[status]}>{BID_ASSIST_STATUS_LABELS[status]}</Badge>;
}

export function RequirementBadge({ status }: { status: RequirementStatus }) {
  const Icon = REQ_ICONS[status];
  return (
    <Badge tone={REQ_TONES[status]} className="whitespace-nowrap">
      <Icon className="mr-1 inline size-3.5" aria-hidden="true" />
      {REQUIREMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** GET /api/bid-assist/{id}/file?key: a signed link, then the download flow of docs/product.md section 7. */
export async function downloadRequestFile(requestId: string, key: string, name: string): Promise<void> {
  try {
    const res = await api.get<{ downloadURL: string }>(`/api/bid-assist/${encodeURIComponent(requestId)}/file`, {
      key,
    });
    await downloadFile(res.downloadURL, name);
  } catch {
    window.alert(DOWNLOAD_FAILED_MESSAGE);
  }
}

/**
 * A Bid Assist request's generated bid pack: the go/no-go summary with its reasons, the
 * compliance matrix (a table on wide screens, cards on narrow ones) and the draft response
 * outline, with the PDF download. Used by the supplier's screen and the admin queue.
 */
export function BidPackView({ request, headingLevel = 3 }: { request: BidAssistDetail; headingLevel?: 2 | 3 }) {
  const pack = request.bidPack;
  const s = pack.summary;
  const H: 'h2' | 'h3' = headingLevel === 2 ? 'h2' : 'h3';
  const value =
    pack.tender.valuePence !== null ? formatMoney(pack.tender.valuePence / 100, pack.tender.currency) : null;
  return (
    <div className="space-y-6">
      <section aria-label="Go/no-go summary" className="rounded-xl border border-ink-200 bg-ink-50/60 p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <VerdictBadge verdict={s.verdict} />
            <span className="text-2xl font-bold text-ink-900">{s.score}%</span>
            <span className="text-sm text-ink-600">
              {s.met} met · {s.partlyMet} partly met · {s.missing} missing
            </span>
          </div>
          <Button
            variant="secondary"
            size="sm"
            leftIcon={<Download className="size-4" aria-hidden="true" />}
            onClick={() =>
              void downloadFromApi(`/api/bid-assist/${encodeURIComponent(request.id)}/pack.pdf`, {}, 'bid-pack.pdf')
            }
          >
            Download PDF
          </Button>
        </div>
        <p className="mt-3 text-sm text-ink-600">
          {pack.tender.buyerName && <>{pack.tender.buyerName} · </>}
          {pack.tender.deadline && <>closes {formatPostedDate(pack.tender.deadline)} · </>}
          {value && <>{value} · </>}
          {pack.tender.location ?? 'Location not specified'}
          {pack.tender.reference && <> · ref. {pack.tender.reference}</>}
        </p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-ink-700">
          {s.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={`matrix-${request.id}`}>
        <H id={`matrix-${request.id}`} className="mb-3 text-base font-semibold text-ink-900">
          Compliance matrix
        </H>
        <div className="hidden overflow-x-auto rounded-xl border border-ink-200 md:block">
          <table className="w-full text-left text-sm">
            <thead className="bg-ink-50 text-xs tracking-wide text-ink-500 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Ref
                </th>
                <th scope="col" className="px-3 py-2">
                  Requirement
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  Evidence
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {pack.matrix.map((r) => (
                <tr key={r.ref} className="align-top">
                  <td className="px-3 py-2.5 font-mono text-xs text-ink-500">{r.ref}</td>
                  <td className="px-3 py-2.5">
                    <span className="block text-xs text-ink-500">{REQUIREMENT_SOURCE_LABELS[r.source]}</span>
                    <span className="text-ink-900">{r.requirement}</span>
                  </td>
                  <td className="px-3 py-2.5">
                    <RequirementBadge status={r.status} />
                  </td>
                  <td className="px-3 py-2.5 text-ink-700">
                    {r.evidence}
                    {r.action && <span className="mt-1 block font-medium text-ink-900">Next: {r.action}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul className="space-y-3 md:hidden">
          {pack.matrix.map((r) => (
            <li key={r.ref} className="rounded-lg border border-ink-200 p-3 text-sm">
              <div className="flex items-start justify-between gap-2">
                <span className="text-xs text-ink-500">
                  {r.ref} · {REQUIREMENT_SOURCE_LABELS[r.source]}
                </span>
                <RequirementBadge status={r.status} />
              </div>
              <p className="mt-1 font-medium text-ink-900">{r.requirement}</p>
              <p className="mt-1 text-ink-700">{r.evidence}</p>
              {r.action && <p className="mt-1 font-medium text-ink-900">Next: {r.action}</p>}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={`outline-${request.id}`}>
        <H id={`outline-${request.id}`} className="mb-3 text-base font-semibold text-ink-900">
          Draft response outline
        </H>
        <ol className="space-y-4">
          {pack.outline.map((o, i) => (
            <li key={o.heading}>
              <p className="font-semibold text-ink-900">
                {i + 1}. {o.heading}
              </p>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-ink-700">
                {o.points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>

      {pack.polishedDraft && (
        <section aria-labelledby={`draft-${request.id}`}>
          <H id={`draft-${request.id}`} className="mb-2 text-base font-semibold text-ink-900">
            Polished draft
          </H>
          <p className="mb-2 text-xs text-ink-500">
            Written by {pack.polishedDraft.model} from the outline above; check every fact before you use it.
          </p>
          <div className="rounded-lg border border-ink-200 bg-white p-4 text-sm whitespace-pre-wrap text-ink-800">
            {pack.polishedDraft.text}
          </div>
        </section>
      )}

      {request.documents.length > 0 && (
        <section aria-label="Documents sent with the request">
          <p className="mb-2 text-sm font-semibold text-ink-900">Documents sent</p>
          <ul className="flex flex-wrap gap-2">
            {request.documents.map((d) => (
              <li key={d.key}>
                <Button
                  variant="secondary"
                  size="sm"
                  leftIcon={<FileText className="size-4" aria-hidden="true" />}
                  onClick={() => void downloadRequestFile(request.id, d.key, d.name)}
                >
                  {d.name}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** The support team's reply, when there is one. */
export function BidReply({
  request,
  className,
}: {
  request: Pick<BidAssistDetail, 'id' | 'reply' | 'replyAttachment' | 'status'>;
  className?: string;
}) {
  if (!request.reply && !request.replyAttachment) return null;
  return (
    <section
      aria-label="Reply from the Brickyard team"
      className={cn('rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm', className)}
    >
      <p className="font-semibold text-emerald-900">Reply from the Brickyard team</p>
      {request.reply && <p className="mt-1 whitespace-pre-wrap text-emerald-900">{request.reply}</p>}
      {request.replyAttachment && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          leftIcon={<Download className="size-4" aria-hidden="true" />}
          onClick={() =>
            void downloadRequestFile(request.id, request.replyAttachment!.key, request.replyAttachment!.name)
          }
        >
          {request.replyAttachment.name}
        </Button>
      )}
    </section>
  );
}
