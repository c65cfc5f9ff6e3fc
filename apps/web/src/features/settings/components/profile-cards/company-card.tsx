import { Controller, useFormContext } from 'react-hook-form';
import { RegionSelect } from '@/components/listing';
import { SelectField, TextareaField, TextField } from '@/components/ui';
import type { ProfileFormValues } from '../../lib/profile-values';
import { ProfileCard } from './profile-card';
import { LogoField } from '../logo-field';

const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'];

/** The Company card: logo, name, region, size, registration number, website and description. */
export function CompanyCard({
  isBuyer,
  other,
  currentSize,
  savedImage,
  previewUrl,
  trackBusy,
}: {
  isBuyer: boolean;
  other: 'buyer' | 'supplier';
  /** the stored company size, listed even when it is not one of the sizes offered */
  currentSize: string | null;
  savedImage: string | null;
  previewUrl: string | null;
  trackBusy: (busy: boolean) => void;
}) {
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  return (
    <ProfileCard
      title="Company"
      description={
        <>
          What {other}s see first on your profile and next to your {isBuyer ? 'tenders' : 'catalogue items'}.
        </>
      }
      bodyClassName="space-y-5"
    >
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
          {[...new Set([...COMPANY_SIZES, currentSize].filter((s): s is string => !!s))].map((s) => (
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
    </ProfileCard>
  );
}
