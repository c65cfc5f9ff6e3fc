import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, launch, loginAs, newPage, screenshot, seenToast } from './support/browser.ts';

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

describe('Issue 17 journey: tender responses', () => {
  it('a supplier responds, asks a question; the buyer compares, publishes an answer and awards; the other bidder hears the outcome', async () => {
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
    const tender = await apiCall<{ data: { id: string } }>(b, 'POST', '/api/tender', {
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
      responseMode: 'open',
      status: 'active',
    });
    const id = tender.data.id;

    // The supplier opens the tender and submits a response from the page.
    await s.goto(`/supplier/tender/${id}`);
    await s.getByRole('heading', { name: title }).waitFor();
    await s.getByRole('button', { name: 'Submit a response' }).click();
    const form = s.getByRole('form', { name: 'Your response' });
    await form.waitFor();
    await form.getByLabel('Line 1 description').fill('Siberian larch cladding board 20x145');
    await form.getByLabel('Quantity').first().fill('400');
    await form.getByLabel('Unit', { exact: true }).first().fill('m²');
    await form.getByLabel('Unit price (£)').first().fill('68.50');
    await form.getByRole('button', { name: 'Add a line' }).click();
    await form.getByLabel('Line 2 description').fill('Stainless ring-shank nails, delivery in two drops');
    await form.getByLabel('Unit price (£)').nth(1).fill('1150');
    await expect.poll(() => s.getByTestId('response-total').textContent()).toBe('£28,550');
    await form.getByLabel('Lead time (days)').fill('14');
    await form.getByLabel('Your answer: Warranty').selectOption('meets');
    await form.getByLabel('Your answer: Insurance').selectOption('meets');
    await form.getByLabel('Covering note').fill('Boards are FSC certified and pre-treated.');
    await shootBoth(s, 'responses-supplier-form');
    await form.getByRole('button', { name: 'Submit response' }).click();
    await seenToast(s, 'Response submitted');
    await s.getByText('Submitted', { exact: true }).first().waitFor();
    await s.getByRole('button', { name: 'Change response' }).waitFor();

    // A question before the question deadline.
    await s.getByRole('tab', { name: 'Questions' }).click();
    await s.getByLabel('Ask the buyer a question').fill('Can the boards be delivered pre-finished in silver grey?');
    await s.getByRole('button', { name: 'Send question' }).click();
    await seenToast(s, 'Question sent to the buyer');

    // A second bidder (set up through the API): dearer, and missing the insurance.
    await apiCall(c, 'POST', `/api/tender/${id}/responses`, {
      lines: [{ description: 'Larch cladding', quantity: 400, unitPrice: 79 }],
      leadTimeDays: 28,
      validityDays: 60,
      note: '',
      requirementAnswers: [
        { requirement: 'warranty', answer: 'meets' },
        { requirement: 'insurance', answer: 'does_not', comment: '£2m only' },
      ],
      status: 'submitted',
    });

    // The buyer compares the responses side by side.
    await b.goto(`/buyer/tender/${id}?tab=responses`);
    const table = b.getByRole('table', { name: 'Compare responses' });
    await table.waitFor();
    await table.getByText('Pennine Building Supplies Ltd').waitFor();
    await table.getByText('Severn Timber & Fixings').waitFor();
    await table.getByText('£28,550', { exact: true }).waitFor();
    await table.getByText('£31,600', { exact: true }).waitFor();
    await table.getByText('7 days over the 21 asked').waitFor();
    await b.getByRole('button', { name: 'Shortlist Pennine Building Supplies Ltd' }).click();
    await b.getByRole('button', { name: 'Shortlisted Pennine Building Supplies Ltd', pressed: true }).waitFor();
    await shootBoth(b, 'responses-buyer-compare');

    // The buyer publishes the answer to the question.
    await b.getByRole('tab', { name: 'Questions' }).click();
    await b.getByText('Can the boards be delivered pre-finished in silver grey?').waitFor();
    await b.getByLabel('Your answer').fill('Yes: price it as an option in your note.');
    await b.getByLabel(/Publish to every supplier/).check();
    await b.getByRole('button', { name: 'Publish answer' }).click();
    await seenToast(b, 'Answer published to every responding supplier');

    // The other bidder sees the published answer without the asker's name.
    await c.goto(`/supplier/tender/${id}?tab=questions`);
    await c.getByText('Yes: price it as an option in your note.').waitFor();
    expect(await c.getByText('Pennine Building Supplies Ltd').count()).toBe(0);

    // Award.
    await b.getByRole('tab', { name: /Responses/ }).click();
    await b.getByRole('button', { name: 'Award to Pennine Building Supplies Ltd' }).click();
    const dialog = b.getByRole('dialog');
    await dialog.getByLabel('Contract terms').fill('30 days from delivery');
    await dialog.getByRole('button', { name: 'Award and propose the contract' }).click();
    await seenToast(b, 'Tender awarded');
    await b.getByRole('table', { name: 'Compare responses' }).getByText('Awarded').first().waitFor();

    // The unsuccessful bidder: My responses and the feedback on the tender.
    await c.goto('/supplier/responses');
    await c.getByRole('heading', { name: 'My responses' }).waitFor();
    const row = c.getByRole('row', { name: new RegExp(title) });
    await row.getByText('Unsuccessful').waitFor();
    await row.getByText('Ranked 2 of 2').waitFor();
    await shootBoth(c, 'responses-my-responses');
    await row.getByRole('link', { name: title }).click();
    await c.getByRole('tab', { name: 'Your response' }).click();
    await c.getByText(/ranked 2 of 2, £3,050 above the winning response/).waitFor();
    await c.getByText(/Requirements not fully met: Insurance/).waitFor();
    await shootBoth(c, 'responses-supplier-outcome');

    // The winner sees it too.
    await s.goto(`/supplier/tender/${id}?tab=response`);
    await s.getByText('You won this tender').waitFor();

    expect([...buyer.errors, ...supplier.errors, ...core.errors]).toEqual([]);
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
