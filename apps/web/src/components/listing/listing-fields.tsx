import { Controller, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { isSubcategoryOf, type Attachment } from '@brickyard/shared';
import { SelectField, TextareaField, TextField } from '@/components/ui';
import { fileDisplayName } from '@/lib/download';
import { CategorySelect, SubcategoryPicker } from './category-picker';
import { RegionSelect } from './region-select';

/**
 * The fields a tender and a catalogue item share (docs/product.md section 3: both are listings with a
 * title, description, category, region and the same commercial terms), so the two forms ask for
 * them, check them and send them alike.
 */

const triState = z.enum(['', 'yes', 'no']);
export type TriState = z.infer<typeof triState>;

/** The schemas of the shared fields; `noun` names what is described ("the work", "the item"). */
export function listingFieldSchemas(noun: string) {
  return {
    title: z.string().trim().min(3, 'Enter a title of at least 3 characters').max(200),
    description: z.string().trim().min(10, `Describe ${noun} in at least 10 characters`).max(10_000),
    specifications: z.string().trim().max(10_000),
    category: z.string().min(1, 'Choose a category'),
    subcategories: z.array(z.string()),
    region: z.string(),
    paymentTerms: z.string().trim().max(200),
    insurance: z.string().trim().max(200),
    supplierType: z.string().trim().max(100),
    warrantyRequirement: triState,
    rebate: triState,
    attachments: z.array(z.object({ name: z.string(), url: z.string() })),
    supportingDocuments: z.array(z.object({ name: z.string(), url: z.string() })),
  };
}

/** An optional whole number typed as text, at most `max`. */
export const optionalInt = (label: string, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d+$/.test(v), `${label} must be a whole number`)
    .refine((v) => v === '' || Number(v) <= max, `${label} is too large`);

/** A yes/no/unknown answer as a select shows it, and back. */
export const toTri = (v: boolean | null | undefined): TriState => (v === true ? 'yes' : v === false ? 'no' : '');
export const fromTri = (v: TriState) => (v === 'yes' ? true : v === 'no' ? false : null);
/** A text field as the API takes it: trimmed, and null when empty. */
export const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The shared fields of a tender or catalogue item as the API answers them (listingOutputFields). */
interface StoredListing {
  title: string;
  description: string;
  specifications: string | null;
  category: string;
  subcategories: string[];
  region: string | null;
  paymentTerms: string | null;
  insurance: string | null;
  supplierType: string | null;
  warrantyRequirement: boolean | null;
  rebate: boolean | null;
  attachments: Attachment[];
  supportingDocumentIds: string[];
}

type ListingFormValues = z.infer<z.ZodObject<ReturnType<typeof listingFieldSchemas>>>;

/** The shared fields as the form edits them (empty for a new listing). */
export function listingToForm(l?: StoredListing): ListingFormValues {
  return {
    title: l?.title ?? '',
    description: l?.description ?? '',
    specifications: l?.specifications ?? '',
    category: l?.category ?? '',
    subcategories: l?.subcategories ?? [],
    region: l?.region ?? '',
    paymentTerms: l?.paymentTerms ?? '',
    insurance: l?.insurance ?? '',
    supplierType: l?.supplierType ?? '',
    warrantyRequirement: toTri(l?.warrantyRequirement),
    rebate: toTri(l?.rebate),
    attachments: l?.attachments ?? [],
    supportingDocuments: (l?.supportingDocumentIds ?? []).map((url) => ({ url, name: fileDisplayName(url) })),
  };
}

/** The shared fields as the API takes them; subcategories of another category are dropped. */
export function listingFormToBody(v: ListingFormValues) {
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    specifications: orNull(v.specifications),
    category: v.category,
    subcategories: v.subcategories.filter((s) => isSubcategoryOf(v.category, s)),
    region: orNull(v.region),
    paymentTerms: orNull(v.paymentTerms),
    insurance: orNull(v.insurance),
    supplierType: orNull(v.supplierType),
    warrantyRequirement: fromTri(v.warrantyRequirement),
    rebate: fromTri(v.rebate),
    attachments: v.attachments,
    supportingDocumentIds: v.supportingDocuments.map((d) => d.url),
  };
}

interface ListingBasicsValues {
  title: string;
  description: string;
  specifications: string;
  category: string;
  subcategories: string[];
  region: string;
}

interface ListingTermsValues {
  paymentTerms: string;
  insurance: string;
  supplierType: string;
  warrantyRequirement: TriState;
  rebate: TriState;
}

/**
 * Title, description, specifications, category with its subcategories, and region. Changing the
 * category drops the subcategories that do not belong to it.
 */
export function ListingBasicsFields<T extends ListingBasicsValues>({
  form,
  placeholders,
}: {
  form: UseFormReturn<T>;
  placeholders: { title: string; description?: string; specifications?: string };
}) {
  // react-hook-form cannot name a field of a generic form; these fields exist in every T.
  const { register, control, watch, setValue, formState } = form as unknown as UseFormReturn<ListingBasicsValues>;
  const errors = formState.errors;
  const category = watch('category');
  return (
    <>
      <TextField label="Title" placeholder={placeholders.title} error={errors.title?.message} {...register('title')} />
      <TextareaField
        label="Description"
        rows={5}
        placeholder={placeholders.description}
        error={errors.description?.message}
        {...register('description')}
      />
      <TextareaField
        label="Specifications"
        optional
        rows={3}
        placeholder={placeholders.specifications}
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
    </>
  );
}

/** Payment terms, insurance, supplier type, warranty and rebate. */
export function ListingTermsFields<T extends ListingTermsValues>({
  form,
  placeholders,
  warrantyLabel,
}: {
  form: UseFormReturn<T>;
  placeholders: { paymentTerms: string; insurance: string; supplierType: string };
  warrantyLabel: string;
}) {
  const { register, formState } = form as unknown as UseFormReturn<ListingTermsValues>;
  const errors = formState.errors;
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <TextField
        label="Payment terms"
        optional
        placeholder={placeholders.paymentTerms}
        error={errors.paymentTerms?.message}
        {...register('paymentTerms')}
      />
      <TextField
        label="Insurance"
        optional
        placeholder={placeholders.insurance}
        error={errors.insurance?.message}
        {...register('insurance')}
      />
      <TextField
        label="Supplier type"
        optional
        placeholder={placeholders.supplierType}
        error={errors.supplierType?.message}
        {...register('supplierType')}
      />
      <div className="grid grid-cols-2 gap-4">
        <SelectField
          label={warrantyLabel}
          error={errors.warrantyRequirement?.message}
          {...register('warrantyRequirement')}
        >
          <option value="">Not specified</option>
          <option value="yes">Yes</option>
          <option value="no">No</option>
        </SelectField>
        <SelectField label="Rebate" error={errors.rebate?.message} {...register('rebate')}>
          <option value="">Not specified</option>
          <option value="yes">Yes</option>
          <option value="no">No</option>
        </SelectField>
      </div>
    </div>
  );
}
