import { useId, useMemo, useState } from 'react';
import { Plus, Save, Send, Trash2, Wand2 } from 'lucide-react';
import {
  ANSWER_LABELS,
  BID_VERDICT_LABELS,
  REQUIREMENT_ANSWERS,
  formatPence,
  tenderRequirements,
  type Attachment,
  type RequirementAnswer,
  type ResponseBody,
  type Tender,
  type TenderResponse,
} from '@brickyard/shared';
import { FileUpload } from '@/components/files';
import { Alert, Button, Select, SelectField, TextField, TextareaField } from '@/components/ui';
import { errorMessage, fieldErrorsOf } from '@/lib/api';
import { notify } from '@/lib/toast';
import { useCreateResponse } from '../api/create-response';
import { getResponsePrefill } from '../api/get-response-prefill';
import { useMyCatalogue } from '../api/list-my-catalogue';
import { useUpdateResponse } from '../api/update-response';

interface LineDraft {
  key: string;
  catalogueItemId: string | null;
  description: string;
  unit: string;
  quantity: string;
  unitPrice: string;
}

let seq = 0;
const newKey = () => `line-${++seq}`;
const toPence = (v: string) => {
  const n = Number(v);
  return v.trim() === '' || !Number.isFinite(n) ? null : Math.round(n * 100);
};

function linesFrom(r?: TenderResponse): LineDraft[] {
  if (!r?.lines.length)
    return [{ key: newKey(), catalogueItemId: null, description: '', unit: 'each', quantity: '1', unitPrice: '' }];
  return r.lines.map((l) => ({
    key: newKey(),
    catalogueItemId: l.catalogueItemId,
    description: l.description,
    unit: l.unit,
    quantity: String(l.quantity),
    unitPrice: (l.unitPricePence / 100).toFixed(2),
  }));
}

/**
 * The supplier's response: price lines (from their own catalogue or free), lead time, validity,
 * a covering note, documents through the presigned upload flow, and an answer to each of the
 * tender's requirements. Saves a draft or submits (again) — the server keeps each version.
 */
