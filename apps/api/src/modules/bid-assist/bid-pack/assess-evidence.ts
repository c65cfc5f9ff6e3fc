import {
  categoryName,
  formatCpv,
  formatPence,
  subcategoryName,
  type RequirementSource,
  type RequirementStatus,
} from '@brickyard/shared';
import {
  amountsIn,
  codeCovers,
  fold,
  namesIn,
  normName,
  standardCovers,
  standardsIn,
  termsOf,
  surfaceWords,
} from '../pack-text.ts';
import {
  STRONG,
  q,
  list,
  tenderCategories,
  type PackTender,
  type PackSupplier,
  type RankedItem,
  type Source,
  type RowDraft,
} from './inputs.ts';

/**
 * The rows graded against what the supplier's own words show: the scope, each clause of the
 * specification, each certification or quality standard, and the insurance cover.
 */

/** A requirement clause against every source: which of its terms the supplier's own words show. */
export function assessClause(
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

export interface Held {
  name: string;
  where: string;
}

export function heldCertificates(s: PackSupplier): Held[] {
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

export function assessCertificate(
  asked: string,
  held: Held[],
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

export function assessInsurance(asked: string, supplier: PackSupplier): RowDraft {
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

export function assessScope(t: PackTender, supplier: PackSupplier, ranked: RankedItem[]): RowDraft {
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
