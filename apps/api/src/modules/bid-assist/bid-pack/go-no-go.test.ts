import type { ComplianceRow, RequirementSource, RequirementStatus } from '@brickyard/shared';
import { describe, expect, it } from 'vitest';
import { decide } from './go-no-go.ts';
import { supplier } from './test-inputs.ts';

function row(source: RequirementSource, status: RequirementStatus, i = 0): ComplianceRow {
  return {
    ref: `R${i + 1}`,
    source,
    requirement: `${source} ${i}`,
    status,
    evidence: `${source} evidence.`,
    action: status === 'met' ? null : 'Do something.',
  };
}
const met = (n: number, from = 0) => Array.from({ length: n }, (_, i) => row('specification', 'met', from + i));

/** The go/no-go rules of the bid pack (apps/api/src/modules/bid-assist/README.md, "Verdict"). */
describe('bid pack go/no-go', () => {
  it('scores met plus half the partly met over all rows', () => {
    const s = decide(
      [...met(2), row('specification', 'partly_met', 2), row('specification', 'missing', 3)],
      supplier(),
    );
    expect(s).toMatchObject({ met: 2, partlyMet: 1, missing: 1, total: 4, score: 63 });
  });

  it('is go at a score of 75 or more with nothing critical missing', () => {
    expect(decide([row('scope', 'met'), ...met(3, 1)], supplier()).verdict).toBe('go');
  });

  it('is go with conditions when a certification is missing even with a high score', () => {
    const s = decide([row('scope', 'met'), ...met(8, 1), row('certification', 'missing', 9)], supplier());
    expect(s.score).toBe(90);
    expect(s.verdict).toBe('go_with_conditions');
    expect(s.reasons).toContain('Missing certification: certification 9.');
  });

  it('is no-go when the tender has closed, the scope is missing or the score is under 40', () => {
    expect(decide([row('deadline', 'missing'), ...met(9, 1)], supplier()).verdict).toBe('no_go');
    expect(decide([row('scope', 'missing'), ...met(9, 1)], supplier()).verdict).toBe('no_go');
    const low = decide(
      [row('scope', 'partly_met'), ...Array.from({ length: 4 }, (_, i) => row('region', 'missing', i + 1))],
      supplier(),
    );
    expect(low.score).toBe(10);
    expect(low.verdict).toBe('no_go');
  });

  it('gives the fulfilled deals as a reason when there are some', () => {
    expect(decide(met(1), supplier({ fulfilledDeals: 2 })).reasons).toContain(
      'You have 2 fulfilled deals on Brickyard to point to.',
    );
  });
});
