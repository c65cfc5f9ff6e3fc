import fs from 'node:fs';
import path from 'node:path';
import { build } from 'tsup';
import { apiRoot } from '../src/platform/paths.ts';

/** The programs the tests run in processes of their own: the server and the command-line tools. */
export const bundledPrograms = ['main', 'create-admin', 'db-backup', 'db-restore', 'feed-import'] as const;
export type BundledProgram = (typeof bundledPrograms)[number];

/**
 * Bundles the server and the CLIs from the source as it is now, as `npm run build` does
 * (tsup.config.ts: npm packages external, the shared workspace package inside), into a folder of
 * this run's own under apps/api (apiRoot() finds the package from there, as it does from dist/).
 * A process the tests start then loads a few files instead of the whole source through tsx:
 * 5 s of CPU a start where tsx took 10, and the API tests start about fifteen of them a pass.
 */
export async function bundleServer(): Promise<string> {
  const root = apiRoot();
  const outDir = path.join(root, '.test-server', String(process.pid));
  const entry = Object.fromEntries(
    bundledPrograms.map((name) => [name, path.join(root, name === 'main' ? 'src/main.ts' : `src/cli/${name}.ts`)]),
  );
  await build({
    config: false,
    entry,
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    outDir,
    clean: true,
    sourcemap: true,
    silent: true,
    // tsup keeps the packages of the package.json where it runs external; the tests run from the
    // repository's root, so the API's own are kept external here: every npm package
    skipNodeModulesBundle: true,
    noExternal: ['@brickyard/shared'],
    tsconfig: path.join(root, 'tsconfig.json'),
  });
  return outDir;
}

export function removeBundle(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
