import { type BidPack, type BidVerdict, type ComplianceRow, type RequirementSource } from '@brickyard/shared';
import { type PackSupplier } from './inputs.ts';

/**
 * The go/no-go summary of a compliance matrix: counts, score and verdict with its reasons
 * (apps/api/src/modules/bid-assist/README.md, "The bid pack").
 */

const CRITICAL: RequirementSource[] = ['scope', 'certification', 'quality_standard', 'insurance', 'deadline'];

export function decide(rows: ComplianceRow[], supplier: PackSupplier): BidPack['summary'] {
  const met = rows.filter((r) => r.status === 'met').length;
  const partlyMet = rows.filter((r) => r.status === 'partly_met').length;
  const missing = rows.filter((r) => r.status === 'missing').length;
  const total = rows.length;
  const score = total ? Math.round(((met + partlyMet / 2) / total) * 100) : 0;
  const reasons: string[] = [];
  const deadline = rows.find((r) => r.source === 'deadline');
  const scope = rows.find((r) => r.source === 'scope');
  const closed = deadline?.status === 'missing';
  if (closed) reasons.push(deadline.evidence);
  if (scope)
    reasons.push(
      scope.status === 'met'
        ? scope.evidence
        : `Scope ${scope.status === 'missing' ? 'not covered' : 'partly covered'}: ${scope.evidence}`,
    );
  reasons.push(`${met} of ${total} requirements met, ${partlyMet} partly met, ${missing} missing (score ${score}%).`);
  const criticalMissing = rows.filter(
    (r) => r.status === 'missing' && CRITICAL.includes(r.source) && r.source !== 'deadline' && r.source !== 'scope',
  );
  for (const r of criticalMissing) reasons.push(`Missing ${r.source.replace('_', ' ')}: ${r.requirement}.`);
  for (const src of ['budget', 'lead_time'] as const) {
    const r = rows.find((x) => x.source === src);
    if (r) reasons.push(`${src === 'budget' ? 'Price' : 'Lead time'}: ${r.evidence}`);
  }
  if (supplier.fulfilledDeals > 0)
    reasons.push(
      `You have ${supplier.fulfilledDeals} fulfilled deal${supplier.fulfilledDeals === 1 ? '' : 's'} on Brickyard to point to.`,
    );
  let verdict: BidVerdict;
  if (closed || scope?.status === 'missing' || score < 40) verdict = 'no_go';
  else if (score >= 75 && criticalMissing.length === 0) verdict = 'go';
  else verdict = 'go_with_conditions';
  return { met, partlyMet, missing, total, score, verdict, reasons };
}
