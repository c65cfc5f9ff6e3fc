import fs from 'node:fs';
import path from 'node:path';
import { stemmer } from 'stemmer';
import { apiRoot } from '../../platform/paths.ts';
import { tokenize } from '../matching/text.ts';

/**
 * A small text → CPV division classifier, trained at build time on the real notices the product
 * ships (the feed snapshot and the eval set) and the CPV 2008 labels (division-model.build.ts),
 * nothing downloaded. The engine reads a notice's codes from the labels and the notices like it
 * (readNotice); this model says which division the whole text leans to, and the two are blended
 * (engine.ts, divisionLed). Measured by the search eval four ways, each model reading only
 * notices of processes it never saw (docs/search.md, "Reading a notice as CPV").
 *
 * Softmax regression over TF-IDF of stemmed words and word pairs (a title's counted TITLE_WEIGHT times),
 * each text's vector of unit length, trained by full-batch Adam with a little L2.
 */
export interface DivisionModel {
  /** the two-digit divisions, in the order of the weights' columns */
  divisions: string[];
  /** stemmed words and pairs of them ("roof repair"), in the order of the weights' rows */
  terms: string[];
  idf: Float32Array;
  /** terms × divisions, row-major */
  weights: Float32Array;
  bias: Float32Array;
}

export interface TrainingText {
  title: string;
  description?: string | null;
  /** the CPV codes it carries: its divisions share the target equally */
  codes: readonly string[];
  /** how much it counts (a CPV label counts less than a notice) */
  weight?: number;
}

const TITLE_WEIGHT = 3;
/** words in fewer training texts than this are left out: they cannot generalise */
const MIN_DF = 2;

export interface TrainOptions {
  passes?: number;
  learningRate?: number;
  l2?: number;
}

const stems = (text: string | null | undefined) => tokenize(text, 400).map((w) => stemmer(w));

/**
 * Each stem and each pair of neighbouring stems ("roof repair", "school transport"): a pair names
 * the work where its words alone are common to many divisions. Pairs moved the model alone from
 * 61.0% to 61.7% of divisions right on the eval's notices (docs/search.md).
 */
function addStems(out: Map<string, number>, words: readonly string[], weight: number) {
  for (const [i, s] of words.entries()) {
    out.set(s, (out.get(s) ?? 0) + weight);
    if (i > 0) {
      const pair = `${words[i - 1]} ${s}`;
      out.set(pair, (out.get(pair) ?? 0) + weight);
    }
  }
}

function counts(title: string, description: string | null | undefined): Map<string, number> {
  const out = new Map<string, number>();
  addStems(out, stems(title), TITLE_WEIGHT);
  addStems(out, stems(description), 1);
  return out;
}

interface Sparse {
  idx: Int32Array;
  val: Float32Array;
}

