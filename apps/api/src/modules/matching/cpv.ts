import fs from 'node:fs';
import path from 'node:path';
import { categoryByKey, cpvCodesFor } from '@brickyard/shared';
import { apiRoot } from '../../platform/paths.ts';

/**
 * The CPV 2008 hierarchy (assets/cpv-2008.csv, EU public data): 8-digit codes whose leading
 * digits are the division (2), group (3), class (4) and category (5). Two codes are as close as
 * the longest prefix they share.
 */
export type CpvRelation = 'code' | 'class' | 'group' | 'division';

export function cpvRelation(a: string, b: string): CpvRelation | null {
  const x = a.replace(/\D/g, '').slice(0, 8);
  const y = b.replace(/\D/g, '').slice(0, 8);
  if (x.length < 2 || y.length < 2) return null;
  let n = 0;
  while (n < 8 && x[n] === y[n]) n++;
  // Two codes agree no further than the broader of them says: 43000000 is the whole division
  // "Machinery for mining, quarrying, construction equipment", so a notice and an item that both
  // carry it share a division, not a code.
  n = Math.min(n, cpvDepth(x), cpvDepth(y));
  if (n >= 5 && x === y) return 'code';
  if (n >= 4) return 'class';
  if (n === 3) return 'group';
  if (n === 2) return 'division';
  return null;
}

/** How many leading digits of a code say something: 45261910 → 8, 45260000 → 4, 45000000 → 2. */
export function cpvDepth(code: string): number {
  let d = Math.min(8, code.length);
  while (d > 2 && code[d - 1] === '0') d--;
  return d;
}

const RANK: Record<CpvRelation, number> = { code: 4, class: 3, group: 2, division: 1 };

/** The closest relation between any code of `a` and any of `b`, with the codes that achieve it. */
export function bestCpvRelation(
  a: readonly string[],
  b: readonly string[],
): { relation: CpvRelation; a: string; b: string } | null {
  let best: { relation: CpvRelation; a: string; b: string } | null = null;
  for (const x of a) {
    for (const y of b) {
      const r = cpvRelation(x, y);
      if (r && (!best || RANK[r] > RANK[best.relation])) best = { relation: r, a: x, b: y };
      if (best?.relation === 'code') return best;
    }
  }
  return best;
}

/** CPV codes of a listing: its category's and its subcategories'. */
export const listingCpv = (category: string, subcategories: readonly string[]) => cpvCodesFor(category, subcategories);

let labels: Map<string, string> | null = null;
export function cpvLabels(): Map<string, string> {
  if (labels) return labels;
  labels = new Map();
  const text = fs.readFileSync(path.join(apiRoot(), 'src/modules/matching/assets/cpv-2008.csv'), 'utf8');
  for (const line of text.split('\n').slice(1)) {
    const m = /^(\d{8}),(?:"((?:[^"]|"")*)"|(.*))$/.exec(line.trim());
    if (m) labels.set(m[1]!, (m[2] ?? m[3] ?? '').replace(/""/g, '"'));
  }
  return labels;
}

/** The label of the ancestor of `code` at `relation` level ("Construction work" for division 45). */
export function cpvAncestorLabel(code: string, relation: CpvRelation): string | null {
  const digits = { code: 8, class: 4, group: 3, division: 2 }[relation];
  const c = code.replace(/\D/g, '').slice(0, 8);
  const ancestor = c.slice(0, digits).padEnd(8, '0');
  return cpvLabels().get(ancestor) ?? cpvLabels().get(c) ?? null;
}

export const categoryLabel = (key: string) => categoryByKey(key)?.name ?? key;
