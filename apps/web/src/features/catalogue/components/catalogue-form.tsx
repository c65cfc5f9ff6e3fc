import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Check } from 'lucide-react';
import { REGIONS, type CatalogueItem } from '@brickyard/shared';
import { FileUpload } from '@/components/files';
import {
  ListingBasicsFields,
  ListingTermsFields,
  listingFormToBody,
  listingToForm,
  TagInput,
  listingFieldSchemas,
  optionalInt,
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
import { cn } from '@/lib/cn';
import { zodResolver } from '@/lib/form';
import { applyServerErrors } from '@/lib/server-errors';
import { notify } from '@/lib/toast';
import type { CatalogueBody } from '../api/catalogue-body';
import { formatMoney, moneyField, moneyToPounds } from '@/lib/money';

// Key order does not matter: server errors are placed by name, and focus follows the page.
const L = listingFieldSchemas('the item');

export const catalogueFormSchema = z.object({
  ...L,
  value: moneyField('Enter a price in pounds, like 118.50', 'Enter a price'),
  quantity: optionalInt('Quantity', 1_000_000_000),
  budget: moneyField('Enter an amount in pounds, like 2500'),
  leadTime: optionalInt('Lead time', 3650),
  availability: z.enum(['available', 'limited', 'other']),
  certifications: z.array(z.string()),
  deliveryLocations: z.array(z.string()),
});
export type CatalogueFormValues = z.infer<typeof catalogueFormSchema>;
type FieldName = keyof CatalogueFormValues;
const FIELDS = Object.keys(catalogueFormSchema.shape) as FieldName[];

function itemToForm(i?: CatalogueItem): CatalogueFormValues {
  return {
    ...listingToForm(i),
    value: formatMoney(i?.valuePence),
    quantity: i?.quantity != null ? String(i.quantity) : '',
    budget: formatMoney(i?.budgetPence),
    leadTime: i?.leadTime != null ? String(i.leadTime) : '',
    availability: i?.availability ?? 'available',
    certifications: i?.certifications ?? [],
    deliveryLocations: i?.deliveryLocations ?? [],
  };
}

function formToBody(v: CatalogueFormValues): CatalogueBody {
  return {
    ...listingFormToBody(v),
    value: moneyToPounds(v.value)!,
    quantity: v.quantity === '' ? null : Number(v.quantity),
    budget: moneyToPounds(v.budget),
    leadTime: v.leadTime === '' ? null : Number(v.leadTime),
    availability: v.availability,
    certifications: v.certifications,
    deliveryLocations: v.deliveryLocations,
  };
}

function RegionChips({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-ink-800">
        Delivery locations <span className="font-normal text-ink-500">(optional)</span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {REGIONS.map((r) => {
          const on = value.includes(r.key);
          return (
            <button
              key={r.key}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(on ? value.filter((x) => x !== r.key) : [...value, r.key])}
              className={cn(
                'inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm transition-colors',
                on
                  ? 'border-brand-500 bg-brand-50 font-medium text-brand-900'
                  : 'border-ink-200 bg-white text-ink-700 hover:bg-ink-50',
              )}
            >
              {on && <Check className="size-3.5" aria-hidden="true" />}
              {r.name}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** UploadCatalogue's single-item form: every field of a catalogue item (docs/product.md section 3). */
export function CatalogueForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: CatalogueItem;
  submitLabel: string;
  onSubmit: (body: CatalogueBody) => Promise<void>;
  onCancel: () => void;
}) {
  const [busyUploads, setBusyUploads] = useState(0);
  const form = useForm<CatalogueFormValues>({
    resolver: zodResolver(catalogueFormSchema),
    defaultValues: itemToForm(initial),
    mode: 'onTouched',
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const trackBusy = (busy: boolean) => setBusyUploads((n) => Math.max(0, n + (busy ? 1 : -1)));

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(formToBody(values));
    } catch (err) {
      const rest = applyServerErrors(err, FIELDS, setError, 'We could not save the item. Please try again.', {
        supportingDocumentIds: 'supportingDocuments',
      });
      if (rest) notify.error(rest);
    }
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-6">
      <Card>
        <CardHeader>
          <div>
            <CardTitle>Product or service</CardTitle>
            <CardDescription>What buyers see first in search and matches.</CardDescription>
          </div>
        </CardHeader>
        <CardBody className="space-y-5">
          <ListingBasicsFields form={form} placeholders={{ title: 'e.g. C32/40 ready-mix concrete' }} />
        </CardBody>
      </Card>

      <Card>
        <CardHeader>
          <div>
            <CardTitle>Price, stock and lead time</CardTitle>
            <CardDescription>Prices are in pounds sterling (£). Lead time is in days.</CardDescription>
          </div>
        </CardHeader>
        <CardBody className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          <MoneyInput
            label="Price (£)"
            placeholder="e.g. 118.50"
            error={errors.value?.message}
            {...register('value')}
          />
          <TextField
            label="Quantity in stock"
            optional
            inputMode="numeric"
            error={errors.quantity?.message}
            {...register('quantity')}
          />
          <TextField
            label="Lead time (days)"
            optional
            inputMode="numeric"
            error={errors.leadTime?.message}
            {...register('leadTime')}
          />
          <SelectField label="Availability" error={errors.availability?.message} {...register('availability')}>
            <option value="available">Available</option>
            <option value="limited">Limited</option>
            <option value="other">Other (e.g. made to order)</option>
          </SelectField>
          <MoneyInput
            label="Typical order value (£)"
            optional
            hint="Shown as the budget on your profile's catalogue"
            error={errors.budget?.message}
            {...register('budget')}
          />
        </CardBody>
      </Card>

      <Card>
        <CardHeader>
          <div>
            <CardTitle>Terms and credentials</CardTitle>
          </div>
        </CardHeader>
        <CardBody className="space-y-5">
          <ListingTermsFields
            form={form}
            warrantyLabel="Warranty"
            placeholders={{
              paymentTerms: 'e.g. 30 days end of month',
              insurance: 'e.g. Public liability £5m',
              supplierType: 'e.g. Manufacturer',
            }}
          />
          <Controller
            control={control}
            name="certifications"
            render={({ field }) => (
              <TagInput
                label="Certifications"
                value={field.value}
                onChange={field.onChange}
                placeholder="e.g. BSI Kitemark, then Enter"
                error={errors.certifications?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="deliveryLocations"
            render={({ field }) => <RegionChips value={field.value} onChange={field.onChange} />}
          />
        </CardBody>
      </Card>

      <Card>
        <CardHeader>
          <div>
            <CardTitle>Images and documents</CardTitle>
            <CardDescription>
              Product photos, data sheets, certificates and price lists, up to 25 MB each.
            </CardDescription>
          </div>
        </CardHeader>
        <CardBody className="grid gap-6 lg:grid-cols-2">
          <Controller
            control={control}
            name="attachments"
            render={({ field }) => (
              <FileUpload
                label="Images and attachments"
                value={field.value}
                onChange={field.onChange}
                uploadType={(f) => (f.type.startsWith('image/') ? 'catalogue-image' : 'catalogue-document')}
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
                uploadType="catalogue-document"
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
      <div className="flex flex-col-reverse gap-2 border-t border-ink-200 pt-5 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting} disabled={busyUploads > 0}>
          {busyUploads > 0 ? 'Uploading…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
