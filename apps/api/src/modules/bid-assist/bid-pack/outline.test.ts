import type { ComplianceRow } from '@brickyard/shared';
import { describe, expect, it } from 'vitest';
import { rankCatalogue } from './inputs.ts';
import { outlineOf } from './outline.ts';
import { item, profile, supplier, tender } from './test-inputs.ts';

const HEADINGS = [
  'Introduction',
  'Our understanding of the requirement',
  'Compliance and accreditations',
  'Proposed products, services and price',
  'Delivery and programme',
  'Relevant experience',
  'Commercial terms',
  'Gaps to close before submitting',
];

/** The draft response outline of the bid pack (apps/api/src/modules/bid-assist/README.md, "Outline"). */
describe('bid pack outline', () => {
  it('has every section, and an empty one says what to add', () => {
    const out = outlineOf(tender(), supplier(), [], []);
    expect(out.map((s) => s.heading)).toEqual(HEADINGS);
    expect(out.find((s) => s.heading === 'Relevant experience')?.points).toEqual([
      'Add two or three comparable projects with client, value and date.',
    ]);
    expect(out.at(-1)?.points).toEqual(['None: every requirement is met on the evidence available.']);
  });

  it('is written from the supplier’s own data: company, items, lead time and terms', () => {
    const t = tender({ buyerName: 'Northgate', reference: 'NG-1' });
    const s = supplier({
      profile: profile({ yearsInBusiness: 12, paymentTerms: '30 days', leadTimeDays: 14 }),
      catalogue: [item({ valuePence: 12_500 })],
      portfolio: [
        { title: 'Depot frame', valuePence: null, description: null, client: 'Leeds CC', completionDate: null },
      ],
    });
    const out = outlineOf(t, s, [], rankCatalogue(t, s.catalogue));
    const points = (h: string) => out.find((x) => x.heading === h)?.points ?? [];
    expect(points('Introduction')[0]).toBe(
      'Acme Steel responds to “Steel beams for a warehouse” for Northgate (ref. NG-1).',
    );
    expect(points('Introduction')).toContain('12 years in business.');
    expect(points('Proposed products, services and price')).toEqual(['Universal beams (£125, in stock).']);
    expect(points('Delivery and programme')).toEqual(['Lead time 14 days (your profile).']);
    expect(points('Relevant experience')).toEqual(['Depot frame for Leeds CC']);
    expect(points('Commercial terms')).toEqual(['Payment terms: 30 days.']);
  });

  it('lists each unmet row with its action among the gaps', () => {
    const rows: ComplianceRow[] = [
      {
        ref: 'R1',
        source: 'warranty',
        requirement: 'Warranty required',
        status: 'missing',
        evidence: 'None.',
        action: 'Set out a warranty.',
      },
      {
        ref: 'R2',
        source: 'region',
        requirement: 'Deliver to North East',
        status: 'met',
        evidence: 'Yes.',
        action: null,
      },
    ];
    expect(outlineOf(tender(), supplier(), rows, []).at(-1)?.points).toEqual([
      'R1 Warranty required: Set out a warranty.',
    ]);
  });
});