export function ResponseForm({
  tender,
  initial,
  onDone,
}: {
  tender: Tender;
  initial?: TenderResponse;
  onDone: () => void;
}) {
  const base = useId();
  const requirements = useMemo(() => tenderRequirements(tender), [tender]);
  const catalogue = useMyCatalogue(true);
  const create = useCreateResponse();
  const update = useUpdateResponse();
  const [lines, setLines] = useState<LineDraft[]>(() => linesFrom(initial));
  const [leadTime, setLeadTime] = useState(initial?.leadTimeDays?.toString() ?? '');
  const [validity, setValidity] = useState(initial?.validityDays?.toString() ?? '90');
  const [note, setNote] = useState(initial?.note ?? '');
  const [answers, setAnswers] = useState<Record<string, { answer: RequirementAnswer | ''; comment: string }>>(() =>
    Object.fromEntries(
      requirements.map((r) => {
        const a = initial?.requirementAnswers.find((x) => x.requirement === r.key);
        return [r.key, { answer: a?.answer ?? '', comment: a?.comment ?? '' }];
      }),
    ),
  );
  const [documents, setDocuments] = useState<Attachment[]>(
    () => initial?.documents.map((d) => ({ name: d.name, url: d.url })) ?? [],
  );
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [prefilling, setPrefilling] = useState(false);
  const [prefillNote, setPrefillNote] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;

  /** Fills the form from the bid pack (Bid Assist's reading of the catalogue and profile); the supplier reviews it before saving. */
  async function prefill() {
    setPrefilling(true);
    setFormError(null);
    try {
      const { body, summary } = await getResponsePrefill(tender.id);
      if (body.lines.length) {
        setLines(
          body.lines.map((l) => ({
            key: newKey(),
            catalogueItemId: l.catalogueItemId ?? null,
            description: l.description,
            unit: l.unit ?? 'each',
            quantity: String(l.quantity),
            unitPrice: l.unitPrice === undefined ? '' : l.unitPrice.toFixed(2),
          })),
        );
      }
      if (body.leadTimeDays != null) setLeadTime(String(body.leadTimeDays));
      if (body.note) setNote(body.note);
      setAnswers((prev) => {
        const next = { ...prev };
        for (const a of body.requirementAnswers ?? [])
          if (next[a.requirement]) next[a.requirement] = { answer: a.answer, comment: a.comment ?? '' };
        return next;
      });
      setPrefillNote(
        `Filled from your catalogue and profile: ${body.lines.length} ${body.lines.length === 1 ? 'line' : 'lines'}, ${(body.requirementAnswers ?? []).length} requirement answers. Bid pack verdict: ${BID_VERDICT_LABELS[summary.verdict]} (${summary.score}%). Check every figure before you submit.`,
      );
    } catch (err) {
      setFormError(errorMessage(err, 'We could not prefill the response.'));
    } finally {
      setPrefilling(false);
    }
  }
  const canDraft = !initial || initial.status === 'draft';

  const lineTotalOf = (l: LineDraft): number | null => {
    const p = toPence(l.unitPrice);
    const q = Number(l.quantity);
    return p === null || !Number.isFinite(q) ? null : Math.round(p * q);
  };
  const totalPence = lines.reduce((sum, l) => sum + (lineTotalOf(l) ?? 0), 0);

  const setLine = (key: string, patch: Partial<LineDraft>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  function addFromCatalogue(id: string) {
    const item = catalogue.data?.data.find((i) => i.id === id);
    if (!item) return;
    const line: LineDraft = {
      key: newKey(),
      catalogueItemId: item.id,
      description: item.title,
      unit: 'each',
      quantity: String(
        item.quantity && tender.quantity ? Math.min(item.quantity, tender.quantity) : (tender.quantity ?? 1),
      ),
      unitPrice: item.valuePence === null ? '' : (item.valuePence / 100).toFixed(2),
    };
    // an empty first line is replaced rather than kept
    setLines((ls) => (ls.length === 1 && !ls[0]!.description && !ls[0]!.unitPrice ? [line] : [...ls, line]));
    if (!leadTime && item.leadTime !== null) setLeadTime(String(item.leadTime));
  }

  function bodyOf(status: 'draft' | 'submitted'): ResponseBody {
    return {
      lines: lines
        .filter((l) => l.description.trim() || l.unitPrice.trim())
        .map((l) => ({
          catalogueItemId: l.catalogueItemId,
          description: l.description,
          unit: l.unit || 'each',
          quantity: Number(l.quantity),
          ...(l.unitPrice.trim() === '' ? {} : { unitPrice: Number(l.unitPrice) }),
          // the line total shown on screen: the server refuses the line if its own sum differs
          ...(lineTotalOf(l) === null ? {} : { lineTotal: lineTotalOf(l)! / 100 }),
        })),
      leadTimeDays: leadTime.trim() === '' ? null : Number(leadTime),
      validityDays: validity.trim() === '' ? null : Number(validity),
      note,
      requirementAnswers: Object.entries(answers)
        .filter(([, a]) => a.answer !== '')
        .map(([requirement, a]) => ({
          requirement,
          answer: a.answer as RequirementAnswer,
          ...(a.comment.trim() ? { comment: a.comment } : {}),
        })),
      documents: documents.map((d) => d.url),
      status,
    };
  }

  // mutateAsync, not mutate: the form unmounts once the new response is fetched, and mutate's
  // own callbacks do not run after an unmount.
  async function save(status: 'draft' | 'submitted') {
    setErrors({});
    setFormError(null);
    const body = bodyOf(status);
    try {
      if (initial) await update.mutateAsync({ id: initial.id, body });
      else await create.mutateAsync({ tenderId: tender.id, body });
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setFormError(errorMessage(err, 'We could not save your response.'));
      return;
    }
    notify.success(
      status === 'draft' ? 'Draft saved' : initial?.status === 'submitted' ? 'Changes submitted' : 'Response submitted',
    );
    onDone();
  }

  const err = (path: string) => errors[path];

  return (
    <form
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        void save('submitted');
      }}
      aria-label="Your response"
      noValidate
    >
      {formError && (
        <Alert tone="danger" live>
          {formError}
          {errors.requirementAnswers && <span className="block">{errors.requirementAnswers}</span>}
        </Alert>
      )}

      {!initial && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-200 bg-brand-50 p-3">
          <p className="text-sm text-ink-700">
            {prefillNote ??
              'Bid Assist can fill this response from your catalogue and profile: the items that fit, prices, lead time and requirement answers.'}
          </p>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            loading={prefilling}
            leftIcon={<Wand2 className="size-4" aria-hidden="true" />}
            onClick={() => void prefill()}
          >
            Prefill with Bid Assist
          </Button>
        </div>
      )}

      <section aria-labelledby={`${base}-lines`} className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 id={`${base}-lines`} className="text-base font-semibold text-ink-900">
            Price lines
          </h3>
          {catalogue.data && catalogue.data.data.length > 0 && (
            <label className="flex items-center gap-2 text-sm text-ink-700">
              <span className="whitespace-nowrap">Add from your catalogue</span>
              <Select
                value=""
                onChange={(e) => {
                  addFromCatalogue(e.target.value);
                  e.target.value = '';
                }}
                className="h-9 w-56"
              >
                <option value="">Choose an item…</option>
                {catalogue.data.data.map((i) => (
                  <option key={i.id} value={i.id}>
                    {i.title}
                    {i.valuePence !== null ? ` — ${formatPence(i.valuePence)}` : ''}
                  </option>
                ))}
              </Select>
            </label>
          )}
        </div>
        {err('lines') && <p className="text-sm text-red-700">{err('lines')}</p>}
        <ul className="space-y-3">
          {lines.map((l, i) => {
            const lineTotal = lineTotalOf(l);
            return (
              <li key={l.key} className="rounded-xl border border-ink-200 bg-white p-3 shadow-sm">
                <div className="grid grid-cols-3 items-end gap-3 sm:grid-cols-12">
                  <TextField
                    label={`Line ${i + 1} description`}
                    fieldClassName="col-span-3 sm:col-span-5"
                    value={l.description}
                    onChange={(e) => setLine(l.key, { description: e.target.value })}
                    error={err(`lines.${i}.description`) ?? err(`lines.${i}.catalogueItemId`)}
                    hint={l.catalogueItemId ? 'From your catalogue' : undefined}
                  />
                  <TextField
                    label="Quantity"
                    inputMode="decimal"
                    fieldClassName="sm:col-span-2"
                    value={l.quantity}
                    onChange={(e) => setLine(l.key, { quantity: e.target.value })}
                    error={err(`lines.${i}.quantity`)}
                  />
                  <TextField
                    label="Unit"
                    fieldClassName="sm:col-span-2"
                    value={l.unit}
                    onChange={(e) => setLine(l.key, { unit: e.target.value })}
                    error={err(`lines.${i}.unit`)}
                  />
                  <TextField
                    label="Unit price (£)"
                    inputMode="decimal"
                    fieldClassName="sm:col-span-3"
                    value={l.unitPrice}
                    onChange={(e) => setLine(l.key, { unitPrice: e.target.value })}
                    error={err(`lines.${i}.unitPrice`)}
                  />
                </div>
                <div className="mt-2 flex items-center justify-between text-sm">
                  <span className="text-ink-600">
                    Line total:{' '}
                    <strong className="tabular-nums text-ink-900">
                      {lineTotal === null ? '—' : formatPence(lineTotal)}
                    </strong>
                    {err(`lines.${i}.lineTotal`) && (
                      <span className="block text-red-700">{err(`lines.${i}.lineTotal`)}</span>
                    )}
                  </span>
                  {lines.length > 1 && (
                    <Button
                      size="sm"
                      variant="ghost"
                      type="button"
                      onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                      leftIcon={<Trash2 className="size-4" aria-hidden="true" />}
                      aria-label={`Remove line ${i + 1}`}
                    >
                      Remove
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() =>
              setLines((ls) => [
                ...ls,
                { key: newKey(), catalogueItemId: null, description: '', unit: 'each', quantity: '1', unitPrice: '' },
              ])
            }
            leftIcon={<Plus className="size-4" aria-hidden="true" />}
          >
            Add a line
          </Button>
          <p className="text-base text-ink-700">
            Total{' '}
            <strong className="text-lg tabular-nums text-ink-900" data-testid="response-total">
              {formatPence(totalPence)}
            </strong>
          </p>
        </div>
      </section>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Lead time (days)"
          inputMode="numeric"
          value={leadTime}
          onChange={(e) => setLeadTime(e.target.value)}
          error={err('leadTimeDays')}
          hint={tender.deadline ? 'From the award to delivery' : undefined}
        />
        <TextField
          label="Offer valid for (days)"
          inputMode="numeric"
          value={validity}
          onChange={(e) => setValidity(e.target.value)}
          error={err('validityDays')}
        />
      </div>

      {requirements.length > 0 && (
        <section aria-labelledby={`${base}-reqs`} className="space-y-3">
          <h3 id={`${base}-reqs`} className="text-base font-semibold text-ink-900">
            The buyer’s requirements
          </h3>
          <ul className="space-y-3">
            {requirements.map((r) => (
              <li key={r.key} className="grid gap-3 rounded-xl border border-ink-200 bg-white p-3 sm:grid-cols-12">
                <div className="sm:col-span-4">
                  <p className="text-sm font-medium text-ink-900">{r.label}</p>
                  <p className="text-sm text-ink-600">{r.detail}</p>
                </div>
                <SelectField
                  label={`Your answer: ${r.label}${r.key.startsWith('quality:') ? ` ${r.detail}` : ''}`}
                  fieldClassName="sm:col-span-3"
                  value={answers[r.key]?.answer ?? ''}
                  onChange={(e) =>
                    setAnswers((a) => ({
                      ...a,
                      [r.key]: { ...a[r.key]!, answer: e.target.value as RequirementAnswer | '' },
                    }))
                  }
                >
                  <option value="">Choose…</option>
                  {REQUIREMENT_ANSWERS.map((v) => (
                    <option key={v} value={v}>
                      {ANSWER_LABELS[v]}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label="Comment"
                  optional
                  fieldClassName="sm:col-span-5"
                  value={answers[r.key]?.comment ?? ''}
                  onChange={(e) => setAnswers((a) => ({ ...a, [r.key]: { ...a[r.key]!, comment: e.target.value } }))}
                />
              </li>
            ))}
          </ul>
        </section>
      )}

      <TextareaField
        label="Covering note"
        optional
        rows={4}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={err('note')}
      />

      <FileUpload
        label="Documents"
        value={documents}
        onChange={setDocuments}
        uploadType="response-document"
        onBusyChange={setUploading}
        hint="Method statements, certificates, drawings (PDF, images, Office files)"
        error={Object.entries(errors).find(([k]) => k.startsWith('documents'))?.[1]}
        maxFiles={20}
      />

      <div className="flex flex-wrap justify-end gap-2 border-t border-ink-200 pt-4">
        <Button type="button" variant="ghost" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        {canDraft && (
          <Button
            type="button"
            variant="secondary"
            onClick={() => void save('draft')}
            disabled={uploading || busy}
            leftIcon={<Save className="size-4" aria-hidden="true" />}
          >
            Save draft
          </Button>
        )}
        <Button
          type="submit"
          loading={busy}
          disabled={uploading}
          leftIcon={<Send className="size-4" aria-hidden="true" />}
        >
          {initial?.status === 'submitted' ? 'Submit changes' : 'Submit response'}
        </Button>
      </div>
    </form>
  );
}
