import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './support/accounts.ts';
import { DESKTOP, MOBILE, latestMail, launch, loginAs, newPage, shot } from './support/browser.ts';

/**
 * docs/decisions/0006-dashboards-cached-by-database-versions.md journeys: Bid Assist (docs/product.md sections 1, 7 POST /api/bid-assist, 8, 9) and the buyer,
 * supplier and admin dashboards (docs/product.md section 2) on the demo seed.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** A UTC calendar day n days from today, as the dashboards' date fields take it. */
const utcDay = inDays;

async function shootBoth(page: Page, name: string) {
  await shot(page, `${name}-desktop`);
  await page.setViewportSize(MOBILE);
  await page.waitForTimeout(250);
  await shot(page, `${name}-mobile`);
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
}

describe('docs/product.md §1/§7/§9 Bid Assist and the admin queue', () => {
  it('a Core supplier asks for help, reads the bid pack, the admin reviews and replies, the supplier sees the reply', async () => {
    const { page, context, errors } = await newPage(browser);
    await loginAs(page, 'core-supplier@brickyard.test');
    await page.goto('/supplier/bid-assist');
    await page.getByRole('heading', { name: 'Bid Assist', level: 1 }).waitFor();
    await page.getByText('0 of 5 this month').waitFor();
    await page.getByText('No Bid Assist requests yet').waitFor();
    await shootBoth(page, 'bid-assist-empty');

    // Validation next to the fields.
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Choose the tender you want help with').waitFor();
    await page.getByText('Please tell us a little more (at least 10 characters)').waitFor();
    await page.getByText('Choose the date you need help by').waitFor();

    await page.getByRole('searchbox', { name: 'Search Brickyard tenders' }).fill('steel frame');
    const option = page.getByRole('radio', { name: /Structural steel frame for a four-storey office/ });
    await option.waitFor();
    await option.check();
    await page
      .getByLabel('What do you need help with?')
      .fill('Please check our compliance and help with the method statement.');
    await page.getByLabel('Help needed by').fill(inDays(6));
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Bid Assist request sent').waitFor();

    // The pack is there at once: the matrix with a status for each requirement, the verdict, the outline.
    await page.getByText('1 of 5 this month').waitFor();
    await page.getByRole('heading', { name: 'Compliance matrix' }).waitFor();
    const matrix = page.locator('table').filter({ hasText: 'Requirement' });
    await expect.poll(() => matrix.locator('tbody tr').count()).toBeGreaterThan(5);
    const nsss = matrix.locator('tr', { hasText: 'NSSS 6th edition' });
    expect(await nsss.innerText()).toContain('Missing');
    await page.getByRole('heading', { name: 'Draft response outline' }).waitFor();
    expect(await page.getByText('Submitted', { exact: true }).count()).toBeGreaterThan(0);
    await shootBoth(page, 'bid-assist-pack');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bid-pack-.*\.pdf$/);

    const mail = await latestMail('support@brickyard.test', /\[Bid Assist\]/);
    expect(mail.subject).toBe('[Bid Assist] Structural steel frame for a four-storey office, Salford Quays');
    expect(errors, errors.join('\n')).toEqual([]);

    // The admin finds it in the queue on the dashboard and moves it along.
    const admin = await newPage(browser);
    await loginAs(admin.page, 'admin@brickyard.test');
    await admin.page.waitForURL((u) => u.pathname === '/admin/dashboard');
    const queue = admin.page.locator('#bid-assist');
    await queue.getByText('Structural steel frame for a four-storey office, Salford Quays').first().waitFor();
    await admin.page.getByRole('heading', { name: 'Users by state' }).waitFor();
    await admin.page
      .getByRole('figure', { name: /Sign-ups, new subscriptions/ })
      .locator('.recharts-surface')
      .waitFor();
    await shootBoth(admin.page, 'admin-dashboard');

    await queue.getByRole('button', { name: 'Handle request' }).first().click();
    await queue.getByRole('button', { name: 'Start review' }).click();
    await admin.page.getByText('Request moved to in review').waitFor();
    await queue.getByRole('button', { name: 'Send reply and complete' }).click();
    await queue.getByText('Write a reply to the supplier').waitFor();
    await queue
      .getByLabel('Reply to the supplier')
      .fill('We have marked up your method statement; see our notes on NSSS.');
    await shot(admin.page, 'admin-bid-assist-reply-desktop');
    await queue.getByRole('button', { name: 'Send reply and complete' }).click();
    await admin.page.getByText('Reply sent and request completed').waitFor();
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    // The supplier was told at each step and reads the reply.
    await page.goto('/supplier/bid-assist');
    await page.getByText('Reply from the Brickyard team').waitFor();
    await page.getByText('We have marked up your method statement; see our notes on NSSS.').waitFor();
    expect(await page.getByText('Completed', { exact: true }).count()).toBeGreaterThan(0);
    await shootBoth(page, 'bid-assist-completed');
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });
});

