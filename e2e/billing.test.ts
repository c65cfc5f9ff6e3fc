import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  DESKTOP,
  MOBILE,
  a11yViolations,
  baseURL,
  latestMail,
  launch,
  linkFrom,
  loginAs,
  newPage,
  shot,
} from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SUBSCRIPTION_TOAST = 'You need an active subscription to access this feature. Please go to Settings > Billing';
/** Server answers can take a few seconds on a busy 2-core machine. */
const POLL = { timeout: 15_000 };
const PROMO = 'Save 30% on your first month with the code EARLYBIRD';

/** A journey's page (support/browser.ts newPage) in a context that ignores the server's CSP. */
const newAuditedPage = (viewport = DESKTOP) => newPage(browser, viewport, { bypassCSP: true });

/** Serious and critical axe-core violations of the page (the shared scan, one run at a time per page). */
async function axeViolations(page: Page): Promise<string[]> {
  return a11yViolations(page);
}

async function shootBoth(page: Page, name: string) {
  await shot(page, `${name}-desktop`);
  await page.setViewportSize(MOBILE);
  await page.waitForTimeout(200);
  await shot(page, `${name}-mobile`);
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(100);
}

/**
 * The demo password of core-supplier@ — unless the foundation journey (forgot password) changed it
 * earlier in the same run; asked of the API so the browser session starts clean.
 */
