import {
  formatPence,
  formatPostedDate,
  normaliseRegion,
  REGIONS,
  regionName,
  type RequirementSource,
} from '@brickyard/shared';
import { daysIn } from '../pack-text.ts';
import {
  DAY,
  STRONG,
  days,
  q,
  list,
  money,
  supplierLeadTime,
  type PackTender,
  type PackSupplier,
  type RankedItem,
  type RowDraft,
} from './inputs.ts';

/**
 * The rows graded against the supplier's stated terms: payment terms, lead time, price against the
 * budget or contract value, delivery region, warranty and the response deadline.
 */

export function assessPaymentTerms(asked: string, supplier: PackSupplier, ranked: RankedItem[]): RowDraft {
  const source: RequirementSource = 'payment_terms';
  const mine = supplier.profile?.paymentTerms ?? ranked.find((r) => r.item.paymentTerms)?.item.paymentTerms ?? null;
  const where = supplier.profile?.paymentTerms ? 'your profile' : 'your catalogue';
  if (!mine) {
    return {
      source,
      requirement: asked,
      status: 'missing',
      evidence: 'Your profile and catalogue state no payment terms.',
      action: 'State your payment terms in your profile and in the bid.',
    };
  }
  const buyerDays = daysIn(asked);
  const myDays = daysIn(mine);
  const retention = /retention/i.test(asked) ? ' The buyer holds a retention: allow for it in your cash flow.' : '';
  if (buyerDays == null || myDays == null) {
    return {
      source,
      requirement: asked,
      status: 'partly_met',
      evidence: `Your terms (${where}): ${mine}. The two cannot be compared day for day.${retention}`,
      action: 'Confirm the payment terms with the buyer.',
    };
  }
  if (myDays >= buyerDays) {
    return {
      source,
      requirement: asked,
      status: 'met',
      evidence: `The buyer pays within ${buyerDays} days; your terms (${where}) allow ${myDays} days: ${mine}.${retention}`,
      action: null,
    };
  }
  return {
    source,
    requirement: asked,
    status: 'partly_met',
    evidence: `The buyer pays within ${buyerDays} days, later than your ${myDays}-day terms (${where}: ${mine}).${retention}`,
    action: `Accept ${buyerDays}-day terms for this bid or price the extra credit.`,
  };
}

export function assessLeadTime(
  requirement: string,
  allowedDays: number,
  supplier: PackSupplier,
  ranked: RankedItem[],
): RowDraft {
  const source: RequirementSource = 'lead_time';
  const mine = supplierLeadTime(supplier, ranked);
  if (!mine) {
    return {
      source,
      requirement,
      status: 'missing',
      evidence: 'No lead time in your profile or in catalogue items for this scope.',
      action: 'State a lead time in your profile and in the bid.',
    };
  }
  if (mine.days <= allowedDays) {
    return {
      source,
      requirement,
      status: 'met',
      evidence: `Your lead time is ${days(mine.days)} (${mine.where}), within the ${days(allowedDays)} allowed.`,
      action: null,
    };
  }
  if (mine.days <= Math.ceil(allowedDays * 1.25)) {
    return {
      source,
      requirement,
      status: 'partly_met',
      evidence: `Your lead time is ${days(mine.days)} (${mine.where}), ${days(mine.days - allowedDays)} over the ${allowedDays} allowed.`,
      action: 'Offer a phased or expedited delivery to meet the programme.',
    };
  }
  return {
    source,
    requirement,
    status: 'missing',
    evidence: `Your lead time is ${days(mine.days)} (${mine.where}), well over the ${days(allowedDays)} allowed.`,
    action: 'Only bid if you can shorten the lead time (stock, subcontracting).',
  };
}

