import fc from 'fast-check';
import { parse } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { cleanFileName, formatPence, formatPostedDate, UK_TIME_ZONE } from './index.ts';

const uuid = fc.uuid();
/** A file's display name: no slash, and (to keep the property exact) not starting with a dash. */
const baseName = fc.string({ minLength: 1, maxLength: 60 }).filter((s) => !s.includes('/') && !s.startsWith('-'));

describe('docs/product.md §5 display names: cleanFileName removes a leading UUID and an optional dash', () => {
  it('recovers the name after "{uuid}-" and after "{uuid}"', () => {
    fc.assert(
      fc.property(uuid, baseName, (id, name) => {
        expect(cleanFileName(`${id}-${name}`)).toBe(name);
        expect(cleanFileName(`${id}${name}`)).toBe(name);
        expect(cleanFileName(`${id.toUpperCase()}-${name}`)).toBe(name);
      }),
    );
  });

  it('takes the last path segment of a storage key {userId}/{uploadType}/{uuid}-{fileName}', () => {
    fc.assert(
      fc.property(uuid, fc.stringMatching(/^[a-z-]{1,20}$/), uuid, baseName, (user, type, id, name) => {
        expect(cleanFileName(`${user}/${type}/${id}-${name}`)).toBe(name);
      }),
    );
  });

  it('leaves names without a UUID prefix alone, and removes only one prefix', () => {
    fc.assert(
      fc.property(baseName, (name) => {
        fc.pre(!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.test(name));
        expect(cleanFileName(name)).toBe(name);
      }),
    );
    fc.assert(
      fc.property(uuid, uuid, (a, b) => {
        expect(cleanFileName(`${a}-${b}-x.pdf`)).toBe(`${b}-x.pdf`);
      }),
    );
  });
});

describe('docs/product.md §9 money: formatPence shows pounds with a £ sign', () => {
  const pence = fc.integer({ min: 0, max: 100_000_000_000 });
  const amountOf = (s: string) => Number(s.replace(/[£,]/g, ''));

  it('shows exactly the amount, grouped by thousands, in £', () => {
    fc.assert(
      fc.property(pence, (p) => {
        const s = formatPence(p);
        expect(s.startsWith('£')).toBe(true);
        expect(amountOf(s)).toBeCloseTo(p / 100, 2);
        expect(s).toMatch(/^£\d{1,3}(,\d{3})*(\.\d{2})?$/);
      }),
    );
  });

  it('drops the pence for whole pounds and keeps two decimals otherwise', () => {
    fc.assert(
      fc.property(pence, (p) => {
        const s = formatPence(p);
        if (p % 100 === 0) expect(s).not.toContain('.');
        else expect(s).toMatch(/\.\d{2}$/);
      }),
    );
  });

  it('is monotonic: more pence never reads as less money', () => {
    fc.assert(
      fc.property(pence, pence, (a, b) => {
        fc.pre(a < b);
        expect(amountOf(formatPence(a))).toBeLessThan(amountOf(formatPence(b)));
      }),
    );
  });
});

describe('docs/product.md §9 dates: formatPostedDate uses dd MMM yyyy (the UK calendar day)', () => {
  const date = fc.date({
    min: new Date('1990-01-01T00:00:00Z'),
    max: new Date('2100-12-31T23:59:59Z'),
    noInvalidDate: true,
  });

  it('formats any date as dd MMM yyyy that reads back as the same calendar day', () => {
    fc.assert(
      fc.property(date, (d) => {
        const s = formatPostedDate(d);
        expect(s).toMatch(/^\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/);
        const back = parse(s, 'dd MMM yyyy', new Date());
        const uk = new TZDate(d.getTime(), UK_TIME_ZONE); // the calendar day in the UK
        expect([back.getFullYear(), back.getMonth(), back.getDate()]).toEqual([
          uk.getFullYear(),
          uk.getMonth(),
          uk.getDate(),
        ]);
        // ISO strings and epoch milliseconds give the same answer
        expect(formatPostedDate(d.toISOString())).toBe(s);
        expect(formatPostedDate(d.getTime())).toBe(s);
      }),
    );
  });

  it('shows Not specified for missing or unreadable values', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(null, undefined, ''),
        fc.string().filter((s) => Number.isNaN(new Date(s).getTime())),
        (missing, junk) => {
          expect(formatPostedDate(missing)).toBe('Not specified');
          expect(formatPostedDate(junk)).toBe('Not specified');
        },
      ),
    );
  });
});
