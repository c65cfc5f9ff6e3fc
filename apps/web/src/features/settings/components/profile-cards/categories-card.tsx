import { Controller, useFormContext } from 'react-hook-form';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui';
import type { ProfileFormValues } from '../../lib/profile-values';
import { CategoriesPicker } from '../categories-picker';

/** What the company buys or supplies: preferred categories and their subcategories (they drive matching). */
export function CategoriesCard({ isBuyer }: { isBuyer: boolean }) {
  const {
    control,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  return (
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
  );
}