export function assessBudgetOurs(t: PackTender, supplier: PackSupplier, ranked: RankedItem[]): RowDraft | null {
  if (t.valuePence == null) return null;
  const source: RequirementSource = 'budget';
  const budget = t.valuePence;
  const requirement = `Budget ${formatPence(budget)}${t.quantity ? ` for ${t.quantity.toLocaleString('en-GB')} units` : ''}`;
  const minOrder = supplier.profile?.minOrderValuePence ?? null;
  if (minOrder != null && minOrder > budget) {
    return {
      source,
      requirement,
      status: 'missing',
      evidence: `Your minimum order value ${formatPence(minOrder)} is above the budget.`,
      action: 'Only bid if you can waive the minimum order value.',
    };
  }
  const priced =
    ranked.find((r) => r.sameCategory && r.item.valuePence != null) ??
    ranked.find((r) => r.score >= STRONG && r.item.valuePence != null);
  if (!priced) {
    return {
      source,
      requirement,
      status: 'missing',
      evidence: 'No catalogue price for this scope to compare with the budget.',
      action: 'Add a priced catalogue item or prepare a priced schedule.',
    };
  }
  const unit = priced.item.valuePence!;
  const estimate = t.quantity ? unit * t.quantity : unit;
  const basis = t.quantity
    ? `${formatPence(unit)} × ${t.quantity.toLocaleString('en-GB')} = ${formatPence(estimate)} from catalogue item ${q(priced.item.title)}`
    : `catalogue item ${q(priced.item.title)} at ${formatPence(unit)}`;
  if (estimate <= budget) {
    return {
      source,
      requirement,
      status: 'met',
      evidence: `Your list price gives ${basis}, within the budget.`,
      action: null,
    };
  }
  if (estimate <= Math.round(budget * 1.1)) {
    const over = Math.round(((estimate - budget) / budget) * 1000) / 10;
    return {
      source,
      requirement,
      status: 'partly_met',
      evidence: `Your list price gives ${basis}, ${over}% over the budget.`,
      action: 'Sharpen the price (volume discount, rebate) to come within the budget.',
    };
  }
  return {
    source,
    requirement,
    status: 'missing',
    evidence: `Your list price gives ${basis}, well over the budget.`,
    action: 'Bid only with a value-engineered alternative.',
  };
}

export function assessValueExternal(t: PackTender, supplier: PackSupplier): RowDraft | null {
  if (t.valuePence == null) return null;
  const source: RequirementSource = 'budget';
  const requirement = `Contract value ${money(t.valuePence, t.currency)} (estimated)`;
  const minOrder = supplier.profile?.minOrderValuePence ?? null;
  if (t.currency === 'GBP' && minOrder != null && minOrder > t.valuePence) {
    return {
      source,
      requirement,
      status: 'missing',
      evidence: `Your minimum order value ${formatPence(minOrder)} is above the contract value.`,
      action: 'Only bid if you can waive the minimum order value.',
    };
  }
  const valued = supplier.portfolio
    .filter((p) => p.valuePence != null)
    .sort((a, b) => b.valuePence! - a.valuePence! || a.title.localeCompare(b.title));
  const largest = valued[0];
  if (!largest) {
    return {
      source,
      requirement,
      status: 'missing',
      evidence: 'No valued projects in your portfolio show work of this size.',
      action: 'Add comparable projects with their values to your portfolio.',
    };
  }
  if (t.currency !== 'GBP') {
    return {
      source,
      requirement,
      status: 'partly_met',
      evidence: `Your largest project is ${formatPence(largest.valuePence!)} (${q(largest.title)}); the value is in ${t.currency}.`,
      action: 'Convert and compare the value before bidding.',
    };
  }
  if (largest.valuePence! * 2 >= t.valuePence) {
    return {
      source,
      requirement,
      status: 'met',
      evidence: `Portfolio project ${q(largest.title)} (${formatPence(largest.valuePence!)}) shows work of this size.`,
      action: null,
    };
  }
  return {
    source,
    requirement,
    status: 'partly_met',
    evidence: `Your largest project, ${q(largest.title)}, is ${formatPence(largest.valuePence!)}: under half the contract value.`,
    action: 'Show capacity for a contract this size (turnover, a partner, a framework record).',
  };
}

function supplierAreas(supplier: PackSupplier, ranked: RankedItem[]): { keys: Set<string>; where: string } {
  const keys = new Set<string>();
  const p = supplier.profile;
  for (const l of p?.deliveryLocations ?? []) keys.add(normaliseRegion(l));
  if (p?.region) keys.add(normaliseRegion(p.region));
  const fromItems = ranked.length ? ranked.map((r) => r.item) : supplier.catalogue;
  for (const i of fromItems) {
    for (const l of i.deliveryLocations) keys.add(normaliseRegion(l));
    if (i.region) keys.add(normaliseRegion(i.region));
  }
  return {
    keys,
    where: p?.deliveryLocations.length ? 'your profile delivery locations' : 'your catalogue delivery locations',
  };
}

function regionOfPlace(place: string): string | null {
  const n = normaliseRegion(place);
  if (REGIONS.some((r) => r.key === n)) return n;
  const low = place.toLowerCase();
  const named = REGIONS.find((r) => r.key !== 'uk-wide' && low.includes(r.name.toLowerCase()));
  return named?.key ?? null;
}

