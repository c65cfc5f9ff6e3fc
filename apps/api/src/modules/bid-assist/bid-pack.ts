import {
  categoryForCpv,
  formatCpv,
  categoryName,
  formatMoney,
  formatPence,
  formatPostedDate,
  normaliseRegion,
  REGIONS,
  regionName,
  subcategoryName,
  type BidPack,
  type BidVerdict,
  type ComplianceRow,
  type RequirementSource,
  type RequirementStatus,
} from '@brickyard/shared';
import {
  amountsIn,
  codeCovers,
  daysIn,
  fold,
  namesIn,
  normName,
  splitClauses,
  standardCovers,
  standardsIn,
  termsOf,
  surfaceWords,
  wordsIn,
  type Terms,
} from './pack-text.ts';

/**
 * The bid pack of a Bid Assist request (apps/api/src/modules/bid-assist/README.md): a compliance matrix of
 * the tender's requirements against what the supplier's profile, catalogue and portfolio show,
 * a go/no-go summary with its reasons, and a draft response outline in the supplier's own
 * terms. A pure function of its inputs and `now`: the same data always gives the same pack.
 */

export interface PackTender {
  kind: 'tender' | 'external';
  id: string;
  title: string;
  description: string | null;
  specifications: string | null;
  /** our taxonomy (our tenders) */
  category: string | null;
  subcategories: string[];
  /** CPV codes (external tenders) */
  cpvCodes: string[];
  cpvLabels: Record<string, string>;
  requiredCertifications: string[];
  qualityStandards: string[];
  insurance: string | null;
  paymentTerms: string | null;
  /** days the buyer allows for delivery (our tenders) */
  leadTimeDays: number | null;
  /** the response deadline */
  deadline: Date | null;
  /** contract start (external: award/contract period start) */
  contractStart: Date | null;
  /** budget (ours) or estimated value (external), minor units of `currency` */
  valuePence: number | null;
  currency: string;
  quantity: number | null;
  /** region key (ours) */
  region: string | null;
  /** free-text place (external) */
  location: string | null;
  buyerName: string | null;
  reference: string | null;
  warrantyRequired: boolean | null;
  /** still accepting responses (status and deadline) */
  open: boolean;
}

export interface PackProfile {
  region: string | null;
  companySize: string | null;
  registrationNumber: string | null;
  companyDescription: string | null;
  preferredCategories: string[];
  subcategories: string[];
  certifications: string[];
  qualityStandards: string[];
  manufacturingCapacity: number | null;
  leadTimeDays: number | null;
  minOrderValuePence: number | null;
  deliveryLocations: string[];
  paymentTerms: string | null;
  warrantyOffered: string | null;
  rebate: string | null;
  website: string | null;
  yearsInBusiness: number | null;
  specialization: string | null;
}

export interface PackCatalogueItem {
  id: string;
  title: string;
  description: string;
  specifications: string | null;
  category: string;
  subcategories: string[];
  valuePence: number | null;
  quantity: number | null;
  leadTimeDays: number | null;
  region: string | null;
  availability: string;
  paymentTerms: string | null;
  insurance: string | null;
  supplierType: string | null;
  warrantyRequirement: boolean | null;
  certifications: string[];
  deliveryLocations: string[];
}

export interface PackPortfolioItem {
  title: string;
  valuePence: number | null;
  description: string | null;
  client: string | null;
  completionDate: string | null;
}

export interface PackSupplier {
  id: string;
  companyName: string;
  profile: PackProfile | null;
  catalogue: PackCatalogueItem[];
  portfolio: PackPortfolioItem[];
  fulfilledDeals: number;
}

export interface PackInput {
  tender: PackTender;
  supplier: PackSupplier;
  /** when the supplier needs the help by */
  helpBy: Date | null;
  now: Date;
}

const DAY = 86_400_000;
/** A word overlap this large links an item to a tender even across categories. */
export const STRONG = 3;
const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
const q = (s: string) => `“${s}”`;
const list = (xs: string[], max = 4) =>
  xs.length <= max ? xs.join(', ') : `${xs.slice(0, max).join(', ')} and ${xs.length - max} more`;
const money = (pence: number, currency: string) =>
  currency === 'GBP' ? formatPence(pence) : formatMoney(pence / 100, currency);

interface Source {
  label: string;
  terms: Terms;
  kind: 'catalogue' | 'profile' | 'portfolio';
}

interface RowDraft {
  source: RequirementSource;
  requirement: string;
  status: RequirementStatus;
  evidence: string;
  action: string | null;
}

