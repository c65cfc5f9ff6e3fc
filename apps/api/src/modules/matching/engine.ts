import {
  formatMoney,
  normaliseRegion,
  regionName,
  subcategoryName,
  type MatchReason,
  type MatchReasonCode,
} from '@brickyard/shared';
import { bestCpvRelation, categoryLabel, cpvAncestorLabel, type CpvRelation } from './cpv.ts';

/**
 * The matching engine (docs/design.md section 5): pure functions that score a tender (what a buyer
 * needs) against a catalogue item (what a supplier offers) from weighted signals, and say why.
 * Each signal yields a fit in [0, 1]; its contribution is fit × weight; the score is their sum
 * (the weights add up to 100). A signal with nothing to compare (no budget, no region) counts
 * half, so missing data neither wins nor sinks a match. Text signals come from the caller
 * (PostgreSQL ts_rank_cd and the cosine of the semantic vectors), so this file stays pure.
 */
// Measured on `npm run eval:matching` (eval/README.md): wording in common is the sharpest of the
// three meaning signals, so it weighs most of them; the semantic vectors of short texts are blunt
// (candidates that share a word already sit at cosine 0.6–0.9), so they weigh least.
export const WEIGHTS: Record<MatchReasonCode, number> = {
  category: 24,
  text: 22,
  semantic: 12,
  region: 10,
  price: 10,
  quantity: 5,
  lead_time: 5,
  availability: 3,
  certifications: 5,
  record: 4,
};

export interface NeedFacts {
  category: string | null;
  subcategories: readonly string[];
  cpvCodes: readonly string[];
  budgetPence: number | null;
  quantity: number | null;
  leadTimeDays: number | null;
  region: string | null;
  deadline: Date | null;
  requiredCertifications: readonly string[];
  qualityStandards: readonly string[];
  /** true when `cpvCodes` were guessed from the text (a notice published without codes), not declared */
  cpvInferred?: boolean;
}

export interface OfferFacts {
  category: string | null;
  subcategories: readonly string[];
  cpvCodes: readonly string[];
  valuePence: number | null;
  quantity: number | null;
  leadTimeDays: number | null;
  region: string | null;
  availability: 'available' | 'limited' | 'other' | null;
  certifications: readonly string[];
  deliveryLocations: readonly string[];
}

export interface TextSignals {
  /** ts_rank of the offer's text against the need's words (OR-ed), >= 0 */
  lexical: number;
  /** cosine of the two semantic vectors, in [-1, 1]; null when either has none */
  semantic: number | null;
  /** words both sides use, for the label */
  sharedTerms: readonly string[];
}

export interface RecordFacts {
  /** contracts the supplier fulfilled */
  fulfilledDeals: number;
  ratingCount: number;
  ratingAverage: number | null;
  /** false when the counterpart's profile is private: their record is not shown or used */
  visible: boolean;
}

export interface ScoredMatch {
  score: number;
  /** the unrounded sum, to order matches whose rounded scores tie */
  exact: number;
  reasons: MatchReason[];
}

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);
const reason = (code: MatchReasonCode, fit: number, label: string): MatchReason => ({
  code,
  label,
  contribution: Math.round(clamp01(fit) * WEIGHTS[code] * 10) / 10,
  weight: WEIGHTS[code],
});
const money = (pence: number) => formatMoney(Math.round(pence) / 100, 'GBP');

const CPV_FIT: Record<CpvRelation, number> = { code: 0.9, class: 0.65, group: 0.45, division: 0.25 };
const CPV_WORD: Record<CpvRelation, string> = {
  code: 'Same CPV code',
  class: 'Same CPV class',
  group: 'Same CPV group',
  division: 'Same CPV division',
};
/**
 * How far CPV codes guessed from a notice's wording are trusted, against codes someone declared.
 * The guess is the search engine's reading of the notice (readNotice): on the eval's 860 real
 * notices its first code's division is right for 63% and one of its first three shares the group
 * of a declared code for 63% (the word vectors it replaced: the group for about one in five), so a
 * guessed relation counts half a declared one. `npm run eval:matching`, nDCG@10 of matching: 0.395
 * at a quarter, 0.417 at a half, 0.430 at full trust; a half keeps a declared code ahead.
 */
export const INFERRED_CPV_TRUST = 0.5;

export function categorySignal(need: NeedFacts, offer: OfferFacts): MatchReason {
  if (need.category && need.category === offer.category) {
    const shared = need.subcategories.filter((s) => offer.subcategories.includes(s));
    if (shared.length)
      return reason('category', 1, `Same category and subcategory: ${subcategoryName(need.category, shared[0]!)}`);
    if (need.subcategories.length && offer.subcategories.length)
      return reason('category', 0.8, `Same category: ${categoryLabel(need.category)}`);
    return reason('category', 0.9, `Same category: ${categoryLabel(need.category)}`);
  }
  const best = bestCpvRelation(need.cpvCodes, offer.cpvCodes);
  if (!best)
    return reason('category', 0, need.category || offer.category ? 'Different category' : 'No category to compare');
  const label = cpvAncestorLabel(best.a, best.relation);
  const words = label ? `${CPV_WORD[best.relation]}: ${label}` : CPV_WORD[best.relation];
  if (need.cpvInferred)
    return reason(
      'category',
      CPV_FIT[best.relation] * INFERRED_CPV_TRUST,
      `Likely ${words.charAt(0).toLowerCase()}${words.slice(1)} (from the notice's wording)`,
    );
  return reason('category', CPV_FIT[best.relation], words);
}

