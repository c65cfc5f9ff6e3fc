import { describe, expect, it } from 'vitest';
import { assessCertificate, assessClause, assessInsurance, assessScope, heldCertificates } from './assess-evidence.ts';
import {
  assessBudgetOurs,
  assessDeadline,
  assessLeadTime,
  assessPaymentTerms,
  assessRegion,
  packChangesAt,
} from './assess-terms.ts';
import { rankCatalogue, sourcesOf } from './inputs.ts';
import { item, profile, supplier, tender } from './test-inputs.ts';

/** The rows of the bid pack's compliance matrix (apps/api/src/modules/bid-assist/README.md, "The bid pack"). */
describe('bid pack assessments', () => {
  it('scope is met by a catalogue item in the tender subcategory, partly met by the category only, missing otherwise', () => {
    const t = tender();
    const exact = supplier({ catalogue: [item()] });
    expect(assessScope(t, exact, rankCatalogue(t, exact.catalogue)).status).toBe('met');
    const sameCategory = supplier({
      catalogue: [item({ title: 'Decking', description: 'Metal deck', subcategories: ['metal-decking-and-plate'] })],
    });
    expect(assessScope(t, sameCategory, rankCatalogue(t, sameCategory.catalogue)).status).toBe('partly_met');
    const unrelated = supplier({
      catalogue: [item({ title: 'Ready-mix', description: 'Concrete', category: 'concrete', subcategories: [] })],
    });
    const row = assessScope(t, unrelated, rankCatalogue(t, unrelated.catalogue));
    expect(row.status).toBe('missing');
    expect(row.action).not.toBeNull();
  });

  it('a specification clause is met when the supplier shows its standard and words, missing when nothing mentions them', () => {
    const s = supplier({
      catalogue: [item({ description: 'Hot rolled steel beams to BS EN 1090 execution class 2' })],
    });
    expect(assessClause('Beams to BS EN 1090 execution class 2', sourcesOf(s)).status).toBe('met');
    const none = assessClause('Glazing to BS EN 12150', sourcesOf(s));
    expect(none.status).toBe('missing');
    expect(none.evidence).toContain('BS EN 12150');
  });

  it('a certification listed as held is met, one only mentioned in a description is partly met, an absent one is missing', () => {
    const held = supplier({ profile: profile({ certifications: ['ISO 9001'] }) });
    expect(assessCertificate('ISO 9001:2015', heldCertificates(held), held, 'certification').status).toBe('met');
    const mentioned = supplier({ catalogue: [item({ description: 'Made under ISO 14001 controls' })] });
    const row = assessCertificate('ISO 14001', heldCertificates(mentioned), mentioned, 'certification');
    expect(row.status).toBe('partly_met');
    expect(row.evidence).toContain('catalogue item “Universal beams”');
    const absent = assessCertificate('CHAS', heldCertificates(held), held, 'quality standard');
    expect(absent).toMatchObject({ status: 'missing', source: 'quality_standard' });
  });

  it('insurance cover below the amount asked is partly met and names the shortfall', () => {
    const s = supplier({ catalogue: [item({ insurance: 'Public liability £5m' })] });
    const row = assessInsurance('Public liability £10m', s);
    expect(row.status).toBe('partly_met');
    expect(row.evidence).toBe('Too low: public liability £5,000,000 < £10,000,000 (catalogue item “Universal beams”).');
    expect(assessInsurance('Public liability £5m', s).status).toBe('met');
    expect(assessInsurance('Public liability £5m', supplier()).status).toBe('missing');
  });

  it('payment terms are met when the supplier allows at least the buyer’s days, partly met when shorter', () => {
    const s = supplier({ profile: profile({ paymentTerms: '30 days' }) });
    expect(assessPaymentTerms('Payment within 30 days', s, []).status).toBe('met');
    const row = assessPaymentTerms('Payment within 60 days, 5% retention', s, []);
    expect(row.status).toBe('partly_met');
    expect(row.evidence).toContain('retention');
  });

  it('lead time is met within the days allowed, partly met up to a quarter over, missing beyond', () => {
    const s = (d: number) => supplier({ profile: profile({ leadTimeDays: d }) });
    expect(assessLeadTime('Delivery within 20 days', 20, s(20), []).status).toBe('met');
    expect(assessLeadTime('Delivery within 20 days', 20, s(25), []).status).toBe('partly_met');
    expect(assessLeadTime('Delivery within 20 days', 20, s(26), []).status).toBe('missing');
    expect(assessLeadTime('Delivery within 20 days', 20, supplier(), []).status).toBe('missing');
  });

  it('price against budget: list price × quantity within budget is met, up to 10% over is partly met', () => {
    const t = tender({ valuePence: 100_000, quantity: 10 });
    const priced = (p: number) => supplier({ catalogue: [item({ valuePence: p })] });
    const row = (p: number) => assessBudgetOurs(t, priced(p), rankCatalogue(t, priced(p).catalogue))!;
    expect(row(10_000).status).toBe('met');
    expect(row(11_000).status).toBe('partly_met');
    expect(row(12_000).status).toBe('missing');
    expect(assessBudgetOurs(tender(), priced(1), [])).toBeNull();
  });

  it('delivery region is met when the supplier delivers there or UK-wide, missing elsewhere', () => {
    const t = tender({ region: 'north-east' });
    expect(assessRegion(t, supplier({ profile: profile({ deliveryLocations: ['north-east'] }) }), [])?.status).toBe(
      'met',
    );
    expect(assessRegion(t, supplier({ profile: profile({ deliveryLocations: ['uk-wide'] }) }), [])?.status).toBe('met');
    expect(assessRegion(t, supplier({ profile: profile({ deliveryLocations: ['north-west'] }) }), [])?.status).toBe(
      'missing',
    );
  });

  it('the deadline row is missing once the tender has closed and partly met when help is asked for after it', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const deadline = new Date('2026-03-20T12:00:00Z');
    expect(assessDeadline(tender({ deadline }), null, now)?.status).toBe('met');
    expect(assessDeadline(tender({ deadline, open: false }), null, now)?.status).toBe('missing');
    expect(assessDeadline(tender({ deadline }), new Date('2026-03-25T12:00:00Z'), now)?.status).toBe('partly_met');
    expect(assessDeadline(tender({ deadline: new Date('2026-03-02T12:00:00Z') }), null, now)?.status).toBe(
      'partly_met',
    );
  });

  it('a pack holds until the days left to the deadline next drop, and for good once the tender has closed', () => {
    const deadline = new Date('2026-03-20T12:00:00Z');
    const evidence = (now: Date) => assessDeadline(tender({ deadline }), null, now)?.evidence;
    const now = new Date('2026-03-01T15:30:00Z');
    const until = packChangesAt(deadline, now)!;
    expect(new Date(until).toISOString()).toBe('2026-03-02T12:00:00.000Z');
    // the same words up to that instant, other words after it
    expect(evidence(new Date(until))).toBe(evidence(now));
    expect(evidence(new Date(until + 1))).not.toBe(evidence(now));
    expect(new Date(packChangesAt(deadline, new Date('2026-03-20T01:00:00Z'))!).toISOString()).toBe(
      '2026-03-20T12:00:00.000Z',
    );
    expect(packChangesAt(deadline, new Date('2026-03-21T00:00:00Z'))).toBeNull();
    expect(packChangesAt(null, now)).toBeNull();
  });
});
