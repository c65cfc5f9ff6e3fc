import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall as accountsApi, apiLogin, freshAccount } from './support/accounts.ts';
import { DESKTOP, MOBILE, launch, loginAs, newPage, screenshot, seenToast } from './support/browser.ts';
import { server } from './support/server.ts';

function pdf(title: string): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Title (${title}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function shootBoth(page: Page, name: string) {
  await page
    .locator('[data-sonner-toast]')
    .first()
    .waitFor({ state: 'detached', timeout: 8000 })
    .catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(150);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: MOBILE.height });
  await page.waitForTimeout(250);
  await screenshot(page, `${name}-mobile`);
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(100);
}

async function apiCall<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('Journey: tender responses', () => {
  it('a supplier responds with two catalogue lines and a document and asks; the buyer publishes the answer, opens the sealed responses after the deadline, compares three and awards; the winner sees the deal, the others their feedback', async () => {
    const buyer = await newPage(browser);
    const supplier = await newPage(browser);
    const core = await newPage(browser);
    const b = buyer.page;
    const s = supplier.page;
    const c = core.page;
    await loginAs(b, 'buyer@brickyard.test');
    await loginAs(s, 'supplier@brickyard.test');
    await loginAs(c, 'core-supplier@brickyard.test');

    const title = `Timber cladding for Ancoats mews ${Date.now() % 100000}`;
    const tender = await apiCall<{ data: { id: string; responseMode: string } }>(b, 'POST', '/api/tender', {
      title,
      description: 'Supply Siberian larch cladding boards and fixings for six mews houses, delivered in two drops.',
      category: 'timber',
      budget: 32000,
      quantity: 400,
      leadTime: 21,
      region: 'north-west',
      insurance: 'Public liability £5m',
      warrantyRequirement: true,
      deadline: inDays(20),
      status: 'active',
    });
    const id = tender.data.id;
    expect(tender.data.responseMode).toBe('sealed');

    // The supplier's catalogue: the two items the response is priced from.
    const stamp = Date.now() % 100000;
    const boards = `Siberian larch cladding board 20x145 ${stamp}`;
    const nails = `Stainless ring-shank cladding nails ${stamp}`;
    for (const item of [
      { title: boards, value: 68.5, leadTime: 14, quantity: 2000 },
      { title: nails, value: 46, leadTime: 5 },
    ]) {
      await apiCall(s, 'POST', '/api/catalogue', {
        description: 'Cladding supply from our Rochdale yard, delivered on our own vehicles.',
        category: 'timber',
        region: 'north-west',
        deliveryLocations: ['north-west'],
        ...item,
      });
    }

    // The supplier responds on the page: two catalogue lines, a document, the requirements.
    await s.goto(`/supplier/tender/${id}`);
    await s.getByRole('heading', { name: title }).waitFor();
    await s.getByRole('button', { name: 'Submit a response' }).click();
    const form = s.getByRole('form', { name: 'Your response' });
    await form.waitFor();
    // the options read "title — price"
    await form.getByLabel('Add from your catalogue').selectOption({ label: `${boards} — £68.50` });
    await form.getByLabel('Add from your catalogue').selectOption({ label: `${nails} — £46` });
    await form.getByLabel('Quantity').nth(1).fill('10');
    await form.getByLabel('Unit', { exact: true }).first().fill('m²');
    await expect.poll(() => s.getByTestId('response-total').textContent()).toBe('£27,860');
    await expect.poll(() => form.getByLabel('Lead time (days)').inputValue()).toBe('14');
    await form.getByLabel('Your answer: Warranty').selectOption('meets');
    await form.getByLabel('Your answer: Insurance').selectOption('meets');
    await form.getByLabel('Covering note').fill('Boards are FSC certified and pre-treated.');
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: 'method-statement.pdf', mimeType: 'application/pdf', buffer: pdf('method') });
    await form.getByRole('button', { name: 'Download method-statement.pdf' }).waitFor();
    await shootBoth(s, 'responses-supplier-form');
    await form.getByRole('button', { name: 'Submit response' }).click();
    await seenToast(s, 'Response submitted');
    await s.getByRole('button', { name: 'Change response' }).waitFor();

    // A question before the question deadline.
    await s.getByRole('tab', { name: 'Questions' }).click();
    await s.getByLabel('Ask the buyer a question').fill('Can the boards be delivered pre-finished in silver grey?');
    await s.getByRole('button', { name: 'Send question' }).click();
    await seenToast(s, 'Question sent to the buyer');

    // Sealed: the buyer sees the count only, and it rises live as the other two bids arrive.
    await b.goto(`/buyer/tender/${id}?tab=responses`);
    await b.getByText('1 response received — sealed').waitFor();
    await apiCall(c, 'POST', `/api/tender/${id}/responses`, {
      lines: [{ description: 'Larch cladding', quantity: 400, unitPrice: 79 }],
      leadTimeDays: 28,
      validityDays: 60,
      requirementAnswers: [
        { requirement: 'warranty', answer: 'meets' },
        { requirement: 'insurance', answer: 'does_not', comment: '£2m only' },
      ],
      status: 'submitted',
    });
    const third = await freshAccount({
      role: 'supplier',
      firstName: 'Tom',
      lastName: 'Reid',
      companyName: 'Mersey Cladding',
    });
    const thirdToken = (await apiLogin(third.email, third.password)).token;
    await accountsApi(`/api/tender/${id}/responses`, {
      method: 'POST',
      token: thirdToken,
      body: {
        lines: [{ description: 'Larch cladding, fixings included', quantity: 400, unitPrice: 82.5 }],
        leadTimeDays: 18,
        validityDays: 90,
        requirementAnswers: [
          { requirement: 'warranty', answer: 'partly', comment: '5 years' },
          { requirement: 'insurance', answer: 'meets' },
        ],
        status: 'submitted',
      },
    });
    await b.getByText('3 responses received — sealed').waitFor({ timeout: 20_000 });
    expect(await b.getByRole('table', { name: 'Compare responses' }).count()).toBe(0);
    await shootBoth(b, 'responses-buyer-sealed-live');

    // The buyer publishes the answer; the other bidders see it without the asker's name.
    await b.getByRole('tab', { name: 'Questions' }).click();
    await b.getByText('Can the boards be delivered pre-finished in silver grey?').waitFor();
    await b.getByLabel('Your answer').fill('Yes: price it as an option in your note.');
    await b.getByLabel(/Publish to every supplier/).check();
    await b.getByRole('button', { name: 'Publish answer' }).click();
    await seenToast(b, 'Answer published to every supplier');
    await c.goto(`/supplier/tender/${id}?tab=questions`);
    await c.getByText('Yes: price it as an option in your note.').waitFor();
    expect(await c.getByText('Pennine Building Supplies Ltd').count()).toBe(0);

    // The deadline passes: the responses open, three side by side.
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    await db.query(`update tenders set deadline = now() - interval '1 minute' where id = $1`, [id]);
    await db.end();
    await b.goto(`/buyer/tender/${id}?tab=responses`);
    const table = b.getByRole('table', { name: 'Compare responses' });
    await table.waitFor();
    await table.getByText('Pennine Building Supplies Ltd').waitFor();
    await table.getByText('Severn Timber & Fixings').waitFor();
    await table.getByText(third.companyName).waitFor();
    expect(await b.getByTestId('compare-total').allTextContents()).toEqual([
      expect.stringContaining('£27,860'),
      expect.stringContaining('£31,600'),
      expect.stringContaining('£33,000'),
    ]);
    await table.getByText('£68.50 / m² × 400 = £27,400').waitFor();
    await table.getByText('7 days over the 21 asked').waitFor();
    await b.getByRole('button', { name: 'Download method-statement.pdf' }).waitFor();
    await b.getByLabel('Sort by').selectOption('leadTime');
    await expect.poll(async () => (await b.getByTestId('compare-total').allTextContents())[0]).toContain('£27,860');
    await b.getByLabel(`Private note on ${third.companyName}`).fill('Fastest after Pennine; warranty only 5 years');
    await b.getByRole('button', { name: 'Save note' }).click();
    await seenToast(b, 'Note saved');
    await b.getByRole('button', { name: 'Shortlist Pennine Building Supplies Ltd' }).click();
    await b.getByRole('button', { name: 'Shortlisted Pennine Building Supplies Ltd', pressed: true }).waitFor();
    const [pdfDownload] = await Promise.all([
      b.waitForEvent('download'),
      b.getByRole('button', { name: 'Export PDF' }).click(),
    ]);
    expect(pdfDownload.suggestedFilename()).toMatch(/^tender-.*-responses\.pdf$/);
    await shootBoth(b, 'responses-buyer-compare');

    // Award.
    await b.getByRole('button', { name: 'Award to Pennine Building Supplies Ltd' }).click();
    const dialog = b.getByRole('dialog');
    await dialog.getByLabel('Contract terms').fill('30 days from delivery');
    await dialog.getByRole('button', { name: 'Award and propose the contract' }).click();
    await seenToast(b, 'Tender awarded');
    await b.getByRole('table', { name: 'Compare responses' }).getByText('Awarded').first().waitFor();

    // An unsuccessful bidder: My responses and the feedback on the tender.
    await c.goto('/supplier/responses');
    await c.getByRole('heading', { name: 'My responses' }).waitFor();
    const row = c.getByRole('row', { name: new RegExp(title) });
    await row.getByText('Unsuccessful').waitFor();
    await row.getByText('Ranked 2 of 3').waitFor();
    await shootBoth(c, 'responses-my-responses');
    await row.getByRole('link', { name: title }).click();
    await c.getByRole('tab', { name: 'Your response' }).click();
    await c.getByText(/ranked 2 of 3, £3,740 above the winning response/).waitFor();
    await c.getByText(/Requirements not fully met: Insurance/).waitFor();
    await shootBoth(c, 'responses-supplier-outcome');

    // The winner sees it, and the contract in Deals.
    await s.goto(`/supplier/tender/${id}?tab=response`);
    await s.getByText('You won this tender').waitFor();
    await s.goto('/supplier/deals');
    await s.getByText(title).first().waitFor();
    await shootBoth(s, 'responses-winner-deals');

    expect([...buyer.errors, ...supplier.errors, ...core.errors]).toEqual([]);
  });

  it("Prefill with Bid Assist fills the form from the supplier's catalogue, and a price changed since shows in the next prefill", async () => {
    const account = await freshAccount({
      role: 'supplier',
      firstName: 'Priya',
      lastName: 'Shah',
      companyName: 'Calder Timber',
    });
    const buyer = await newPage(browser);
    const supplier = await newPage(browser);
    await loginAs(buyer.page, 'buyer@brickyard.test');
    await loginAs(supplier.page, account.email, account.password);
    const s = supplier.page;
    const title = `Larch cladding boards for a school ${Date.now() % 100000}`;
    const t = await apiCall<{ data: { id: string } }>(buyer.page, 'POST', '/api/tender', {
      title,
      description: 'Supply Siberian larch cladding boards for a primary school extension.',
      category: 'timber',
      quantity: 300,
      deadline: inDays(15),
      status: 'active',
    });
    const board = `Siberian larch cladding board 20x145 ${Date.now() % 100000}`;
    const item = await apiCall<{ data: { id: string } }>(s, 'POST', '/api/catalogue', {
      title: board,
      description: 'Siberian larch cladding boards, kiln dried, delivered from our yard.',
      category: 'timber',
      value: 12.5,
      leadTime: 9,
    });

    await s.goto(`/supplier/tender/${t.data.id}`);
    await s.getByRole('heading', { name: title }).waitFor();
    await s.getByRole('button', { name: 'Submit a response' }).click();
    const form = s.getByRole('form', { name: 'Your response' });
    await form.getByRole('button', { name: 'Prefill with Bid Assist' }).click();
    await form.getByText(/^Filled from your catalogue and profile: 1 line/).waitFor();
    // the item priced from the catalogue, at the tender's quantity, with its lead time
    await expect.poll(() => s.getByTestId('response-total').textContent()).toBe('£3,750');
    await expect.poll(() => form.getByLabel('Lead time (days)').inputValue()).toBe('9');
    await shootBoth(s, 'responses-supplier-prefill');

    await apiCall(s, 'PUT', `/api/catalogue/${item.data.id}`, { value: 13 });
    await form.getByRole('button', { name: 'Prefill with Bid Assist' }).click();
    await expect.poll(() => s.getByTestId('response-total').textContent()).toBe('£3,900');
    expect([...buyer.errors, ...supplier.errors]).toEqual([]);
  });

  it('sealed: the buyer sees only how many responses arrived before the deadline', async () => {
    const buyer = await newPage(browser);
    const supplier = await newPage(browser);
    await loginAs(buyer.page, 'buyer@brickyard.test');
    await loginAs(supplier.page, 'supplier@brickyard.test');
    const title = `Sealed bid for scaffold hire ${Date.now() % 100000}`;
    const t = await apiCall<{ data: { id: string } }>(buyer.page, 'POST', '/api/tender', {
      title,
      description: 'Scaffold hire for twelve weeks for a four-storey refurbishment in Salford.',
      category: 'timber',
      deadline: inDays(10),
      status: 'active',
    });
    await apiCall(supplier.page, 'POST', `/api/tender/${t.data.id}/responses`, {
      lines: [{ description: 'Scaffold hire, 12 weeks', quantity: 1, unitPrice: 18400 }],
      leadTimeDays: 7,
      validityDays: 30,
      status: 'submitted',
    });
    await buyer.page.goto(`/buyer/tender/${t.data.id}?tab=responses`);
    await buyer.page.getByText('1 response received — sealed').waitFor();
    expect(await buyer.page.getByRole('table', { name: 'Compare responses' }).count()).toBe(0);
    await shootBoth(buyer.page, 'responses-buyer-sealed');
    expect([...buyer.errors, ...supplier.errors]).toEqual([]);
  });
});