/** The words of a tender, for ranking the supplier's items by relevance. */
function tenderWords(t: PackTender): Set<string> {
  return new Set(
    wordsIn(
      [t.title, t.description ?? '', t.specifications ?? '', t.category ? categoryName(t.category) : ''].join(' '),
    ),
  );
}

/** The categories a tender sits in (ours directly; external through its CPV codes). */
function tenderCategories(t: PackTender): Array<{ category: string; subcategory: string | null }> {
  if (t.kind === 'tender' && t.category) {
    return t.subcategories.length
      ? t.subcategories.map((s) => ({ category: t.category!, subcategory: s }))
      : [{ category: t.category, subcategory: null }];
  }
  const out: Array<{ category: string; subcategory: string | null }> = [];
  for (const code of t.cpvCodes) {
    const c = categoryForCpv(code);
    if (c && !out.some((o) => o.category === c.category && o.subcategory === c.subcategory)) out.push(c);
  }
  return out;
}

export interface RankedItem {
  item: PackCatalogueItem;
  score: number;
  sameCategory: boolean;
  sameSubcategory: boolean;
}

export function rankCatalogue(t: PackTender, items: PackCatalogueItem[]): RankedItem[] {
  const words = tenderWords(t);
  const cats = tenderCategories(t);
  const ranked = items.map((item) => {
    const own = wordsIn([item.title, item.description, item.specifications ?? '', item.supplierType ?? ''].join(' '));
    const overlap = own.filter((w) => words.has(w)).length;
    const sameCategory = cats.some((c) => c.category === item.category);
    const sameSubcategory = cats.some(
      (c) => c.category === item.category && c.subcategory !== null && item.subcategories.includes(c.subcategory),
    );
    return { item, score: overlap + (sameCategory ? 3 : 0) + (sameSubcategory ? 3 : 0), sameCategory, sameSubcategory };
  });
  return ranked
    .filter((r) => r.score > 0)
    .sort(
      (a, b) => b.score - a.score || a.item.title.localeCompare(b.item.title) || a.item.id.localeCompare(b.item.id),
    );
}

function sourcesOf(s: PackSupplier): Source[] {
  const out: Source[] = [];
  for (const i of s.catalogue) {
    out.push({
      kind: 'catalogue',
      label: `catalogue item ${q(i.title)}`,
      terms: termsOf(
        [i.title, i.description, i.specifications ?? '', i.supplierType ?? '', i.certifications.join('. ')].join('. '),
      ),
    });
  }
  const p = s.profile;
  if (p) {
    const text = [
      p.companyDescription ?? '',
      p.specialization ?? '',
      p.certifications.join('. '),
      p.qualityStandards.join('. '),
      p.warrantyOffered ?? '',
    ].join('. ');
    if (text.replace(/[.\s]/g, '')) out.push({ kind: 'profile', label: 'your company profile', terms: termsOf(text) });
  }
  for (const w of s.portfolio) {
    out.push({
      kind: 'portfolio',
      label: `portfolio project ${q(w.title)}`,
      terms: termsOf([w.title, w.description ?? '', w.client ?? ''].join('. ')),
    });
  }
  return out;
}

