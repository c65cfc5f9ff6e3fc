import { describe, expect, it } from 'vitest';
import type { TenderResponse } from '../schemas/response.ts';
import { compareBests, leadTimeVerdict, sortResponses } from './response-compare.ts';

const response = (
  id: string,
  over: Partial<TenderResponse> & { fulfilled?: number; rating?: number | null; score?: number | null },
): TenderResponse =>
  ({
    id,
    totalPence: 100_00,
    leadTimeDays: 10,
    validityDays: 30,
    requirementAnswers: [],
    supplier: {
      id,
      companyName: id,
      verified: true,
      fulfilledDeals: over.fulfilled ?? 0,
      reviews: { average: over.rating ?? null, count: over.rating ? 1 : 0 },
    },
    match: over.score == null ? null : { score: over.score, itemTitle: 'x', reasons: [] },
    ...over,
  }) as TenderResponse;

describe('the compare view’s best-in-row marks and sorting', () => {
  const a = response('a', {
    totalPence: 900_00,
    leadTimeDays: 20,
    validityDays: 60,
    score: 70,
    fulfilled: 2,
    requirementAnswers: [{ requirement: 'warranty', answer: 'meets', comment: null }],
  });
  const b = response('b', {
    totalPence: 1000_00,
    leadTimeDays: 12,
    validityDays: 30,
    score: 85,
    fulfilled: 2,
    rating: 4.5,
    requirementAnswers: [{ requirement: 'warranty', answer: 'partly', comment: null }],
  });
  const c = response('c', {
    totalPence: 900_00,
    leadTimeDays: null,
    validityDays: 30,
    score: null,
    requirementAnswers: [{ requirement: 'warranty', answer: 'meets', comment: null }],
  });

  it('marks the lowest total (ties both), shortest lead time, longest validity, best match, best record and best requirement answer', () => {
    expect(compareBests([a, b, c], ['warranty'])).toEqual({
      total: ['a', 'c'],
      leadTime: ['b'],
      validity: ['a'],
      match: ['b'],
      record: ['b'],
      requirements: { warranty: ['a', 'c'] },
    });
  });

  it('marks nothing in a row where every response is equal, or only one has a value', () => {
    const same = compareBests([response('x', {}), response('y', {})], []);
    expect(same.total).toEqual([]);
    expect(compareBests([a, c], []).match).toEqual([]);
  });

  it('sorts by the chosen row, missing values last, ties by total then id', () => {
    expect(sortResponses([b, c, a], 'total').map((r) => r.id)).toEqual(['a', 'c', 'b']);
    expect(sortResponses([a, b, c], 'leadTime').map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(sortResponses([a, b, c], 'match').map((r) => r.id)).toEqual(['b', 'a', 'c']);
  });

  it('reads the lead time against the tender’s lead time', () => {
    expect(leadTimeVerdict({ leadTime: 21, deadline: null }, 14)).toEqual({
      text: 'Within the 21 days asked',
      ok: true,
    });
    expect(leadTimeVerdict({ leadTime: 21, deadline: null }, 28)).toEqual({
      text: '7 days over the 21 asked',
      ok: false,
    });
    expect(leadTimeVerdict({ leadTime: null, deadline: null }, null)).toEqual({ text: 'Not given', ok: null });
  });
});
