import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { Plus, Save, Trash2 } from 'lucide-react';
import type { Profile } from '@brickyard/shared';
import { FileUpload } from '@/components/files';
import { RegionSelect, TagInput } from '@/components/listing';
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
import { zodResolver } from '@/lib/form';
import { applyServerErrors } from '@/lib/server-errors';
import { notify } from '@/lib/toast';
import { useUpdateProfileSettings } from '../api/update-profile-settings';
import { type ProfileFormValues, formToBody, orNull, profileFormSchema, profileToForm } from '../lib/profile-values';
import { useUpdateRequirements } from '../api/update-requirements';
import { CategoriesPicker } from './categories-picker';
import { LogoField } from './logo-field';
import { RegionsPicker } from './regions-picker';

const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'];
type FieldName = keyof ProfileFormValues;
const FIELDS = Object.keys(profileFormSchema.shape) as FieldName[];

/** Server paths of the requirements call, as form fields. */
const REQUIREMENT_ALIASES: Record<string, FieldName> = {
  materialsNeeded: 'requiredProducts',
};

/**
 * Settings › Profile: every field of docs/product.md section 3 Profile (and, for buyers, the
 * Buyer-profile extras), validated next to each field, saved with one button.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const isBuyer = profile.userRole === 'buyer';
  const other = isBuyer ? 'supplier' : 'buyer';
  const updateProfile = useUpdateProfileSettings();
  const updateRequirements = useUpdateRequirements();
  const [busyUploads, setBusyUploads] = useState(0);
  const [saving, setSaving] = useState(false);
  const [savedImage, setSavedImage] = useState(profile.image);
  const [previewUrl, setPreviewUrl] = useState(profile.imageUrl);
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors, isDirty },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileToForm(profile),
    mode: 'onTouched',
  });
  const products = useFieldArray({ control, name: 'requiredProducts' });
  const trackBusy = (busy: boolean) => setBusyUploads((n) => Math.max(0, n + (busy ? 1 : -1)));
  const uploading = busyUploads > 0;

  const onSubmit = handleSubmit(async (v) => {
    setSaving(true);
    try {
      await updateRequirements.mutateAsync({
        qualityStandards: v.reqQualityStandards,
        deliveryReliability: orNull(v.reqDeliveryReliability),
        sustainability: orNull(v.reqSustainability),
        pricing: orNull(v.reqPricing),
      });
      const saved = await updateProfile.mutateAsync(formToBody(v, isBuyer, v.image !== savedImage));
      setSavedImage(saved.image);
      setPreviewUrl(saved.imageUrl);
      reset(profileToForm(saved));
      notify.success('Your profile has been saved');
    } catch (err) {
      const rest = applyServerErrors(
        err,
        FIELDS,
        setError,
        'We could not save your profile. Please try again.',
        REQUIREMENT_ALIASES,
      );
      if (rest) notify.error(rest);
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <Card>
        <CardHeader>
          <div>
            <CardTitle>Company</CardTitle>
            <CardDescription>
              What {other}s see first on your profile and next to your {isBuyer ? 'tenders' : 'catalogue items'}.
            </CardDescription>
          </div>
        </CardHeader>
        <CardBody className="space-y-5">
          <Controller
            control={control}
            name="image"
            render={({ field }) => (
              <LogoField
                value={field.value}
                savedKey={savedImage}
                previewUrl={previewUrl}
                companyName={watch('companyName')}
                onChange={field.onChange}
                onBusyChange={trackBusy}
                error={errors.image?.message}
              />
            )}
          />
          <div className="grid gap-5 md:grid-cols-2">
            <TextField
              label="Company name"
              autoComplete="organization"
              error={errors.companyName?.message}
              {...register('companyName')}
            />
            <RegionSelect
              label="Region"
              optional
              placeholder="Not specified"
              error={errors.region?.message}
              {...register('region')}
            />
            <SelectField label="Company size" optional error={errors.companySize?.message} {...register('companySize')}>
              <option value="">Not specified</option>
              {[...new Set([...COMPANY_SIZES, profile.companySize].filter((s): s is string => !!s))].map((s) => (
                <option key={s} value={s}>
                  {s} employees
                </option>
              ))}
            </SelectField>
            <TextField
              label="Company registration number"
              optional
              placeholder="e.g. 04518273"
              hint="Your Companies House number."
              error={errors.registrationNumber?.message}
              {...register('registrationNumber')}
            />
            <TextField
              label="Website"
              optional
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://example.co.uk"
              error={errors.website?.message}
              {...register('website')}
            />
          </div>
          <TextareaField
            label="Company description"
            optional
            rows={4}
            placeholder={
              isBuyer
                ? 'Who you are, what you build and where.'
                : 'What you supply, your depots and the customers you serve.'
            }
            error={errors.companyDescription?.message}
            {...register('companyDescription')}
          />
        </CardBody>
      </Card>

      <Card>
        <CardHeader>
          <div>
            <CardTitle>{isBuyer ? 'What you buy' : 'What you supply'}</CardTitle>
            <CardDescription>Categories drive your matches. Pick subcategories to sharpen them.</CardDescription>
          </div>
        </CardHeader>
        <CardBody>
          <Controller
            control={control}
            name="preferredCategories"
            render={({ field }) => (
              <Controller
                control={control}
                name="subcategories"
                render={({ field: sub }) => (
                  <CategoriesPicker
                    legend="Preferred categories"
                    categories={field.value}
                    subcategories={sub.value}
                    error={errors.preferredCategories?.message ?? errors.subcategories?.message}
                    onChange={(next) => {
                      field.onChange(next.categories);
                      sub.onChange(next.subcategories);
                    }}
                  />
                )}
              />
            )}
          />
        </CardBody>
      </Card>

      {isBuyer && (
        <Card>
          <CardHeader>
            <div>
              <CardTitle>About your business</CardTitle>
              <CardDescription>Helps suppliers understand the work you do.</CardDescription>
            </div>
          </CardHeader>
          <CardBody className="grid gap-5 md:grid-cols-3">
            <TextField
              label="Industry"
              optional
              placeholder="e.g. Residential development"
              error={errors.industry?.message}
              {...register('industry')}
            />
            <TextField
              label="Specialization"
              optional
              placeholder="e.g. Mid-rise timber frame"
              error={errors.specialization?.message}
              {...register('specialization')}
            />
            <TextField
              label="Years in business"
              optional
              inputMode="numeric"
              placeholder="e.g. 12"
              error={errors.yearsInBusiness?.message}
              {...register('yearsInBusiness')}
            />
          </CardBody>
        </Card>
      )}

      <Card>
        <CardHeader>
          <div>
            <CardTitle>{isBuyer ? 'Standards and commercial terms' : 'Capabilities and terms'}</CardTitle>
            <CardDescription>Amounts are in pounds sterling (£). Lead time is in days.</CardDescription>
          </div>
        </CardHeader>
        <CardBody className="space-y-5">
          <div className="grid gap-5 md:grid-cols-2">
            <Controller
              control={control}
              name="certifications"
              render={({ field }) => (
                <TagInput
                  label="Certifications"
                  value={field.value}
                  onChange={field.onChange}
                  max={50}
                  placeholder="e.g. ISO 9001, then Enter"
                  error={errors.certifications?.message}
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
                  max={50}
                  placeholder="e.g. BS EN 1090-2, then Enter"
                  error={errors.qualityStandards?.message}
                />
              )}
            />
          </div>
          <div className="grid gap-5 md:grid-cols-3">
            <TextField
              label="Manufacturing capacity (units per month)"
              optional
              inputMode="numeric"
              placeholder="e.g. 450"
              error={errors.manufacturingCapacity?.message}
              {...register('manufacturingCapacity')}
            />
            <TextField
              label="Lead time (days)"
              optional
              inputMode="numeric"
              placeholder="e.g. 10"
              error={errors.leadTime?.message}
              {...register('leadTime')}
            />
            <MoneyInput
              label="Minimum order value (£)"
              optional
              placeholder="e.g. 500"
              error={errors.minOrderValue?.message}
              {...register('minOrderValue')}
            />
          </div>
          <Controller
            control={control}
            name="deliveryLocations"
            render={({ field }) => (
              <RegionsPicker
                legend="Delivery locations"
                hint={isBuyer ? 'Where your sites are.' : 'Where you deliver.'}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <div className="grid gap-5 md:grid-cols-3">
            <TextField
              label="Payment terms"
              optional
              placeholder="e.g. 30 days end of month"
              error={errors.paymentTerms?.message}
              {...register('paymentTerms')}
            />
            <TextField
              label="Warranty offered"
              optional
              placeholder="e.g. 12 months on fabricated steel"
              error={errors.warrantyOffered?.message}
              {...register('warrantyOffered')}
            />
            <TextField
              label="Rebate"
              optional
              placeholder="e.g. 2% above £100,000 a year"
              error={errors.rebate?.message}
              {...register('rebate')}
            />
          </div>
        </CardBody>
      </Card>

      {isBuyer && (
        <Card>
          <CardHeader>
            <div>
              <CardTitle>Materials and services needed</CardTitle>
              <CardDescription>What you expect to buy, so suppliers can reach you early.</CardDescription>
            </div>
          </CardHeader>
          <CardBody className="space-y-5">
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium text-ink-800">Required products</legend>
              {products.fields.length === 0 && <p className="text-sm text-ink-500">No products listed yet.</p>}
              {products.fields.map((f, i) => (
                <div
                  key={f.id}
                  className="grid gap-3 rounded-lg border border-ink-200 p-3 md:grid-cols-[1fr_10rem_1.4fr_auto] md:items-start"
                >
                  <TextField
                    label="Product or service"
                    error={errors.requiredProducts?.[i]?.name?.message}
                    {...register(`requiredProducts.${i}.name`)}
                  />
                  <TextField
                    label="Quantity"
                    optional
                    placeholder="e.g. 185 tonnes"
                    error={errors.requiredProducts?.[i]?.quantity?.message}
                    {...register(`requiredProducts.${i}.quantity`)}
                  />
                  <TextField
                    label="Details"
                    optional
                    error={errors.requiredProducts?.[i]?.description?.message}
                    {...register(`requiredProducts.${i}.description`)}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    className="md:mt-6"
                    aria-label={`Remove product ${i + 1}`}
                    onClick={() => products.remove(i)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              ))}
              {errors.requiredProducts?.message && (
                <p className="text-sm text-red-600">{errors.requiredProducts.message}</p>
              )}
              <Button
                size="sm"
                variant="secondary"
                disabled={products.fields.length >= 50}
                onClick={() => products.append({ name: '', quantity: '', description: '' })}
                leftIcon={<Plus className="size-4" aria-hidden="true" />}
              >
                Add a product
              </Button>
            </fieldset>
            <div className="grid gap-5 md:grid-cols-2">
              <TextField
                label="Current tender"
                optional
                placeholder="What you are buying now"
                error={errors.currentTender?.message}
                {...register('currentTender')}
              />
              <TextField
                label="Future tender"
                optional
                placeholder="What you will buy next"
                error={errors.futureTender?.message}
                {...register('futureTender')}
              />
              <TextField
                label="Delivery deadline"
                optional
                placeholder="e.g. Phased drops from March"
                error={errors.deliveryDeadline?.message}
                {...register('deliveryDeadline')}
              />
              <TextField
                label="Expected start date"
                optional
                placeholder="e.g. Q3 this year"
                error={errors.expectedStartDate?.message}
                {...register('expectedStartDate')}
              />
              <TextField
                label="Volume"
                optional
                placeholder="e.g. About £1.2m of materials a year"
                error={errors.volume?.message}
                {...register('volume')}
              />
              <TextField
                label="Sustainability focus"
                optional
                placeholder="e.g. Low-carbon concrete"
                error={errors.sustainabilityFocus?.message}
                {...register('sustainabilityFocus')}
              />
            </div>
          </CardBody>
        </Card>
      )}

      <Card>
        <CardHeader>
          <div>
            <CardTitle>{isBuyer ? 'Supplier requirements' : 'Buyer requirements'}</CardTitle>
            <CardDescription>What you ask of the {other}s you work with.</CardDescription>
          </div>
        </CardHeader>
        <CardBody className="space-y-5">
          <Controller
            control={control}
            name="reqQualityStandards"
            render={({ field }) => (
              <TagInput
                label={`Quality standards you expect`}
                value={field.value}
                onChange={field.onChange}
                max={50}
                placeholder="e.g. UKCA marking, then Enter"
                error={errors.reqQualityStandards?.message}
              />
            )}
          />
          <div className="grid gap-5 md:grid-cols-3">
            <TextareaField
              label="Delivery reliability"
              optional
              rows={3}
              error={errors.reqDeliveryReliability?.message}
              {...register('reqDeliveryReliability')}
            />
            <TextareaField
              label="Sustainability"
              optional
              rows={3}
              error={errors.reqSustainability?.message}
              {...register('reqSustainability')}
            />
            <TextareaField
              label="Pricing"
              optional
              rows={3}
              error={errors.reqPricing?.message}
              {...register('reqPricing')}
            />
          </div>
        </CardBody>
      </Card>

      <Card>
        <CardHeader>
          <div>
            <CardTitle>Documents</CardTitle>
            <CardDescription>
              Certificates, insurance, brochures. Shown under Related Documents on your profile. PDF, Office files or
              images up to 25 MB each.
            </CardDescription>
          </div>
        </CardHeader>
        <CardBody>
          <Controller
            control={control}
            name="documents"
            render={({ field }) => (
              <FileUpload
                label="Company documents"
                value={field.value}
                onChange={field.onChange}
                uploadType="profile-document"
                maxFiles={30}
                error={errors.documents?.message}
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
      <div
        className={cn(
          'z-10 flex items-center justify-end gap-2 rounded-xl border border-ink-200 bg-white/95 px-4 py-3 shadow-card backdrop-blur',
          // While there are unsaved changes the bar stays in view at the bottom of the screen.
          isDirty && 'sticky bottom-3',
        )}
      >
        <p className="mr-auto hidden text-sm text-ink-500 sm:block" aria-live="polite">
          {uploading
            ? 'Uploading… you can save once it finishes.'
            : isDirty
              ? 'You have unsaved changes.'
              : 'All changes saved.'}
        </p>
        <Button variant="ghost" disabled={!isDirty || saving} onClick={() => reset()}>
          Discard
        </Button>
        <Button
          type="submit"
          loading={saving}
          disabled={uploading}
          leftIcon={<Save className="size-4" aria-hidden="true" />}
        >
          Save profile
        </Button>
      </div>
    </form>
  );
}
