import { describe, expect, it } from 'vitest';
import { cpvRelation } from './cpv.ts';
import { cosine, embeddings } from './embeddings.ts';
import {
  INFERRED_CPV_TRUST,
  WEIGHTS,
  categorySignal,
  priceSignal,
  regionSignal,
  scoreMatch,
  type NeedFacts,
  type OfferFacts,
} from './engine.ts';
import { listingVector } from './matching.service.ts';

const need: NeedFacts = {
  category: 'structural-steel',
  subcategories: ['beams-and-columns'],
  cpvCodes: ['44212300'],
  budgetPence: 1300_00 * 200,
  quantity: 200,
  leadTimeDays: null,
  region: 'north-west',
  deadline: new Date(Date.now() + 30 * 86_400_000),
  requiredCertifications: ['CE marking'],
  qualityStandards: ['ISO 9001'],
};
const steel: OfferFacts = {
  category: 'structural-steel',
  subcategories: ['beams-and-columns'],
  cpvCodes: ['44212300'],
  valuePence: 1150_00,
  quantity: 500,
  leadTimeDays: 14,
  region: 'north-west',
  availability: 'available',
  certifications: ['CE Marking', 'ISO 9001:2015'],
  deliveryLocations: ['North West'],
};
const paint: OfferFacts = {
  ...steel,
  category: 'finishes',
  subcategories: ['painting'],
  cpvCodes: ['45400000', '45440000'],
  valuePence: 40_00,
  certifications: [],
  deliveryLocations: ['London'],
  region: 'london',
};