describe('docs/product.md §2 dashboards with demo data', () => {
  it('buyer dashboard: tenders by status, budget open, matches, rates, deals, closing soon, trend', async () => {
    const { page, context, errors } = await newPage(browser);
    await loginAs(page, 'buyer@brickyard.test');
    await page.waitForURL((u) => u.pathname === '/buyer');
    await page.getByText('Budget open').waitFor();
    // Listings never matched are queued on the first visit; the dashboard refreshes itself.
    await page.getByText('Updating your matches…').waitFor({ state: 'hidden', timeout: 60_000 });
    for (const t of [
      'Open tenders',
      'Response rate',
      'Award rate',
      'Tenders by status',
      'Matches per tender',
      'Closing soon',
      'Recent activity',
      'Deals',
    ]) {
      expect(await page.getByText(t, { exact: true }).count(), t).toBeGreaterThan(0);
    }
    // The trend is a Recharts chart, named by its caption, with its figures in a table.
    const trend = page.getByRole('figure', { name: /Tenders published and conversations started, last 30 days/ });
    await trend.waitFor();
    await trend.locator('.recharts-surface').waitFor();
    await shootBoth(page, 'dashboard-buyer');
    await page.getByRole('button', { name: '12 months' }).click();
    await expect.poll(() => page.locator('figure').first().locator('tbody tr').count()).toBe(12);

    // A custom period: checked in the form like the API checks it, then asked for when applied.
    await page.getByRole('button', { name: 'Custom' }).click();
    const custom = page.getByRole('form', { name: 'Custom period' });
    await custom.getByLabel('From').fill(utcDay(-3));
    await custom.getByLabel('To').fill(utcDay(-10));
    await custom.getByRole('button', { name: 'Apply' }).click();
    await custom.getByText('The start date must be on or before the end date').waitFor();
    await custom.getByLabel('From').fill(utcDay(-13));
    await custom.getByLabel('To').fill(utcDay(0));
    await custom.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('figure').first().locator('tbody tr').count()).toBe(14);
    await page
      .getByRole('figure', { name: /Tenders published and conversations started, \d+ \w+ \d{4} to \d+ \w+ \d{4}/ })
      .waitFor();
    await shootBoth(page, 'dashboard-buyer-custom');
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('supplier dashboard (and /supplier/abc): matches, deals won, win rate, catalogue views, favourites, plan usage', async () => {
    // A buyer opens one of the supplier's items: a view on the supplier's dashboard.
    const supplier = await apiLogin('supplier@brickyard.test');
    const buyer = await apiLogin('buyer@brickyard.test');
    const items = await apiCall<{ data: Array<{ id: string }> }>(`/api/catalogue/user/${supplier.id}`, {
      token: buyer.token,
    });
    expect(items.data.length).toBeGreaterThan(0);
    await apiCall(`/api/catalogue/${items.data[0]!.id}`, { token: buyer.token });

    const { page, context, errors } = await newPage(browser);
    await loginAs(page, 'supplier@brickyard.test');
    await page.waitForURL((u) => u.pathname === '/supplier');
    await page.getByText('Matches this month').waitFor();
    await page.getByText('Updating your matches…').waitFor({ state: 'hidden', timeout: 60_000 });
    for (const t of [
      'Deals won',
      'Value won',
      'Win rate',
      'Item views and matches',
      'Favourites closing soon',
      'Bid Assist this month',
    ]) {
      expect(await page.getByText(t, { exact: true }).count(), t).toBeGreaterThan(0);
    }
    const views = await page.getByText(/views? of your items, last 30 days/).innerText();
    expect(Number(views.match(/^([\d,]+) view/)![1]!.replace(',', ''))).toBeGreaterThanOrEqual(1);
    await page
      .getByRole('figure', { name: /New matches and deals won/ })
      .locator('.recharts-surface')
      .waitFor();
    await shootBoth(page, 'dashboard-supplier');
    await page.goto('/supplier/abc');
    await page.getByText('Matches this month').waitFor();
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();

    // The Core supplier sees its meters against the plan's limits.
    const core = await newPage(browser);
    await loginAs(core.page, 'core-supplier@brickyard.test');
    await core.page.waitForURL((u) => u.pathname === '/supplier');
    await core.page.getByRole('meter', { name: 'Bid Assist this month' }).waitFor();
    expect(await core.page.getByRole('meter', { name: 'Uploads this month' }).getAttribute('aria-valuemax')).toBe('5');
    await shot(core.page, 'dashboard-supplier-core-desktop');
    expect(core.errors).toEqual([]);
    await core.context.close();
  });
});