/**
 * Lexical rank → fit: saturating, so it keeps ordering candidates instead of capping at 1. ts_rank
 * of OR-ed words runs from about 0.02 (one body word) to 0.6 (the title's words); half fit at 0.2
 * keeps the strong hits apart, where 0.1 squeezed them all into 0.6–0.85.
 */
export const LEXICAL = { half: 0.2 };
export function lexicalFit(rank: number): number {
  const r = Math.max(0, rank);
  return clamp01(r / (r + LEXICAL.half));
}

/**
 * Cosine of SIF-weighted mean vectors. Construction listings share so much vocabulary that
 * unrelated ones sit at 0.6–0.72 ("Kiln-dried green oak beams" against "Structural steel beams"
 * 0.64, against ready-mix concrete 0.63) while the same thing reads 0.85–0.92: the fit starts at
 * SEMANTIC_FLOOR, so only a likeness above that band counts or is called similar.
 */
export const SEMANTIC_FLOOR = 0.68;
export function semanticFit(cos: number | null): number {
  if (cos === null) return 0;
  return clamp01((cos - SEMANTIC_FLOOR) / 0.2);
}

export function textSignals(t: TextSignals): MatchReason[] {
  const lex = lexicalFit(t.lexical);
  const words = t.sharedTerms.slice(0, 4);
  const out = [
    reason(
      'text',
      lex,
      lex > 0 && words.length
        ? `Wording in common: ${words.join(', ')}`
        : lex > 0
          ? 'Some wording in common'
          : 'No wording in common',
    ),
  ];
  const sem = semanticFit(t.semantic);
  out.push(
    reason(
      'semantic',
      sem,
      t.semantic === null
        ? 'Too little text to compare meaning'
        : sem >= 0.66
          ? 'Very similar description'
          : sem >= 0.33
            ? 'Similar description'
            : 'Descriptions about other things',
    ),
  );
  return out;
}

export function regionSignal(need: NeedFacts, offer: OfferFacts): MatchReason {
  if (!need.region) return reason('region', 0.5, 'No delivery region set');
  const where = regionName(need.region);
  const delivers = offer.deliveryLocations.map((l) => normaliseRegion(l));
  if (delivers.includes(need.region)) return reason('region', 1, `Delivers to ${where}`);
  if (delivers.includes('uk-wide')) return reason('region', 1, 'Delivers UK-wide');
  if (offer.region === need.region) return reason('region', 0.9, `Based in ${where}`);
  if (need.region === 'uk-wide') return reason('region', 0.6, 'UK-wide need');
  if (!delivers.length && !offer.region) return reason('region', 0.4, 'Delivery area not stated');
  return reason('region', 0, `Does not list ${where}`);
}

export function priceSignal(need: NeedFacts, offer: OfferFacts): MatchReason {
  if (offer.valuePence === null || need.budgetPence === null) {
    return reason('price', 0.5, offer.valuePence === null ? 'No price to compare' : 'No budget to compare');
  }
  const perUnit = need.quantity && need.quantity > 0;
  const limit = perUnit ? need.budgetPence / need.quantity! : need.budgetPence;
  const unit = perUnit ? '/unit' : '';
  const price = `${money(offer.valuePence)}${unit}`;
  if (offer.valuePence <= limit) return reason('price', 1, `Price ${price} within budget`);
  const over = offer.valuePence / Math.max(1, limit) - 1;
  if (over <= 0.15) return reason('price', 0.5, `Price ${price}, ${Math.max(1, Math.round(over * 100))}% over budget`);
  return reason('price', 0, `Price ${price} over budget of ${money(limit)}${unit}`);
}

export function quantitySignal(need: NeedFacts, offer: OfferFacts): MatchReason {
  if (!need.quantity) return reason('quantity', 0.5, 'No quantity stated');
  if (offer.quantity === null) return reason('quantity', 0.5, 'Stock not stated');
  const fmt = (n: number) => n.toLocaleString('en-GB');
  if (offer.quantity >= need.quantity)
    return reason('quantity', 1, `${fmt(offer.quantity)} available, ${fmt(need.quantity)} needed`);
  return reason(
    'quantity',
    offer.quantity / need.quantity,
    `Covers ${Math.round((offer.quantity / need.quantity) * 100)}% of the ${fmt(need.quantity)} needed`,
  );
}

