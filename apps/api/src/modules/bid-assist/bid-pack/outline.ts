import {
  formatPence,
  formatPostedDate,
  normaliseRegion,
  regionName,
  type BidPack,
  type ComplianceRow,
} from '@brickyard/shared';
import { splitClauses, wordsIn } from '../pack-text.ts';
import {
  STRONG,
  days,
  q,
  tenderWords,
  supplierLeadTime,
  type PackTender,
  type PackSupplier,
  type RankedItem,
} from './inputs.ts';

/** The draft response outline of a bid pack, in the supplier's own terms. */

export function outlineOf(
  t: PackTender,
  supplier: PackSupplier,
  rows: ComplianceRow[],
  ranked: RankedItem[],
): BidPack['outline'] {
  const p = supplier.profile;
  const out: BidPack['outline'] = [];
  const about = [
    `${supplier.companyName} responds to ${q(t.title)}${t.buyerName ? ` for ${t.buyerName}` : ''}${t.reference ? ` (ref. ${t.reference})` : ''}.`,
  ];
  if (p?.companyDescription) about.push(p.companyDescription);
  const facts = [
    p?.yearsInBusiness != null ? `${p.yearsInBusiness} years in business` : null,
    p?.companySize ? `${p.companySize} employees` : null,
    p?.registrationNumber ? `company number ${p.registrationNumber}` : null,
    p?.region ? `based in ${regionName(p.region)}` : null,
  ].filter((x): x is string => !!x);
  if (facts.length) about.push(`${facts.join(', ')}.`.replace(/^./, (c) => c.toUpperCase()));
  out.push({ heading: 'Introduction', points: about });

  const scope: string[] = [];
  if (t.description) scope.push(splitClauses(t.description, 1)[0] ?? t.description.slice(0, 200));
  const specs = rows
    .filter((r) => r.source === 'specification')
    .slice(0, 4)
    .map(
      (r) =>
        `${r.requirement} — ${r.status === 'met' ? 'we comply' : r.status === 'partly_met' ? 'we comply in part; see the clarifications' : 'to be confirmed'}.`,
    );
  scope.push(...specs);
  if (t.quantity) scope.push(`Quantity: ${t.quantity.toLocaleString('en-GB')}.`);
  out.push({
    heading: 'Our understanding of the requirement',
    points: scope.length ? scope : ['Restate the buyer’s scope in your own words.'],
  });

  const creds = rows
    .filter((r) => (r.source === 'certification' || r.source === 'quality_standard') && r.status === 'met')
    .map((r) => `${r.requirement}: ${r.evidence}`);
  const held = [...new Set([...(p?.certifications ?? []), ...(p?.qualityStandards ?? [])])];
  if (!creds.length && held.length) creds.push(`Accreditations held: ${held.join(', ')}.`);
  out.push({
    heading: 'Compliance and accreditations',
    points: creds.length ? creds : ['List the accreditations you hold and attach the certificates.'],
  });

  const offer = ranked
    .filter((r) => r.sameCategory || r.score >= STRONG)
    .slice(0, 3)
    .map(({ item }) => {
      const bits = [
        item.valuePence != null ? `${formatPence(item.valuePence)}` : null,
        item.leadTimeDays != null ? `lead time ${item.leadTimeDays} days` : null,
        item.availability === 'available'
          ? 'in stock'
          : item.availability === 'limited'
            ? 'limited availability'
            : null,
      ].filter(Boolean);
      return `${item.title}${bits.length ? ` (${bits.join(', ')})` : ''}.`;
    });
  const budget = rows.find((r) => r.source === 'budget');
  if (budget) offer.push(`Price position: ${budget.evidence}`);
  out.push({
    heading: 'Proposed products, services and price',
    points: offer.length ? offer : ['Set out what you will supply and a priced schedule.'],
  });

  const delivery: string[] = [];
  const lead = rows.find((r) => r.source === 'lead_time');
  if (lead) delivery.push(lead.evidence);
  else {
    const l = supplierLeadTime(supplier, ranked);
    if (l) delivery.push(`Lead time ${days(l.days)} (${l.where}).`);
  }
  if (p?.deliveryLocations.length)
    delivery.push(`We deliver to ${p.deliveryLocations.map((l) => regionName(normaliseRegion(l))).join(', ')}.`);
  if (p?.manufacturingCapacity)
    delivery.push(`Capacity of ${p.manufacturingCapacity.toLocaleString('en-GB')} units a month.`);
  out.push({
    heading: 'Delivery and programme',
    points: delivery.length ? delivery : ['Describe your programme, logistics and capacity.'],
  });

  const words = tenderWords(t);
  const experience = [...supplier.portfolio]
    .map((w) => ({ w, score: wordsIn([w.title, w.description ?? ''].join(' ')).filter((x) => words.has(x)).length }))
    .sort(
      (a, b) =>
        b.score - a.score || (b.w.valuePence ?? 0) - (a.w.valuePence ?? 0) || a.w.title.localeCompare(b.w.title),
    )
    .slice(0, 3)
    .map(
      ({ w }) =>
        `${w.title}${w.client ? ` for ${w.client}` : ''}${w.valuePence != null ? `, ${formatPence(w.valuePence)}` : ''}${w.completionDate ? `, completed ${formatPostedDate(w.completionDate)}` : ''}${w.description ? `: ${w.description}` : ''}`,
    );
  if (supplier.fulfilledDeals > 0)
    experience.push(
      `${supplier.fulfilledDeals} fulfilled deal${supplier.fulfilledDeals === 1 ? '' : 's'} on Brickyard.`,
    );
  out.push({
    heading: 'Relevant experience',
    points: experience.length ? experience : ['Add two or three comparable projects with client, value and date.'],
  });

  const commercial = [
    p?.paymentTerms ? `Payment terms: ${p.paymentTerms}.` : null,
    p?.warrantyOffered ? `Warranty: ${p.warrantyOffered}.` : null,
    p?.rebate ? `Rebate: ${p.rebate}.` : null,
  ].filter((x): x is string => !!x);
  const pay = rows.find((r) => r.source === 'payment_terms');
  if (pay && pay.status !== 'met') commercial.push(pay.evidence);
  out.push({
    heading: 'Commercial terms',
    points: commercial.length ? commercial : ['State your payment terms, warranty and any rebate.'],
  });

  const gaps = rows.filter((r) => r.status !== 'met' && r.action).map((r) => `${r.ref} ${r.requirement}: ${r.action}`);
  out.push({
    heading: 'Gaps to close before submitting',
    points: gaps.length ? gaps : ['None: every requirement is met on the evidence available.'],
  });
  return out;
}
