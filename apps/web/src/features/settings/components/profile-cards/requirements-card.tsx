import { Controller, useFormContext } from 'react-hook-form';
import { TagInput } from '@/components/listing';
import { TextareaField } from '@/components/ui';
import type { ProfileFormValues } from '../../lib/profile-values';
import { ProfileCard } from './profile-card';

/** What the company asks of the other side (saved with the profile, in the same request). */
export function RequirementsCard({ isBuyer, other }: { isBuyer: boolean; other: 'buyer' | 'supplier' }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  return (
    <ProfileCard
      title={isBuyer ? 'Supplier requirements' : 'Buyer requirements'}
      description={<>What you ask of the {other}s you work with.</>}
      bodyClassName="space-y-5"
    >
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
    </ProfileCard>
  );
}
