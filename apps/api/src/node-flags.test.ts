import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingNodeFlags, SERVER_NODE_FLAGS } from './node-flags.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const flags = SERVER_NODE_FLAGS.join(' ');

describe("node's flags for the server", () => {
  it('are what npm start, the image, prod:smoke and the bench start the server with', () => {
    const scripts = (file: string) => (JSON.parse(read(file)) as { scripts: Record<string, string> }).scripts;
    expect(scripts('package.json').start).toContain(`&& node ${flags} apps/api/dist/main.js`);
    expect(scripts('apps/api/package.json').start).toBe(`node ${flags} dist/main.js`);

    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(JSON.parse(cmd ?? 'null')).toEqual(['node', ...SERVER_NODE_FLAGS, 'apps/api/dist/main.js']);

    const smokeFlags = /^const SERVER_NODE_FLAGS = (\[.*\]);$/m.exec(read('scripts/prod-smoke.mjs'))?.[1];
    expect(JSON.parse((smokeFlags ?? 'null').replaceAll("'", '"'))).toEqual([...SERVER_NODE_FLAGS]);
    expect(read('scripts/prod-smoke.mjs')).toContain('asUnprivileged([...SERVER_NODE_FLAGS, main])');

    // the bench's own process too: its search section runs the engine in process, as the server would
    expect(scripts('bench/package.json').bench).toBe(`tsx ${flags} run.ts`);
    expect(read('bench/lib.ts')).toContain('spawn(process.execPath, [...SERVER_NODE_FLAGS, ');
  });

  it('are found missing unless given on the command line or in NODE_OPTIONS, whatever their value', () => {
    expect(missingNodeFlags([])).toEqual([...SERVER_NODE_FLAGS]);
    expect(missingNodeFlags(['--enable-source-maps'], '--max-old-space-size=2048')).toEqual([...SERVER_NODE_FLAGS]);
    expect(missingNodeFlags([...SERVER_NODE_FLAGS])).toEqual([]);
    expect(missingNodeFlags([], ' --max-semi-space-size=128  --enable-source-maps')).toEqual([]);
  });
});
