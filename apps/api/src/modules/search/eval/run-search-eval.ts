/**
 * `npm run eval:search`: a fresh migrated database (embedded, or a new one on EVAL_DATABASE_URL's
 * server), the 860 real notices indexed, then every kind of query measured against Okapi BM25
 * (search-eval.ts). Flags: --every=N uses every Nth query; --json; --keep leaves the database;
 * --sql ranks the live feed by the SQL path, without the in-memory index (live-index.ts).
 */
import { withEvalDatabase } from '../../matching/eval/eval-database.ts';
import { formatSearchReport, runSearchEval } from './search-eval.ts';
import { useLiveIndex } from '../live-index.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}`))?.split('=')[1];

if (process.argv.includes('--sql')) useLiveIndex(false);

withEvalDatabase(
  'by_search_eval',
  async (db) => {
    const report = await runSearchEval(db, { every: Number(arg('every') ?? 1) });
    console.log(process.argv.includes('--json') ? JSON.stringify(report, null, 2) : formatSearchReport(report));
  },
  { keep: process.argv.includes('--keep') },
).then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
