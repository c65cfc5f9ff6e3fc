/**
 * `npm run build:division-model -w @brickyard/api` (part of `npm run build`): trains the CPV
 * division model (division-model.ts) on the real notices the product ships — the feed snapshot's
 * releases and the search eval's notices — and the CPV 2008 labels, and writes
 * matching/assets/cpv-divisions.model. Skips the work when the file was trained from the same
 * inputs (their hash is in its header); `--force` retrains. The output is committed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unpackOcds } from '../external-tenders/ocds-package.ts';
import { mapRelease } from '../external-tenders/ocds-mapper.ts';
import { textOfFile } from '../external-tenders/feed-importer.ts';
import { SNAPSHOT_FILES } from '../external-tenders/feed-jobs.ts';
import { cpvLabels } from '../matching/cpv.ts';
import { loadNotices, processOf, type Notice } from '../matching/eval/notices.ts';
import {
  divisionModelPath,
  parseDivisionModel,
  serializeDivisionModel,
  trainDivisionModel,
  type DivisionModel,
  type TrainOptions,
  type TrainingText,
} from './division-model.ts';

/** A CPV label is a few words where a notice is a page: it counts this much of a notice. */
export const LABEL_WEIGHT = 0.2;

export interface ShippedNotice {
  ocid: string;
  title: string;
  description: string | null;
  codes: string[];
}

/** The feed snapshot's releases with CPV codes, one per process (its latest release). */
export function snapshotNotices(): ShippedNotice[] {
  const byOcid = new Map<string, ShippedNotice & { date: number }>();
  for (const file of SNAPSHOT_FILES) {
    const unpacked = unpackOcds(JSON.parse(textOfFile(file, fs.readFileSync(file))));
    if (!unpacked.ok) throw new Error(`${file}: ${unpacked.reason}`);
    for (const r of unpacked.releases) {
      const mapped = mapRelease(r.release);
      if (!mapped.ok || !mapped.row.cpvCodes.length) continue;
      const m = mapped.row;
      const prev = byOcid.get(m.ocid);
      if (prev && prev.date >= m.date.getTime()) continue;
      byOcid.set(m.ocid, {
        ocid: m.ocid,
        title: m.title,
        description: m.description,
        codes: m.cpvCodes,
        date: m.date.getTime(),
      });
    }
  }
  return [...byOcid.values()].map(({ date: _date, ...n }) => n);
}

/**
 * What the model learns from: the eval's notices, the snapshot's processes the eval does not hold,
 * and the labels. `leaveOut`: processes (`processOf`) whose notices it must not see, for the eval's folds.
 */
export function trainingTexts(
  opts: { notices?: Notice[]; snapshot?: ShippedNotice[]; leaveOut?: ReadonlySet<string> } = {},
): TrainingText[] {
  const notices = opts.notices ?? loadNotices();
  const snapshot = opts.snapshot ?? snapshotNotices();
  const leaveOut = opts.leaveOut ?? new Set<string>();
  const inEval = new Set(notices.map((n) => n.ocid));
  const texts: TrainingText[] = [];
  for (const n of notices)
    if (!leaveOut.has(processOf(n)))
      texts.push({ title: n.title, description: n.description, codes: n.groundTruth.cpvCodes });
  for (const n of snapshot)
    if (!inEval.has(n.ocid) && !leaveOut.has(n.ocid))
      texts.push({ title: n.title, description: n.description, codes: n.codes });
  for (const [code, label] of cpvLabels()) texts.push({ title: label, codes: [code], weight: LABEL_WEIGHT });
  return texts;
}

/**
 * For the evals: four models, each trained without a quarter of the notices' processes, and which
 * one reads a given process (one that never saw it). Processes are split, not notices: the lots of
 * one process share their words, so a model that saw one lot would half know the others.
 */
export function foldModels(notices: Notice[], opts: TrainOptions = {}): (notice: Notice) => DivisionModel | null {
  const processes = [...new Set(notices.map(processOf))].sort();
  const foldOf = new Map(processes.map((process, i) => [process, i % 4]));
  const snapshot = snapshotNotices();
  const folds = [0, 1, 2, 3].map((k) => {
    const texts = trainingTexts({
      notices,
      snapshot,
      leaveOut: new Set(processes.filter((process) => foldOf.get(process) === k)),
    });
    return { texts, file: keptModelFile(texts, opts) };
  });
  const models: Array<DivisionModel | null> = folds.map(() => null);
  // Train what nobody else is training; then take what another process trained meanwhile.
  const waiting: number[] = [];
  folds.forEach(({ texts, file }, k) => {
    const kept = readKeptModel(file);
    if (kept) models[k] = kept;
    else if (claim(file)) models[k] = trainAndKeep(texts, opts, file);
    else waiting.push(k);
  });
  for (const k of waiting) {
    const { texts, file } = folds[k]!;
    models[k] = awaitKeptModel(file) ?? trainAndKeep(texts, opts, file);
  }
  return (notice) => {
    const k = foldOf.get(processOf(notice));
    return k === undefined ? null : models[k]!;
  };
}

