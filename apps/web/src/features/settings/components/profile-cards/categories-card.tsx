import { Controller, useFormContext } from 'react-hook-form';
import type { ProfileFormValues } from '../../lib/profile-values';
import { ProfileCard } from './profile-card';
import { CategoriesPicker } from '../categories-picker';

/** What the company buys or supplies: preferred categories and their subcategories (they drive matching). */
export function CategoriesCard({ isBuyer }: { isBuyer: boolean }) {
  const {
    control,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  return (
    <ProfileCard
      title={isBuyer ? 'What you buy' : 'What you supply'}
      description="Categories drive your matches. Pick subcategories to sharpen them."
    >
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
    </ProfileCard>
  );
}