export function leadTimeSignal(need: NeedFacts, offer: OfferFacts, now: Date): MatchReason {
  if (offer.leadTimeDays === null) return reason('lead_time', 0.5, 'Lead time not stated');
  const days = offer.leadTimeDays;
  const d = `${days} day${days === 1 ? '' : 's'}`;
  if (need.leadTimeDays !== null) {
    if (days <= need.leadTimeDays)
      return reason('lead_time', 1, `Lead time ${d}, within the ${need.leadTimeDays} needed`);
    if (days <= need.leadTimeDays * 1.5)
      return reason('lead_time', 0.5, `Lead time ${d}, a little over the ${need.leadTimeDays} needed`);
    return reason('lead_time', 0, `Lead time ${d}, over the ${need.leadTimeDays} needed`);
  }
  if (need.deadline) {
    const left = Math.ceil((need.deadline.getTime() - now.getTime()) / 86_400_000);
    if (left <= 0) return reason('lead_time', 0.5, `Lead time ${d}`);
    if (days <= left) return reason('lead_time', 1, `Lead time ${d}, before the deadline`);
    if (days <= left * 1.5) return reason('lead_time', 0.5, `Lead time ${d}, just after the deadline`);
    return reason('lead_time', 0.2, `Lead time ${d}, well after the deadline`);
  }
  return reason('lead_time', 0.5, `Lead time ${d}`);
}

export function availabilitySignal(offer: OfferFacts): MatchReason {
  if (offer.availability === 'available') return reason('availability', 1, 'Available now');
  if (offer.availability === 'limited') return reason('availability', 0.5, 'Limited availability');
  return reason('availability', 0.2, 'Availability on request');
}

const certKey = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const covers = (have: string, want: string) =>
  have.length >= 2 && want.length >= 2 && (have.includes(want) || want.includes(have));

export function certificationSignal(need: NeedFacts, offer: OfferFacts): MatchReason {
  const wanted = [...new Set([...need.requiredCertifications, ...need.qualityStandards])];
  if (!wanted.length) return reason('certifications', 1, 'No certifications required');
  const have = offer.certifications.map(certKey);
  const met = wanted.filter((w) => have.some((h) => covers(h, certKey(w))));
  const missing = wanted.filter((w) => !met.includes(w));
  if (!missing.length) return reason('certifications', 1, `Certified: ${met.slice(0, 3).join(', ')}`);
  if (!met.length) return reason('certifications', 0, `Missing: ${missing.slice(0, 3).join(', ')}`);
  return reason(
    'certifications',
    met.length / wanted.length,
    `Certified: ${met.slice(0, 2).join(', ')}; missing ${missing.slice(0, 2).join(', ')}`,
  );
}

export function recordSignal(rec: RecordFacts | null): MatchReason {
  if (!rec || !rec.visible) return reason('record', 0.5, 'Track record not shown');
  if (rec.fulfilledDeals === 0 && rec.ratingCount === 0)
    return reason('record', 0.5, 'New on Brickyard: no completed deals yet');
  const deals = clamp01(rec.fulfilledDeals / 5);
  const rating = rec.ratingCount && rec.ratingAverage !== null ? clamp01((rec.ratingAverage - 1) / 4) : 0.5;
  const parts = [`${rec.fulfilledDeals} deal${rec.fulfilledDeals === 1 ? '' : 's'} fulfilled`];
  if (rec.ratingCount && rec.ratingAverage !== null) parts.push(`rated ${rec.ratingAverage.toFixed(1)}/5`);
  return reason('record', 0.5 * deals + 0.5 * rating, parts.join(', '));
}

/** The signals that say whether two listings are about the same thing. */
const WHAT_SIGNALS = new Set<MatchReasonCode>(['category', 'text', 'semantic']);
/** The share of those signals' weight from which the other signals count in full. */
export const RELEVANT_FROM = 0.4;

/** Score a need against an offer. Reasons come strongest first. */
export function scoreMatch(
  need: NeedFacts,
  offer: OfferFacts,
  text: TextSignals,
  record: RecordFacts | null,
  now = new Date(),
): ScoredMatch {
  const reasons = [
    categorySignal(need, offer),
    ...textSignals(text),
    regionSignal(need, offer),
    priceSignal(need, offer),
    quantitySignal(need, offer),
    leadTimeSignal(need, offer, now),
    availabilitySignal(offer),
    certificationSignal(need, offer),
    recordSignal(record),
  ];
  // What is bought decides: price, place, stock, lead time and record only count in full once the
  // two sides are about the same thing, so an oak beam with a good price is not a "Good match" for
  // a steel-beam tender.
  const what = reasons.filter((r) => WHAT_SIGNALS.has(r.code));
  const relevance = what.reduce((s, r) => s + r.contribution, 0) / what.reduce((s, r) => s + r.weight, 0);
  const gate = Math.min(1, relevance / RELEVANT_FROM);
  for (const r of reasons) if (!WHAT_SIGNALS.has(r.code)) r.contribution = Math.round(r.contribution * gate * 10) / 10;
  const exact = Math.max(
    0,
    Math.min(
      100,
      reasons.reduce((s, r) => s + r.contribution, 0),
    ),
  );
  const score = Math.round(exact);
  reasons.sort((a, b) => b.contribution / b.weight - a.contribution / a.weight || b.weight - a.weight);
  return { score, exact, reasons };
}
