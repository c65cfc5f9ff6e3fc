import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, launch, loginAs, newPage, screenshot, shot } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A tiny but real PDF (file-type recognises it by its %PDF header). */
function pdf(title: string): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Title (${title}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

function isoDateInDays(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

async function shootBoth(page: Page, name: string) {
  await shot(page, `${name}-desktop`);
  await page.setViewportSize(MOBILE);
  await page.waitForTimeout(150);
  await shot(page, `${name}-mobile`);
  await page.setViewportSize(DESKTOP);
}

async function downloadBy(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

describe('docs/product.md journeys: tenders, catalogue and files (docs/product.md §§2, 3, 5, 7)', () => {
  it('buyer creates a tender with an attachment, edits it, finds it in Listings, downloads the files and exports the audit PDF', async () => {
    const { page, context, errors } = await newPage(browser);
    await loginAs(page, 'buyer@brickyard.test');
    await page.waitForURL((u) => u.pathname === '/buyer');

    await page.goto('/buyer/create-tender');
    await page.getByRole('heading', { name: 'Create tender' }).waitFor();
    await shootBoth(page, 'create-tender');

    // client validation next to the fields
    await page.getByRole('button', { name: 'Publish tender' }).click();
    await page.getByText('Enter a title of at least 3 characters').waitFor();
    expect(await page.getByText('Choose a category').count()).toBeGreaterThan(0);
    await shot(page, 'create-tender-validation-desktop');

    const title = `Precast stair cores for Ancoats block ${Date.now() % 100000}`;
    await page.getByLabel('Title').fill(title);
    await page
      .getByLabel('Description')
      .fill('Design, supply and install six precast concrete stair cores for a seven-storey residential block.');
    await page.getByLabel('Specifications').fill('C40/50 precast units; fire rating R60; lifting anchors cast in.');
    await page.getByLabel('Category').selectOption('concrete');
    await page.getByRole('button', { name: 'Precast concrete products' }).click();
    await page.getByLabel('Region').selectOption('north-west');
    await page.getByLabel('Budget (£)').fill('86500.50');
    await page.getByLabel('Quantity').fill('6');
    await page.getByLabel('Lead time (days)').fill('42');
    await page.getByLabel('Closing date').fill(isoDateInDays(21));
    await page.getByLabel('Payment terms').fill('30 days from valuation');
    await page.getByLabel('Insurance').fill('Public liability £10m');
    await page.getByLabel('Supplier type').fill('Precast manufacturer');
    await page.getByLabel('Warranty required').selectOption('yes');
    await page.getByLabel('Rebate').selectOption('no');
    await page.getByLabel('Required certifications').fill('ISO 9001');
    await page.getByLabel('Required certifications').press('Enter');
    await page.getByLabel('Quality standards').fill('BS EN 14843');
    await page.getByLabel('Quality standards').press('Enter');

    const inputs = page.locator('input[type=file]');
    await inputs
      .nth(0)
      .setInputFiles({ name: 'stair-core-drawings.pdf', mimeType: 'application/pdf', buffer: pdf('drawings') });
    await inputs
      .nth(1)
      .setInputFiles({ name: 'method-statement.pdf', mimeType: 'application/pdf', buffer: pdf('method') });
    await page.getByRole('button', { name: 'Download stair-core-drawings.pdf' }).waitFor();
    await page.getByRole('button', { name: 'Download method-statement.pdf' }).waitFor();
    await shot(page, 'create-tender-filled-desktop');

    await page.getByRole('button', { name: 'Publish tender' }).click();
    await page.waitForURL(/\/buyer\/tender\/[0-9a-f-]{36}$/);
    await page.getByText('Tender published').waitFor();
    const tenderId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText('£86,500.50').waitFor();
    await page.getByText('Created', { exact: false }).first().waitFor();
    await shootBoth(page, 'tender-details');

    // edit it
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`**/buyer/edit-tender/${tenderId}`);
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(title);
    await shootBoth(page, 'edit-tender');
    const revised = `${title} (revised)`;
    await page.getByLabel('Title').fill(revised);
    await page.getByLabel('Quantity').fill('7');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`**/buyer/tender/${tenderId}`);
    await page.getByRole('heading', { name: revised }).waitFor();
    await page.getByText('Changes saved').waitFor();

    // Listings: search finds it, with status, budget and closing date
    await page.goto('/buyer/tenders');
    await page.getByRole('heading', { name: 'Listings' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search tenders' }).fill('Ancoats stair cores');
    await page.waitForURL(/q=Ancoats/);
    const row = page.getByRole('row', { name: new RegExp(revised.replace(/[()]/g, '.')) });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Active.*£86,500\.50/);
    await page.getByRole('searchbox', { name: 'Search tenders' }).fill('');
    await page.waitForURL((u) => !u.search.includes('q='));
    await page.getByRole('table', { name: 'Your tenders' }).waitFor();
    await shootBoth(page, 'listings');

    // downloads: the attachment and the supporting document, saved under their cleaned names
    await page.goto(`/buyer/tender/${tenderId}`);
    await page.getByRole('heading', { name: revised }).waitFor();
    const att = await downloadBy(page, () =>
      page.getByRole('button', { name: 'Download stair-core-drawings.pdf' }).click(),
    );
    expect(att.suggestedFilename()).toBe('stair-core-drawings.pdf');
    expect(
      fs
        .readFileSync(await att.path())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    const doc = await downloadBy(page, () =>
      page.getByRole('button', { name: 'Download method-statement.pdf' }).click(),
    );
    expect(doc.suggestedFilename()).toBe('method-statement.pdf');

    // the audit trail as a real PDF
    const audit = await downloadBy(page, () => page.getByRole('button', { name: 'PDF', exact: true }).click());
    expect(audit.suggestedFilename()).toMatch(/^tender-.*-audit\.pdf$/);
    expect(
      fs
        .readFileSync(await audit.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const csv = await downloadBy(page, () => page.getByRole('button', { name: 'CSV', exact: true }).click());
    expect(fs.readFileSync(await csv.path(), 'utf8')).toMatch(/Created/);

    // a failed download shows the docs/product.md §8 alert
    const alert = new Promise<string>((resolve) =>
      page.once('dialog', (d) => void d.accept().then(() => resolve(d.message()))),
    );
    await page.route('**/api/upload/local/**', (r) => r.fulfill({ status: 404, body: 'gone' }));
    await page.getByRole('button', { name: 'Download stair-core-drawings.pdf' }).click();
    expect(await alert).toBe('Download failed. Please try again later.');
    await page.unroute('**/api/upload/local/**');

    // delete asks first
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this tender?' }).waitFor();
    await screenshot(page, 'tender-delete-confirm-desktop');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // the empty state of Listings (a search that matches nothing)
    await page.goto('/buyer/tenders?q=zzqxnomatch');
    await page.getByText('No tenders match').waitFor();
    await shot(page, 'listings-no-match-desktop');

    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('supplier bulk-imports 50 catalogue rows with 2 bad ones, sees the report, and reads an item as docs/product.md §2 lays it out', async () => {
    const { page, context, errors } = await newPage(browser);
    await loginAs(page, 'supplier@brickyard.test');
    await page.waitForURL((u) => u.pathname === '/supplier');

    await page.goto('/supplier/catalogue');
    await page.getByRole('heading', { name: 'Catalogue', exact: true }).waitFor();
    await page
      .getByRole('list', { name: 'Catalogue items' })
      .or(page.getByText('Your catalogue is empty'))
      .first()
      .waitFor();
    await shootBoth(page, 'catalogue');

    await page.goto('/supplier/add-catalogue?tab=import');
    await page.getByRole('tab', { name: 'Bulk import (CSV / XLSX)' }).waitFor();
    await shootBoth(page, 'bulk-import');

    const stamp = Date.now() % 100000;
    const lines = [
      'title,description,category,subcategories,price,quantity,leadTime,region,availability,rebate,certifications',
    ];
    for (let i = 1; i <= 50; i++) {
      if (i === 10 || i === 37) lines.push(`Bad row ${i},short,not-a-category,,12,1,1,london,available,No,`);
      else
        lines.push(
          `Imported ${stamp} item ${i} ready-mix,"Ready-mix concrete, batch ${i}, delivered by truck mixer.",Concrete & Cement,Ready-mix concrete,${(90 + i).toFixed(2)},${i % 7},2,north-west,${i % 3 === 0 ? 'limited' : 'available'},Yes,BSI Kitemark; UKCA`,
        );
    }
    await page
      .getByLabel('Import file')
      .setInputFiles({ name: 'concrete-items.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
    await page.getByText('48 ready to import').waitFor();
    await page.getByText('2 with errors').waitFor();
    const preview = page.getByRole('table', { name: 'Import preview' });
    await preview.getByRole('cell', { name: '11', exact: true }).waitFor();
    await preview.getByRole('cell', { name: '38', exact: true }).waitFor();
    expect(await preview.textContent()).toContain('Choose a category from the list');
    await shootBoth(page, 'bulk-import-preview');

    await page.getByRole('button', { name: 'Import 48 valid rows' }).click();
    await page.getByText('48 items created').waitFor();
    await page.getByText('2 rows skipped').waitFor();
    const skipped = page.getByRole('list', { name: 'Skipped rows' });
    expect(await skipped.textContent()).toMatch(/Row 11.*Row 38/s);
    await shootBoth(page, 'bulk-import-summary');

    // the catalogue shows them; search narrows it
    await page.goto('/supplier/catalogue');
    await page.getByRole('searchbox', { name: 'Search catalogue' }).fill(`Imported ${stamp} item 12`);
    await page
      .getByRole('link', { name: `Imported ${stamp} item 12 ready-mix` })
      .first()
      .waitFor();
    await page
      .getByRole('link', { name: `Imported ${stamp} item 12 ready-mix` })
      .first()
      .click();
    await page.waitForURL(/\/supplier\/catalogue\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Key Information' }).waitFor();
    // docs/product.md §2: the sections in order, price in £, In stock / Out of stock, no Connect button
    const headings = await page.locator('section h2').allTextContents();
    expect(headings).toEqual([
      'Key Information',
      'Category & Requirements',
      'Description',
      'Attachments',
      'Company Information',
      'Availability',
      'Additional Requirements',
      'Supporting Documents',
    ]);
    await page.getByText('£102').first().waitFor();
    await page.getByText('In stock').first().waitFor(); // quantity 12 % 7 = 5
    expect(await page.getByRole('button', { name: 'Connect' }).count()).toBe(0);

    // arriving from the connect page shows Connect, which opens messages with the poster's id
    await page.evaluate(() => window.history.replaceState({ usr: { from: 'connect' }, key: 'e2e', idx: 0 }, ''));
    await page.reload();
    await page.getByRole('button', { name: 'Connect' }).waitFor();
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.waitForURL('**/supplier/messages');

    // a single item with a supporting document: shown without its UUID prefix and downloadable
    await page.goto('/supplier/add-catalogue');
    await page.getByRole('tab', { name: 'Single item' }).waitFor();
    await shootBoth(page, 'add-catalogue');
    await page.getByLabel('Title').fill(`Galvanised lintels ${stamp}`);
    await page.getByLabel('Description').fill('Galvanised steel cavity lintels, 1200 mm to 3000 mm, standard duty.');
    await page.getByLabel('Category').selectOption('structural-steel');
    await page.getByLabel('Price (£)').fill('42.75');
    await page.getByLabel('Quantity in stock').fill('0');
    await page.getByLabel('Lead time (days)').fill('5');
    await page.getByLabel('Availability').selectOption('limited');
    await page.getByLabel('Rebate').selectOption('yes');
    await page
      .locator('input[type=file]')
      .nth(1)
      .setInputFiles({ name: 'lintel-price-list.pdf', mimeType: 'application/pdf', buffer: pdf('prices') });
    await page.getByRole('button', { name: 'Download lintel-price-list.pdf' }).waitFor();
    await page.getByRole('button', { name: 'Add to catalogue' }).click();
    await page.waitForURL(/\/supplier\/catalogue\/[0-9a-f-]{36}$/);
    await page.getByText('Out of stock').first().waitFor();
    await page.getByText('£42.75', { exact: true }).waitFor();
    await page.getByText('Not specified').first().waitFor();
    const supporting = page.getByRole('list', { name: 'Supporting documents' });
    expect(await supporting.textContent()).toContain('lintel-price-list.pdf');
    expect(await supporting.textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
    const dl = await downloadBy(page, () =>
      supporting.getByRole('button', { name: 'Download lintel-price-list.pdf' }).click(),
    );
    expect(dl.suggestedFilename()).toBe('lintel-price-list.pdf');
    await shootBoth(page, 'catalogue-item');

    // edit form, marketplace view, and a tender as a supplier reads it
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/supplier\/edit-catalogue\//);
    await expect.poll(() => page.getByLabel('Price (£)').inputValue()).toBe('42.75');
    await shootBoth(page, 'edit-catalogue');

    await page.goto('/supplier/view-catalogue');
    await page.getByRole('list', { name: 'Catalogue items' }).waitFor();
    await shootBoth(page, 'view-catalogue');

    const tenderId = await page.evaluate(async () => {
      const res = await fetch('/api/tender/supplierTenders?pageSize=1', {
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return ((await res.json()) as { data: { id: string }[] }).data[0]!.id;
    });
    await page.goto(`/supplier/tender/${tenderId}`);
    await page.getByRole('heading', { name: 'Key Information' }).waitFor();
    await shootBoth(page, 'supplier-tender-details');

    // docs/product.md §8: a tender that cannot be fetched → error toast, then /supplier/catalogue
    await page.goto('/supplier/tender/00000000-0000-4000-8000-000000000000');
    await page.waitForURL('**/supplier/catalogue');
    await page.getByText('Failed to fetch tender details. Please try again.').waitFor();

    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });
});