function vectorOf(tf: Map<string, number>, index: Map<string, number>, idf: Float32Array): Sparse {
  const idx: number[] = [];
  const val: number[] = [];
  let norm = 0;
  for (const [term, n] of tf) {
    const i = index.get(term);
    if (i === undefined) continue;
    const v = (1 + Math.log(n)) * idf[i]!;
    idx.push(i);
    val.push(v);
    norm += v * v;
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  return { idx: Int32Array.from(idx), val: Float32Array.from(val, (v) => v * scale) };
}

/** Logits to probabilities, in place. */
function softmax(logits: Float64Array): void {
  let max = -Infinity;
  for (let d = 0; d < logits.length; d++) if (logits[d]! > max) max = logits[d]!;
  let sum = 0;
  for (let d = 0; d < logits.length; d++) sum += logits[d] = Math.exp(logits[d]! - max);
  for (let d = 0; d < logits.length; d++) logits[d] = logits[d]! / sum;
}

const BETA1 = 0.9;
const BETA2 = 0.999;

/** One step of Adam (Kingma & Ba) on `params` from `grads`, with L2 weight `l2`. */
function adamStep(
  s: { params: Float32Array; grads: Float32Array; m: Float32Array; v: Float32Array },
  pass: number,
  lr: number,
  l2: number,
): void {
  const c1 = 1 - BETA1 ** pass;
  const c2 = 1 - BETA2 ** pass;
  const { params, grads, m, v } = s;
  for (let i = 0; i < params.length; i++) {
    const g = grads[i]! + l2 * params[i]!;
    m[i] = BETA1 * m[i]! + (1 - BETA1) * g;
    v[i] = BETA2 * v[i]! + (1 - BETA2) * g * g;
    params[i]! -= (lr * (m[i]! / c1)) / (Math.sqrt(v[i]! / c2) + 1e-8);
  }
}

/** Trains the model (deterministic: the same texts give the same weights). */
export function trainDivisionModel(texts: readonly TrainingText[], opts: TrainOptions = {}): DivisionModel {
  const passes = opts.passes ?? 200;
  const lr = opts.learningRate ?? 0.05;
  const l2 = opts.l2 ?? 1e-5;
  const tfs = texts.map((t) => counts(t.title, t.description));
  const df = new Map<string, number>();
  for (const tf of tfs) for (const term of tf.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const terms = [...df].filter(([, n]) => n >= MIN_DF).map(([term]) => term);
  terms.sort();
  const index = new Map(terms.map((term, i) => [term, i]));
  const idf = Float32Array.from(terms, (term) => Math.log(texts.length / df.get(term)!));
  const divisions = [...new Set(texts.flatMap((t) => t.codes.map((c) => c.slice(0, 2))))].sort();
  const divisionIndex = new Map(divisions.map((d, i) => [d, i]));
  const D = divisions.length;
  const V = terms.length;

  const xs = tfs.map((tf) => vectorOf(tf, index, idf));
  const ys = texts.map((t) => [...new Set(t.codes.map((c) => divisionIndex.get(c.slice(0, 2))!))]);
  const ws = texts.map((t) => t.weight ?? 1);
  const totalWeight = ws.reduce((s, w) => s + w, 0);

  const W = new Float32Array(V * D);
  const b = new Float32Array(D);
  const gW = new Float32Array(V * D);
  const gb = new Float32Array(D);
  const mW = new Float32Array(V * D);
  const vW = new Float32Array(V * D);
  const mb = new Float32Array(D);
  const vb = new Float32Array(D);
  const logits = new Float64Array(D);
  for (let pass = 1; pass <= passes; pass++) {
    gW.fill(0);
    gb.fill(0);
    for (let n = 0; n < xs.length; n++) {
      const { idx, val } = xs[n]!;
      const y = ys[n]!;
      if (!y.length) continue;
      for (let d = 0; d < D; d++) logits[d] = b[d]!;
      for (let k = 0; k < idx.length; k++) {
        const row = idx[k]! * D;
        const v = val[k]!;
        for (let d = 0; d < D; d++) logits[d]! += v * W[row + d]!;
      }
      softmax(logits);
      const w = ws[n]! / totalWeight;
      // d(loss)/d(logit) = p - target, the target shared by the text's divisions
      for (let d = 0; d < D; d++) logits[d] = logits[d]! * w;
      for (const d of y) logits[d]! -= w / y.length;
      for (let d = 0; d < D; d++) gb[d]! += logits[d]!;
      for (let k = 0; k < idx.length; k++) {
        const row = idx[k]! * D;
        const v = val[k]!;
        for (let d = 0; d < D; d++) gW[row + d]! += v * logits[d]!;
      }
    }
    // (the weights with a little L2, the bias without)
    adamStep({ params: W, grads: gW, m: mW, v: vW }, pass, lr, l2);
    adamStep({ params: b, grads: gb, m: mb, v: vb }, pass, lr, 0);
  }
  return { divisions, terms, idf, weights: W, bias: b };
}

const indexes = new WeakMap<DivisionModel, Map<string, number>>();

/** How likely each division is for a text, most likely first (the probabilities sum to 1). */
export function divisionOdds(
  model: DivisionModel,
  text: { title: string; description?: string | null },
): Array<{ division: string; p: number }> {
  let index = indexes.get(model);
  if (!index) indexes.set(model, (index = new Map(model.terms.map((term, i) => [term, i]))));
  const { idx, val } = vectorOf(counts(text.title, text.description), index, model.idf);
  const D = model.divisions.length;
  const logits = Float64Array.from(model.bias);
  for (let k = 0; k < idx.length; k++) {
    const row = idx[k]! * D;
    for (let d = 0; d < D; d++) logits[d]! += val[k]! * model.weights[row + d]!;
  }
  softmax(logits);
  return model.divisions
    .map((division, d) => ({ division, p: logits[d]! }))
    .sort((a, b) => b.p - a.p || (a.division < b.division ? -1 : 1));
}

/** The file format: a JSON header line, then the weights and the bias as little-endian float32. */
interface Header {
  format: 'brickyard-division-model';
  version: 1;
  /** sha256 of the inputs it was trained from (division-model.build.ts skips an unchanged rebuild) */
  inputs: string;
  divisions: string[];
  terms: string[];
  idf: number[];
}

export const divisionModelPath = () => path.join(apiRoot(), 'src/modules/matching/assets/cpv-divisions.model');

export function serializeDivisionModel(model: DivisionModel, inputs: string): Buffer {
  const header: Header = {
    format: 'brickyard-division-model',
    version: 1,
    inputs,
    divisions: model.divisions,
    terms: model.terms,
    idf: [...model.idf].map((x) => Math.round(x * 1e4) / 1e4),
  };
  const floats = new Float32Array(model.weights.length + model.bias.length);
  floats.set(model.weights);
  floats.set(model.bias, model.weights.length);
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), Buffer.from(floats.buffer)]);
}

export function parseDivisionModel(bytes: Buffer): DivisionModel & { inputs: string } {
  const nl = bytes.indexOf(0x0a);
  const header = JSON.parse(bytes.subarray(0, nl).toString('utf8')) as Header;
  if (header.format !== 'brickyard-division-model' || header.version !== 1) throw new Error('not a division model');
  const D = header.divisions.length;
  const V = header.terms.length;
  const body = bytes.subarray(nl + 1);
  const floats = new Float32Array(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength));
  if (floats.length !== V * D + D) throw new Error('division model: weights do not fit the header');
  return {
    inputs: header.inputs,
    divisions: header.divisions,
    terms: header.terms,
    idf: Float32Array.from(header.idf),
    weights: floats.subarray(0, V * D),
    bias: floats.subarray(V * D),
  };
}

let shipped: DivisionModel | null | undefined;
/** The model built into the product (read once per process); null when the asset is missing. */
export function shippedDivisionModel(): DivisionModel | null {
  if (shipped === undefined) {
    const file = divisionModelPath();
    shipped = fs.existsSync(file) ? parseDivisionModel(fs.readFileSync(file)) : null;
  }
  return shipped;
}
