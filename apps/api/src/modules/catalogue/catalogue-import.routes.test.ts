import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

let t: TestApp;
let supplier: TestUser;
let buyer: TestUser;
let unsubscribed: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [supplier, buyer, unsubscribed] = await Promise.all([
    t.createUser({ role: 'supplier', companyName: 'Calder Valley Aggregates Ltd' }),
    t.createUser({ role: 'buyer' }),
    t.createUser({ role: 'supplier', plan: null }),
  ]);
});
afterAll(() => t.close());

const HEADER =
  'title,description,category,subcategories,price,quantity,leadTime,region,availability,rebate,certifications';
const good = (i: number) =>
  `Item ${i} MOT Type 1 sub-base,"Crushed limestone sub-base, graded to SHW clause 803.",concrete,Ready-mix concrete,${(20 + i).toFixed(2)},${i},3,north-west,available,Yes,BS EN 13242; UKCA`;

function csvFile(lines: string[], name = 'items.csv') {
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), name);
  return form;
}

function post(form: FormData, opts: { dryRun?: boolean; token?: string } = {}) {
  return t.request('POST', `/api/catalogue/import${opts.dryRun ? '?dryRun=true' : ''}`, {
    token: opts.token ?? supplier.token,
    raw: form,
  });
}

describe('POST /api/catalogue/import (bulk import of catalogue items)', () => {
  it('dry run: per-row verdicts with row numbers, errors by column and the parsed item; nothing is created', async () => {
    const lines = [HEADER, good(1), 'x,too short,bricks,,abc,-2,soon,Atlantis,maybe,perhaps,', good(3)];
    const res = await post(csvFile(lines), { dryRun: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ dryRun: true, total: 3, valid: 2, invalid: 1, ignoredColumns: [] });
    expect(d.rows[0]).toMatchObject({ row: 2, valid: true, errors: [] });
    expect(d.rows[0].item).toMatchObject({
      title: 'Item 1 MOT Type 1 sub-base',
      category: 'concrete',
      subcategories: ['ready-mix-concrete'],
      value: 21,
      quantity: 1,
      region: 'north-west',
      rebate: true,
      certifications: ['BS EN 13242', 'UKCA'],
    });
    const bad = d.rows[1];
    expect(bad).toMatchObject({ row: 3, valid: false });
    const columns = bad.errors.map((e: { column: string }) => e.column);
    expect(columns).toEqual(
      expect.arrayContaining([
        'title',
        'description',
        'category',
        'price',
        'quantity',
        'leadTime',
        'region',
        'availability',
        'rebate',
      ]),
    );
    expect(bad.errors.find((e: { column: string }) => e.column === 'leadTime').message).toBe('Enter a whole number');
    const list = await t.request('GET', '/api/catalogue', { token: supplier.token });
    expect(list.body.meta.total).toBe(0);
  });

  it('import: creates the valid rows in one go and reports the skipped ones with their reasons', async () => {
    const lines = [HEADER];
    for (let i = 1; i <= 50; i++)
      lines.push(i === 10 || i === 37 ? `Bad ${i},short,unknown-category,,12,1,1,london,available,No,` : good(i));
    const res = await post(csvFile(lines));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d.created).toBe(48);
    expect(d.createdIds).toHaveLength(48);
    expect(d.skipped.map((s: { row: number }) => s.row)).toEqual([11, 38]);
    expect(d.skipped[0].errors).toEqual(
      expect.arrayContaining([
        { column: 'description', message: 'At least 10 characters' },
        { column: 'category', message: 'Choose a category from the list' },
      ]),
    );
    const list = await t.request('GET', '/api/catalogue?pageSize=100', { token: supplier.token });
    expect(list.body.meta.total).toBe(48);
    const one = list.body.data.find((x: { title: string }) => x.title === 'Item 7 MOT Type 1 sub-base');
    expect(one).toMatchObject({
      valuePence: 2700,
      currency: 'GBP',
      user: { companyName: 'Calder Valley Aggregates Ltd' },
      leadTime: 3,
    });
  });

  it('reads a CSV saved by Excel as Windows-1252 ("£" and "m³" are single bytes), and UTF-8 with or without BOM', async () => {
    const header = 'title,description,category,price,insurance';
    const row =
      'Ready-mix C32/40,"Delivered by 8 m³ truck – £5 per m³ surcharge",concrete,£118.50,Public liability £5m';
    // Windows-1252: the en dash is 0x96, which Latin-1 does not have.
    const cp1252 = Buffer.from([...`${header}\r\n${row}\r\n`].map((c) => (c === '–' ? 0x96 : c.charCodeAt(0))));
    expect(cp1252.includes(0xa3) && cp1252.includes(0xb3)).toBe(true);
    const utf8 = Buffer.from(`${header}\n${row}\n`, 'utf8');
    const utf8Bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]);
    for (const bytes of [cp1252, utf8, utf8Bom]) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'excel.csv');
      const res = await post(form, { dryRun: true });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({
        total: 1,
        valid: 1,
        columns: ['title', 'description', 'category', 'value', 'insurance'],
      });
      expect(res.body.data.rows[0].item).toMatchObject({
        description: 'Delivered by 8 m³ truck – £5 per m³ surcharge',
        value: 118.5,
        insurance: 'Public liability £5m',
      });
    }
  });

  it('sniffs the delimiter from more than the first line: ";" even when the header has a quoted comma, and tabs', async () => {
    const semicolon = [
      'title;description;category;"Price, £";quantity',
      'Engineering bricks;"Class B, red, perforated; frost resistant";masonry;312;4',
      'Sharp sand;Washed sharp sand for screeds, 850 kg bags.;aggregates;45;10',
    ];
    const res = await post(csvFile(semicolon), { dryRun: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      total: 2,
      columns: ['title', 'description', 'category', 'value', 'quantity'],
      ignoredColumns: [],
    });
    expect(res.body.data.rows[0].item).toMatchObject({
      title: 'Engineering bricks',
      description: 'Class B, red, perforated; frost resistant',
      quantity: 4,
    });
    expect(res.body.data.rows[1]).toMatchObject({
      valid: true,
      item: { title: 'Sharp sand', value: 45, quantity: 10 },
    });

    const tabs = ['title\tdescription\tcategory\tprice', 'Sharp sand\tWashed sharp sand, 850 kg bags.\taggregates\t45'];
    const tsv = await post(csvFile(tabs, 'items.txt'), { dryRun: true });
    expect(tsv.status, JSON.stringify(tsv.body)).toBe(200);
    expect(tsv.body.data.rows[0]).toMatchObject({
      valid: true,
      item: { description: 'Washed sharp sand, 850 kg bags.', value: 45 },
    });
  });

  it('reads XLSX workbooks (first sheet, header row 1) the same way', async () => {
    // Text in the shared-strings table and numbers as plain values, the way Excel writes a sheet.
    const strings = [
      'Title',
      'Description',
      'Category',
      'Price (£)',
      'Lead time (days)',
      'Warranty',
      'Notes',
      'Glulam beam 90x270',
      'GL24h glulam beam, 6 m lengths, planed all round.',
      'Timber &amp; Joinery',
      'yes',
      'ignored',
      'Bad beam',
      'GL24h glulam beam, 6 m lengths.',
      'free',
    ];
    const s = (ref: string, text: string) => `<c r="${ref}" t="s"><v>${strings.indexOf(text)}</v></c>`;
    const n = (ref: string, value: number) => `<c r="${ref}"><v>${value}</v></c>`;
    const header = ['Title', 'Description', 'Category', 'Price (£)', 'Lead time (days)', 'Warranty', 'Notes']
      .map((h, i) => s(`${'ABCDEFG'[i]}1`, h))
      .join('');
    const form = xlsxOf(
      `<row r="1">${header}</row>` +
        `<row r="2">${s('A2', 'Glulam beam 90x270')}${s('B2', 'GL24h glulam beam, 6 m lengths, planed all round.')}${s('C2', 'Timber &amp; Joinery')}${n('D2', 184.25)}${n('E2', 14)}${s('F2', 'yes')}${s('G2', 'ignored')}</row>` +
        `<row r="3">${s('A3', 'Bad beam')}${s('B3', 'GL24h glulam beam, 6 m lengths.')}${s('C3', 'Timber &amp; Joinery')}${s('D3', 'free')}${n('E3', 14)}${s('F3', 'yes')}</row>`,
      strings,
    );
    const res = await post(form, { dryRun: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ total: 2, valid: 1, invalid: 1, ignoredColumns: ['Notes'] });
    expect(d.rows[0].item).toMatchObject({
      category: 'timber',
      value: 184.25,
      leadTime: 14,
      warrantyRequirement: true,
    });
    expect(d.rows[1]).toMatchObject({ row: 3, valid: false });
    expect(d.rows[1].errors[0].column).toBe('Price (£)');
  });

  it('refuses anonymous (401), buyers (403), unsubscribed suppliers (402) and bad files (400/413/415)', async () => {
    const file = () => csvFile([HEADER, good(1)]);
    expect((await t.request('POST', '/api/catalogue/import', { raw: file() })).status).toBe(401);
    expect((await post(file(), { token: buyer.token })).status).toBe(403);
    const unsub = await post(file(), { token: unsubscribed.token });
    expect(unsub.status).toBe(402);
    expect(unsub.body.error.code).toBe('SUBSCRIPTION_REQUIRED');

    const missing = await post(csvFile(['title,description', 'A thing,Long enough description']), { dryRun: true });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0]).toMatchObject({ path: 'file' });
    expect(missing.body.error.details[0].message).toMatch(/category, value/);

    const empty = await post(csvFile([HEADER]), { dryRun: true });
    expect(empty.status).toBe(400);

    const tooMany = [HEADER, ...Array.from({ length: 2001 }, (_, i) => good(i))];
    const many = await post(csvFile(tooMany), { dryRun: true });
    expect(many.status).toBe(400);
    expect(many.body.error.message).toMatch(/2,000 rows/);

    const big = new FormData();
    big.append('file', new Blob([HEADER + '\n' + 'x'.repeat(5 * 1024 * 1024 + 10)]), 'big.csv');
    expect((await post(big, { dryRun: true })).status).toBe(413);

    const binary = new FormData();
    binary.append('file', new Blob([new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2])]), 'tool.bin');
    expect((await post(binary, { dryRun: true })).status).toBe(415);

    const notMultipart = await t.request('POST', '/api/catalogue/import', {
      token: supplier.token,
      body: { rows: [] },
    });
    expect(notMultipart.status).toBe(400);
  });

  it('serves the CSV template, whose example rows import cleanly', async () => {
    const res = await t.request('GET', '/api/catalogue/import/template', { token: supplier.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/catalogue-import-template\.csv/);
    // a UTF-8 byte order mark, so Excel shows "£" and "m³" as written
    const raw = await fetch(`${t.url}/api/catalogue/import/template`, {
      headers: { authorization: `Bearer ${supplier.token}` },
    });
    const bytes = Buffer.from(await raw.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('8m³ truck');
    const form = new FormData();
    form.append('file', new Blob([res.body as string]), 'catalogue-import-template.csv');
    const check = await post(form, { dryRun: true });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.data).toMatchObject({ total: 2, valid: 2, invalid: 0 });
  });

  it('lets suppliers browse every catalogue with scope=all (the marketplace view)', async () => {
    const other = await t.createUser({ role: 'supplier' });
    const mine = await t.request('GET', '/api/catalogue', { token: other.token });
    expect(mine.body.meta.total).toBe(0);
    const all = await t.request('GET', '/api/catalogue?scope=all&pageSize=5', { token: other.token });
    expect(all.body.meta.total).toBeGreaterThanOrEqual(48);
  });
});

