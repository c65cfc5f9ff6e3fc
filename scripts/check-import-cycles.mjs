#!/usr/bin/env node
/**
 * npm run lint (second step): fails when a module imports itself through others (an import
 * circle) in the API, the web app or the shared package. Imports are read with TypeScript's own
 * pre-processor; type-only imports count too, because they tie modules together just the same.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const sources = ['apps/api/src', 'apps/web/src', 'packages/shared/src'];
const aliases = {
  '@/': path.join(root, 'apps/web/src/'),
  '@brickyard/shared': path.join(root, 'packages/shared/src/index.ts'),
};

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

function resolve(from, spec) {
  let base;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else if (spec.startsWith('@/')) base = aliases['@/'] + spec.slice(2);
  else if (spec === '@brickyard/shared') return aliases['@brickyard/shared'];
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const files = sources.flatMap((s) => walk(path.join(root, s)));
const graph = new Map(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    return [file, importedFiles.map((i) => resolve(file, i.fileName)).filter((f) => f && f !== file)];
  }),
);

// Tarjan's strongly connected components: every component of more than one file is a circle.
let index = 0;
const stack = [];
const state = new Map();
const circles = [];
function visit(v) {
  state.set(v, { index, low: index, onStack: true });
  index += 1;
  stack.push(v);
  for (const w of graph.get(v) ?? []) {
    if (!graph.has(w)) continue;
    if (!state.has(w)) {
      visit(w);
      state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
    } else if (state.get(w).onStack) state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
  }
  if (state.get(v).low === state.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      state.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) circles.push(component);
  }
}
for (const file of graph.keys()) if (!state.has(file)) visit(file);

if (circles.length) {
  for (const c of circles)
    console.error(
      `Import circle:\n  ${c
        .map((f) => path.relative(root, f))
        .sort()
        .join('\n  ')}`,
    );
  console.error(`${circles.length} import circle(s): break them (move the shared part down a layer).`);
  process.exit(1);
}
console.log(`No import circles among ${files.length} files.`);
