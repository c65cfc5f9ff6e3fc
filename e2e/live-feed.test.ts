import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, launch, loginAs, newPage, shot } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function shootBoth(page: Page, name: string) {
  await shot(page, `${name}-desktop`);
  await page.setViewportSize(MOBILE);
  await page.waitForTimeout(200);
  await shot(page, `${name}-mobile`);
  await page.setViewportSize(DESKTOP);
}

const TITLE = 'Abbey Woods Academy Catering Kitchen Relocation';

describe('Journeys: the live feed of public-sector tenders (docs/product.md §§2, 3, 4, 9)', () => {
  it(
    'a Growth supplier searches the feed, opens a tender, favourites it only once the call succeeds and finds it under Favourites (docs/product.md §2 ExternalTenderSearch and External tender detail, §4)',
    { timeout: 180_000 },
    async () => {
      const { page, context, errors } = await newPage(browser);
      await loginAs(page, 'supplier@brickyard.test');
      await page.goto('/supplier/external-search');
      await page.getByRole('heading', { name: 'Live Feed', level: 1 }).waitFor();
      await page.getByRole('list', { name: 'Search results' }).getByRole('article').first().waitFor();
      // a fresh demo: the shipped real notices, dates moved into the coming weeks and said to be so;
      // when the feed last imported (the seed, moments ago), with how many are open for bids
      const feedStatus = page.getByTestId('feed-status');
      await feedStatus
        .getByText(/^Last imported \d{2} \w{3} \d{4} \d{2}:\d{2} UK time · \d+ open for bids of 412 notices$/)
        .waitFor();
      await feedStatus.getByText('Demo data').waitFor();
      expect(await feedStatus.getByText('The feed may be out of date').count()).toBe(0);
      await page.getByRole('list', { name: 'Search results' }).getByText('Demo dates').first().waitFor();
      await shootBoth(page, 'live-feed');

      // debounced search: the URL and the list follow the words
      await page.getByLabel('Search tenders').fill('catering kitchen');
      await page.waitForURL(/q=catering\+kitchen|q=catering%20kitchen/);
      const results = page.getByRole('list', { name: 'Search results' });
      const card = results.getByRole('article', { name: TITLE });
      await card.waitFor();
      // the value carries its currency symbol (docs/product.md §3: GBP shows £)
      await card.getByText('£120,000').waitFor();
      await shootBoth(page, 'live-feed-search');

      await card.getByRole('link', { name: TITLE }).click();
      await page.waitForURL(/\/supplier\/external-search\/[0-9a-f-]{36}$/);
      const id = new URL(page.url()).pathname.split('/').pop()!;
      await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();

      // docs/product.md §2 External tender detail: the sections and their fields
      const basic = page.getByRole('region', { name: 'Basic Details' });
      for (const label of ['Title', 'Status', 'Amount', 'Location', 'OCID', 'Tender ID'])
        await basic.getByText(label, { exact: true }).waitFor();
      await basic.getByText('£120,000').waitFor();
      await basic.getByText('South East').waitFor();
      await basic.getByText('MT227740').waitFor();
      await basic.getByText(/^ocds-/).waitFor();
      await page
        .getByRole('region', { name: 'Description' })
        .getByText(/The school previously occupied two separate buildings/)
        .waitFor();
      const dates = page.getByRole('region', { name: 'Tender Dates' });
      for (const label of ['Tender start date', 'Tender end date', 'Award start date', 'Award end date', 'Date'])
        await dates.getByText(label, { exact: true }).waitFor();
      // the demo moved this 2022 notice's dates: it is open, and the page says these are demo dates
      await dates.getByText('Demo data').waitFor();
      await dates.getByText(/Closes in \d+ days/).waitFor();
      expect(await dates.getByText('14 Dec 2022').count()).toBe(0);
      // how the shipped file was packaged is not the notice's publisher
      expect(await page.getByText(/demo fixture/i).count()).toBe(0);
      const procurement = page.getByRole('region', { name: 'Procurement Details' });
      await procurement.getByText('Open', { exact: true }).waitFor();
      await procurement.getByText('Open procedure (below threshold)').waitFor();
      const source = page.getByRole('link', { name: /View on Contracts Finder/ });
      expect(await source.getAttribute('href')).toBe(
        'https://www.contractsfinder.service.gov.uk/Notice/982932c5-a6f4-49f5-bf09-a28ecaad4727',
      );
      expect(await source.getAttribute('target')).toBe('_blank');
      await shootBoth(page, 'live-feed-detail');

      // docs/product.md §4: the flag flips only after the call succeeds. A refused call leaves it off…
      const star = page.getByRole('button', { name: 'Favourite' });
      expect(await star.getAttribute('aria-pressed')).toBe('false');
      await page.route(`**/api/external-tenders/favourites/${id}`, (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Slow down' } }),
        }),
      );
      await star.click();
      await page.waitForTimeout(400);
      expect(await star.getAttribute('aria-pressed')).toBe('false');
      await page.unroute(`**/api/external-tenders/favourites/${id}`);

      // …and a slow one flips it only when it answers.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route(`**/api/external-tenders/favourites/${id}`, async (route) => {
        await held;
        await route.continue();
      });
      await star.click();
      await page.waitForTimeout(300);
      expect(await star.getAttribute('aria-pressed')).toBe('false');
      release();
      await page.waitForFunction(() => document.querySelector('button[aria-pressed="true"]') !== null);
      await page.unroute(`**/api/external-tenders/favourites/${id}`);

      // the favourite is in the Favourites tab
      await page.getByRole('link', { name: 'Back to Live Feed' }).first().click();
      await page.waitForURL((u) => u.pathname === '/supplier/external-search');
      // "Top for you": the feed ranked for the supplier's own catalogue items, each notice with the
      // item it matches, its score and the reasons
      await page.getByRole('tab', { name: 'Top for you' }).click();
      const top = page.getByRole('list', { name: 'Top tenders for you' });
      await top.getByRole('article').first().waitFor();
      await top
        .getByText(/Why this result: Matches your “.+” \(score \d+\): /)
        .first()
        .waitFor();
      await shootBoth(page, 'live-feed-top-for-you');
      await page.getByRole('tab', { name: 'Favourites' }).click();
      const favourites = page.getByRole('list', { name: 'Favourite tenders' });
      await favourites.getByRole('article', { name: TITLE }).waitFor();
      await shootBoth(page, 'live-feed-favourites');

      // un-favourite from the list: it leaves the tab
      await favourites.getByRole('button', { name: `Favourite: ${TITLE}` }).click();
      await page.getByText('No favourites yet').waitFor();
      expect(errors.filter((e) => !e.includes('429'))).toEqual([]);
      await context.close();
    },
  );

  it(
    'a Core supplier sees the live feed marked as a Growth feature and the upgrade prompt, and the page asks the feed nothing (docs/product.md §9)',
    { timeout: 180_000 },
    async () => {
      const { page, context, errors } = await newPage(browser);
      const feedCalls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/external-tenders')) feedCalls.push(r.url());
      });
      await loginAs(page, 'core-supplier@brickyard.test');
      // the menu says what the plan lacks before anyone clicks
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: /Live Feed\s*Growth/ })
        .waitFor();
      await page.goto('/supplier/external-search');
      await page.getByRole('heading', { name: /The Live Feed is part of the Growth and Partner plans/ }).waitFor();
      await page.waitForTimeout(500);
      // known from the plan: no call that would answer 402
      expect(feedCalls).toEqual([]);
      // (the server still refuses a Core supplier the feed)
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const direct = await page.evaluate(
        async (t) =>
          (await fetch('/api/external-tenders/search', { headers: { authorization: `Bearer ${t}` } })).status,
        token,
      );
      expect(direct).toBe(402);
      expect(await page.getByRole('list', { name: 'Search results' }).count()).toBe(0);
      expect(await page.getByRole('tab').count()).toBe(0);
      await shootBoth(page, 'live-feed-core');
      await page.getByRole('link', { name: 'Upgrade your plan' }).click();
      await page.waitForURL((u) => u.pathname === '/supplier/settings/billing');
      expect(errors, errors.join('\n')).toEqual([]);
      await context.close();
    },
  );

  it(
    'the search engine behind the live feed: CPV categories suggested as one types, one click to filter, matched words marked and a reason on every hit (docs/search.md)',
    { timeout: 180_000 },
    async () => {
      const { page, context, errors } = await newPage(browser);
      await loginAs(page, 'supplier@brickyard.test');
      await page.goto('/supplier/external-search');
      await page.getByRole('heading', { name: 'Live Feed', level: 1 }).waitFor();

      // a half-typed trade: the categories it means are suggested, with how many notices each finds
      await page.getByLabel('Search tenders').fill('roof rep');
      const categories = page.getByRole('group', { name: 'CPV categories for your search' });
      const roofRepair = categories.getByRole('button', { name: /^Roof repair · 45261910 \(\d+\)$/ });
      await roofRepair.waitFor();
      const results = page.getByRole('list', { name: 'Search results' });
      const first = results.getByRole('article').first();
      await page.waitForURL(/q=roof\+rep|q=roof%20rep/);
      await first.locator('h3 mark').first().waitFor();
      // the words it matched are marked in its title, and it says why it is there
      expect((await first.locator('h3 mark').allTextContents()).map((t) => t.toLowerCase())).toContain('roof');
      expect(await first.getByText(/^Why this result:/).count()).toBe(1);
      await expect.poll(() => first.textContent()).toMatch(/Matches roof.*Same CPV (code|class|group) as/);
      await shootBoth(page, 'live-feed-engine-suggestions');

      // one click filters the feed by the category (its class when no notice carries the code itself)
      await roofRepair.click();
      await page.waitForURL(/cpv=4526/);
      await categories.getByRole('button', { name: /Remove the CPV filter/ }).waitFor();
      await first.waitFor();
      const codes = await page.evaluate(async () => {
        const token = localStorage.getItem('token');
        const res = await fetch('/api/external-tenders/search?q=roof%20rep&cpv=4526', {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await res.json()) as { data: Array<{ cpvCodes: string[] }> }).data.map((d) => d.cpvCodes);
      });
      expect(codes.length).toBeGreaterThan(0);
      for (const c of codes) expect(c.some((x) => x.startsWith('4526'))).toBe(true);
      await shootBoth(page, 'live-feed-engine-cpv-filter');
      expect(errors, errors.join('\n')).toEqual([]);
      await context.close();
    },
  );
});
