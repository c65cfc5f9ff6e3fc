import {
  categoryName,
  formatCpv,
  formatPostedDate,
  regionName,
  subcategoryName,
  type BidPack,
  type ComplianceRow,
} from '@brickyard/shared';
import { splitClauses } from '../pack-text.ts';
import { assessCertificate, assessClause, assessInsurance, assessScope, heldCertificates } from './assess-evidence.ts';
import {
  assessBudgetOurs,
  assessDeadline,
  assessLeadTime,
  assessPaymentTerms,
  assessRegion,
  assessValueExternal,
  assessWarranty,
} from './assess-terms.ts';
import { decide } from './go-no-go.ts';
import { DAY, rankCatalogue, sourcesOf, type PackInput, type RowDraft } from './inputs.ts';
import { outlineOf } from './outline.ts';

export { packChangesAt } from './assess-terms.ts';
export {
  rankCatalogue,
  STRONG,
  type PackCatalogueItem,
  type PackInput,
  type PackPortfolioItem,
  type PackProfile,
  type PackSupplier,
  type PackTender,
  type RankedItem,
} from './inputs.ts';

/**
 * The bid pack of a Bid Assist request (apps/api/src/modules/bid-assist/README.md): a compliance matrix of
 * the tender's requirements against what the supplier's profile, catalogue and portfolio show,
 * a go/no-go summary with its reasons, and a draft response outline in the supplier's own
 * terms. A pure function of its inputs and `now`: the same data always gives the same pack.
 */

export function generateBidPack(input: PackInput): BidPack {
  const { tender: t, supplier, now, helpBy } = input;
  const ranked = rankCatalogue(t, supplier.catalogue);
  const sources = sourcesOf(supplier);
  const drafts: RowDraft[] = [];

  drafts.push(assessScope(t, supplier, ranked));
  const specText = t.kind === 'tender' ? (t.specifications?.trim() ? t.specifications : t.description) : t.description;
  const maxClauses = t.kind === 'tender' && t.specifications?.trim() ? 10 : 8;
  for (const clause of splitClauses(specText, maxClauses)) {
    const a = assessClause(clause, sources);
    drafts.push({
      source: 'specification',
      requirement: clause,
      status: a.status,
      evidence: a.evidence,
      action:
        a.status === 'met'
          ? null
          : a.status === 'partly_met'
            ? 'Explain in the bid how you meet this in full.'
            : 'Show how you will meet this (method statement, partner or product data).',
    });
  }
  const held = heldCertificates(supplier);
  for (const c of t.requiredCertifications) drafts.push(assessCertificate(c, held, supplier, 'certification'));
  for (const s of t.qualityStandards) drafts.push(assessCertificate(s, held, supplier, 'quality standard'));
  if (t.insurance?.trim()) drafts.push(assessInsurance(t.insurance, supplier));
  if (t.paymentTerms?.trim()) drafts.push(assessPaymentTerms(t.paymentTerms, supplier, ranked));
  if (t.kind === 'tender' && t.leadTimeDays != null) {
    drafts.push(assessLeadTime(`Delivery within ${t.leadTimeDays} days`, t.leadTimeDays, supplier, ranked));
  } else if (t.kind === 'external' && t.deadline && t.contractStart && t.contractStart > t.deadline) {
    const window = Math.round((t.contractStart.getTime() - t.deadline.getTime()) / DAY);
    drafts.push(
      assessLeadTime(
        `Start on ${formatPostedDate(t.contractStart)}: ${window} days after the tender closes`,
        window,
        supplier,
        ranked,
      ),
    );
  }
  const budget = t.kind === 'tender' ? assessBudgetOurs(t, supplier, ranked) : assessValueExternal(t, supplier);
  if (budget) drafts.push(budget);
  const region = assessRegion(t, supplier, ranked);
  if (region) drafts.push(region);
  const warranty = assessWarranty(t, supplier, ranked);
  if (warranty) drafts.push(warranty);
  const deadline = assessDeadline(t, helpBy, now);
  if (deadline) drafts.push(deadline);

  const matrix: ComplianceRow[] = drafts.map((d, i) => ({ ref: `R${i + 1}`, ...d }));
  const summary = decide(matrix, supplier);
  const classification =
    t.kind === 'tender' && t.category
      ? [categoryName(t.category), ...t.subcategories.map((s) => subcategoryName(t.category!, s))]
      : t.cpvCodes.map((c) => formatCpv({ code: c, label: t.cpvLabels[c] }));
  return {
    version: 1,
    generatedAt: now.toISOString(),
    tender: {
      kind: t.kind,
      id: t.id,
      title: t.title,
      buyerName: t.buyerName,
      reference: t.reference,
      deadline: t.deadline?.toISOString() ?? null,
      valuePence: t.valuePence,
      currency: t.currency,
      location: t.region ? regionName(t.region) : t.location,
      classification,
    },
    supplier: { id: supplier.id, companyName: supplier.companyName },
    matrix,
    summary,
    outline: outlineOf(t, supplier, matrix, ranked),
    polishedDraft: null,
  };
}
