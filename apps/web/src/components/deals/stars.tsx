import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A read-only 0–5 star display; `value` may be fractional (an average). */
export function Stars({ value, className, size = 'sm' }: { value: number; className?: string; size?: 'sm' | 'md' }) {
  const px = size === 'md' ? 'size-5' : 'size-4';
  return (
    <span
      className={cn('inline-flex items-center gap-0.5', className)}
      role="img"
      aria-label={`${value.toFixed(1).replace(/\.0$/, '')} out of 5 stars`}
    >
      {[1, 2, 3, 4, 5].map((i) => {
        const fill = Math.max(0, Math.min(1, value - (i - 1)));
        return (
          <span key={i} className={cn('relative inline-block', px)} aria-hidden="true">
            <Star className={cn('absolute inset-0 text-ink-300', px)} />
            {fill > 0 && (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className={cn('fill-amber-400 text-amber-400', px)} />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}
