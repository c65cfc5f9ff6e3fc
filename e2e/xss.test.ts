import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, freshAccount, type FreshAccount } from './support/accounts.ts';
import { launch, loginAs, newPage, openWithState, screenshot } from './support/browser.ts';

/**
 * docs/reliability.md "user text rendered safely everywhere": an XSS payload in every free-text field a user
 * can fill — names, company, tender and catalogue fields, profile, portfolio, projects, messages,
 * bid-assist requests — then every screen that shows them, in the browser. Each screen must show
 * the payload as text, with no element it tried to inject and nothing it tried to run. (The CSP
 * would stop the scripts in any case, so the test looks for injected elements, which it would not.)
 */
const MARK = 'xss-probe';
const payload = (field: string) => `${MARK} ${field} <img src=x onerror=__xss=1><script>__xss=2</script>`;

let browser: Browser;
let buyer: FreshAccount;
let supplier: FreshAccount;
let tenderId: string;
let itemId: string;
let conversationId: string;

beforeAll(async () => {
  browser = await launch();
  // Names and company names carry the payload too (they show on cards, threads and the admin list).
  buyer = await freshAccount({
    role: 'buyer',
    firstName: 'Xena',
    lastName: payload('surname'),
    companyName: payload('buyer co'),
  });
  supplier = await freshAccount({
    role: 'supplier',
    firstName: 'Sid',
    lastName: payload('surname'),
    companyName: payload('supplier co'),
  });
  const b = (await apiLogin(buyer.email, buyer.password)).token;
  const s = (await apiLogin(supplier.email, supplier.password)).token;
  const deadline = new Date(Date.now() + 5 * 86_400_000).toISOString();

  tenderId = (
    await apiCall<{ data: { id: string } }>('/api/tender', {
      method: 'POST',
      token: b,
      body: {
        title: payload('tender title'),
        description: payload('tender description'),
        specifications: payload('tender specifications'),
        category: 'timber',
        budget: 12000,
        quantity: 40,
        region: 'north-west',
        deadline,
        paymentTerms: payload('payment terms'),
        insurance: payload('insurance'),
        supplierType: payload('supplier type'),
        requiredCertifications: [payload('certification')],
        qualityStandards: [payload('standard')],
        status: 'active',
      },
    })
  ).data.id;

  itemId = (
    await apiCall<{ data: { id: string } }>('/api/catalogue', {
      method: 'POST',
      token: s,
      body: {
        title: payload('item title'),
        description: payload('item description'),
        specifications: payload('item specifications'),
        category: 'timber',
        value: 240,
        quantity: 500,
        leadTime: 3,
        region: 'north-west',
        paymentTerms: payload('item payment terms'),
        insurance: payload('item insurance'),
        supplierType: payload('item supplier type'),
        certifications: [payload('item certification')],
        deliveryLocations: ['north-west'],
      },
    })
  ).data.id;

  await apiCall('/api/settings/profile', {
    method: 'PUT',
    token: s,
    body: {
      companyDescription: payload('company description'),
      certifications: [payload('profile certification')],
      qualityStandards: [payload('profile standard')],
      paymentTerms: payload('profile payment terms'),
      warrantyOffered: payload('warranty'),
      rebate: payload('rebate'),
      industry: payload('industry'),
      specialization: payload('specialization'),
      companySize: '11-50',
    },
  });
  await apiCall('/api/portfolio', {
    method: 'POST',
    token: s,
    body: {
      title: payload('portfolio title'),
      description: payload('portfolio description'),
      client: payload('client'),
    },
  });
  await apiCall('/api/settings/projects', {
    method: 'POST',
    token: s,
    body: {
      name: payload('project name'),
      description: payload('project description'),
      location: payload('project location'),
    },
  });
  await apiCall('/api/settings/profile', {
    method: 'PUT',
    token: b,
    body: {
      companyDescription: payload('buyer description'),
      materialsNeeded: {
        requiredProducts: [
          {
            name: payload('product'),
            description: payload('product description'),
            quantity: payload('qty').slice(0, 100),
          },
        ],
        sustainabilityFocus: payload('sustainability'),
        futureTender: payload('future tender'),
      },
    },
  });

  await apiCall('/api/settings/projects', {
    method: 'POST',
    token: b,
    body: {
      name: payload('buyer project'),
      description: payload('buyer project description'),
      location: payload('buyer project location'),
    },
  });

  const sent = await apiCall<{ data: { conversationId: string } }>('/api/sendMessage', {
    method: 'POST',
    token: b,
    body: { recipientId: supplier.id, text: payload('message') },
  });
  conversationId = sent.data.conversationId;
  await apiCall('/api/bid-assist', {
    method: 'POST',
    token: s,
    body: { tenderId, message: payload('bid assist request'), deadline: deadline.slice(0, 10) },
  });
});
afterAll(async () => {
  await browser?.close();
});

