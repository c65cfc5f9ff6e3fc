import {
  categoryForCpv,
  categoryName,
  formatMoney,
  formatPence,
  type RequirementSource,
  type RequirementStatus,
} from '@brickyard/shared';
import { termsOf, wordsIn, type Terms } from '../pack-text.ts';

/**
 * The inputs of a bid pack (the tender and the supplier's evidence) and the views of them every
 * part of the pack reads: the supplier's catalogue ranked against the tender, the texts that can
 * show a requirement, the lead time the supplier quotes, and the wording helpers of the rows.
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

export const DAY = 86_400_000;
/** A word overlap this large links an item to a tender even across categories. */
export const STRONG = 3;
export const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
export const q = (s: string) => `“${s}”`;
export const list = (xs: string[], max = 4) =>
  xs.length <= max ? xs.join(', ') : `${xs.slice(0, max).join(', ')} and ${xs.length - max} more`;
export const money = (pence: number, currency: string) =>
  currency === 'GBP' ? formatPence(pence) : formatMoney(pence / 100, currency);

export interface Source {
  label: string;
  terms: Terms;
  kind: 'catalogue' | 'profile' | 'portfolio';
}

export interface RowDraft {
  source: RequirementSource;
  requirement: string;
  status: RequirementStatus;
  evidence: string;
  action: string | null;
}

/** The words of a tender, for ranking the supplier's items by relevance. */
export function tenderWords(t: PackTender): Set<string> {
  return new Set(
    wordsIn(
      [t.title, t.description ?? '', t.specifications ?? '', t.category ? categoryName(t.category) : ''].join(' '),
    ),
  );
}

/** The categories a tender sits in (ours directly; external through its CPV codes). */
export function tenderCategories(t: PackTender): Array<{ category: string; subcategory: string | null }> {
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

export function sourcesOf(s: PackSupplier): Source[] {
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

/** The shortest lead time the supplier shows for this scope: the relevant items', else the profile's. */
export function supplierLeadTime(supplier: PackSupplier, ranked: RankedItem[]): { days: number; where: string } | null {
  // The most relevant item's lead time in the tender's category: the one the bid would quote;
  // else the profile's general lead time; else a strongly related item's.
  const scoped = ranked.find((r) => r.sameCategory && r.item.leadTimeDays != null);
  if (scoped) return { days: scoped.item.leadTimeDays!, where: `catalogue item ${q(scoped.item.title)}` };
  if (supplier.profile?.leadTimeDays != null) return { days: supplier.profile.leadTimeDays, where: 'your profile' };
  const related = ranked.find((r) => r.score >= STRONG && r.item.leadTimeDays != null);
  if (related) return { days: related.item.leadTimeDays!, where: `catalogue item ${q(related.item.title)}` };
  return null;
}
