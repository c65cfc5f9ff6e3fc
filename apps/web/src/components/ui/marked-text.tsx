import type { MarkedText as Runs } from '@brickyard/shared';
import { cn } from '@/lib/cn';

/**
 * Text with the words a search matched marked (the API's runs of `{ text, hit }`). Rendered as
 * React text nodes, never as HTML, so a notice's own markup cannot reach the page.
 */
export function MarkedText({ runs, className }: { runs: Runs; className?: string }) {
  return (
    <>
      {runs.map((r, i) =>
        r.hit ? (
          <mark key={i} className={cn('rounded-sm bg-amber-100 px-0.5 text-inherit', className)}>
            {r.text}
          </mark>
        ) : (
          <span key={i}>{r.text}</span>
        ),
      )}
    </>
  );
}
