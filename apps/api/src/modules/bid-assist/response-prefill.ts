import type { BidPack, RequirementAnswer, ResponseBody, TenderRequirement } from '@brickyard/shared';
import { rankCatalogue, STRONG, type PackSupplier, type PackTender } from './bid-pack/index.ts';

/** At most this many catalogue lines are proposed: the most relevant items, not the whole catalogue. */
const MAX_LINES = 5;

const ANSWER_OF = { met: 'meets', partly_met: 'partly', missing: 'does_not' } as const satisfies Record<
  string,
  RequirementAnswer
>;

/** The tender requirement a row of the bid pack's compliance matrix answers, if any. */
function requirementKeyOf(row: BidPack['matrix'][number], stated: TenderRequirement[]): string | null {
  const key =
    row.source === 'warranty'
      ? 'warranty'
      : row.source === 'insurance'
        ? 'insurance'
        : row.source === 'payment_terms'
          ? 'paymentTerms'
          : row.source === 'quality_standard'
            ? `quality:${row.requirement}`
            : null;
  return key && stated.some((r) => r.key === key) ? key : null;
}

/**
 * A draft response built from the bid pack (the compliance matrix and outline Bid Assist makes
 * from the supplier's catalogue and profile): the catalogue items most relevant to the tender as
 * priced lines (price and lead time from the item, the tender's quantity), the lead time they
 * imply, an answer to each stated requirement with the pack's evidence as the comment, and a
 * covering note from the outline. The supplier reviews and changes it before saving.
 */
export function responsePrefill(
  t: PackTender,
  supplier: PackSupplier,
  pack: BidPack,
  stated: TenderRequirement[],
): ResponseBody {
  const items = rankCatalogue(t, supplier.catalogue)
    .filter((r) => r.sameCategory || r.score >= STRONG)
    .slice(0, MAX_LINES)
    .map((r) => r.item);
  const quantity = t.quantity && t.quantity > 0 ? t.quantity : 1;
  const leadTimes = items.map((i) => i.leadTimeDays).filter((d): d is number => d !== null);
  const answers = new Map<string, { requirement: string; answer: RequirementAnswer; comment?: string }>();
  for (const row of pack.matrix) {
    const key = requirementKeyOf(row, stated);
    if (!key || answers.has(key)) continue;
    answers.set(key, { requirement: key, answer: ANSWER_OF[row.status], comment: row.evidence.slice(0, 1000) });
  }
  const note = pack.outline
    .filter((s) => !s.heading.startsWith('Gaps'))
    .map((s) => `${s.heading}\n${s.points.map((p) => `- ${p}`).join('\n')}`)
    .join('\n\n')
    .slice(0, 10_000);
  return {
    lines: items.map((i) => ({
      catalogueItemId: i.id,
      description: i.title.slice(0, 500),
      unit: 'each',
      quantity,
      ...(i.valuePence === null ? {} : { unitPrice: i.valuePence / 100 }),
    })),
    leadTimeDays: leadTimes.length ? Math.max(...leadTimes) : null,
    validityDays: null,
    note,
    requirementAnswers: [...answers.values()],
    documents: [],
    status: 'draft',
  };
}
