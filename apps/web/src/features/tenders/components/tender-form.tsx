import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Tender } from '@brickyard/shared';
import { FileUpload } from '@/components/files';
import {
  ListingBasicsFields,
  ListingTermsFields,
  listingFormToBody,
  listingToForm,
  TagInput,
  listingFieldSchemas,
  optionalInt,
  orNull,
} from '@/components/listing';
import {
  Alert,
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  MoneyInput,
  SelectField,
  TextField,
} from '@/components/ui';
import { zodResolver } from '@/lib/form';
import { applyServerErrors } from '@/lib/server-errors';
import { notify } from '@/lib/toast';
import type { TenderBody } from '../api/tender-body';
import { formatMoney, moneyField, moneyToPounds } from '@/lib/money';

// Key order does not matter: server errors are placed by name, and focus follows the page.
const L = listingFieldSchemas('the work');

export const tenderFormSchema = z.object({
  ...L,
  budget: moneyField('Enter an amount in pounds, like 12500 or 12500.50'),
  quantity: optionalInt('Quantity', 1_000_000_000),
  leadTime: optionalInt('Lead time', 3650),
  deadline: z.string().refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Enter a valid date'),
  questionDeadline: z.string().refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Enter a valid date'),
  responseMode: z.enum(['sealed', 'open']),
  requiredCertifications: z.array(z.string()),
  qualityStandards: z.array(z.string()),
});
export type TenderFormValues = z.infer<typeof tenderFormSchema>;
type FieldName = keyof TenderFormValues;
const FIELDS = Object.keys(tenderFormSchema.shape) as FieldName[];

export function tenderToForm(t?: Tender): TenderFormValues {
  return {
    ...listingToForm(t),
    budget: formatMoney(t?.budgetPence),
    quantity: t?.quantity != null ? String(t.quantity) : '',
    leadTime: t?.leadTime != null ? String(t.leadTime) : '',
    deadline: t?.deadline ? t.deadline.slice(0, 10) : '',
    questionDeadline: t?.questionDeadline ? t.questionDeadline.slice(0, 10) : '',
    responseMode: t?.responseMode ?? 'sealed',
    requiredCertifications: t?.requiredCertifications ?? [],
    qualityStandards: t?.qualityStandards ?? [],
  };
}

export function formToBody(v: TenderFormValues): TenderBody {
  return {
    ...listingFormToBody(v),
    budget: moneyToPounds(v.budget),
    quantity: v.quantity === '' ? null : Number(v.quantity),
    leadTime: v.leadTime === '' ? null : Number(v.leadTime),
    deadline: orNull(v.deadline),
    questionDeadline: orNull(v.questionDeadline),
    responseMode: v.responseMode,
    requiredCertifications: v.requiredCertifications,
    qualityStandards: v.qualityStandards,
  };
}

export type SubmitIntent = 'draft' | 'publish' | 'save';

export interface TenderFormProps {
  initial?: Tender;
  /** the actions this form offers: a new tender may be saved as a draft or published */
  intents: { intent: SubmitIntent; label: string; variant?: 'primary' | 'secondary' | 'dark' }[];
  onSubmit: (body: TenderBody, intent: SubmitIntent) => Promise<void>;
  onCancel: () => void;
}

