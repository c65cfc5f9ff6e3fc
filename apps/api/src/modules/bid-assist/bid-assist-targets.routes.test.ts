import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

/**
 * The Bid Assist form's tender picker with no words typed (GET /api/bid-assist/targets?kind=tender):
 * the tenders a supplier may still bid on, soonest deadline first, those without a deadline last.
 */
let t: TestApp;
let buyer: TestUser;
let supplier: TestUser;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  [buyer, supplier] = await Promise.all([t.createUser({ role: 'buyer' }), t.createUser({ role: 'supplier' })]);
  const tender = (title: string, status: 'active' | 'draft' | 'closed', deadline: Date | null) => ({
    userId: buyer.id,
    title,
    description: `${title}: supply and fix`,
    category: 'roofing',
    status,
    deadline,
  });
  await t.db
    .insert(tenders)
    .values([
      tender('Open-ended roofing framework', 'active', null),
      tender('Slate roof, closes in 9 days', 'active', inDays(9)),
      tender('Deadline passed yesterday', 'active', inDays(-1)),
      tender('Flat roof, closes in 2 days', 'active', inDays(2)),
      tender('Draft, not published', 'draft', inDays(4)),
      tender('Closed early', 'closed', inDays(6)),
      tender('Gutters, closes in 5 days', 'active', inDays(5)),
    ]);
});
afterAll(() => t.close());

describe('the Bid Assist tender picker', () => {
  it('lists open tenders soonest deadline first and open-ended ones last; none passed, closed or unpublished', async () => {
    const res = await t.request('GET', '/api/bid-assist/targets?kind=tender', { token: supplier.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((x: { title: string }) => x.title)).toEqual([
      'Flat roof, closes in 2 days',
      'Gutters, closes in 5 days',
      'Slate roof, closes in 9 days',
      'Open-ended roofing framework',
    ]);
    expect(res.body.data.at(-1).closesAt).toBeNull();
    // the same answer from the prepared statement on later visits
    const again = await t.request('GET', '/api/bid-assist/targets?kind=tender', { token: supplier.token });
    expect(again.body.data).toEqual(res.body.data);
  });

  it('with words typed, the engine’s ranking among the same tenders', async () => {
    const res = await t.request('GET', '/api/bid-assist/targets?kind=tender&q=roof', { token: supplier.token });
    expect(res.status).toBe(200);
    const titles = res.body.data.map((x: { title: string }) => x.title);
    expect(titles).toEqual(expect.arrayContaining(['Flat roof, closes in 2 days', 'Slate roof, closes in 9 days']));
    expect(titles).not.toContain('Deadline passed yesterday');
    expect(titles).not.toContain('Draft, not published');
  });
});
