import { Controller, useFormContext } from 'react-hook-form';
import { TagInput } from '@/components/listing';
import { MoneyInput, TextField } from '@/components/ui';
import type { ProfileFormValues } from '../../lib/profile-values';
import { ProfileCard } from './profile-card';
import { RegionsPicker } from '../regions-picker';

/** Certifications, standards, capacity, lead time, minimum order, delivery locations and terms. */
export function TermsCard({ isBuyer }: { isBuyer: boolean }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  return (
    <ProfileCard
      title={isBuyer ? 'Standards and commercial terms' : 'Capabilities and terms'}
      description="Amounts are in pounds sterling (£). Lead time is in days."
      bodyClassName="space-y-5"
    >
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
    </ProfileCard>
  );
}
