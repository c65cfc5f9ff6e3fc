import { describe, expect, it } from 'vitest';
import { dashboardPeriodSchema, dashboardQuerySchema, ukToday } from './dashboard.ts';

/** docs/decisions/0006-dashboards-cached-by-database-versions.md "Charts for trends over time with date ranges": the custom period's rules, shared by API and web. */
describe('dashboard period (custom from–to)', () => {
  const today = ukToday();
  const issues = (v: unknown) => {
    const r = dashboardPeriodSchema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts a period ending today and one of exactly three years', () => {
    expect(issues({ from: '2025-01-01', to: today })).toEqual([]);
    expect(issues({ from: '2023-03-31', to: '2026-03-31' })).toEqual([]);
    expect(issues({ from: '2023-02-28', to: '2026-02-28' })).toEqual([]);
  });

  it('refuses from after to, a period over three years, an end after today and a date that does not exist', () => {
    expect(issues({ from: '2026-03-02', to: '2026-03-01' })).toEqual([
      'from: The start date must be on or before the end date',
    ]);
    expect(issues({ from: '2023-03-30', to: '2026-03-31' })).toEqual(['from: Choose a period of at most 3 years']);
    expect(issues({ from: '2024-01-01', to: '2999-01-01' })).toContain('to: The end date cannot be after today');
    expect(issues({ from: '2026-02-29', to: '2026-03-01' })[0]).toBe('from: Not a real date');
    expect(issues({ from: '1/3/2026', to: '2026-03-01' })[0]).toBe('from: Use a date like 2026-03-31');
    // year 0000 parses in JavaScript but PostgreSQL has no year 0
    expect(issues({ from: '0000-01-01', to: '0000-01-01' })[0]).toBe('from: Use a year between 1900 and 2999');
  });

  it('the query takes a preset or both ends, never one end', () => {
    expect(dashboardQuerySchema.parse({})).toEqual({ range: '30d' });
    expect(dashboardQuerySchema.parse({ range: '12m' })).toEqual({ range: '12m' });
    expect(dashboardQuerySchema.safeParse({ from: '2026-01-01' }).error?.issues.map((i) => i.path.join('.'))).toEqual([
      'to',
    ]);
    expect(dashboardQuerySchema.safeParse({ to: '2026-01-01' }).error?.issues.map((i) => i.path.join('.'))).toEqual([
      'from',
    ]);
  });

  it('"today" is the UK date, which is never behind UTC', () => {
    expect(ukToday(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02'); // BST: already 00:30 on the 2nd
    expect(ukToday(new Date('2026-01-01T23:30:00Z'))).toBe('2026-01-01'); // GMT
  });
});