function todayIso() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** CreateListing: every field of a tender (docs/product.md section 3), validated next to each field. */
export function TenderForm({ initial, intents, onSubmit, onCancel }: TenderFormProps) {
  const [busyUploads, setBusyUploads] = useState(0);
  const [running, setRunning] = useState<SubmitIntent | null>(null);
  const form = useForm<TenderFormValues>({
    resolver: zodResolver(tenderFormSchema),
    defaultValues: tenderToForm(initial),
    mode: 'onTouched',
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const uploading = busyUploads > 0;
  const wasPublished = !!initial && initial.status !== 'draft';

  const submit = (intent: SubmitIntent) =>
    handleSubmit(async (values) => {
      const publishing = intent === 'publish' || (intent === 'save' && initial?.status === 'active');
      if (publishing) {
        if (!values.deadline) {
          setError(
            'deadline',
            { type: 'required', message: 'Set a closing date to publish this tender' },
            { shouldFocus: true },
          );
          return;
        }
        if (values.deadline < todayIso()) {
          setError('deadline', { type: 'min', message: 'Choose a closing date in the future' }, { shouldFocus: true });
          return;
        }
      }
      if (values.questionDeadline && values.deadline && values.questionDeadline > values.deadline) {
        setError(
          'questionDeadline',
          { type: 'max', message: 'Questions must close on or before the closing date' },
          { shouldFocus: true },
        );
        return;
      }
      setRunning(intent);
      try {
        await onSubmit(formToBody(values), intent);
      } catch (err) {
        const rest = applyServerErrors(err, FIELDS, setError, 'We could not save the tender. Please try again.', {
          supportingDocumentIds: 'supportingDocuments',
        });
        if (rest) notify.error(rest);
      } finally {
        setRunning(null);
      }
    });

  const trackBusy = (busy: boolean) => setBusyUploads((n) => Math.max(0, n + (busy ? 1 : -1)));

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(intents[intents.length - 1]!.intent)(e);
      }}
      className="space-y-6"
    >
      <Card>
        <CardHeader>
          <div>
            <CardTitle>What do you need?</CardTitle>
            <CardDescription>A clear title and description help suppliers decide quickly.</CardDescription>
          </div>
        </CardHeader>
        <CardBody className="space-y-5">
          <ListingBasicsFields
            form={form}
            placeholders={{
              title: 'e.g. Structural steel frame for a four-storey office',
              description: 'Scope of work, site, phasing, what is included and excluded…',
              specifications: 'Standards, grades, dimensions, finishes…',
            }}
          />
        </CardBody>
      </Card>

      <Card>
        <CardHeader>
          <div>
            <CardTitle>Budget, quantity and timing</CardTitle>
            <CardDescription>Amounts are in pounds sterling (£). Lead time is in days.</CardDescription>
          </div>
        </CardHeader>
        <CardBody className="grid gap-5 md:grid-cols-2">
          <MoneyInput
            label="Budget (£)"
            optional
            placeholder="e.g. 48500"
            error={errors.budget?.message}
            {...register('budget')}
          />
          <TextField
            label="Quantity"
            optional
            inputMode="numeric"
            placeholder="e.g. 185"
            error={errors.quantity?.message}
            {...register('quantity')}
          />
          <TextField
            label="Lead time (days)"
            optional
            inputMode="numeric"
            placeholder="e.g. 28"
            error={errors.leadTime?.message}
            {...register('leadTime')}
          />
          <TextField
            label="Closing date"
            type="date"
            min={todayIso()}
            hint="Responses close at 17:00 UK time on this day. Required to publish."
            error={errors.deadline?.message}
            {...register('deadline')}
          />
          <TextField
            label="Questions close"
            type="date"
            optional
            min={todayIso()}
            hint="Suppliers may ask questions until 17:00 UK time this day; otherwise until the closing date."
            error={errors.questionDeadline?.message}
            {...register('questionDeadline')}
          />
          {initial && initial.status !== 'draft' && initial.responseMode === 'sealed' ? (
            <div>
              <p className="text-sm font-medium text-ink-800">Responses</p>
              <p className="mt-2 text-sm text-ink-600">
                Sealed until the closing date. A published sealed tender stays sealed.
              </p>
            </div>
          ) : (
            <SelectField
              label="Responses"
              hint="Sealed: you open the responses after the closing date. Open: you see them as they arrive."
              error={errors.responseMode?.message}
              {...register('responseMode')}
            >
              <option value="sealed">Sealed until the closing date</option>
              <option value="open">Open as they arrive</option>
            </SelectField>
          )}
        </CardBody>
      </Card>

      <Card>
        <CardHeader>
          <div>
            <CardTitle>Commercial terms and requirements</CardTitle>
            <CardDescription>What a supplier must offer to be considered.</CardDescription>
          </div>
        </CardHeader>
        <CardBody className="space-y-5">
          <ListingTermsFields
            form={form}
            warrantyLabel="Warranty required"
            placeholders={{
              paymentTerms: 'e.g. 30 days from valuation',
              insurance: 'e.g. Public liability £10m',
              supplierType: 'e.g. Steel fabricator and erector',
            }}
          />
          <div className="grid gap-5 md:grid-cols-2">
            <Controller
              control={control}
              name="requiredCertifications"
              render={({ field }) => (
                <TagInput
                  label="Required certifications"
                  value={field.value}
                  onChange={field.onChange}
                  placeholder="e.g. ISO 9001, then Enter"
                  error={errors.requiredCertifications?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="qualityStandards"
              render={({ field }) => (
                <TagInput
                  label="Quality standards"
                  value={field.value}
                  onChange={field.onChange}
                  placeholder="e.g. BS EN 1090-2, then Enter"
                  error={errors.qualityStandards?.message}
                />
              )}
            />
          </div>
        </CardBody>
      </Card>

      <Card>
        <CardHeader>
          <div>
            <CardTitle>Documents</CardTitle>
            <CardDescription>
              Drawings, specifications and schedules. PDF, Office files, images or CAD drawings up to 25 MB each.
            </CardDescription>
          </div>
        </CardHeader>
        <CardBody className="grid gap-6 lg:grid-cols-2">
          <Controller
            control={control}
            name="attachments"
            render={({ field }) => (
              <FileUpload
                label="Attachments"
                value={field.value}
                onChange={field.onChange}
                uploadType="tender-attachment"
                tenderId={initial?.id}
                error={errors.attachments?.message}
                onBusyChange={trackBusy}
              />
            )}
          />
          <Controller
            control={control}
            name="supportingDocuments"
            render={({ field }) => (
              <FileUpload
                label="Supporting documents"
                value={field.value}
                onChange={field.onChange}
                uploadType="tender-document"
                tenderId={initial?.id}
                error={errors.supportingDocuments?.message}
                onBusyChange={trackBusy}
              />
            )}
          />
        </CardBody>
      </Card>

      {Object.keys(errors).length > 0 && (
        <Alert tone="danger" live title="Some fields need attention">
          Check the messages next to the highlighted fields.
        </Alert>
      )}
      {uploading && (
        <Alert tone="info" title="Uploading…">
          Saving is available once your files have finished uploading.
        </Alert>
      )}

      <div className="flex flex-col-reverse gap-2 border-t border-ink-200 pt-5 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={running !== null}>
          Cancel
        </Button>
        {intents.map((i) => (
          <Button
            key={i.intent}
            type={i === intents[intents.length - 1] ? 'submit' : 'button'}
            variant={i.variant ?? 'primary'}
            disabled={uploading || (running !== null && running !== i.intent)}
            loading={running === i.intent}
            onClick={
              i === intents[intents.length - 1]
                ? undefined
                : (e) => {
                    void submit(i.intent)(e);
                  }
            }
          >
            {i.label}
          </Button>
        ))}
      </div>
      {wasPublished && (
        <p className="text-right text-xs text-ink-500">Every change is recorded in the tender's audit trail.</p>
      )}
    </form>
  );
}
