import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  MOBILE,
  a11yViolations,
  launch,
  loginAs,
  newPage,
  openWithState,
  seenToast,
  shot,
} from './support/browser.ts';

const shotsDir = path.resolve(import.meta.dirname, '../test-results/screenshots');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  fs.mkdirSync(shotsDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function shootBoth(page: Page, name: string) {
  await shot(page, `${name}-desktop`, { waitForToasts: true });
  await page.setViewportSize(MOBILE);
  await page.waitForTimeout(200);
  await shot(page, `${name}-mobile`, { waitForToasts: true });
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(100);
}

/** A dialog as the user sees it: the viewport only, at both widths. */
async function shootDialog(page: Page, name: string) {
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(shotsDir, `${name}-desktop.png`) });
  await page.setViewportSize(MOBILE);
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(shotsDir, `${name}-mobile.png`) });
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
}

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('not signed in');
  return token;
}

/** A JSON call with the page's session (set-up steps the journey does not exercise). */
async function apiCall<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const res = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${await tokenOf(page)}`, 'Content-Type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Uploads bytes by the presigned flow of docs/product.md section 7 and answers the storage key. */
async function upload(
  page: Page,
  fileName: string,
  fileType: string,
  bytes: Buffer,
  uploadType: string,
): Promise<string> {
  const presigned = await apiCall<{ data: { uploadURL: string; key: string; headers: Record<string, string> } }>(
    page,
    'POST',
    '/api/upload/presigned-upload-url',
    { fileName, fileType, uploadType, fileSize: bytes.length },
  );
  const put = await page.request.fetch(presigned.data.uploadURL, {
    method: 'PUT',
    headers: presigned.data.headers,
    data: bytes,
  });
  if (!put.ok()) throw new Error(`upload answered ${put.status()}: ${await put.text()}`);
  return presigned.data.key;
}

function isoDateInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function pdf(title: string): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Title (${title}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

/** A real PNG logo: a small badge rendered by the browser itself. */
async function logoPng(page: Page): Promise<Buffer> {
  await page.setContent(
    '<div id="logo" style="width:160px;height:160px;display:flex;align-items:center;justify-content:center;background:#0f172a;color:#f59e0b;font:800 64px system-ui;border-radius:24px">PB</div>',
  );
  return page.locator('#logo').screenshot({ type: 'png' });
}

function deal(page: Page, title: string) {
  return page.getByRole('article', { name: `Deal: ${title}` });
}

async function toast(page: Page, text: string | RegExp) {
  await seenToast(page, text);
}

describe('Journeys: deals, reviews and profiles (docs/product.md §§2 Profile view, 3 Profile, 4, 7 Contracts, 8)', () => {
  it('buyer awards a tender, the supplier accepts, the buyer completes, both review, and the reviews show on both profiles', async () => {
    const buyer = await newPage(browser);
    const supplier = await newPage(browser);
    const b = buyer.page;
    const s = supplier.page;
    await loginAs(b, 'buyer@brickyard.test');
    await loginAs(s, 'supplier@brickyard.test');

    // The supplier shares a logo and a document on their profile (set-up through the API).
    const logoKey = await upload(s, 'pennine-logo.png', 'image/png', await logoPng(s), 'profile-image');
    const docKey = await upload(
      s,
      'insurance-certificate.pdf',
      'application/pdf',
      pdf('Insurance certificate'),
      'profile-document',
    );
    await apiCall(s, 'PUT', '/api/settings/profile', {
      image: logoKey,
      documents: [{ name: 'insurance-certificate.pdf', url: docKey }],
    });
    await s.goto('/supplier');

    // A fresh active tender of the buyer's.
    // this run's own tender and reviews: a retry of the journey meets the first attempt's records
    const run = Date.now() % 100000;
    const title = `Glulam roof beams for Ordsall school ${run}`;
    const buyerReview = `Beams arrived on the day booked, well protected, with every certificate (order ${run}).`;
    const supplierReview = `Clear drawings and paid within 21 days. Tight delivery window on site (order ${run}).`;
    const reviewsBefore = (
      await apiCall<{ data: { reviewSummary: { count: number } } }>(s, 'GET', '/api/users/profile/me')
    ).data.reviewSummary.count;
    const created = await apiCall<{ data: { id: string } }>(b, 'POST', '/api/tender', {
      title,
      description: 'Supply twelve glulam roof beams, 14 m span, with steel shoe connectors for a primary school hall.',
      category: 'timber',
      budget: 48000,
      region: 'north-west',
      paymentTerms: '30 days from delivery',
      deadline: isoDateInDays(30),
      status: 'active',
    });
    const tenderId = created.data.id;

    // docs/product.md §2/§7 Contracts: the buyer awards the tender from its details.
    await b.goto(`/buyer/tender/${tenderId}`);
    await b.getByRole('heading', { name: title }).waitFor();
    await b.getByRole('button', { name: 'Award', exact: true }).click();
    const dialog = b.getByRole('dialog', { name: 'Award tender' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Contract value (£)').inputValue()).toBe('48000');
    // validation next to the field
    await dialog.getByLabel('Contract value (£)').fill('12.345');
    await b.getByRole('button', { name: 'Send proposal' }).click();
    await dialog.getByText('Choose the supplier to award it to').waitFor();
    await dialog.getByText('Enter an amount in pounds, like 12500 or 12500.50').waitFor();
    await dialog.getByLabel('Supplier').fill('Pennine');
    // This click once timed out in a CI run (passed on its retry, never seen since): on a timeout,
    // say what the picker showed (searching, failed, no match, or other suppliers).
    await dialog
      .getByRole('button', { name: /Pennine Building Supplies Ltd/ })
      .click()
      .catch(async (err: Error) => {
        throw new Error(`${err.message}\nThe award dialog showed: ${await dialog.innerText().catch(() => '(gone)')}`);
      });
    await dialog.getByText('Pennine Building Supplies Ltd').waitFor();
    const itemSelect = dialog.getByLabel('Catalogue item');
    await expect.poll(async () => itemSelect.locator('option').count()).toBeGreaterThan(1);
    // the option reads "Title (£price)", with " · N% match" when matched to the tender
    const option = itemSelect.locator('option').nth(1);
    // its text and value read at one moment: as the match scores arrive the list can re-order (the
    // second option is then another item) and an option's text gains its " · N% match"
    const picked = await option.evaluate((o: HTMLOptionElement) => ({ text: o.textContent ?? '', value: o.value }));
    const itemLabel = picked.text.replace(/ · \d+% match$/, '');
    // by its value (the item's id), not its place or text
    await itemSelect.selectOption(picked.value);
    await dialog.getByLabel('Contract value (£)').fill('46500');
    await dialog.getByLabel('Terms').fill('30 days from delivery; beams delivered in two drops.');
    await shootDialog(b, 'deals-award-dialog');
    await dialog.getByRole('button', { name: 'Send proposal' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast(b, 'Tender awarded to Pennine Building Supplies Ltd');
    await b.getByRole('link', { name: 'View deal' }).waitFor(); // the tender is pending now

    // The buyer's Deals: the proposal, its value, and only the buyer's steps.
    await b.getByRole('link', { name: 'View deal' }).click();
    await b.waitForURL('**/buyer/deals');
    const bDeal = deal(b, title);
    await bDeal.waitFor();
    await bDeal.getByText('Proposed', { exact: true }).waitFor();
    expect(await bDeal.getByText('£46,500').count()).toBe(1);
    expect(await bDeal.getByText(itemLabel.replace(/ \(£[\d,.]+\)$/, '')).count()).toBe(1);
    expect(await bDeal.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    await bDeal.getByRole('button', { name: 'Cancel contract' }).waitFor();
    await shootBoth(b, 'deals-buyer');

    // docs/product.md §2: /supplier/contracts is the Deals screen; the supplier accepts the proposal.
    await s.goto('/supplier/contracts');
    await s.getByRole('heading', { name: 'Deals' }).waitFor();
    await s.getByRole('list', { name: 'Deals' }).waitFor();
    // While the next tab's deals load, the deals on screen stay as readable as before: the list was
    // once dimmed while it loaded, which took its muted labels below the 4.5:1 contrast they need.
    let releaseList = () => {};
    let listAsked = () => {};
    const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
    const asked = new Promise<void>((resolve) => (listAsked = resolve));
    await s.route('**/api/contract/user/**', async (route) => {
      listAsked();
      await listHeld;
      await route.continue();
    });
    await s.getByRole('tab', { name: /^Proposed/ }).click();
    await asked;
    await s.getByRole('list', { name: 'Deals' }).waitFor(); // the previous tab's deals, still shown
    await s.getByRole('status', { name: 'Loading deals' }).waitFor(); // and a line saying more are coming
    await s.waitForTimeout(300); // (a dimming faded in over 150 ms)
    expect(await a11yViolations(s)).toEqual([]);
    await shot(s, 'deals-supplier-loading-tab');
    releaseList(); // (the route stays: from now on it lets every request through at once)
    const sDeal = deal(s, title);
    await sDeal.waitFor();
    expect(await sDeal.getByRole('button', { name: 'Cancel contract' }).count()).toBe(0);
    await sDeal.getByRole('button', { name: 'Decline' }).waitFor();
    await shootBoth(s, 'deals-supplier-proposed');
    await sDeal.getByRole('button', { name: 'Accept' }).click();
    const accept = s.getByRole('dialog', { name: 'Accept this contract?' });
    await accept.waitFor();
    await shootDialog(s, 'deals-accept-confirm');
    await accept.getByRole('button', { name: 'Accept contract' }).click();
    await toast(s, 'Contract accepted');
    await s.getByRole('tab', { name: /^Active/ }).click();
    await deal(s, title).getByText('Active', { exact: true }).waitFor();
    expect(await deal(s, title).getByRole('button', { name: 'Accept' }).count()).toBe(0);

    // The buyer completes it (POST /api/tender/{id}/complete) and reviews the supplier.
    await b.reload();
    await deal(b, title).getByText('Active', { exact: true }).waitFor();
    await deal(b, title).getByRole('button', { name: 'Mark complete' }).click();
    const complete = b.getByRole('dialog', { name: 'Mark this contract complete?' });
    await complete.getByRole('button', { name: 'Mark complete' }).click();
    await toast(b, 'Contract fulfilled');
    await deal(b, title).getByText('Fulfilled', { exact: true }).waitFor();
    await deal(b, title).getByRole('button', { name: 'Leave a review' }).click();
    const bReview = b.getByRole('dialog', { name: 'Review Pennine Building Supplies Ltd' });
    await bReview.waitFor();
    await bReview.getByRole('button', { name: 'Post review' }).click();
    await bReview.getByText('Choose a rating from 1 to 5 stars').waitFor();
    await bReview.getByRole('radio', { name: '5 stars' }).check({ force: true });
    await bReview.getByLabel('Your review').fill(buyerReview);
    await shootDialog(b, 'deals-review-dialog');
    await bReview.getByRole('button', { name: 'Post review' }).click();
    await toast(b, 'Thank you, your review was posted');
    await deal(b, title).getByText('You reviewed this deal').waitFor();
    expect(await deal(b, title).getByRole('button', { name: 'Leave a review' }).count()).toBe(0);
    await b.getByRole('tab', { name: /^Fulfilled/ }).click();
    await deal(b, title).waitFor();
    await shootBoth(b, 'deals-buyer-fulfilled');

    // The supplier reviews the buyer once.
    await s.goto('/supplier/deals?status=fulfilled');
    await deal(s, title).getByRole('button', { name: 'Leave a review' }).click();
    const sReview = s.getByRole('dialog', { name: 'Review Northgate Developments Ltd' });
    await sReview.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await sReview.getByLabel('Your review').fill(supplierReview);
    await sReview.getByRole('button', { name: 'Post review' }).click();
    await toast(s, 'Thank you, your review was posted');
    await deal(s, title).getByText('You reviewed this deal').waitFor();

    // docs/product.md §2 Profile view: a supplier sees the buyer-profile layout, reached from the deal.
    await deal(s, title).getByRole('link', { name: 'Northgate Developments Ltd' }).click();
    await s.waitForURL('**/supplier/profile');
    await s.getByRole('heading', { name: 'Northgate Developments Ltd', level: 1 }).waitFor();
    expect(await s.getByRole('tab').allTextContents()).toEqual([
      'Company Overview',
      'Current Projects',
      'Past Projects',
      'Materials & Services',
      'Supplier Requirements',
      'Contact Information',
    ]);
    await s.getByText('Verified').first().waitFor();
    await s.getByText('North West').first().waitFor(); // region north-west prettified
    await s.getByText(supplierReview).waitFor();
    await shootBoth(s, 'profile-buyer-layout-full');
    await s.getByRole('tab', { name: 'Current Projects' }).click();
    await s.getByText('Ongoing', { exact: true }).waitFor();
    await s.getByText('planned', { exact: true }).waitFor(); // other statuses as given
    await shot(s, 'profile-buyer-layout-projects-desktop', { waitForToasts: true });
    await s.getByRole('tab', { name: 'Past Projects' }).click();
    expect(await s.getByText('Completed', { exact: true }).count()).toBe(2);
    await s.getByRole('tab', { name: 'Materials & Services' }).click();
    await s.getByText('Structural steel sections').waitFor();
    await s.getByRole('tab', { name: 'Supplier Requirements' }).click();
    await s.getByText('Fixed prices for 90 days').waitFor();
    await s.getByRole('tab', { name: 'Contact Information' }).click();
    await s.getByText('Bea Hughes').waitFor(); // counterparties see the contact details
    await shot(s, 'profile-buyer-layout-contact-desktop', { waitForToasts: true });

    // A buyer sees the supplier-profile layout, with the new review and the average.
    await b.getByRole('tab', { name: /^All/ }).click();
    await deal(b, title).getByRole('link', { name: 'Pennine Building Supplies Ltd' }).click();
    await b.waitForURL('**/buyer/profile');
    await b.getByRole('heading', { name: 'Pennine Building Supplies Ltd', level: 1 }).waitFor();
    expect(await b.getByRole('tab').allTextContents()).toEqual([
      'Company Overview',
      'Current Catalogue',
      'Delivery Locations',
      'Buyer Requirements',
      'Contact Information',
      'Related Documents',
      'Project Portfolio',
    ]);
    await b.getByText(buyerReview).waitFor();
    // the seeded review and this one (a retry also counts the first attempt's)
    expect(await b.getByTestId('rating-summary').textContent()).toContain(`(${reviewsBefore + 1} reviews)`);
    await b.getByRole('img', { name: 'Pennine Building Supplies Ltd logo' }).waitFor();
    await expect
      .poll(() =>
        b
          .getByRole('img', { name: 'Pennine Building Supplies Ltd logo' })
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await shootBoth(b, 'profile-supplier-layout-full');
    await b.getByRole('tab', { name: 'Current Catalogue' }).click();
    expect(await b.getByRole('table', { name: 'Current catalogue' }).getByRole('row').count()).toBeGreaterThan(1);
    await shot(b, 'profile-supplier-layout-catalogue-desktop', { waitForToasts: true });
    await b.getByRole('tab', { name: 'Delivery Locations' }).click();
    await b.getByText('Yorkshire and the Humber').waitFor();
    await b.getByRole('tab', { name: 'Related Documents' }).click();
    const [download] = await Promise.all([
      b.waitForEvent('download'),
      b.getByRole('button', { name: 'Download insurance-certificate.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('insurance-certificate.pdf');
    await b.getByRole('tab', { name: 'Project Portfolio' }).click();
    await b.getByText('MediaCity footbridge steelwork').waitFor();
    await shot(b, 'profile-supplier-layout-portfolio-desktop', { waitForToasts: true });

    // docs/product.md §8: a profile that fails to load: an error toast and 'No profile data available'.
    await openWithState(b, '/buyer/profile', { userId: '00000000-0000-4000-8000-000000000000' });
    await b.getByText('No profile data available').waitFor();
    await toast(b, 'Failed to load profile data. Please try again.');
    await shot(b, 'profile-load-error-desktop');

    expect(buyer.errors).toEqual([]);
    expect(supplier.errors).toEqual([]);
    await buyer.context.close();
    await supplier.context.close();
  }, 240_000);

  it('sparse profiles show Not specified / Not provided, and a buyer awards from Deals', async () => {
    const buyer = await newPage(browser);
    const core = await newPage(browser);
    const b = buyer.page;
    const c = core.page;
    await loginAs(b, 'buyer@brickyard.test');
    await loginAs(c, 'core-supplier@brickyard.test');

    const title = `Treated softwood battens for Bury terrace ${Date.now() % 100000}`;
    const second = await apiCall<{ data: { id: string } }>(b, 'POST', '/api/tender', {
      title,
      description: 'Supply 2,400 m of 25 x 50 mm treated softwood roofing battens to BS 5534.',
      category: 'timber',
      budget: 3200,
      deadline: isoDateInDays(30),
      status: 'active',
    });

    // The buyer awards from the Deals screen (choosing the tender there).
    await b.goto('/buyer/deals');
    await b.getByRole('heading', { name: 'Deals' }).waitFor();
    await b.getByRole('button', { name: 'Award a tender' }).first().click();
    const dialog = b.getByRole('dialog', { name: 'Award tender' });
    await dialog.getByLabel('Tender').selectOption({ label: title });
    expect(await dialog.getByLabel('Contract value (£)').inputValue()).toBe('3200');
    await dialog.getByLabel('Supplier').fill('Severn');
    await dialog.getByRole('button', { name: /Severn Timber & Fixings/ }).click();
    await b.getByRole('button', { name: 'Send proposal' }).click();
    await toast(b, 'Tender awarded to Severn Timber & Fixings');
    await deal(b, title).waitFor();

    // Empty supplier layout: the Core supplier keeps a sparse profile.
    await deal(b, title).getByRole('link', { name: 'Severn Timber & Fixings' }).click();
    await b.getByRole('heading', { name: 'Severn Timber & Fixings', level: 1 }).waitFor();
    await b.getByText('No reviews yet').first().waitFor();
    expect(await b.getByText('Not specified').count()).toBeGreaterThan(3);
    await shootBoth(b, 'profile-supplier-layout-empty');
    await b.getByRole('tab', { name: 'Delivery Locations' }).click();
    await b.getByText('No delivery locations specified.').waitFor();
    await b.getByRole('tab', { name: 'Related Documents' }).click();
    await b.getByText('No documents shared yet.').waitFor();
    await b.getByRole('tab', { name: 'Project Portfolio' }).click();
    await b.getByText('No portfolio projects added yet.').waitFor();
    await shot(b, 'profile-supplier-layout-empty-portfolio-desktop', { waitForToasts: true });

    // The supplier declines (with a reason); the tender opens again.
    await c.goto('/supplier/deals');
    await deal(c, title).getByRole('button', { name: 'Decline' }).click();
    const decline = c.getByRole('dialog', { name: 'Decline this proposal?' });
    await decline.getByLabel('Reason').fill('Battens are out of stock until next month.');
    await decline.getByRole('button', { name: 'Decline proposal' }).click();
    await toast(c, 'Proposal declined');
    await deal(c, title).getByText('Declined', { exact: true }).waitFor();
    await deal(c, title).getByText('Battens are out of stock until next month.').waitFor();
    expect(await deal(c, title).getByRole('button').count()).toBe(0);
    // docs/product.md §4: a declined award opens the tender again
    const reopened = await apiCall<{ data: { status: string; awardedSupplierId: string | null } }>(
      b,
      'GET',
      `/api/tender/${second.data.id}`,
    );
    expect(reopened.data).toMatchObject({ status: 'active', awardedSupplierId: null });

    // Empty buyer layout: with no navigation state the supplier sees their own sparse profile in it.
    await c.goto('/supplier/profile');
    await c.getByRole('heading', { name: 'Severn Timber & Fixings', level: 1 }).waitFor();
    expect(await c.getByRole('tab').count()).toBe(6);
    await c.getByRole('link', { name: 'Edit profile' }).waitFor();
    await shootBoth(c, 'profile-buyer-layout-empty');
    await c.getByRole('tab', { name: 'Current Projects' }).click();
    await c.getByText('No current projects listed.').waitFor();
    await c.getByRole('tab', { name: 'Materials & Services' }).click();
    await c.getByText('No required products listed.').waitFor();
    await shot(c, 'profile-buyer-layout-empty-materials-desktop', { waitForToasts: true });

    expect(buyer.errors).toEqual([]);
    expect(core.errors).toEqual([]);
    await buyer.context.close();
    await core.context.close();
  }, 240_000);
});