/** A minimal XLSX whose first sheet holds `sheetData` (cells may point into `sharedStrings`), zipped as Excel does. */
function xlsxOf(sheetData: string, sharedStrings?: string[]): FormData {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Items" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData></worksheet>`,
    ),
  };
  if (sharedStrings) {
    files['xl/sharedStrings.xml'] = strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${sharedStrings.length}" uniqueCount="${sharedStrings.length}">${sharedStrings.map((t) => `<si><t>${t}</t></si>`).join('')}</sst>`,
    );
  }
  const form = new FormData();
  form.append('file', new Blob([zipSync(files, { level: 9 })]), 'items.xlsx');
  return form;
}
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const HEADER_ROW = `<row r="1">${inline('A1', 'title')}${inline('B1', 'description')}${inline('C1', 'category')}${inline('D1', 'value')}</row>`;
const itemRow = (n: number) =>
  `<row r="${n}">${inline(`A${n}`, `Glulam beam ${n}`)}${inline(`B${n}`, 'GL24h glulam beam, 6 m lengths.')}${inline(`C${n}`, 'Timber &amp; Joinery')}<c r="D${n}"><v>184.25</v></c></row>`;

describe('a spreadsheet cannot freeze the server', () => {
  it('reads a hand-made XLSX (inline strings) through the streaming reader', async () => {
    const res = await post(xlsxOf(HEADER_ROW + itemRow(2)), { dryRun: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ total: 1, valid: 1 });
    expect(res.body.data.rows[0].item).toMatchObject({ title: 'Glulam beam 2', category: 'timber', value: 184.25 });
  });

  it('stops at the first row past 2,000 while reading: 150,000 rows answer 400 at once', async () => {
    const rows: string[] = [HEADER_ROW];
    for (let n = 2; n <= 150_001; n++) rows.push(itemRow(n));
    const form = xlsxOf(rows.join(''));
    const started = Date.now();
    const res = await post(form, { dryRun: true });
    const ms = Date.now() - started;
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.message).toBe('At most 2,000 rows per import');
    // Loading the whole workbook took seconds here; reading stops at row 2,002.
    expect(ms).toBeLessThan(2_000);
  });

  it('refuses a value beyond column 64 (400) and a workbook that unpacks to more than 64 MB (413)', async () => {
    const wide = await post(
      xlsxOf(HEADER_ROW + `<row r="2">${inline('A2', 'Beam')}${inline('XFD2', 'far away')}</row>`),
      { dryRun: true },
    );
    expect(wide.status, JSON.stringify(wide.body)).toBe(400);
    expect(wide.body.error.message).toMatch(/column 64/);
    // 70 MB of XML whitespace zips to a few kilobytes.
    const bomb = await post(xlsxOf(HEADER_ROW + ' '.repeat(70 * 1024 * 1024)), { dryRun: true });
    expect(bomb.status, JSON.stringify(bomb.body)).toBe(413);
    expect(bomb.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('rate limits imports per supplier (429 after 20 a minute)', async () => {
    const s = await t.createUser({ role: 'supplier' });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await post(csvFile([HEADER, good(1)]), { dryRun: true, token: s.token })).status);
    expect(statuses.slice(0, 20).every((x) => x === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