/*
 * The fold models are kept in the OS temp folder under the hash of what each was trained from (the
 * texts, the options and the model's code): the search eval and the matching eval read the same
 * four, about 8 s of training each, and an unchanged rerun need not train them again. Kept as
 * exact float32 (the product's model file rounds its idf), so a kept model reads exactly as a
 * freshly trained one. When both evals start at once, each trains the folds the other has not
 * claimed (a `.claim` file beside the model's) and waits for the rest.
 */
const CLAIM_STALE_MS = 5 * 60_000;
const WAIT_MS = 3 * 60_000;

function keptModelFile(texts: readonly TrainingText[], opts: TrainOptions): string {
  const h = crypto.createHash('sha256');
  h.update(fs.readFileSync(new URL('./division-model.ts', import.meta.url)));
  h.update(JSON.stringify(opts));
  h.update(JSON.stringify(texts));
  return path.join(os.tmpdir(), `brickyard-division-fold-${h.digest('hex').slice(0, 24)}.bin`);
}

function readKeptModel(file: string): DivisionModel | null {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return null;
  }
  try {
    const nl = bytes.indexOf(0x0a);
    const { divisions, terms } = JSON.parse(bytes.subarray(0, nl).toString('utf8')) as {
      divisions: string[];
      terms: string[];
    };
    const body = bytes.subarray(nl + 1);
    const floats = new Float32Array(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength));
    const V = terms.length;
    const D = divisions.length;
    if (floats.length !== V + V * D + D) return null;
    return {
      divisions,
      terms,
      idf: floats.subarray(0, V),
      weights: floats.subarray(V, V + V * D),
      bias: floats.subarray(V + V * D),
    };
  } catch {
    return null;
  }
}

function claim(file: string): boolean {
  const claimFile = `${file}.claim`;
  try {
    fs.writeFileSync(claimFile, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    // a claim left by a process that died long ago is taken over
    try {
      if (Date.now() - fs.statSync(claimFile).mtimeMs > CLAIM_STALE_MS) {
        fs.writeFileSync(claimFile, String(process.pid));
        return true;
      }
    } catch {
      return claim(file); // the claim went away meanwhile: try again
    }
    return false;
  }
}

function trainAndKeep(texts: readonly TrainingText[], opts: TrainOptions, file: string): DivisionModel {
  try {
    const model = trainDivisionModel(texts, opts);
    const floats = new Float32Array(model.idf.length + model.weights.length + model.bias.length);
    floats.set(model.idf);
    floats.set(model.weights, model.idf.length);
    floats.set(model.bias, model.idf.length + model.weights.length);
    const header = JSON.stringify({ divisions: model.divisions, terms: model.terms });
    // written whole under another name, then renamed: a reader never sees half a model
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.concat([Buffer.from(`${header}\n`), Buffer.from(floats.buffer)]));
    fs.renameSync(partial, file);
    return model;
  } finally {
    fs.rmSync(`${file}.claim`, { force: true });
  }
}

/** The model another process is training, once it is kept; null if its claim ends without one. */
function awaitKeptModel(file: string): DivisionModel | null {
  const until = Date.now() + WAIT_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (Date.now() < until) {
    const kept = readKeptModel(file);
    if (kept) return kept;
    if (!fs.existsSync(`${file}.claim`)) return readKeptModel(file);
    Atomics.wait(pause, 0, 0, 250);
  }
  return null;
}

function inputsHash(texts: readonly TrainingText[]): string {
  const h = crypto.createHash('sha256');
  h.update(fs.readFileSync(new URL('./division-model.ts', import.meta.url)));
  h.update(JSON.stringify(texts));
  return h.digest('hex');
}

function main() {
  const force = process.argv.includes('--force');
  const texts = trainingTexts();
  const inputs = inputsHash(texts);
  const file = divisionModelPath();
  if (!force && fs.existsSync(file)) {
    try {
      if (parseDivisionModel(fs.readFileSync(file)).inputs === inputs) {
        console.log(`division model: ${file} is up to date`);
        return;
      }
    } catch {
      // unreadable: trained anew below
    }
  }
  const t0 = Date.now();
  const model = trainDivisionModel(texts);
  fs.writeFileSync(file, serializeDivisionModel(model, inputs));
  console.log(
    `division model: ${texts.length} texts, ${model.terms.length} words, ${model.divisions.length} divisions, trained in ${((Date.now() - t0) / 1000).toFixed(1)} s → ${file}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main();
