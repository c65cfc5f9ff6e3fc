import type { DemoSeeder } from '../../db/seed/demo.ts';
import { importSnapshotIfEmpty } from './feed-jobs.ts';
import { shiftDatesForDemo } from './feed.repository.ts';

/**
 * Demo seed: the shipped real OCDS releases (snapshot/README.md), then — in the demo only — their
 * dates moved into the coming weeks so a fresh demo has notices open for bids; each moved notice
 * is marked (`demo_shift_days`) and the Live Feed says so. Production imports the same files on
 * first start through the feed jobs (feed-jobs.ts) and never moves a date.
 */
export const seedExternalTenders: DemoSeeder = async (db) => {
  await importSnapshotIfEmpty(db);
  await shiftDatesForDemo(db);
};
