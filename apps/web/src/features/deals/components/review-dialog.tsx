import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Star } from 'lucide-react';
import { REVIEW_TEXT_MAX, type Contract } from '@brickyard/shared';
import { Alert, Button, Modal, TextareaField } from '@/components/ui';
import { cn } from '@/lib/cn';
import { zodResolver } from '@/lib/form';
import { applyServerErrors } from '@/lib/server-errors';
import { notify } from '@/lib/toast';
import { useCreateReview } from '../api/create-review';

const reviewFormSchema = z.object({
  rating: z
    .number({ error: 'Choose a rating from 1 to 5 stars' })
    .int()
    .min(1, 'Choose a rating from 1 to 5 stars')
    .max(5),
  text: z
    .string()
    .trim()
    .max(REVIEW_TEXT_MAX, `Keep your review under ${REVIEW_TEXT_MAX.toLocaleString('en-GB')} characters`),
});
type ReviewValues = z.infer<typeof reviewFormSchema>;

const RATING_WORDS = ['', 'Poor', 'Below expectations', 'Good', 'Very good', 'Excellent'];

/** Rate the other side of a fulfilled contract (1–5 stars and a few words), once. */
export function ReviewDialog({ contract, onClose }: { contract: Contract | null; onClose: () => void }) {
  const create = useCreateReview();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<ReviewValues>({ resolver: zodResolver(reviewFormSchema), defaultValues: { rating: 0, text: '' } });

  useEffect(() => {
    if (contract) {
      reset({ rating: 0, text: '' });
      setFormError(null);
    }
  }, [contract, reset]);

  const counterparty = contract?.counterparty?.companyName ?? 'the other party';
  const text = watch('text') ?? '';

  const submit = handleSubmit((v) => {
    if (!contract) return;
    setFormError(null);
    create.mutate(
      { contractId: contract.id, rating: v.rating, text: v.text.trim() },
      {
        onSuccess: () => {
          notify.success('Thank you, your review was posted');
          onClose();
        },
        onError: (err) => {
          const rest = applyServerErrors(
            err,
            ['rating', 'text'] as const,
            setError,
            'We could not post your review. Please try again.',
          );
          if (rest) {
            setFormError(rest);
            notify.error(rest);
          }
        },
      },
    );
  });

  return (
    <Modal
      open={!!contract}
      onClose={create.isPending ? () => undefined : onClose}
      title={`Review ${counterparty}`}
      description={contract ? `How did “${contract.tenderTitle}” go? Your review appears on their profile.` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="review-form" loading={create.isPending}>
            Post review
          </Button>
        </>
      }
    >
      <form id="review-form" noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        {formError && <Alert tone="danger">{formError}</Alert>}
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <fieldset aria-describedby={errors.rating ? 'rating-error' : undefined}>
              <legend className="text-sm font-medium text-ink-800">Rating</legend>
              <div className="mt-2 flex items-center gap-3">
                <div className="flex gap-1">
                  {[1, 2, 3, 4, 5].map((n) => {
                    const on = field.value >= n;
                    return (
                      <label
                        key={n}
                        className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
                      >
                        <input
                          type="radio"
                          name={field.name}
                          value={n}
                          checked={field.value === n}
                          onChange={() => field.onChange(n)}
                          onBlur={field.onBlur}
                          className="sr-only"
                          aria-label={n === 1 ? '1 star' : `${n} stars`}
                        />
                        <Star
                          className={cn(
                            'size-8 transition-colors',
                            on ? 'fill-amber-400 text-amber-400' : 'text-ink-300 hover:text-amber-300',
                          )}
                          aria-hidden="true"
                        />
                      </label>
                    );
                  })}
                </div>
                <span className="text-sm text-ink-600" aria-live="polite">
                  {RATING_WORDS[field.value] ?? ''}
                </span>
              </div>
              {errors.rating && (
                <p id="rating-error" className="mt-1.5 text-sm text-red-600">
                  {errors.rating.message}
                </p>
              )}
            </fieldset>
          )}
        />
        <TextareaField
          label="Your review"
          optional
          rows={5}
          placeholder="Quality, communication, delivery on time, payment…"
          hint={`${text.length.toLocaleString('en-GB')} / ${REVIEW_TEXT_MAX.toLocaleString('en-GB')} characters`}
          error={errors.text?.message}
          {...register('text')}
        />
      </form>
    </Modal>
  );
}
