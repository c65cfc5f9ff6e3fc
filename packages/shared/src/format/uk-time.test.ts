import { afterEach, describe, expect, it } from 'vitest';
import { formatInUk, formatPostedDate, formatUkDateTime } from './index.ts';

const original = process.env.TZ;
afterEach(() => {
  if (original === undefined) delete process.env.TZ;
  else process.env.TZ = original;
});

/** Node re-reads TZ when it is assigned, so one process can play servers around the world. */
describe.each(['UTC', 'America/New_York', 'Asia/Tokyo', 'Europe/London'])(
  'dates read in UK time on a server in %s',
  (zone) => {
    it('a summer night in UTC is the next morning in British Summer Time', () => {
      process.env.TZ = zone;
      expect(formatUkDateTime('2026-07-01T23:30:00Z')).toBe('02 Jul 2026 00:30 UK time');
      expect(formatUkDateTime(new Date('2026-07-01T23:30:05Z'), { seconds: true })).toBe(
        '02 Jul 2026 00:30:05 UK time',
      );
      expect(formatPostedDate('2026-07-01T23:30:00Z')).toBe('02 Jul 2026');
      expect(formatInUk('2026-07-01T23:30:00Z', 'd MMMM HH:mm')).toBe('2 July 00:30');
    });

    it('in winter UK time is UTC, and the clocks change on the last Sundays of March and October', () => {
      process.env.TZ = zone;
      expect(formatUkDateTime('2026-01-15T23:30:00Z')).toBe('15 Jan 2026 23:30 UK time');
      expect(formatUkDateTime('2026-03-29T00:59:00Z')).toBe('29 Mar 2026 00:59 UK time');
      expect(formatUkDateTime('2026-03-29T01:00:00Z')).toBe('29 Mar 2026 02:00 UK time');
      expect(formatUkDateTime('2026-10-25T00:59:00Z')).toBe('25 Oct 2026 01:59 UK time');
      expect(formatUkDateTime('2026-10-25T01:00:00Z')).toBe('25 Oct 2026 01:00 UK time');
    });

    it('missing or unreadable values are Not specified', () => {
      process.env.TZ = zone;
      expect(formatUkDateTime(null)).toBe('Not specified');
      expect(formatUkDateTime('not a date')).toBe('Not specified');
      expect(formatInUk(undefined, 'HH:mm')).toBeNull();
    });
  },
);
