import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Check } from 'lucide-react';
import { REGIONS, isSubcategoryOf, type CatalogueItem } from '@brickyard/shared';
import { FileUpload } from '@/components/files';
import { CategorySelect, RegionSelect, SubcategoryPicker, TagInput } from '@/components/listing';
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
  TextareaField,
  TextField,
} from '@/components/ui';
import { cn } from '@/lib/cn';
import { fileDisplayName } from '@/lib/download';
import { zodResolver } from '@/lib/form';
import { applyServerErrors } from '@/lib/server-errors';
import { notify } from '@/lib/toast';
import type { CatalogueBody } from '../api/catalogue-body';
import { formatMoney, moneyField, moneyToPounds } from '@/lib/money';

const optionalInt = (label: string, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d+$/.test(v), `${label} must be a whole number`)
    .refine((v) => v === '' || Number(v) <= max, `${label} is too large`);
const triState = z.enum(['', 'yes', 'no']);

export const catalogueFormSchema = z.object({
  title: z.string().trim().min(3, 'Enter a title of at least 3 characters').max(200),
  description: z.string().trim().min(10, 'Describe the item in at least 10 characters').max(10_000),
  specifications: z.string().trim().max(10_000),
  category: z.string().min(1, 'Choose a category'),
  subcategories: z.array(z.string()),
  value: moneyField('Enter a price in pounds, like 118.50', 'Enter a price'),
  quantity: optionalInt('Quantity', 1_000_000_000),
  budget: moneyField('Enter an amount in pounds, like 2500'),
  leadTime: optionalInt('Lead time', 3650),
  region: z.string(),
  availability: z.enum(['available', 'limited', 'other']),
  paymentTerms: z.string().trim().max(200),
  insurance: z.string().trim().max(200),
  supplierType: z.string().trim().max(100),
  warrantyRequirement: triState,
  rebate: triState,
  certifications: z.array(z.string()),
  deliveryLocations: z.array(z.string()),
  attachments: z.array(z.object({ name: z.string(), url: z.string() })),
  supportingDocuments: z.array(z.object({ name: z.string(), url: z.string() })),
});
export type CatalogueFormValues = z.infer<typeof catalogueFormSchema>;
type FieldName = keyof CatalogueFormValues;
const FIELDS = Object.keys(catalogueFormSchema.shape) as FieldName[];

const toTri = (v: boolean | null | undefined): 'yes' | 'no' | '' => (v === true ? 'yes' : v === false ? 'no' : '');
const fromTri = (v: '' | 'yes' | 'no') => (v === 'yes' ? true : v === 'no' ? false : null);
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

function itemToForm(i?: CatalogueItem): CatalogueFormValues {
  return {
    title: i?.title ?? '',
    description: i?.description ?? '',
    specifications: i?.specifications ?? '',
    category: i?.category ?? '',
    subcategories: i?.subcategories ?? [],
    value: formatMoney(i?.valuePence),
    quantity: i?.quantity != null ? String(i.quantity) : '',
    budget: formatMoney(i?.budgetPence),
    leadTime: i?.leadTime != null ? String(i.leadTime) : '',
    region: i?.region ?? '',
    availability: i?.availability ?? 'available',
    paymentTerms: i?.paymentTerms ?? '',
    insurance: i?.insurance ?? '',
    supplierType: i?.supplierType ?? '',
    warrantyRequirement: toTri(i?.warrantyRequirement),
    rebate: toTri(i?.rebate),
    certifications: i?.certifications ?? [],
    deliveryLocations: i?.deliveryLocations ?? [],
    attachments: i?.attachments ?? [],
    supportingDocuments: (i?.supportingDocumentIds ?? []).map((url) => ({ url, name: fileDisplayName(url) })),
  };
}

function formToBody(v: CatalogueFormValues): CatalogueBody {
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    specifications: orNull(v.specifications),
    category: v.category,
    subcategories: v.subcategories.filter((s) => isSubcategoryOf(v.category, s)),
    value: moneyToPounds(v.value)!,
    quantity: v.quantity === '' ? null : Number(v.quantity),
    budget: moneyToPounds(v.budget),
    leadTime: v.leadTime === '' ? null : Number(v.leadTime),
    region: orNull(v.region),
    availability: v.availability,
    paymentTerms: orNull(v.paymentTerms),
    insurance: orNull(v.insurance),
    supplierType: orNull(v.supplierType),
    warrantyRequirement: fromTri(v.warrantyRequirement),
    rebate: fromTri(v.rebate),
    certifications: v.certifications,
    deliveryLocations: v.deliveryLocations,
    attachments: v.attachments,
    supportingDocumentIds: v.supportingDocuments.map((d) => d.url),
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
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CatalogueFormValues>({
    resolver: zodResolver(catalogueFormSchema),
    defaultValues: itemToForm(initial),
    mode: 'onTouched',
  });
  const category = watch('category');
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
          <TextField
            label="Title"
            placeholder="e.g. C32/40 ready-mix concrete"
            error={errors.title?.message}
            {...register('title')}
          />
          <TextareaField
            label="Description"
            rows={5}
            error={errors.description?.message}
            {...register('description')}
          />
          <TextareaField
            label="Specifications"
            optional
            rows={3}
            error={errors.specifications?.message}
            {...register('specifications')}
          />
          <div className="grid gap-5 md:grid-cols-2">
            <CategorySelect
              error={errors.category?.message}
              {...register('category', {
                onChange: (e: { target: { value: string } }) =>
                  setValue(
                    'subcategories',
                    watch('subcategories').filter((s) => isSubcategoryOf(e.target.value, s)),
                  ),
              })}
            />
            <RegionSelect
              label="Region"
              optional
              placeholder="Not specified"
              error={errors.region?.message}
              {...register('region')}
            />
          </div>
          <Controller
            control={control}
            name="subcategories"
            render={({ field }) => (
              <SubcategoryPicker
                category={category}
                value={field.value}
                onChange={field.onChange}
                error={errors.subcategories?.message}
              />
            )}
          />
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
          <div className="grid gap-5 md:grid-cols-2">
            <TextField
              label="Payment terms"
              optional
              placeholder="e.g. 30 days end of month"
              error={errors.paymentTerms?.message}
              {...register('paymentTerms')}
            />
            <TextField
              label="Insurance"
              optional
              placeholder="e.g. Public liability £5m"
              error={errors.insurance?.message}
              {...register('insurance')}
            />
            <TextField
              label="Supplier type"
              optional
              placeholder="e.g. Manufacturer"
              error={errors.supplierType?.message}
              {...register('supplierType')}
            />
            <div className="grid grid-cols-2 gap-4">
              <SelectField label="Warranty" {...register('warrantyRequirement')}>
                <option value="">Not specified</option>
                <option value="yes">Yes</option>
                <option value="no">No</option>
              </SelectField>
              <SelectField label="Rebate" {...register('rebate')}>
                <option value="">Not specified</option>
                <option value="yes">Yes</option>
                <option value="no">No</option>
              </SelectField>
            </div>
          </div>
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
