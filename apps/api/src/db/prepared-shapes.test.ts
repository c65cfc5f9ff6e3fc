/**
 * preparedPerShape: one statement per shape of a list's filters, named the same on every database
 * handle, and no more than `maxShapes` of them (a rarer shape is built per request instead).
 */
import { describe, expect, it } from 'vitest';
import { filterShape, preparedPerShape, type Db } from './client.ts';

const handle = () => ({}) as Db;

describe('statements prepared per shape', () => {
  const built: Array<{ name: string; shape: string }> = [];
  const statementOf = preparedPerShape(
    'list',
    (f: Record<string, unknown>) => Object.keys(f).sort().join(','),
    (_db, name, f) => {
      const statement = { name, shape: Object.keys(f).sort().join(',') };
      built.push(statement);
      return statement;
    },
    3,
  );

  it('builds a shape once per handle, whatever the values, and names it the same on every handle', () => {
    const a = handle();
    const b = handle();
    const first = statementOf(a, { region: 'london' });
    expect(statementOf(a, { region: 'north-west' })).toBe(first);
    const other = statementOf(b, { region: 'wales' });
    expect(other).not.toBe(first);
    expect(other?.name).toBe(first?.name);
    expect(statementOf(a, { region: 'x', category: 'y' })?.name).not.toBe(first?.name);
    expect(built).toHaveLength(3);
  });

  it('answers null past its number of shapes, and still serves the shapes it has', () => {
    const a = handle();
    expect(statementOf(a, { minPrice: 1 })).not.toBeNull(); // the third shape
    expect(statementOf(a, { maxPrice: 2 })).toBeNull();
    expect(statementOf(a, { region: 'london' })?.shape).toBe('region');
  });
});

describe('the shape of a filter', () => {
  it('names the filters set and the sort, not their values, except flags', () => {
    expect(filterShape({ region: 'london', category: undefined }, 'newest')).toBe(
      filterShape({ region: 'wales' }, 'newest'),
    );
    expect(filterShape({ region: 'london' }, 'newest')).not.toBe(filterShape({ region: 'london' }, 'oldest'));
    expect(filterShape({ inStock: true }, 'newest')).not.toBe(filterShape({ inStock: false }, 'newest'));
    expect(filterShape({ statuses: ['active'] }, 'newest')).not.toBe(filterShape({ statuses: ['a', 'b'] }, 'newest'));
    expect(filterShape({ statuses: ['a', 'b'] }, 'newest')).toBe(filterShape({ statuses: ['a', 'b', 'c'] }, 'newest'));
  });
});
