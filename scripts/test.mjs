#!/usr/bin/env node
// `npm test`: unit and API tests on the embedded PostgreSQL, the API tests again on the external
// server when TEST_DATABASE_URL is set, then a production build and the browser journeys.
// Ends with one plain line: "Tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedStep = false;

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) {
    failedStep = true;
    console.log(`--- ${label}: exit ${res.status}`);
  }
  return res.status === 0;
}

function vitest(label, projects, env = {}) {
  const out = path.join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  run(label, 'npx', args, env);
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests ?? 0;
    totals.failed += r.numFailedTests ?? 0;
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  } else {
    totals.failed += 1;
  }
}

vitest('unit + api (embedded PostgreSQL)', ['unit', 'api']);
if (process.env.TEST_DATABASE_URL) {
  vitest('api (external PostgreSQL)', ['api'], { TEST_DB_TARGET: 'external' });
}
if (process.env.SKIP_E2E !== '1') {
  if (run('build', 'npm', ['run', 'build'])) vitest('browser journeys', ['e2e']);
}

console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep || totals.failed > 0 ? 1 : 0);
