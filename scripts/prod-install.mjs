#!/usr/bin/env node
// `npm run prod:install -- [DIR]`: the production folder, made from an existing build (`npm run
// build` first). It holds what the server reads at run time and nothing else — the bundled API, the
// built web app, the SQL migrations, the matching assets, the feed snapshots — and the production
// dependencies only (`npm ci --omit=dev`). The Dockerfile's runtime stage is this folder; CI builds
// it and starts it with `npm run prod:smoke`. DIR defaults to PROD_DIR or a fresh folder under the
// system temp directory (readable by the unprivileged user the smoke run starts it as).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire, builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Files and folders, relative to the repository, that the built product reads at run time. */
export const RUNTIME_PATHS = [
  'apps/api/dist',
  'apps/api/src/db/migrations',
  'apps/api/src/modules/matching/assets/embeddings.bin',
  'apps/api/src/modules/matching/assets/cpv-2008.csv',
  'apps/api/src/modules/matching/assets/cpv-divisions.model',
  // every shipped snapshot the feed imports on first start (feed-jobs.ts SNAPSHOT_FILES)
  'apps/api/src/modules/external-tenders/snapshot/demo-release-package.json',
  'apps/api/src/modules/external-tenders/snapshot/contracts-finder-2014-2015.json.gz',
  'apps/api/src/modules/external-tenders/snapshot/contracts-finder-2022.json.gz',
  'apps/web/dist',
  // `npm start` in the folder: with NODE_ENV=production and a build present it only starts.
  'scripts/build-if-needed.mjs',
];

/** Folders of files the API reads at run time, each file of which must be in RUNTIME_PATHS. */
const DATA_DIRS = ['apps/api/src/modules/matching/assets', 'apps/api/src/modules/external-tenders/snapshot'];

function fail(message) {
  console.error(`prod:install: ${message}`);
  process.exit(1);
}

function sizeOf(p) {
  const st = fs.lstatSync(p);
  if (!st.isDirectory()) return st.size;
  let total = 0;
  for (const entry of fs.readdirSync(p)) total += sizeOf(path.join(p, entry));
  return total;
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Every bare package name the bundled API imports, so a missing production dependency fails here and not on the first request that loads it. */
function importedPackages(distDir) {
  const names = new Set();
  for (const file of fs.readdirSync(distDir).filter((f) => f.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(distDir, file), 'utf8');
    for (const m of code.matchAll(
      /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire(?:\.resolve)?\s*\(\s*|^import\s+)["']([@a-zA-Z0-9_][\w@/.-]*)["']/gm,
    )) {
      const spec = m[1];
      if (spec.startsWith('node:') || builtinModules.includes(spec.split('/')[0])) continue;
      names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
    }
  }
  return [...names].sort();
}

function main() {
  const target = path.resolve(
    process.argv[2] ?? process.env.PROD_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-prod-')),
  );
  for (const p of ['apps/api/dist/main.js', 'apps/web/dist/index.html']) {
    if (!fs.existsSync(path.join(root, p)))
      fail(`${p} is missing: run \`npm run build\` first (build once, install many times).`);
  }
  if (target === root || root.startsWith(target + path.sep)) fail(`refusing to install into ${target}`);
  // The data the API reads from its folders at run time: a file added there and not listed above
  // would be missing from every production install (the feed snapshots once were).
  for (const dir of DATA_DIRS) {
    for (const name of fs.readdirSync(path.join(root, dir))) {
      const file = `${dir}/${name}`;
      if (name !== 'README.md' && !RUNTIME_PATHS.includes(file)) fail(`${file} is not in RUNTIME_PATHS`);
    }
  }

  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(target, { recursive: true });

  // The root manifest and lock, and every workspace's manifest: `npm ci` checks the lock against all of them.
  const rootPkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  for (const p of ['package.json', 'package-lock.json', ...rootPkg.workspaces.map((w) => `${w}/package.json`)]) {
    fs.cpSync(path.join(root, p), path.join(target, p));
  }
  for (const p of RUNTIME_PATHS) fs.cpSync(path.join(root, p), path.join(target, p), { recursive: true });

  const started = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const res = spawnSync(npm, ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: target, stdio: 'inherit' });
  if (res.status !== 0) fail(`npm ci --omit=dev failed (exit ${res.status})`);
  const installSeconds = (Date.now() - started) / 1000;

  const require = createRequire(path.join(target, 'apps/api/dist/main.js'));
  const missing = importedPackages(path.join(target, 'apps/api/dist')).filter((name) => {
    try {
      require.resolve(`${name}/package.json`);
      return false;
    } catch {
      try {
        require.resolve(name);
        return false;
      } catch {
        return true;
      }
    }
  });
  if (missing.length) fail(`the bundled API imports packages the production install lacks: ${missing.join(', ')}`);

  // Group and others may read it: the smoke run and the container start it as an unprivileged user.
  spawnSync('chmod', ['-R', 'a+rX', target]);
  const nodeModules = sizeOf(path.join(target, 'node_modules'));
  console.log(`prod:install: ${target}`);
  console.log(
    `prod:install: node_modules ${mb(nodeModules)}, whole folder ${mb(sizeOf(target))}, npm ci --omit=dev took ${installSeconds.toFixed(1)} s`,
  );
}

main();