export function assessRegion(t: PackTender, supplier: PackSupplier, ranked: RankedItem[]): RowDraft | null {
  const source: RequirementSource = 'region';
  const place = t.region ?? t.location;
  if (!place) return null;
  const region = t.region ? normaliseRegion(t.region) : regionOfPlace(place);
  const requirement = `Deliver to ${t.region ? regionName(region) : place}`;
  const { keys, where } = supplierAreas(supplier, ranked);
  const names = [...keys].map((k) => regionName(k));
  if (!keys.size) {
    return {
      source,
      requirement,
      status: 'missing',
      evidence: 'Your profile and catalogue state no delivery area.',
      action: 'Add your delivery locations to your profile.',
    };
  }
  if (keys.has('uk-wide') || (region && keys.has(region))) {
    return {
      source,
      requirement,
      status: 'met',
      evidence: `${region && keys.has(region) ? regionName(region) : 'UK-wide'} is in ${where}.`,
      action: null,
    };
  }
  if (!region) {
    return {
      source,
      requirement,
      status: 'partly_met',
      evidence: `${place} could not be placed in a region; you deliver to ${list(names)}.`,
      action: `Check that ${place} is within your delivery area.`,
    };
  }
  return {
    source,
    requirement,
    status: 'missing',
    evidence: `You deliver to ${list(names)}, not ${regionName(region)}.`,
    action: 'Price delivery to this region or bid with a local partner.',
  };
}

/**
 * From when a pack made at `now` no longer holds (ms since the epoch), as far as the clock goes:
 * the days left to the deadline (assessDeadline) drop by one at the deadline less that many whole
 * days, and at the deadline the tender closes. Null when the clock changes nothing any more.
 */
export function packChangesAt(deadline: Date | null, now: Date): number | null {
  if (!deadline || deadline.getTime() <= now.getTime()) return null;
  const daysLeft = Math.floor((deadline.getTime() - now.getTime()) / DAY);
  return deadline.getTime() - daysLeft * DAY;
}

export function assessDeadline(t: PackTender, helpBy: Date | null, now: Date): RowDraft | null {
  if (!t.deadline) return null;
  const source: RequirementSource = 'deadline';
  const requirement = `Respond by ${formatPostedDate(t.deadline)}`;
  if (!t.open || t.deadline.getTime() <= now.getTime()) {
    return {
      source,
      requirement,
      status: 'missing',
      evidence: `The tender closed on ${formatPostedDate(t.deadline)}.`,
      action: 'Watch for the next round or a similar notice.',
    };
  }
  const daysLeft = Math.floor((t.deadline.getTime() - now.getTime()) / DAY);
  if (helpBy && helpBy.getTime() > t.deadline.getTime()) {
    return {
      source,
      requirement,
      status: 'partly_met',
      evidence: `${days(daysLeft)} left, but you asked for help by ${formatPostedDate(helpBy)}, after the tender closes.`,
      action: 'Bring your help-by date before the closing date.',
    };
  }
  if (daysLeft < 3) {
    return {
      source,
      requirement,
      status: 'partly_met',
      evidence: `Only ${daysLeft === 0 ? 'hours' : `${daysLeft} day${daysLeft === 1 ? '' : 's'}`} left to respond.`,
      action: 'Prioritise this bid now.',
    };
  }
  return { source, requirement, status: 'met', evidence: `${days(daysLeft)} left to respond.`, action: null };
}

export function assessWarranty(t: PackTender, supplier: PackSupplier, ranked: RankedItem[]): RowDraft | null {
  if (!t.warrantyRequired) return null;
  const source: RequirementSource = 'warranty';
  const requirement = 'Warranty required';
  if (supplier.profile?.warrantyOffered) {
    return {
      source,
      requirement,
      status: 'met',
      evidence: `Your profile offers: ${supplier.profile.warrantyOffered}.`,
      action: null,
    };
  }
  const item = ranked.find((r) => r.item.warrantyRequirement)?.item;
  if (item) {
    return {
      source,
      requirement,
      status: 'partly_met',
      evidence: `Catalogue item ${q(item.title)} comes with a warranty; its terms are not stated.`,
      action: 'State the warranty period and terms in the bid.',
    };
  }
  return {
    source,
    requirement,
    status: 'missing',
    evidence: 'Your profile and catalogue offer no warranty.',
    action: 'Set out a warranty (period, cover) in the bid.',
  };
}
