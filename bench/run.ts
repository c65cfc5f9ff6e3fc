// `npm run bench`: prints each budget of docs/design.md §8 with the measured figure.
// BENCH_DATABASE_URL=postgres://… runs the same against an external PostgreSQL as well.
import { parseArgs } from 'node:util';
import { benchBundleSize } from './bundle-size.ts';
import { benchFeedImport } from './feed-import.ts';
import { benchMatching } from './matching.ts';
import { benchRealtime } from './realtime.ts';
import { benchScreens } from './screens.ts';
import { benchSearch } from './search.ts';

// --seconds: each measurement's length (the screens default to 3 s per call, the rest to 10 s);
// --only <section>; --match <text>: only the screens whose path contains it.
const { values } = parseArgs({
  options: { seconds: { type: 'string' }, only: { type: 'string' }, match: { type: 'string' } },
});
const seconds = Number(values.seconds ?? 10);
const targets: { label: string; databaseUrl?: string }[] = [{ label: 'embedded PostgreSQL' }];
if (process.env.BENCH_DATABASE_URL)
  targets.push({ label: 'external PostgreSQL', databaseUrl: process.env.BENCH_DATABASE_URL });

const sections: Record<string, (t: { databaseUrl?: string }) => Promise<string[]>> = {
  screens: (t) =>
    benchScreens({ databaseUrl: t.databaseUrl, seconds: Number(values.seconds ?? 3), match: values.match }),
  'bundle-size': () => benchBundleSize(),
  realtime: (t) => benchRealtime({ databaseUrl: t.databaseUrl, seconds }),
  matching: (t) => benchMatching({ databaseUrl: t.databaseUrl }),
  search: (t) => benchSearch({ databaseUrl: t.databaseUrl }),
  'feed-import': (t) => benchFeedImport({ databaseUrl: t.databaseUrl }),
};

let failed = false;
for (const target of targets) {
  console.log(`\n## ${target.label}`);
  for (const [name, fn] of Object.entries(sections)) {
    if (values.only && values.only !== name) continue;
    const lines = await fn(target);
    for (const l of lines) {
      console.log(l);
      if (l.startsWith('FAIL')) failed = true;
    }
  }
}
process.exit(failed ? 1 : 0);
