import fs from 'node:fs';
import path from 'node:path';
import { apiRoot } from '../../../platform/paths.ts';

/** A real UK notice of the eval set (dev-eval.json, README.md beside this file), its codes as published. */
export interface Notice {
  evalId: string;
  ocid: string;
  releaseId: string;
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
