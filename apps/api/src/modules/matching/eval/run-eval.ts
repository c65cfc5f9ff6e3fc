/**
 * `npm run eval:matching`: a fresh migrated database (embedded, or a new one on EVAL_DATABASE_URL's
 * server), the 860 notices indexed, then precision@5 and nDCG@10 printed for search and matching
 * beside a plain keyword baseline. Flags: --every=N uses every Nth query; --json.
 */
import { withEvalDatabase } from './eval-database.ts';
import { formatReport, runEval } from './eval.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}`))?.split('=')[1];

withEvalDatabase('by_eval', async (db) => {
  const report = await runEval(db, { every: Number(arg('every') ?? 1) });
  console.log(process.argv.includes('--json') ? JSON.stringify(report, null, 2) : formatReport(report));
}).then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
