import type { ExternalTender } from '@brickyard/shared';
import { TenderCard } from './tender-card';

export function TenderList({ tenders, label, busy }: { tenders: ExternalTender[]; label: string; busy?: boolean }) {
  return (
    <ul className="space-y-3" aria-label={label} aria-busy={busy || undefined}>
      {tenders.map((t) => (
        <li key={t.id}>
          <TenderCard tender={t} />
        </li>
      ))}
    </ul>
  );
}