describe('DESIGN §5 matching engine (pure scoring)', () => {
  it('weights add up to 100', () => {
    expect(Object.values(WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('CPV hierarchy: same code > same class > same group > same division', () => {
    expect(cpvRelation('44212300', '44212300')).toBe('code');
    expect(cpvRelation('44212300', '44212310')).toBe('class');
    expect(cpvRelation('44212300', '44230000')).toBe('group');
    expect(cpvRelation('44212300', '44111100')).toBe('division');
    expect(cpvRelation('44212300', '45000000')).toBeNull();
  });

  it('two listings that carry the same broad code agree only as far as that code says', () => {
    // 43000000 is a whole division: an excavator and a notice for cutting trials both carrying it
    // share a division, not a code
    expect(cpvRelation('43000000', '43000000')).toBe('division');
    expect(cpvRelation('45200000', '45200000')).toBe('group');
    expect(cpvRelation('45260000', '45260000')).toBe('class');
    expect(cpvRelation('45200000', '45210000')).toBe('group');
    expect(cpvRelation('45261000', '45261000')).toBe('code');
    const excavator = { ...steel, category: 'plant-hire', subcategories: [], cpvCodes: ['43000000'] };
    const notice = { ...need, category: null, subcategories: [], cpvCodes: ['43000000', '73000000'] };
    const s = scoreMatch(notice, excavator, { lexical: 0.01, semantic: 0.5, sharedTerms: [] }, null);
    const category = s.reasons.find((r) => r.code === 'category')!;
    expect(category.label).toBe('Same CPV division: Machinery for mining, quarrying, construction equipment');
    expect(s.score).toBeLessThan(40);
  });

  it('a clearly matching pair scores well above an unrelated one, with a reason per signal', () => {
    const good = scoreMatch(need, steel, { lexical: 0.2, semantic: 0.85, sharedTerms: ['steel', 'beams'] }, null);
    const bad = scoreMatch(need, paint, { lexical: 0, semantic: 0.3, sharedTerms: [] }, null);
    expect(good.score).toBeGreaterThanOrEqual(85);
    expect(bad.score).toBeLessThan(40);
    expect(good.reasons.map((r) => r.code).sort()).toEqual(Object.keys(WEIGHTS).sort());
    for (const r of good.reasons) expect(r.contribution).toBeLessThanOrEqual(r.weight);
    expect(Math.round(good.reasons.reduce((s, r) => s + r.contribution, 0))).toBe(good.score);
  });

  it("CPV codes guessed from a notice's wording count for less than declared ones, and say so", () => {
    const notice: NeedFacts = { ...need, category: null, subcategories: [], cpvCodes: ['44212310'] };
    const declared = categorySignal(notice, steel);
    const guessed = categorySignal({ ...notice, cpvInferred: true }, steel);
    expect(declared.label).toMatch(/^Same CPV class/);
    expect(guessed.label).toMatch(/^Likely same CPV class: .* \(from the notice's wording\)$/);
    expect(guessed.contribution).toBeCloseTo(declared.contribution * INFERRED_CPV_TRUST, 0);
    expect(guessed.contribution).toBeLessThan(declared.contribution);
  });

  it('orders by the unrounded score: wording in common still separates two pairs of the same rounded score', () => {
    const a = scoreMatch(need, steel, { lexical: 0.3, semantic: 0.8, sharedTerms: [] }, null);
    const b = scoreMatch(need, steel, { lexical: 0.29, semantic: 0.8, sharedTerms: [] }, null);
    expect(a.exact).toBeGreaterThan(b.exact);
    expect(a.score).toBe(Math.round(a.exact));
  });

  it('explains itself in words a buyer reads: delivery region and unit price against budget', () => {
    expect(regionSignal(need, steel).label).toBe('Delivers to North West');
    expect(priceSignal(need, steel).label).toBe('Price £1,150/unit within budget');
    expect(priceSignal(need, { ...steel, valuePence: 1400_00 }).label).toBe('Price £1,400/unit, 8% over budget');
    expect(regionSignal(need, paint)).toMatchObject({ contribution: 0, label: 'Does not list North West' });
  });

  it('semantic vectors load fast from the shipped binary and put related listings closer', () => {
    const t0 = performance.now();
    const e = embeddings();
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(e.size).toBeGreaterThan(20_000);
    const l = (title: string, description: string, category: string) => ({
      title,
      description,
      specifications: null,
      category,
      subcategories: [],
    });
    const a = listingVector(
      l('Steel beams for a warehouse frame', 'Universal beams and columns, S355', 'structural-steel'),
    );
    const b = listingVector(l('Structural steel sections', 'Hot rolled girders and columns', 'structural-steel'));
    const c = listingVector(l('Interior emulsion paint', 'Matt white paint for walls and ceilings', 'finishes'));
    expect(cosine(a, b)).toBeGreaterThan(cosine(a, c) + 0.15);
  });

  it('meaning separates — oak beams are not a "Good match" for a steel-beam tender, and "similar" is said only of the same thing', () => {
    const L = (title: string, description: string, category: string, sub: string) =>
      listingVector({ title, description, specifications: null, category, subcategories: [sub] });
    const tender = L(
      'Structural steel beams for warehouse extension',
      'Universal beams and columns for a portal frame warehouse',
      'structural-steel',
      'beams-and-columns',
    );
    const oak = L(
      'Kiln-dried green oak beams',
      'Green oak beams, kiln dried, for framing',
      'timber',
      'structural-timber',
    );
    const concrete = L(
      'Ready-mix concrete C32/40',
      'Ready mixed concrete delivered by truck mixer.',
      'concrete',
      'ready-mix-concrete',
    );
    const beams = L(
      'S355 universal steel beams',
      'Hot rolled structural steel beams and columns, CE marked.',
      'structural-steel',
      'beams-and-columns',
    );
    const timber: OfferFacts = {
      ...steel,
      category: 'timber',
      subcategories: ['structural-timber'],
      cpvCodes: ['03419100'],
    };
    const oakPair = scoreMatch(
      need,
      timber,
      { lexical: 0.06, semantic: cosine(tender, oak), sharedTerms: ['beams'] },
      null,
    );
    const steelPair = scoreMatch(
      need,
      steel,
      { lexical: 0.3, semantic: cosine(tender, beams), sharedTerms: ['steel', 'beams'] },
      null,
    );
    expect(oakPair.score).toBeLessThan(50);
    expect(steelPair.score).toBeGreaterThanOrEqual(75);
    const meaning = (m: { reasons: Array<{ code: string; label: string }> }) =>
      m.reasons.find((r) => r.code === 'semantic')!.label;
    expect(meaning(oakPair)).toBe('Descriptions about other things');
    expect(meaning(steelPair)).toMatch(/similar description/i);
    expect(
      meaning(scoreMatch(need, timber, { lexical: 0, semantic: cosine(oak, concrete), sharedTerms: [] }, null)),
    ).toBe('Descriptions about other things');
  });
});