/** A requirement clause against every source: which of its terms the supplier's own words show. */
function assessClause(
  clause: string,
  sources: Source[],
): { status: RequirementStatus; evidence: string; found: string[]; absent: string[] } {
  const all = termsOf(clause);
  const names = namesIn(clause);
  const asked = { ...all, words: all.words.filter((w) => !names.has(w)) };
  const surface = surfaceWords(clause);
  const shown = (xs: string[]) => xs.map((x) => surface.get(x) ?? x);
  // The longest words first: they carry the meaning when a list is cut short.
  const byWeight = (xs: string[]) => [...xs].sort((a, b) => b.length - a.length || a.localeCompare(b));
  const keyTerms = [...asked.standards, ...asked.codes];
  const weight = keyTerms.length * 2 + asked.words.length;
  let best: { source: Source; hits: string[]; cover: number } | null = null;
  const union = new Set<string>();
  for (const src of sources) {
    const hits: string[] = [];
    for (const s of asked.standards) if (src.terms.standards.some((h) => standardCovers(h, s))) hits.push(s);
    for (const c of asked.codes) if (src.terms.codes.some((h) => codeCovers(h, c))) hits.push(c);
    const keyHits = hits.length;
    for (const w of asked.words) if (src.terms.words.includes(w)) hits.push(w);
    for (const h of hits) union.add(h);
    const cover = weight ? (keyHits * 2 + (hits.length - keyHits)) / weight : 0;
    if (hits.length && (!best || cover > best.cover)) best = { source: src, hits, cover };
  }
  const keyFound = keyTerms.filter((k) => union.has(k));
  const wordsFound = asked.words.filter((w) => union.has(w));
  const unionCover = weight ? (keyFound.length * 2 + wordsFound.length) / weight : 0;
  const absentKeys = keyTerms.filter((k) => !union.has(k));
  const absent = [...absentKeys, ...asked.words.filter((w) => !union.has(w))];
  const found = [...keyFound, ...wordsFound];
  let status: RequirementStatus;
  if (absentKeys.length === 0 && best && best.cover >= 0.5 && unionCover >= 0.6) status = 'met';
  else if (keyFound.length > 0 || unionCover >= 0.25) status = 'partly_met';
  else status = 'missing';
  if (!best || status === 'missing') {
    return {
      status,
      found,
      absent,
      evidence: `Nothing in your profile, catalogue or portfolio mentions ${list(keyTerms.length ? keyTerms : shown(byWeight(asked.words)), 5)}.`,
    };
  }
  const hitKeys = best.hits.filter((h) => keyTerms.includes(h));
  const hitWords = byWeight(best.hits.filter((h) => !keyTerms.includes(h)));
  let evidence = `${best.source.label[0]!.toUpperCase()}${best.source.label.slice(1)} mentions ${list([...hitKeys, ...shown(hitWords)], 5)}`;
  const extra = found.filter((f) => !best.hits.includes(f));
  if (extra.length) evidence += `; elsewhere: ${list(shown(extra), 3)}`;
  if (status !== 'met' && absent.length)
    evidence += `; not shown: ${list(absentKeys.length ? absentKeys : shown(byWeight(absent)), 4)}`;
  return { status, found, absent, evidence: `${evidence}.` };
}

interface Held {
  name: string;
  where: string;
}

function heldCertificates(s: PackSupplier): Held[] {
  const out: Held[] = [];
  for (const c of s.profile?.certifications ?? []) out.push({ name: c, where: 'your profile certifications' });
  for (const c of s.profile?.qualityStandards ?? []) out.push({ name: c, where: 'your profile quality standards' });
  for (const i of s.catalogue)
    for (const c of i.certifications) out.push({ name: c, where: `catalogue item ${q(i.title)}` });
  return out;
}

function nameCovers(held: string, asked: string): boolean {
  const h = normName(held);
  const a = normName(asked);
  if (!h || !a) return false;
  if (h === a || ` ${h} `.includes(` ${a} `) || ` ${a} `.includes(` ${h} `)) return true;
  const askedStd = standardsIn(asked);
  const heldStd = standardsIn(held);
  return askedStd.length > 0 && askedStd.every((s) => heldStd.some((x) => standardCovers(x, s)));
}

function assessCertificate(
  asked: string,
  held: Held[],
  sources: Source[],
  supplier: PackSupplier,
  kind: 'certification' | 'quality standard',
): RowDraft {
  const source: RequirementSource = kind === 'certification' ? 'certification' : 'quality_standard';
  const hit = held.find((h) => normName(h.name) === normName(asked)) ?? held.find((h) => nameCovers(h.name, asked));
  if (hit) {
    return {
      source,
      requirement: asked,
      status: 'met',
      evidence: `${hit.name} is listed in ${hit.where}.`,
      action: null,
    };
  }
  // Mentioned in free text (a description or specification) but not listed as held.
  const askedNorm = normName(asked);
  const askedStd = standardsIn(asked);
  const texts: Array<{ label: string; text: string }> = [
    ...supplier.catalogue.map((i) => ({
      label: `catalogue item ${q(i.title)}`,
      text: [i.title, i.description, i.specifications ?? ''].join(' '),
    })),
    { label: 'your company profile', text: supplier.profile?.companyDescription ?? '' },
    ...supplier.portfolio.map((w) => ({
      label: `portfolio project ${q(w.title)}`,
      text: [w.title, w.description ?? ''].join(' '),
    })),
  ];
  const mention = texts.find(
    (x) =>
      (askedNorm.length >= 3 && ` ${normName(x.text)} `.includes(` ${askedNorm} `)) ||
      (askedStd.length > 0 && askedStd.every((s) => standardsIn(x.text).some((h) => standardCovers(h, s)))),
  );
  if (mention) {
    return {
      source,
      requirement: asked,
      status: 'partly_met',
      evidence: `${asked} is mentioned in ${mention.label} but not listed as a ${kind} you hold.`,
      action: `Add ${asked} to your profile and attach the certificate to the bid.`,
    };
  }
  void sources;
  return {
    source,
    requirement: asked,
    status: 'missing',
    evidence: `No ${kind} in your profile or catalogue matches ${asked}.`,
    action: `Obtain ${asked}, or explain an equivalent you hold, before submitting.`,
  };
}

