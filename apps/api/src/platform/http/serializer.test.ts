import { describe, expect, it } from 'vitest';
import { externalTenderPageSchema, type ExternalTender, type ExternalTenderPage } from '@brickyard/shared';
import { z } from 'zod';
import { keptRowsPageWriter, serializerCompiler, writerOf } from './serializer.ts';

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

describe('serializerCompiler (one serializer per schema in a process)', () => {
  const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
  const shape = () => z.object({ data: z.object({ id: z.string(), amount: z.number().nullable() }) });

  it('hands routes that answer with the same schema, or one of the same shape built again, the same serializer', () => {
    const schema = shape();
    const first = serializerCompiler(route(schema));
    expect(serializerCompiler({ ...route(schema), method: 'PUT', url: '/y' })).toBe(first);
    // an app built again in the same process builds its route schemas again (each API test file)
    expect(serializerCompiler(route(shape()))).toBe(first);
    expect(first({ data: { id: 'a', amount: null, secret: 'x' } })).toBe('{"data":{"id":"a","amount":null}}');
  });

  it('compiles a schema of another shape on its own', () => {
    const first = serializerCompiler(route(shape()));
    const other = serializerCompiler(route(z.object({ data: z.object({ id: z.string() }) })));
    expect(other).not.toBe(first);
    expect(other({ data: { id: 'a', amount: 3 } })).toBe('{"data":{"id":"a"}}');
  });
});
