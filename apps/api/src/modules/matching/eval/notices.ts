import fs from 'node:fs';
import path from 'node:path';
import { apiRoot } from '../../../platform/paths.ts';

/** A real UK notice of the eval set (dev-eval.json, README.md beside this file), its codes as published. */
export interface Notice {
  evalId: string;
  /** Null for the notices of Contracts Finder's CSV export (500 of the 860), which carry a tenderId. */
  ocid: string | null;
  releaseId: string | null;
  tenderId: string | null;
  title: string;
  description: string | null;
  buyerName: string | null;
  releaseDate: string | null;
  valueAmount: number | null;
  valueCurrency: string | null;
  groundTruth: { cpvMain: string; cpvCodes: string[] };
}

export const loadNotices = (): Notice[] =>
  JSON.parse(fs.readFileSync(path.join(apiRoot(), 'src/modules/matching/eval/dev-eval.json'), 'utf8')) as Notice[];

/**
 * The contracting process a notice belongs to, for splitting the eval into folds: the lots of one
 * process share their words. A CSV notice has no ocid; its tender id names its process.
 */
export const processOf = (n: Pick<Notice, 'ocid' | 'tenderId' | 'evalId'>): string =>
  n.ocid ?? `tender:${n.tenderId ?? n.evalId}`;
