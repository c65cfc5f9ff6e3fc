/**
 * `npm run build:division-model -w @brickyard/api` (part of `npm run build`): trains the CPV
 * division model (division-model.ts) on the real notices the product ships — the feed snapshot's
 * releases and the search eval's notices — and the CPV 2008 labels, and writes
 * matching/assets/cpv-divisions.model. Skips the work when the file was trained from the same
 * inputs (their hash is in its header); `--force` retrains. The output is committed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { unpackOcds } from '../external-tenders/ocds-package.ts';
import { mapRelease } from '../external-tenders/ocds-mapper.ts';
import { textOfFile } from '../external-tenders/feed-importer.ts';
import { SNAPSHOT_FILES } from '../external-tenders/feed-jobs.ts';
import { cpvLabels } from '../matching/cpv.ts';
import { loadNotices, type Notice } from '../matching/eval/notices.ts';
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
 * and the labels. `leaveOut`: processes (ocids) whose notices it must not see, for the eval's folds.
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
    if (!leaveOut.has(n.ocid))
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
export function foldModels(notices: Notice[], opts: TrainOptions = {}): (ocid: string) => DivisionModel | null {
  const ocids = [...new Set(notices.map((n) => n.ocid))].sort();
  const foldOf = new Map(ocids.map((ocid, i) => [ocid, i % 4]));
  const snapshot = snapshotNotices();
  const models = [0, 1, 2, 3].map((k) =>
    trainDivisionModel(
      trainingTexts({ notices, snapshot, leaveOut: new Set(ocids.filter((ocid) => foldOf.get(ocid) === k)) }),
      opts,
    ),
  );
  return (ocid) => {
    const k = foldOf.get(ocid);
    return k === undefined ? null : models[k]!;
  };
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
