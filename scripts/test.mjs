#!/usr/bin/env node
// `npm test`: unit, web component and API tests on the embedded PostgreSQL; the API tests again on
// the external server when TEST_DATABASE_URL is set, meanwhile a production build and the production
// path (that build installed with production dependencies only and started as an unprivileged user
// until healthy); then the browser journeys.
// Ends with one plain line: "Tests: N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
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

function vitestArgs(label, projects, extraArgs) {
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
  return { out, args };
}

function count(out) {
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests ?? 0;
    totals.failed += r.numFailedTests ?? 0;
    // A file that failed before any test could (a hook's timeout, an import error) fails no test:
    // it counts as one failure, so the last line never says 0 failed for a red run.
    for (const file of r.testResults ?? []) {
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed'))
        totals.failed += 1;
    }
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  } else {
    totals.failed += 1;
  }
}

function vitest(label, projects, env = {}, extraArgs = []) {
  const { out, args } = vitestArgs(label, projects, extraArgs);
  run(label, 'npx', args, env);
  count(out);
}

/**
 * Starts a vitest run in the background, its output into a file (a pipe would fill while the
 * steps run in the foreground block this process); `finish()` waits, prints it and counts it.
 */
function vitestInBackground(label, projects, env = {}, extraArgs = []) {
  const { out, args } = vitestArgs(label, projects, extraArgs);
  const logFile = path.join(reports, `${label.replace(/\W+/g, '-')}.log`);
  const fd = fs.openSync(logFile, 'w');
  console.log(`\n=== ${label} (started in the background) ===`);
  const child = spawn('npx', args, { cwd: root, stdio: ['ignore', fd, fd], env: { ...process.env, ...env } });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return async function finish() {
    const code = await exited;
    fs.closeSync(fd);
    console.log(`\n=== ${label} ===`);
    process.stdout.write(fs.readFileSync(logFile, 'utf8'));
    if (code !== 0) {
      failedStep = true;
      console.log(`--- ${label}: exit ${code}`);
    }
    count(out);
  };
}

// An API test mostly waits on PostgreSQL and HTTP, so on 2 cores two workers take 159 s where one
// takes 244 s (vitest's default is one worker per core less one). The first pass has the machine
// to itself and runs three files at a time (273 -> 248 s); the second shares it with the build and
// runs two (three made it slower there, 261 -> 280 s).
const EMBEDDED_API_WORKERS = ['--maxWorkers', process.env.TEST_API_WORKERS ?? '3'];
const API_WORKERS = ['--maxWorkers', process.env.TEST_API_WORKERS ?? '2'];
vitest('unit + web + api (embedded PostgreSQL)', ['unit', 'web', 'api'], {}, EMBEDDED_API_WORKERS);
// The second API pass runs while the web app is built and the production path is checked (they
// hardly touch the database), and has finished before the journeys start, which want the machine
// to themselves: it takes about four minutes off a CI run.
let finishExternal = async () => undefined;
if (process.env.TEST_DATABASE_URL) {
  // The quality evals (search, matching) grade rankings, not the database: the embedded pass runs
  // them, and a second run on the same data would only repeat the same figures. The fuzzer runs a
  // quarter of its cases here (a seed of its own, so other cases): its 6,000 cases took 40-64 s of
  // this pass, which is the longest step before the journeys.
  const external = { TEST_DB_TARGET: 'external', FUZZ_RUNS: process.env.FUZZ_RUNS ?? '10' };
  finishExternal = vitestInBackground('api (external PostgreSQL)', ['api'], external, [
    ...API_WORKERS,
    '--exclude',
    '**/eval/**',
    '--exclude',
    '**/matching/eval.test.ts',
  ]);
}
if (process.env.SKIP_E2E !== '1') {
  const built = run('build', 'npm', ['run', 'build']);
  if (built) {
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
  }
  await finishExternal();
  // two journey files at a time (vitest.config.ts): the API passes have finished by now
  if (built) vitest('browser journeys', ['e2e'], {}, ['--maxWorkers', process.env.TEST_E2E_WORKERS ?? '2']);
} else {
  await finishExternal();
}

console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep || totals.failed > 0 ? 1 : 0);