const COVERS: Array<{ key: string; label: string; re: RegExp }> = [
  { key: 'public', label: 'public liability', re: /public\s+liability/i },
  { key: 'employers', label: "employer's liability", re: /employer'?s?'?\s+liability/i },
  { key: 'professional', label: 'professional indemnity', re: /professional\s+indemnity/i },
  { key: 'product', label: 'product liability', re: /products?\s+liability/i },
  { key: 'car', label: "contractor's all risks", re: /contractor'?s?'?\s+all[\s-]+risks?|\bCAR\b/i },
];

/** Cover types in an insurance text, each with the amount stated beside it (pence) when there is one. */
function coversIn(text: string): Map<string, number | null> {
  const out = new Map<string, number | null>();
  for (const part of fold(text).split(/[,;]|\band\b/i)) {
    for (const c of COVERS) {
      if (!c.re.test(part)) continue;
      const amount = amountsIn(part)[0] ?? null;
      const prev = out.get(c.key);
      out.set(c.key, prev == null ? amount : amount == null ? prev : Math.max(prev, amount));
    }
  }
  return out;
}

function assessInsurance(asked: string, supplier: PackSupplier): RowDraft {
  const source: RequirementSource = 'insurance';
  const required = coversIn(asked);
  const statements = supplier.catalogue
    .filter((i) => i.insurance?.trim())
    .map((i) => ({ label: `catalogue item ${q(i.title)}`, text: i.insurance! }));
  if (!statements.length) {
    return {
      source,
      requirement: asked,
      status: 'missing',
      evidence: 'Your profile and catalogue state no insurance cover.',
      action: 'Attach your insurance certificates (schedule of cover) to the bid.',
    };
  }
  const held = new Map<string, { amount: number | null; label: string }>();
  for (const st of statements) {
    for (const [k, amount] of coversIn(st.text)) {
      const prev = held.get(k);
      if (!prev || (amount ?? 0) > (prev.amount ?? 0)) held.set(k, { amount, label: st.label });
    }
  }
  if (!required.size) {
    return {
      source,
      requirement: asked,
      status: 'partly_met',
      evidence: `You state: ${statements.map((s) => `${s.text} (${s.label})`).join('; ')}. Check it against the buyer's wording.`,
      action: 'Confirm your cover meets the buyer’s insurance wording.',
    };
  }
  const ok: string[] = [];
  const short: string[] = [];
  const none: string[] = [];
  for (const [k, amount] of required) {
    const label = COVERS.find((c) => c.key === k)!.label;
    const h = held.get(k);
    if (!h) none.push(label);
    else if (amount != null && (h.amount == null || h.amount < amount))
      short.push(
        `${label} ${h.amount == null ? 'amount not stated' : `${formatPence(h.amount)} < ${formatPence(amount)}`} (${h.label})`,
      );
    else ok.push(`${label}${h.amount != null ? ` ${formatPence(h.amount)}` : ''} (${h.label})`);
  }
  if (!short.length && !none.length) {
    return { source, requirement: asked, status: 'met', evidence: `Covered: ${ok.join('; ')}.`, action: null };
  }
  const parts = [
    ok.length ? `covered: ${ok.join('; ')}` : '',
    short.length ? `too low: ${short.join('; ')}` : '',
    none.length ? `not stated: ${none.join(', ')}` : '',
  ].filter(Boolean);
  const text = parts.join('. ');
  return {
    source,
    requirement: asked,
    status: ok.length || short.length ? 'partly_met' : 'missing',
    evidence: `${text[0]!.toUpperCase()}${text.slice(1)}.`,
    action: `Arrange or evidence ${[...short.map((s) => s.split(' (')[0]!.replace(/ [£\d].*$| amount not stated$/, '')), ...none].join(' and ')} cover before submitting.`,
  };
}