/** The screen shows the payload as text, and holds nothing it tried to inject or run. */
async function inert(page: Page, where: string, opts: { shows?: string } = {}) {
  const shown = page.getByText(opts.shows ? `${MARK} ${opts.shows}` : MARK).first();
  try {
    await shown.waitFor({ timeout: 20_000 });
  } catch (err) {
    await screenshot(page, `xss-missing-${where.replace(/\W+/g, '-')}`);
    throw new Error(`${where}: the payload text never showed`, { cause: err });
  }
  await page.waitForTimeout(300); // let late-rendering parts (panels, lists) arrive too
  const injected = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: number }).__xss ?? null,
    images: document.querySelectorAll('img[src="x"]').length,
    handlers: document.querySelectorAll('[onerror]').length,
    inlineScripts: [...document.querySelectorAll('script')].filter((s) => !s.src && s.type !== 'application/ld+json')
      .length,
  }));
  expect(injected, where).toEqual({ xss: null, images: 0, handlers: 0, inlineScripts: 0 });
}

/** Every one of `fields` shows on the screen as text. */
async function showsAll(page: Page, where: string, fields: string[]) {
  for (const field of fields) {
    try {
      await page.getByText(`${MARK} ${field}`).first().waitFor({ timeout: 10_000 });
    } catch {
      await screenshot(page, `xss-missing-${where.replace(/\W+/g, '-')}`);
      throw new Error(`${where}: "${field}" never showed`);
    }
  }
}

describe('an XSS payload in every free-text field is shown as text on every screen', () => {
  it('buyer screens: tenders, tender detail, messages, own profile, the supplier’s profile, dashboard', async () => {
    const { page, errors, context } = await newPage(browser);
    await loginAs(page, buyer.email, buyer.password);
    await page.goto('/buyer/tenders');
    await inert(page, 'buyer tenders', { shows: 'tender title' });
    await page.goto(`/buyer/tender/${tenderId}`);
    await inert(page, 'buyer tender detail', { shows: 'tender specifications' });
    await showsAll(page, 'buyer tender detail', [
      'tender description',
      'payment terms',
      'insurance',
      'supplier type',
      'certification',
      'standard',
    ]);
    await page.goto(`/buyer/messages?conversation=${conversationId}`);
    await inert(page, 'buyer messages', { shows: 'message' });
    await page.goto('/buyer/profile');
    await inert(page, 'buyer own profile', { shows: 'buyer description' });
    // The supplier's profile, opened the way Connect and the deal cards open it (navigation state).
    await openWithState(page, '/buyer/profile', { userId: supplier.id });
    await inert(page, 'supplier profile seen by the buyer', { shows: 'company description' });
    await showsAll(page, 'supplier profile seen by the buyer', ['profile certification', 'warranty', 'rebate']);
    await page.getByRole('tab', { name: 'Current Catalogue' }).click();
    await showsAll(page, 'supplier profile: catalogue tab', ['item title']);
    await page.getByRole('tab', { name: 'Project Portfolio' }).click();
    await showsAll(page, 'supplier profile: portfolio tab', ['portfolio title', 'portfolio description', 'client']);
    await inert(page, 'supplier profile tabs seen by the buyer');
    await page.goto('/buyer');
    await inert(page, 'buyer dashboard', { shows: 'tender title' });
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('supplier screens: catalogue, item detail, the tender, bid assist, own profile, messages, the buyer’s profile', async () => {
    const { page, errors, context } = await newPage(browser);
    await loginAs(page, supplier.email, supplier.password);
    await page.goto('/supplier/catalogue');
    await inert(page, 'supplier catalogue', { shows: 'item title' });
    await page.goto(`/supplier/catalogue/${itemId}`);
    await inert(page, 'catalogue item detail', { shows: 'item specifications' });
    await showsAll(page, 'catalogue item detail', ['item description', 'item payment terms', 'item certification']);
    await page.goto(`/supplier/tender/${tenderId}`);
    await inert(page, 'tender seen by the supplier', { shows: 'tender description' });
    await page.goto('/supplier/bid-assist');
    await inert(page, 'bid assist', { shows: 'tender title' });
    await page.goto('/supplier/profile');
    await inert(page, 'supplier own profile', { shows: 'specialization' });
    await page.goto(`/supplier/messages?conversation=${conversationId}`);
    await inert(page, 'supplier messages', { shows: 'message' });
    // The buyer's profile as a supplier sees it (from a tender or a thread: navigation state).
    await openWithState(page, '/supplier/profile', { userId: buyer.id });
    await inert(page, 'buyer profile seen by the supplier', { shows: 'buyer description' });
    await page.getByRole('tab', { name: 'Current Projects' }).click();
    await showsAll(page, 'buyer profile: current projects', ['buyer project', 'buyer project description']);
    await page.getByRole('tab', { name: 'Materials & Services' }).click();
    await showsAll(page, 'buyer profile: materials', ['product', 'sustainability', 'future tender']);
    await inert(page, 'buyer profile tabs seen by the supplier');
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('admin screens: the user list and the bid-assist queue', async () => {
    const { page, errors, context } = await newPage(browser);
    await loginAs(page, 'admin@brickyard.test');
    await page.goto(`/admin/users?q=${MARK}`);
    await inert(page, 'admin users', { shows: 'supplier co' });
    await page.goto('/admin/dashboard');
    await inert(page, 'admin dashboard (bid-assist queue)', { shows: 'tender title' });
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });
});
