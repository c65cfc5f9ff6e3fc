import { STRONG_MATCH_SCORE } from '@brickyard/shared';
import { cn } from '@/lib/cn';

export type ScoreTier = 'strong' | 'good' | 'possible';

/** Strong at the score the other side is told about (75), good from 50, possible below. */
export function scoreTier(score: number): ScoreTier {
  if (score >= STRONG_MATCH_SCORE) return 'strong';
  if (score >= 50) return 'good';
  return 'possible';
}

export const SCORE_TIER_LABELS: Record<ScoreTier, string> = {
  strong: 'Strong match',
  good: 'Good match',
  possible: 'Possible match',
};

const ring: Record<ScoreTier, string> = {
  strong: 'text-emerald-600',
  good: 'text-amber-500',
  possible: 'text-ink-400',
};
const text: Record<ScoreTier, string> = {
  strong: 'text-emerald-700',
  good: 'text-amber-700',
  possible: 'text-ink-600',
};

/** The score 0–100 as a ring with the number inside; its accessible name says it in words. */
export function ScoreRing({
  score,
  size = 'md',
  className,
}: {
  score: number;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const tier = scoreTier(score);
  const r = 20;
  const c = 2 * Math.PI * r;
  const clamped = Math.max(0, Math.min(100, score));
  return (
    <span
      role="img"
      aria-label={`Match score ${score} out of 100, ${SCORE_TIER_LABELS[tier].toLowerCase()}`}
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center',
        size === 'md' ? 'size-14' : 'size-11',
        className,
      )}
    >
      <svg viewBox="0 0 48 48" className="absolute inset-0 size-full -rotate-90" aria-hidden="true">
        <circle cx="24" cy="24" r={r} fill="none" stroke="currentColor" strokeWidth="4" className="text-ink-100" />
        <circle
          cx="24"
          cy="24"
          r={r}
          fill="none"
          stroke="currentColor"
          strokeWidth="4"
          strokeLinecap="round"
          strokeDasharray={c}
          strokeDashoffset={c * (1 - clamped / 100)}
          className={ring[tier]}
        />
      </svg>
      <span
        className={cn('relative font-bold tabular-nums', size === 'md' ? 'text-base' : 'text-sm', text[tier])}
        aria-hidden="true"
      >
        {score}
      </span>
    </span>
  );
}

export function ScoreTierLabel({ score, className }: { score: number; className?: string }) {
  const tier = scoreTier(score);
  return <span className={cn('text-xs font-semibold', text[tier], className)}>{SCORE_TIER_LABELS[tier]}</span>;
}
