import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { trainingTexts } from './division-model.build.ts';
import { processOf } from '../matching/eval/notices.ts';
import {
  divisionModelPath,
  divisionOdds,
  parseDivisionModel,
  serializeDivisionModel,
  shippedDivisionModel,
  trainDivisionModel,
} from './division-model.ts';

const texts = [
  { title: 'Roof repairs', description: 'Repair of slate roofs and gutters on council houses', codes: ['45261910'] },
  { title: 'Roofing works', description: 'New flat roof covering and roof insulation', codes: ['45261000'] },
  { title: 'Re-roofing of the library', description: 'Strip and replace the roof', codes: ['45261900'] },
  { title: 'Office cleaning', description: 'Daily cleaning of offices and washrooms', codes: ['90919200'] },
  { title: 'Window cleaning', description: 'Cleaning of windows at council offices', codes: ['90911300'] },
  { title: 'Cleaning of schools', description: 'Daily cleaning of classrooms and offices', codes: ['90919300'] },
];

describe('the CPV division model (docs/search.md, reading a notice as CPV)', () => {
  it('learns which division a text leans to, with odds that sum to 1', () => {
    const model = trainDivisionModel(texts, { passes: 100 });
    expect(model.divisions).toEqual(['45', '90']);
    const roof = divisionOdds(model, { title: 'Repairs to a leaking roof' });
    expect(roof[0]).toMatchObject({ division: '45' });
    expect(roof[0]!.p).toBeGreaterThan(0.6);
    expect(roof.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 6);
    expect(divisionOdds(model, { title: 'Cleaning contract', description: 'offices and washrooms' })[0]).toMatchObject({
      division: '90',
    });
  });

  it('reads the same after writing and reading its file', () => {
    const model = trainDivisionModel(texts, { passes: 50 });
    const back = parseDivisionModel(serializeDivisionModel(model, 'abc'));
    expect(back.inputs).toBe('abc');
    const text = { title: 'Roof and window repairs', description: 'slate roof' };
    const a = divisionOdds(model, text);
    const b = divisionOdds(back, text);
    expect(b.map((x) => x.division)).toEqual(a.map((x) => x.division));
    for (const [i, x] of b.entries()) expect(x.p).toBeCloseTo(a[i]!.p, 3);
    expect(() => parseDivisionModel(Buffer.from('{"format":"other"}\n'))).toThrow();
  });

  it('ships trained on the shipped notices and the labels, and a text it never saw leans the right way', () => {
    expect(fs.existsSync(divisionModelPath())).toBe(true);
    const model = shippedDivisionModel()!;
    expect(model.divisions.length).toBeGreaterThanOrEqual(40);
    expect(divisionOdds(model, { title: 'Home to school taxi transport' })[0]!.division).toBe('60');
    expect(divisionOdds(model, { title: 'Daily cleaning of the town hall' })[0]!.division).toBe('90');
  });

  it('leaves out the processes it is told to (the eval reads each notice with a model that never saw it)', () => {
    const all = trainingTexts();
    const someOcid = 'ocds-b5fd17-00000000-0000-0000-0000-000000000000';
    expect(trainingTexts({ leaveOut: new Set([someOcid]) })).toHaveLength(all.length);
    const notice = {
      evalId: 'a',
      ocid: 'p1',
      releaseId: 'r1',
      tenderId: null,
      title: 'Roof repairs',
      description: null,
      buyerName: null,
      releaseDate: null,
      valueAmount: null,
      valueCurrency: null,
      groundTruth: { cpvMain: '45261910', cpvCodes: ['45261910'] },
    };
    // a notice of the CSV export has no ocid: its tender id names its process
    const csvNotice = {
      ...notice,
      evalId: 'b',
      ocid: null,
      releaseId: null,
      tenderId: 'T-1',
      title: 'Gutter cleaning',
    };
    const notices = [notice, csvNotice];
    const withIt = trainingTexts({ notices, snapshot: [] });
    const without = trainingTexts({ notices, snapshot: [], leaveOut: new Set(['p1']) });
    expect(withIt.length - without.length).toBe(1);
    const withoutCsv = trainingTexts({ notices, snapshot: [], leaveOut: new Set([processOf(csvNotice)]) });
    expect(withIt.length - withoutCsv.length).toBe(1);
    expect(withoutCsv.some((t) => t.title === 'Gutter cleaning')).toBe(false);
    expect(withoutCsv.some((t) => t.title === 'Roof repairs')).toBe(true);
    expect(without.some((t) => t.title === 'Roof repairs')).toBe(false);
  });
});
