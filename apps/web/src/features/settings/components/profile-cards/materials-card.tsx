import { useFormContext, useFieldArray } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { Button, TextField } from '@/components/ui';
import type { ProfileFormValues } from '../../lib/profile-values';
import { ProfileCard } from './profile-card';

/** Buyers only: the materials and services they expect to buy. */
export function MaterialsCard() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  const products = useFieldArray({ control, name: 'requiredProducts' });
  return (
    <ProfileCard
      title="Materials and services needed"
      description="What you expect to buy, so suppliers can reach you early."
      bodyClassName="space-y-5"
    >
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
        {errors.requiredProducts?.message && <p className="text-sm text-red-600">{errors.requiredProducts.message}</p>}
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
    </ProfileCard>
  );
}
