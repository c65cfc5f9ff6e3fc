import type { DemoSeeder } from '../../db/seed/demo.ts';
import { importSnapshotIfEmpty } from './feed-jobs.ts';

/**
 * Demo seed: the shipped snapshot of real OCDS releases (snapshot/README.md). Production imports
 * the same snapshot on first start through the feed jobs (feed-jobs.ts), so both paths share it.
 */
export const seedExternalTenders: DemoSeeder = async (db) => {
  await importSnapshotIfEmpty(db);
};
