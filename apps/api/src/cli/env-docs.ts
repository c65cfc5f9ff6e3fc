import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { renderEnvExample, withEnvTable } from '../config.docs.ts';

/**
 * npm run docs:env [-- --check]
 * Writes `.env.example` and the README's configuration table from apps/api/src/config.env.ts;
 * with --check, only says whether they are up to date (exit 1 when not).
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const targets = [
  { file: path.join(root, '.env.example'), render: () => renderEnvExample() },
  { file: path.join(root, 'README.md'), render: (current: string) => withEnvTable(current) },
];
let stale = 0;
for (const t of targets) {
  const current = fs.readFileSync(t.file, 'utf8');
  const next = t.render(current);
  if (next === current) continue;
  stale += 1;
  if (values.check) console.error(`${path.relative(root, t.file)} is stale: run npm run docs:env`);
  else fs.writeFileSync(t.file, next);
}
if (values.check && stale) process.exit(1);
console.log(values.check ? 'Configuration docs are up to date.' : `Configuration docs written (${stale} changed).`);