function assessPaymentTerms(asked: string, supplier: PackSupplier, ranked: RankedItem[]): RowDraft {
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

/** The shortest lead time the supplier shows for this scope: the relevant items', else the profile's. */
function supplierLeadTime(supplier: PackSupplier, ranked: RankedItem[]): { days: number; where: string } | null {
  // The most relevant item's lead time in the tender's category: the one the bid would quote;
  // else the profile's general lead time; else a strongly related item's.
  const scoped = ranked.find((r) => r.sameCategory && r.item.leadTimeDays != null);
  if (scoped) return { days: scoped.item.leadTimeDays!, where: `catalogue item ${q(scoped.item.title)}` };
  if (supplier.profile?.leadTimeDays != null) return { days: supplier.profile.leadTimeDays, where: 'your profile' };
  const related = ranked.find((r) => r.score >= STRONG && r.item.leadTimeDays != null);
  if (related) return { days: related.item.leadTimeDays!, where: `catalogue item ${q(related.item.title)}` };
  return null;
}

function assessLeadTime(
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

function assessBudgetOurs(t: PackTender, supplier: PackSupplier, ranked: RankedItem[]): RowDraft | null {
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

function assessValueExternal(t: PackTender, supplier: PackSupplier): RowDraft | null {
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

function assessRegion(t: PackTender, supplier: PackSupplier, ranked: RankedItem[]): RowDraft | null {
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

function assessScope(t: PackTender, supplier: PackSupplier, ranked: RankedItem[]): RowDraft {
  const source: RequirementSource = 'scope';
  const cats = tenderCategories(t);
  const label =
    t.kind === 'tender' && t.category
      ? `${categoryName(t.category)}${t.subcategories.length ? `: ${t.subcategories.map((s) => subcategoryName(t.category!, s)).join(', ')}` : ''}`
      : t.cpvCodes.length
        ? t.cpvCodes
            .slice(0, 3)
            .map((c) => `CPV ${formatCpv({ code: c, label: t.cpvLabels[c] })}`)
            .join('; ')
        : t.title;
  const requirement = `Scope: ${label}`;
  const exact = ranked.filter(
    (r) =>
      r.sameSubcategory ||
      (r.sameCategory && cats.some((c) => c.category === r.item.category && c.subcategory === null)),
  );
  if (exact.length) {
    return {
      source,
      requirement,
      status: 'met',
      evidence: `Your catalogue covers it: ${list(
        exact.map((r) => q(r.item.title)),
        3,
      )}.`,
      action: null,
    };
  }
  const sameCat = ranked.filter((r) => r.sameCategory);
  const preferred = (supplier.profile?.preferredCategories ?? []).filter((c) => cats.some((x) => x.category === c));
  if (sameCat.length || preferred.length) {
    const ev = sameCat.length
      ? `Your catalogue has ${list(
          sameCat.map((r) => q(r.item.title)),
          3,
        )} in ${categoryName(sameCat[0]!.item.category)}, not the exact line asked for.`
      : `${categoryName(preferred[0])} is a preferred category in your profile, but no catalogue item covers it.`;
    return {
      source,
      requirement,
      status: 'partly_met',
      evidence: ev,
      action: 'Add the exact products or services to your catalogue and describe them in the bid.',
    };
  }
  // No category link: a strong word overlap with the supplier's items still counts as partial.
  const strong = ranked.filter((r) => r.score >= STRONG);
  if (strong.length) {
    return {
      source,
      requirement,
      status: 'partly_met',
      evidence: `Related items in your catalogue: ${list(
        strong.map((r) => q(r.item.title)),
        3,
      )}.`,
      action: 'Explain how your products and services cover this scope.',
    };
  }
  const cat = cats[0];
  return {
    source,
    requirement,
    status: 'missing',
    evidence: `Nothing in your catalogue or preferred categories covers ${cat ? categoryName(cat.category) : 'this scope'}.`,
    action: 'Consider partnering with a specialist for this scope.',
  };
}

function assessDeadline(t: PackTender, helpBy: Date | null, now: Date): RowDraft | null {
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

function assessWarranty(t: PackTender, supplier: PackSupplier, ranked: RankedItem[]): RowDraft | null {
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

const CRITICAL: RequirementSource[] = ['scope', 'certification', 'quality_standard', 'insurance', 'deadline'];

function decide(rows: ComplianceRow[], t: PackTender, supplier: PackSupplier): BidPack['summary'] {
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
  void t;
  return { met, partlyMet, missing, total, score, verdict, reasons };
}

function outlineOf(
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
  for (const c of t.requiredCertifications) drafts.push(assessCertificate(c, held, sources, supplier, 'certification'));
  for (const s of t.qualityStandards) drafts.push(assessCertificate(s, held, sources, supplier, 'quality standard'));
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
  const summary = decide(matrix, t, supplier);
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
