import fs from 'node:fs';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../apps/api/src/db/client.ts';
import { importDocument } from '../apps/api/src/modules/external-tenders/feed-importer.ts';
import { SNAPSHOT_FILE } from '../apps/api/src/modules/external-tenders/feed-jobs.ts';
import { apiLogin, freshAccount } from './support/accounts.ts';
import { DESKTOP, launch, loginAs, newPage, screenshot, seenToast, shot } from './support/browser.ts';
import { server } from './support/server.ts';

/** The narrow phone the live feed's tab bar is checked at. */
const PHONE = { width: 390, height: 844 };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function shotBoth(page: Page, name: string) {
  await shot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(200);
  await screenshot(page, `${name}-mobile`);
  await page.setViewportSize(DESKTOP);
}

/** A JSON call with the page's session (set-up steps the journey does not exercise). */
async function call<T>(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.fetch(url, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok()) throw new Error(`${method} ${url} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function tenderIdOf(ocid: string): Promise<string> {
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string }>('select id from external_tenders where ocid = $1', [ocid]);
    return rows[0]!.id;
  } finally {
    await db.end();
  }
}

describe('Journeys: polish of the live feed, the award dialog and catalogue pictures', () => {
  it('the live feed: tabs scroll at 390 px, CPV codes read with their labels, and a notice whose buyer publishes a contact offers Message buyer', async () => {
    // A notice whose buyer publishes an email, phone and website, imported as the feed imports.
    const snapshot = JSON.parse(fs.readFileSync(SNAPSHOT_FILE, 'utf8')) as { releases: Record<string, any>[] };
    const release = structuredClone(
      snapshot.releases.find((r) => r.tender?.title === 'Lift Preventative Maintenance')!,
    );
    release.ocid = 'ocds-kuma6s-e2e-contact';
    release.id = 'e2e-contact-1';
    release.tender.title = 'Lift maintenance & repairs: Civic Centre';
    const buyer = release.parties.find((p: { roles: string[] }) => p.roles.includes('buyer'));
    buyer.contactPoint = {
      name: 'Procurement Team',
      email: 'procurement@council.example',
      telephone: '+44 1234 567890',
      url: 'https://council.example/tenders',
    };
    const db = connect(server.databaseUrl, 2);
    try {
      const s = await importDocument(db.db, { releases: [release] }, 'e2e-contact.json');
      expect(s.summary).toMatchObject({ new: 1, rejected: 0 });
    } finally {
      await db.close();
    }

    const { page, errors } = await newPage(browser, PHONE);
    await loginAs(page, 'supplier@brickyard.test');
    await page.goto('/supplier/external-search');
    await page.getByRole('heading', { name: 'Live Feed', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Search results' }).getByRole('article').first().waitFor();

    // At 390 px the tab bar scrolls sideways inside itself; the page does not.
    const tabs = page.getByRole('tablist', { name: 'Live Feed views' });
    const bar = await tabs.evaluate((el) => ({
      overflowX: getComputedStyle(el).overflowX,
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(bar.overflowX).toBe('auto');
    expect(bar.scrollWidth).toBeGreaterThan(bar.clientWidth);
    const pageWidth = () =>
      page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    let w = await pageWidth();
    expect(w.scroll).toBeLessThanOrEqual(w.inner);
    await screenshot(page, 'polish-live-feed-tabs-mobile');
    // every tab is reachable: the last one scrolls into view and opens
    await tabs.getByRole('tab', { name: 'Saved searches' }).click();
    await expect
      .poll(() => tabs.getByRole('tab', { name: 'Saved searches' }).getAttribute('aria-selected'))
      .toBe('true');
    expect(await tabs.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    w = await pageWidth();
    expect(w.scroll).toBeLessThanOrEqual(w.inner);
    await screenshot(page, 'polish-live-feed-tabs-scrolled-mobile');
    await tabs.getByRole('tab', { name: 'All' }).click();
    await expect.poll(() => tabs.evaluate((el) => el.scrollLeft)).toBe(0);

    // Opened on a later tab (a link, a reload), the bar shows that tab whole, and the page stays put.
    await page.goto('/supplier/external-search?tab=saved');
    const saved = tabs.getByRole('tab', { name: 'Saved searches' });
    await expect.poll(() => saved.getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() =>
        saved.evaluate((tab) => {
          const bar = tab.parentElement!.getBoundingClientRect();
          const box = tab.getBoundingClientRect();
          return box.left >= bar.left - 1 && box.right <= bar.right + 1;
        }),
      )
      .toBe(true);
    w = await pageWidth();
    expect(w.scroll).toBeLessThanOrEqual(w.inner);
    await tabs.getByRole('tab', { name: 'All' }).click();

    // Cards show the main CPV code with its label.
    await page.setViewportSize(DESKTOP);
    const cpvLine = page.getByTestId('tender-cpv').first();
    await cpvLine.waitFor();
    expect(await cpvLine.textContent()).toMatch(/\d{8} · [A-Z]/);
    await screenshot(page, 'polish-live-feed-cpv-desktop');

    // The notice with a contact point: Message buyer writes to them, the title as subject.
    await page.goto(`/supplier/external-search/${await tenderIdOf(release.ocid)}`);
    await page.getByRole('heading', { name: release.tender.title, level: 1 }).waitFor();
    const contact = page.getByRole('region', { name: 'Buyer contact' });
    await contact.getByText('Procurement Team').waitFor();
    expect(await contact.getByRole('link', { name: 'Message buyer' }).getAttribute('href')).toBe(
      `mailto:procurement@council.example?subject=${encodeURIComponent(release.tender.title)}`,
    );
    expect(await contact.getByRole('link', { name: '+44 1234 567890' }).getAttribute('href')).toBe('tel:+441234567890');
    expect(await contact.getByRole('link', { name: /council\.example\/tenders/ }).getAttribute('href')).toBe(
      'https://council.example/tenders',
    );
    // the CPV codes with their labels
    const notice = page.getByRole('region', { name: 'Notice' });
    expect(await notice.getByRole('listitem').first().textContent()).toMatch(/^\d{8} · [A-Z]/);
    await shotBoth(page, 'polish-external-tender-contact');

    // A notice with no contact point shows no contact section at all (no dead button).
    await page.goto('/supplier/external-search?q=Abbey%20Woods%20Academy');
    await page.getByRole('link', { name: 'Abbey Woods Academy Catering Kitchen Relocation' }).click();
    await page.getByRole('heading', { name: 'Abbey Woods Academy Catering Kitchen Relocation', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Notice' }).waitFor();
    expect(await page.getByRole('region', { name: 'Buyer contact' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Message buyer' }).count()).toBe(0);
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it("a supplier's catalogue picture shows as a picture (cards, item page, marketplace), and the buyer's award dialog picks the matched item and suggests price × quantity", async () => {
    const supplierAccount = await freshAccount({
      role: 'supplier',
      firstName: 'Gwen',
      lastName: 'Hale',
      companyName: 'Hale Glulam Works',
    });
    const sPage = await newPage(browser);
    const s = sPage.page;
    await loginAs(s, supplierAccount.email, supplierAccount.password);

    // A small PNG made in the browser, uploaded by the presigned flow as a catalogue image.
    await s.setContent(
      '<div id="pic" style="width:240px;height:160px;background:linear-gradient(135deg,#92400e,#f59e0b);display:flex;align-items:center;justify-content:center;color:#fff;font:700 28px system-ui">GLULAM</div>',
    );
    const png = await s.locator('#pic').screenshot({ type: 'png' });
    await s.goto('/supplier');
    const presigned = await call<{ data: { uploadURL: string; key: string; headers: Record<string, string> } }>(
      s,
      'POST',
      '/api/upload/presigned-upload-url',
      { fileName: 'glulam-beam.png', fileType: 'image/png', uploadType: 'catalogue-image', fileSize: png.length },
    );
    const put = await s.request.fetch(presigned.data.uploadURL, {
      method: 'PUT',
      headers: presigned.data.headers,
      data: png,
    });
    expect(put.ok()).toBe(true);
    const itemTitle = `Glulam roof beam 14 m span ${Date.now() % 100000}`;
    const item = await call<{ data: { id: string } }>(s, 'POST', '/api/catalogue', {
      title: itemTitle,
      description: 'Glued laminated timber roof beam, 14 m span, GL28h, with steel shoe connectors.',
      category: 'timber',
      value: 1150,
      quantity: 60,
      region: 'north-west',
      deliveryLocations: ['north-west'],
      attachments: [{ name: 'glulam-beam.png', url: presigned.data.key }],
    });

    // The supplier's catalogue card and the item page show the picture, alt = the item's name.
    await s.goto('/supplier/catalogue');
    const cardImg = s.getByRole('list', { name: 'Catalogue items' }).getByRole('img', { name: itemTitle, exact: true });
    await cardImg.waitFor();
    await expect.poll(() => cardImg.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await shotBoth(s, 'polish-catalogue-card-image');
    await s.goto(`/supplier/catalogue/${item.data.id}`);
    const photo = s.getByRole('region', { name: 'Photos' }).getByRole('img', { name: itemTitle, exact: true });
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // the picture is not also listed as a file
    await s.getByRole('region', { name: 'Attachments' }).getByText('No other files').waitFor();
    await shotBoth(s, 'polish-catalogue-item-image');

    // The buyer's tender for twelve of them.
    const bPage = await newPage(browser);
    const b = bPage.page;
    await loginAs(b, 'buyer@brickyard.test');
    const tenderTitle = `Glulam roof beams for a school hall ${Date.now() % 100000}`;
    const tender = await call<{ data: { id: string } }>(b, 'POST', '/api/tender', {
      title: tenderTitle,
      description: 'Supply twelve glulam roof beams, 14 m span, with steel shoe connectors for a school hall roof.',
      category: 'timber',
      budget: 48000,
      quantity: 12,
      region: 'north-west',
      deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      status: 'active',
    });

    // The marketplace shows the item with its picture.
    await b.goto(`/buyer/connect?q=${encodeURIComponent('glulam roof beam')}`);
    await b.getByRole('heading', { name: 'Search the marketplace' }).waitFor();
    const hitImg = b
      .getByRole('list', { name: 'Marketplace results' })
      .getByRole('img', { name: itemTitle, exact: true });
    await hitImg.waitFor();
    // lazy-loaded: it loads once scrolled into view
    await hitImg.scrollIntoViewIfNeeded();
    await expect.poll(() => hitImg.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await b.evaluate(() => window.scrollTo(0, 0));
    await screenshot(b, 'polish-marketplace-image-desktop');

    // Award: the matched item is chosen and the value is its price × the tender's quantity.
    const supplierId = (await apiLogin(supplierAccount.email, supplierAccount.password)).id;
    await b.goto(`/buyer/tender/${tender.data.id}`);
    await b.getByRole('heading', { name: tenderTitle }).waitFor();
    await b.getByRole('button', { name: 'Award', exact: true }).click();
    const dialog = b.getByRole('dialog', { name: 'Award tender' });
    await dialog.getByLabel('Supplier').fill('Hale Glulam');
    await dialog.getByRole('button', { name: new RegExp(supplierAccount.companyName) }).click();
    const itemSelect = dialog.getByLabel('Catalogue item');
    await expect.poll(() => itemSelect.inputValue(), { timeout: 20_000 }).toBe(item.data.id);
    expect(await itemSelect.locator('optgroup[label="Matched to this tender"] option').count()).toBe(1);
    expect(await dialog.getByLabel('Contract value (£)').inputValue()).toBe('13800');
    await dialog.getByText('Suggested £13,800: £1,150 per unit × 12 (the tender’s quantity)').waitFor();
    // the buyer can still change it
    await dialog.getByLabel('Contract value (£)').fill('13200');
    await b.waitForTimeout(150);
    await screenshot(b, 'polish-award-dialog-desktop');
    await dialog.getByRole('button', { name: 'Send proposal' }).click();
    await dialog.waitFor({ state: 'detached' });
    await seenToast(b, `Tender awarded to ${supplierAccount.companyName}`);
    const contracts = await call<{ data: { supplier: { id: string }; catalogueItemId: string; valuePence: number }[] }>(
      b,
      'GET',
      `/api/contract/tender/${tender.data.id}`,
    );
    expect(contracts.data[0]).toMatchObject({
      supplier: { id: supplierId },
      catalogueItemId: item.data.id,
      valuePence: 1_320_000,
    });
    expect(sPage.errors).toEqual([]);
    expect(bPage.errors).toEqual([]);
  });
});
