#!/usr/bin/env node
// `npm test`: unit and API tests on the embedded PostgreSQL, the API tests again on the external
// server when TEST_DATABASE_URL is set, then a production build, the production path (that build
// installed with production dependencies only and started as an unprivileged user until healthy)
// and the browser journeys.
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

function vitest(label, projects, env = {}, extraArgs = []) {
  const out = path.join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...extraArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
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

// Two test files at a time: an API test mostly waits on PostgreSQL and HTTP, so on 2 cores two
// workers take 159 s where one takes 244 s (vitest's default is one worker per core less one).
const API_WORKERS = ['--maxWorkers', process.env.TEST_API_WORKERS ?? '2'];
vitest('unit + web + api (embedded PostgreSQL)', ['unit', 'web', 'api'], {}, API_WORKERS);
if (process.env.TEST_DATABASE_URL) {
  // The quality evals (search, matching) grade rankings, not the database: the embedded pass runs
  // them, and a second run on the same data would only repeat the same figures.
  vitest('api (external PostgreSQL)', ['api'], { TEST_DB_TARGET: 'external' }, [
    ...API_WORKERS,
    '--exclude',
    '**/eval/**',
    '--exclude',
    '**/matching/eval.test.ts',
  ]);
}
if (process.env.SKIP_E2E !== '1') {
  if (run('build', 'npm', ['run', 'build'])) {
    // The Dockerfile's steps, as CI can run them without a container runtime: docs/operations.md.
    const prodDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-prod-'));
    for (const [label, script] of [
      ['production install', 'prod:install'],
      ['production start', 'prod:smoke'],
    ]) {
      const ok = run(label, 'npm', ['run', script, '--', prodDir]);
      if (ok) totals.passed += 1;
      else {
        totals.failed += 1;
        break;
      }
    }
    fs.rmSync(prodDir, { recursive: true, force: true });
    vitest('browser journeys', ['e2e']);
  }
}

console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep || totals.failed > 0 ? 1 : 0);