async function corePassword(): Promise<string> {
  for (const password of [DEMO_PASSWORD, 'Timber-and-fixings-9']) {
    const res = await fetch(`${baseURL()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'core-supplier@brickyard.test', password }),
    });
    if (res.ok) return password;
  }
  throw new Error('core-supplier@brickyard.test: no known password works');
}

describe('Journeys: subscriptions and billing (docs/product.md §§2, 3, 4, 7, 8, 9)', () => {
  it('Growth yearly on the supplier landing → register → verify → approved → billing preselected → EARLYBIRD → dashboard; then plan, promo, invoice PDF, changes, cancel/resume, details', async () => {
    const email = `billing-${Date.now()}@example.test`;
    const password = 'Joists-and-beams-2026';
    const { page, context, errors } = await newAuditedPage();

    // §2 pricing block on /supplierLanding: promo banner, yearly prices, choose Growth yearly
    await page.goto('/supplierLanding');
    const pricing = page.locator('#pricing');
    await pricing.scrollIntoViewIfNeeded();
    expect((await pricing.getByTestId('promo-banner').innerText()).trim()).toBe(PROMO);
    await pricing.getByRole('group', { name: 'Billing cycle' }).getByRole('button', { name: 'Yearly' }).click();
    expect(await pricing.getByTestId('price-CORE').innerText()).toContain('£1,609.20');
    expect(await pricing.getByTestId('price-GROWTH').innerText()).toContain('£3,229.20');
    await pricing
      .locator('[data-plan="GROWTH"]')
      .getByRole('link', { name: /^Choose Growth/ })
      .click();
    await page.waitForURL('**/register?plan=GROWTH&role=supplier&cycle=yearly');

    // register with the query, then confirm the address from the mail
    await page.getByLabel('First name').fill('Nia');
    await page.getByLabel('Last name').fill('Evans');
    await page.getByLabel('Company name').fill('Evans Joinery Ltd');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page
      .getByText(/check your email/i)
      .first()
      .waitFor();
    const mail = await latestMail(email, /confirm/i);
    const verify = new URL(linkFrom(mail.text, '/verify-email'));
    await page.goto(verify.pathname + verify.search);
    await page
      .getByText(/email address is confirmed/i)
      .first()
      .waitFor();

    // admin@ approves the account on /admin/users
    const admin = await newPage(browser);
    await loginAs(admin.page, 'admin@brickyard.test');
    await admin.page.waitForURL('**/admin/dashboard');
    await admin.page.goto('/admin/users');
    const row = admin.page
      .getByRole('row', { name: new RegExp(email) })
      .or(admin.page.locator('li, article').filter({ hasText: email }));
    await row.getByRole('button', { name: 'Approve' }).first().click();
    await latestMail(email, /approved/i);
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    // The browser's remembered cycle says monthly; the choice kept on the account (Growth, yearly) wins.
    await page.evaluate(() => localStorage.setItem('billingCycle', 'monthly'));

    // §4: approved without a subscription → billing, with the §8 toast, Growth yearly preselected
    await loginAs(page, email, password);
    await page.waitForURL('**/supplier/settings/billing');
    await page.getByText(SUBSCRIPTION_TOAST).first().waitFor();
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    const plans = page.getByRole('list', { name: 'Plans' });
    expect(await plans.locator('[data-plan="GROWTH"]').getAttribute('data-selected')).toBe('true');
    expect(await plans.locator('[data-plan="CORE"]').getAttribute('data-selected')).toBeNull();
    expect(await plans.getByRole('button', { name: 'Growth selected' }).count()).toBe(1);
    expect(await plans.getByRole('button', { name: 'Select Core' }).count()).toBe(1);
    const cycle = page.getByRole('group', { name: 'Billing cycle' });
    expect(await cycle.getByRole('button', { name: 'Yearly' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByText('Growth, billed yearly, as you chose when you signed up').count()).toBe(1);
    expect((await page.getByTestId('promo-banner').innerText()).trim()).toBe(PROMO);
    expect(await plans.getByTestId('price-CORE').innerText()).toContain('£1,609.20');
    expect(await plans.getByTestId('price-GROWTH').innerText()).toContain('£3,229.20');
    expect(
      await plans.locator('[data-plan="PARTNER"]').getByRole('link', { name: 'Book a meeting' }).getAttribute('href'),
    ).toMatch(/^mailto:/);
    expect(await page.getByText('No invoices yet').count()).toBe(1);
    await page.waitForLoadState('networkidle');
    await shootBoth(page, 'billing-unsubscribed');
    expect(await axeViolations(page)).toEqual([]);

    // an unknown code: the API's 400 message next to the field
    const promoField = page.getByLabel('Promo code');
    await promoField.fill('SPRING24');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => promoField.getAttribute('aria-invalid'), POLL).toBe('true');
    const describedBy = await promoField.getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy}`).innerText()).toBe('The promo code SPRING24 is not valid');
    expect(await page.evaluate(() => localStorage.getItem('hasActiveSubscription'))).toBe('false');
    await shot(page, 'billing-promo-error-desktop');

    // EARLYBIRD: 30% off the first month's share of the year: £3,229.20 − £80.73 = £3,148.47 + VAT £629.69
    await promoField.fill('EARLYBIRD');
    expect(await page.locator(`#${describedBy}`).count()).toBe(0);
    const summary = page
      .getByRole('heading', { name: 'Order summary' })
      .locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
    await expect.poll(() => summary.innerText(), POLL).toMatch(/EARLYBIRD: 30% off the first month\s*−£80\.73/);
    expect(await summary.innerText()).toMatch(/Due today\s*£3,778\.16/);
    await page.getByRole('button', { name: 'Subscribe' }).click();

    // §3: the session's hasActiveSubscription turns true and the dashboard opens
    await page.waitForURL((u) => u.pathname === '/supplier');
    expect(
      await page.evaluate(() => [localStorage.getItem('approved'), localStorage.getItem('hasActiveSubscription')]),
    ).toEqual(['true', 'true']);

    // the billing page now shows Growth yearly, the promo and the first invoice with its PDF
    await page.goto('/supplier/settings/billing');
    const current = page.getByTestId('current-plan');
    await current.waitFor();
    const currentText = await current.innerText();
    expect(currentText).toContain('Growth · Yearly');
    expect(currentText).toContain('Active');
    expect(currentText).toMatch(/Price paid this period\s*£3,148\.47/);
    expect(currentText).toMatch(/Promo applied\s*EARLYBIRD · 30% off the first month/);
    expect(currentText).toMatch(/Renewal date\s*\d{2} \w{3} \d{4}\s*at £3,229\.20 \+ VAT/);
    expect(await page.getByTestId('usage-uploads').innerText()).toContain('Unlimited');
    expect(await page.getByTestId('usage-bid-assist').innerText()).toContain('Unlimited');
    expect(await page.getByTestId('usage-matches').innerText()).toContain('Unlimited');
    expect(await page.getByTestId('promo-banner').count()).toBe(0);
    expect(await page.getByText('Promo codes apply to a first subscription only.').count()).toBe(1);
    // the cycle paid for is the one remembered
    expect(await page.evaluate(() => localStorage.getItem('billingCycle'))).toBe('yearly');
    expect(
      await page
        .getByRole('group', { name: 'Billing cycle' })
        .getByRole('button', { name: 'Yearly' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await page.getByRole('button', { name: 'Current plan', exact: true }).isDisabled()).toBe(true);

    const invoices = page.getByRole('table', { name: 'Invoices' });
    const invoiceRows = invoices.locator('tbody tr');
    expect(await invoiceRows.count()).toBe(1);
    const invoiceText = await invoiceRows.first().innerText();
    expect(invoiceText).toMatch(/BY-\d{4}-\d{6}/);
    expect(invoiceText).toContain('£3,778.16');
    expect(invoiceText).toContain('Paid');
    const number = invoiceText.match(/BY-\d{4}-\d{6}/)![0];
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      invoices.getByRole('button', { name: `Download invoice ${number} as PDF` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.waitForLoadState('networkidle');
    await shootBoth(page, 'billing-growth');
    expect(await axeViolations(page)).toEqual([]);

    // "Manage payment details": the built-in provider has no portal, the page says so
    await page.getByRole('button', { name: 'Manage payment details' }).click();
    await expect.poll(() => page.getByText(/no card on file to manage/).count(), POLL).toBeGreaterThan(0);

    // downgrade to Core: effective at the period end, said before and after
    await page.getByRole('button', { name: 'Select Core' }).click();
    const change = page
      .getByRole('heading', { name: 'Your change' })
      .locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
    expect(await change.innerText()).toMatch(
      /takes effect at the end of your current period, on \d{2} \w{3} \d{4}\. Nothing is charged now/,
    );
    await page.getByRole('button', { name: 'Switch to Core, yearly at period end' }).click();
    await expect
      .poll(() => current.innerText(), POLL)
      .toMatch(/Change scheduled\s*From \d{2} \w{3} \d{4} you move to Core, yearly/);
    expect(await current.innerText()).toContain('Growth · Yearly');
    expect(await invoiceRows.count()).toBe(1);
    await shot(page, 'billing-downgrade-scheduled-desktop');
    await current.getByRole('button', { name: 'Keep Growth, yearly' }).click();
    await expect.poll(() => current.getByText('Change scheduled').count(), POLL).toBe(0);

    // cancel (access until the period end), then resume
    await current.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect.poll(() => current.getByRole('button', { name: 'Resume subscription' }).count(), POLL).toBe(1);
    expect(await current.innerText()).toMatch(/Ends on\s*\d{2} \w{3} \d{4}/);
    await shot(page, 'billing-cancelled-desktop');
    await current.getByRole('button', { name: 'Resume subscription' }).click();
    await expect.poll(() => current.getByRole('button', { name: 'Cancel subscription' }).count(), POLL).toBe(1);
    expect(await current.innerText()).toMatch(/Renewal date\s*\d{2} \w{3} \d{4}/);

    // billing details (GET/PUT /api/settings/billing): validation next to the field, saved, kept
    const details = page.locator('form').filter({ has: page.getByLabel('VAT number') });
    expect(await page.getByLabel('Company name').inputValue()).toBe('Evans Joinery Ltd');
    expect(await page.getByLabel('Billing email').inputValue()).toBe(email);
    await page.getByLabel('Address line 1').fill('Unit 4, Cwm Road');
    await page.getByLabel('Town or city').fill('Swansea');
    await page.getByLabel('Postcode').fill('SA1 2AB');
    await page.getByLabel('Country').fill('United Kingdom');
    await page.getByLabel('VAT number').fill('12');
    await details.getByRole('button', { name: 'Save billing details' }).click();
    await expect.poll(() => details.getByText('Enter a VAT number such as GB123456789').count(), POLL).toBe(1);
    await page.getByLabel('VAT number').fill('gb 987 6543 21');
    await details.getByRole('button', { name: 'Save billing details' }).click();
    await expect.poll(() => page.getByText('Billing details saved').count(), POLL).toBeGreaterThan(0);
    await page.reload();
    await page.getByLabel('VAT number').waitFor();
    await expect.poll(() => page.getByLabel('VAT number').inputValue(), POLL).toBe('GB987654321');
    expect(await page.getByLabel('Town or city').inputValue()).toBe('Swansea');

    // the dashboard stays open on the next visit
    await page.goto('/supplier/catalogue');
    await page.waitForURL('**/supplier/catalogue');
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('core-supplier@ sees usage meters against the Core limits, and what an upgrade would cost (no serious axe violations)', async () => {
    const { page, context, errors } = await newAuditedPage();
    await loginAs(page, 'core-supplier@brickyard.test', await corePassword());
    await page.waitForURL((u) => u.pathname === '/supplier');
    await page.goto('/supplier/settings/billing');
    const current = page.getByTestId('current-plan');
    await current.waitFor();
    expect(await current.innerText()).toMatch(/Core · (Monthly|Yearly)/);

    for (const [id, label] of [
      ['usage-bid-assist', 'Bid Assist submissions'],
      ['usage-uploads', 'Uploads'],
    ] as const) {
      const meter = page.getByRole('meter', { name: label });
      expect(await meter.getAttribute('aria-valuemax')).toBe('5');
      const used = Number(await meter.getAttribute('aria-valuenow'));
      expect(used).toBeGreaterThanOrEqual(0);
      expect(await page.getByTestId(id).innerText()).toContain(`${used} of 5 used`);
    }
    expect(await page.getByTestId('usage-matches').innerText()).toMatch(/Up to\s*3/);
    expect(await page.getByText('Growth and Partner only').count()).toBe(1);

    // Core is current; choosing Growth is an upgrade at once, with a credit for unused time
    expect(await page.getByRole('button', { name: 'Current plan', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Select Growth' }).click();
    await page.getByRole('button', { name: /^Upgrade to Growth, (monthly|yearly)$/ }).waitFor();
    expect(await page.getByText('Upgrades take effect at once').count()).toBe(1);
    await page.getByRole('button', { name: 'Select Core' }).click();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(MOBILE);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
    await shootBoth(page, 'billing-core');
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('the buyer has the same billing page under /buyer/settings/billing', async () => {
    const { page, context, errors } = await newPage(browser);
    await loginAs(page, 'buyer@brickyard.test');
    await page.waitForURL((u) => u.pathname === '/buyer');
    await page.goto('/buyer/settings/billing');
    await page.getByTestId('current-plan').waitFor();
    expect(await page.getByTestId('current-plan').innerText()).toContain('Growth');
    expect(await page.getByRole('heading', { name: 'Change plan', exact: true }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Invoices', exact: true }).count()).toBe(1);
    await page.getByRole('heading', { name: 'Billing details' }).waitFor();
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });
});
