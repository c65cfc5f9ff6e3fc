import { describe, expect, it } from 'vitest';
import { externalTenderPageSchema, type ExternalTender, type ExternalTenderPage } from '@brickyard/shared';
import { keptRowsPageWriter, writerOf } from './serializer.ts';

const notice = (over: Partial<ExternalTender> = {}): ExternalTender => ({
  id: '0b6f8d5e-6a55-4c1e-9a43-4f1d2a6c9e01',
  title: 'Roof repairs at "Ty Newydd" — phase 2\n',
  status: 'open',
  ocdsStatus: 'active',
  isOpen: true,
  amount: 125000.5,
  currency: 'GBP',
  location: 'Wales',
  ocid: 'ocds-kuma6s-123456',
  tenderId: null,
  description: 'Re-roofing of a primary school, slate and lead work; \\ back-slash and \u0001 control.',
  tenderStartDate: null,
  tenderEndDate: '2026-12-24T12:00:00.000Z',
  awardStartDate: null,
  awardEndDate: null,
  date: '2026-11-20T09:00:00.000Z',
  procurementMethod: 'open',
  procurementMethodDetails: null,
  source: 'https://www.sell2wales.gov.wales/',
  isFavourited: false,
  buyerName: 'Cyngor Sir',
  cpvCodes: ['45261910'],
  cpv: [{ code: '45261910', label: 'Roof repair' }],
  buyerContact: null,
  noticeType: 'tender',
  publisher: 'Sell2Wales',
  origin: 'sell2wales',
  demoShiftDays: null,
  ...over,
});

describe('keptRowsPageWriter (a kept page put together from its rows’ JSON)', () => {
  const writePage = writerOf(externalTenderPageSchema);

  it('writes what the page schema writes, for every row and the meta, on first and repeat visits', () => {
    const writer = keptRowsPageWriter<ExternalTender>(externalTenderPageSchema);
    const kept = [
      notice(),
      notice({
        id: '0b6f8d5e-6a55-4c1e-9a43-4f1d2a6c9e02',
        amount: null,
        match: {
          words: ['roof'],
          title: [
            { text: 'Roof', hit: true },
            { text: ' repairs', hit: false },
          ],
          snippet: [{ text: 'slate "and" lead', hit: false }],
          cpv: {
            code: '45261910',
            label: 'Roof repair',
            level: 'code',
            queryCode: '45261910',
            queryLabel: 'Roof repair',
          },
          reason: 'Matches roof · Same CPV code as Roof repair (45261910)',
        },
      }),
    ];
    const page: ExternalTenderPage = {
      data: kept,
      meta: {
        page: 1,
        pageSize: 20,
        total: 2,
        facets: { status: [{ value: 'open', count: 2 }], cpvDivisions: [], locations: [] },
      },
    };
    expect(writer.write(page).toString()).toBe(writePage(page));
    expect(JSON.parse(writer.write(page).toString())).toEqual(JSON.parse(writePage(page)));
    // another caller: one row is their favourite (a new object), the total moved
    const theirs = { ...page, data: [kept[0]!, { ...kept[1]!, isFavourited: true }], meta: { ...page.meta, total: 3 } };
    expect(writer.write(theirs).toString()).toBe(writePage(theirs));
    expect(writer.write({ data: [], meta: { page: 2, pageSize: 20, total: 0 } }).toString()).toBe(
      writePage({ data: [], meta: { page: 2, pageSize: 20, total: 0 } }),
    );
  });
});
