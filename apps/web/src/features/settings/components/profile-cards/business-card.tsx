import { useFormContext } from 'react-hook-form';
import { TextField } from '@/components/ui';
import type { ProfileFormValues } from '../../lib/profile-values';
import { ProfileCard } from './profile-card';

/** Buyers only: industry, specialization and years in business. */
export function BusinessCard() {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  return (
    <ProfileCard
      title="About your business"
      description="Helps suppliers understand the work you do."
      bodyClassName="grid gap-5 md:grid-cols-3"
    >
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
    </ProfileCard>
  );
}
