import { Star } from 'lucide-react';
import type { ExternalTender } from '@brickyard/shared';
import { cn } from '@/lib/cn';
import { useFavouriteExternalTender } from '../api/favourite-external-tender';
import { useUnfavouriteExternalTender } from '../api/unfavourite-external-tender';
import { logFeedFailure } from './display';

/**
 * The favourite star. docs/product.md section 4: the flag flips only after POST/DELETE succeeds (the
 * caches are written from the answer); docs/product.md section 8: a failure is only logged.
 */
export function FavouriteButton({
  tender,
  withText = false,
  className,
}: {
  tender: Pick<ExternalTender, 'id' | 'title' | 'isFavourited'>;
  withText?: boolean;
  className?: string;
}) {
  const add = useFavouriteExternalTender();
  const remove = useUnfavouriteExternalTender();
  const busy = add.isPending || remove.isPending;
  const on = tender.isFavourited;

  function toggle() {
    if (busy) return;
    const mutation = on ? remove : add;
    mutation.mutate(tender.id, {
      onError: (err) => logFeedFailure(on ? 'removing a favourite' : 'adding a favourite', err),
    });
  }

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={on}
      aria-busy={busy || undefined}
      aria-label={withText ? undefined : `Favourite: ${tender.title}`}
      title={on ? 'Remove from favourites' : 'Add to favourites'}
      className={cn(
        'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-semibold transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
        withText
          ? cn(
              'h-10 border px-4 text-sm shadow-sm',
              on
                ? 'border-brand-300 bg-brand-50 text-ink-900 hover:bg-brand-100'
                : 'border-ink-200 bg-white text-ink-800 hover:bg-ink-50',
            )
          : cn('size-10 hover:bg-ink-100', on ? 'text-brand-600' : 'text-ink-400 hover:text-ink-700'),
        busy && 'opacity-60',
        className,
      )}
    >
      <Star className={cn('size-5', on && 'fill-brand-500 stroke-brand-600')} aria-hidden="true" />
      {withText && 'Favourite'}
    </button>
  );
}
