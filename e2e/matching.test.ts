import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEIGHTS } from '../apps/api/src/modules/matching/engine.ts';
import { DEMO_PASSWORD, DESKTOP, MOBILE, baseURL, launch, loginAs, newPage, shot } from './support/browser.ts';

let browser: Browser;

/** Signs in over the API (for setting up data the journeys then look at). */
async function apiToken(email: string): Promise<string> {
  const res = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

async function apiGet<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function isoDateInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

interface Group {
  subject: { id: string; title: string };
  total: number;
  limited: boolean;
  matches: Array<{ score: number; counterpart: { id: string; title: string; userId: string } }>;
}

beforeAll(async () => {
  browser = await launch();
  // Two more open timber tenders, so the Core supplier's timber items have more than 3 matches each.
  const buyer = await apiToken('buyer@brickyard.test');
  const tenders = [
    {
      title: 'C24 structural timber for 14 timber-frame homes, Taunton',
      description:
        'Supply of kiln-dried C24 treated structural timber for floor joists and studwork across 14 timber-frame homes.',
      subcategories: ['structural-timber'],
    },
    {
      title: 'Roof trusses and timber for a school extension, Exeter',
      description:
        'Design and supply of trussed rafters, plywood sheathing and structural timber for a single-storey school extension.',
      subcategories: ['roof-trusses'],
    },
  ];
  for (const t of tenders) {
    const res = await fetch(`${baseURL()}/api/tender`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        ...t,
        category: 'timber',
        budget: 40000,
        quantity: 800,
        leadTime: 21,
        region: 'south-west',
        deadline: isoDateInDays(28),
        status: 'active',
      }),
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { id: string } };
    // Score it now rather than waiting for the background queue.
    await apiGet(buyer, `/api/tender/matches/recommendations/${data.id}`);
  }
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

describe('Journeys: AI matching and search on Connect (docs/product.md §§2, 7, 9)', () => {
  it(
    'a Growth buyer sees every match grouped by tender with score and reasons, filters and searches them, and connects (docs/product.md §2 Connect, §7 matches/buyer)',
    { timeout: 180_000 },
    async () => {
      const { page, context, errors } = await newPage(browser);
      await loginAs(page, 'buyer@brickyard.test');
      await page.goto('/buyer/connect');
      await page.getByRole('heading', { name: 'Connect', level: 1 }).waitFor();

      const group = page.getByRole('region', { name: 'Ready-mix concrete supply for 24 homes, Wigan' });
      await group.waitFor();
      const best = group.getByRole('article', { name: 'C32/40 ready-mix concrete (per m³)' });
      await best.waitFor();
      // the score in words, and reasons as readable chips
      expect(await best.getByRole('img', { name: /Match score \d+ out of 100/ }).count()).toBe(1);
      const chips = best.getByRole('list', { name: 'Why it matches' });
      await chips.getByText('Delivers to North West').waitFor();
      expect(await chips.getByText(/Price £124\.50\/unit within budget/).count()).toBe(1);
      // Growth: no plan limit anywhere
      expect(await page.getByText(/Your Core plan/).count()).toBe(0);
      const total = Number(/^(\d+) matches$/.exec((await group.getByText(/^\d+ matches$/).textContent()) ?? '')?.[1]);
      const shownInGroup = await group.getByRole('article').count();
      // Growth has no limit: every stored match of the tender shows (only items about the same thing are stored)
      expect(shownInGroup).toBe(total);
      expect(shownInGroup).toBeGreaterThan(0);

      // the breakdown lists every signal with its points: the same category earns all of its weight
      await best.getByText('Score breakdown').click();
      await best.getByText(new RegExp(`\\+${WEIGHTS.category} of ${WEIGHTS.category}\\b`)).waitFor();
      await shootBoth(page, 'connect-buyer-growth');

      // filters: region narrows the matches (kept in the URL)
      await page.getByLabel('Region').selectOption('south-west');
      await page.waitForURL(/region=south-west/);
      await page
        .getByRole('article', { name: 'C32/40 ready-mix concrete (per m³)' })
        .first()
        .waitFor({ state: 'detached' });
      expect(await page.getByRole('article').count()).toBeGreaterThan(0);
      // Pennine's items are all in the North West
      expect(await page.getByRole('article').filter({ hasText: 'Pennine Building Supplies Ltd' }).count()).toBe(0);
      await page.getByLabel('Region').selectOption('');

      // debounced search: matches narrow and the marketplace search joins in
      await page.getByLabel('Search matches and the marketplace').fill('ready-mix');
      await page.waitForURL(/q=ready-mix/);
      await page.getByRole('heading', { name: 'Search the marketplace' }).waitFor();
      await page
        .getByRole('list', { name: 'Marketplace results' })
        .getByText('C32/40 ready-mix concrete (per m³)')
        .waitFor();
      // every group left is about ready-mix, or shows only ready-mix matches
      await page
        .getByRole('region', { name: 'Roof-mounted solar PV for a distribution warehouse' })
        .waitFor({ state: 'detached' });
      const groups = page.locator('section[aria-labelledby^="group-"]');
      expect(await groups.count()).toBeGreaterThan(0);
      for (const g of await groups.all()) {
        const heading = (await g.getByRole('heading', { level: 2 }).textContent()) ?? '';
        if (/ready-mix/i.test(heading)) continue;
        for (const name of await g
          .getByRole('article')
          .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? '')))
          expect(name).toMatch(/ready-mix/i);
      }
      await shootBoth(page, 'connect-buyer-search');

      // opening a match shows the item (buyers have no catalogue route) with Connect
      await page.getByLabel('Search matches and the marketplace').fill('');
      await page.waitForURL((u) => !u.search.includes('q='));
      await page
        .getByRole('region', { name: 'Ready-mix concrete supply for 24 homes, Wigan' })
        .getByRole('button', { name: 'View item: C32/40 ready-mix concrete (per m³)' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'C32/40 ready-mix concrete (per m³)' });
      await dialog.getByRole('region', { name: 'Key Information' }).waitFor();
      await dialog.getByText('Pennine Building Supplies Ltd').first().waitFor();
      await shootBoth(page, 'connect-buyer-item-dialog');
      await dialog.getByRole('button', { name: 'Connect' }).click();
      await page.waitForURL((u) => u.pathname === '/buyer/messages');

      // Connect straight from a match card opens messages too
      await page.goto('/buyer/connect');
      await page
        .getByRole('region', { name: 'Structural steel frame for a four-storey office, Salford Quays' })
        .getByRole('button', { name: /^Connect with Pennine Building Supplies Ltd about Universal beam/ })
        .click();
      await page.waitForURL((u) => u.pathname === '/buyer/messages');

      // the company on a match card opens its profile
      await page.goto('/buyer/connect');
      await page
        .getByRole('region', { name: 'Ready-mix concrete supply for 24 homes, Wigan' })
        .getByRole('article', { name: 'C32/40 ready-mix concrete (per m³)' })
        .getByRole('link', { name: /: company profile$/ })
        .click();
      await page.waitForURL((u) => u.pathname === '/buyer/profile');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe('Northgate Developments Ltd');
      await page.waitForTimeout(500);
      expect(errors, errors.join('\n')).toEqual([]);
      await context.close();
    },
  );

  it(
    'the buyer sees a matches panel on TenderDetails (docs/product.md §2 TenderDetails, §7 recommendations)',
    { timeout: 180_000 },
    async () => {
      const token = await apiToken('buyer@brickyard.test');
      const { data } = await apiGet<{ data: Group[] }>(token, '/api/tender/matches/buyer?pageSize=50');
      const steel = data.find((g) => g.subject.title.startsWith('Structural steel frame'))!;
      const { page, context, errors } = await newPage(browser);
      await loginAs(page, 'buyer@brickyard.test');
      await page.goto(`/buyer/tender/${steel.subject.id}`);
      const panel = page.getByRole('complementary', { name: 'Matching suppliers' });
      await panel.getByRole('article', { name: 'Universal beam 203x133x25 UB, S355, 6 m lengths' }).waitFor();
      expect(await panel.getByRole('article').count()).toBeLessThanOrEqual(5);
      await panel.getByRole('link', { name: /See all \d+ in Connect|Open Connect/ }).waitFor();
      await panel.scrollIntoViewIfNeeded();
      await shootBoth(page, 'panel-buyer-tender');
      await panel.getByRole('link', { name: /See all \d+ in Connect|Open Connect/ }).click();
      await page.waitForURL(
        (u) => u.pathname === '/buyer/connect' && u.searchParams.get('subject') === steel.subject.id,
      );
      await page.getByRole('region', { name: steel.subject.title }).waitFor();
      expect(await page.getByRole('region', { name: 'Ready-mix concrete supply for 24 homes, Wigan' }).count()).toBe(0);
      expect(errors, errors.join('\n')).toEqual([]);
      await context.close();
    },
  );

  it(
    'a Growth supplier sees open tenders grouped by catalogue item and opens one; the item detail has its panel (docs/product.md §2 Connect, catalogue item detail)',
    { timeout: 180_000 },
    async () => {
      const { page, context, errors } = await newPage(browser);
      await loginAs(page, 'supplier@brickyard.test');
      await page.goto('/supplier/connect');
      const group = page.getByRole('region', { name: 'Universal beam 203x133x25 UB, S355, 6 m lengths' });
      const tender = group.getByRole('article', {
        name: 'Structural steel frame for a four-storey office, Salford Quays',
      });
      await tender.waitFor();
      await tender
        .getByRole('list', { name: 'Why it matches' })
        .getByText(/Same category and subcategory/)
        .waitFor();
      expect(await page.getByText(/Your Core plan/).count()).toBe(0);
      await shootBoth(page, 'connect-supplier-growth');

      await tender
        .getByRole('link', { name: 'Structural steel frame for a four-storey office, Salford Quays', exact: true })
        .click();
      await page.waitForURL(/\/supplier\/tender\/[0-9a-f-]{36}$/);
      await page
        .getByRole('heading', { name: 'Structural steel frame for a four-storey office, Salford Quays', level: 1 })
        .waitFor();
      await page.getByRole('button', { name: 'Back to Connect' }).waitFor();
      // the supplier's own items that fit this tender
      const fits = page.getByRole('complementary', { name: 'Your items that fit this tender' });
      await fits.getByRole('article').first().waitFor();
      await fits.scrollIntoViewIfNeeded();
      await shootBoth(page, 'panel-supplier-tender');

      // the item's own detail shows the tenders it matches; opened from Connect's group heading
      await page.goto('/supplier/connect');
      await page.getByRole('link', { name: 'Universal beam 203x133x25 UB, S355, 6 m lengths', exact: true }).click();
      await page.waitForURL(/\/supplier\/catalogue\/[0-9a-f-]{36}$/);
      const panel = page.getByRole('complementary', { name: 'Matching tenders' });
      await panel
        .getByRole('article', { name: 'Structural steel frame for a four-storey office, Salford Quays' })
        .waitFor();
      // docs/product.md §2: on the item detail Connect shows only when coming from the connect page, so the
      // panel offers the tender itself (whose page has "Message buyer")
      expect(await page.getByRole('button', { name: 'Connect' }).count()).toBe(0);
      await panel.scrollIntoViewIfNeeded();
      await shootBoth(page, 'panel-supplier-item');
      await panel.getByRole('link', { name: /^View tender.*Structural steel frame for a four-storey office/ }).click();
      await page.waitForURL(/\/supplier\/tender\/[0-9a-f-]{36}$/);
      await page.getByRole('link', { name: 'Message buyer' }).click();
      await page.waitForURL((u) => u.pathname === '/supplier/messages');
      await page.waitForTimeout(500);
      expect(errors, errors.join('\n')).toEqual([]);
      await context.close();
    },
  );

  it(
    'a Core supplier sees at most 3 matches per listing with the total and an upgrade prompt to billing (docs/product.md §9)',
    { timeout: 180_000 },
    async () => {
      const token = await apiToken('core-supplier@brickyard.test');
      const { data, meta } = await apiGet<{ data: Group[]; meta: { planLimit: number | null } }>(
        token,
        '/api/tender/matches/supplier?pageSize=50',
      );
      expect(meta.planLimit).toBe(3);
      const limited = data.filter((g) => g.limited);
      expect(limited.length).toBeGreaterThan(0);
      const g = limited[0]!;

      const { page, context, errors } = await newPage(browser);
      await loginAs(page, 'core-supplier@brickyard.test');
      await page.goto('/supplier/connect');
      await page.getByText('Your Core plan shows 3 matches per catalogue item.').waitFor();
      const group = page.getByRole('region', { name: g.subject.title });
      await group.getByText(`Showing 3 of ${g.total} matches.`).waitFor();
      await group.getByText(`${g.total} matches`, { exact: true }).waitFor();
      expect(await group.getByRole('link', { name: 'Upgrade to see all' }).getAttribute('href')).toBe(
        '/supplier/settings/billing',
      );
      expect(await group.getByRole('article').count()).toBe(3);
      for (const region of await page.getByRole('region').all()) {
        const title = await region.getAttribute('aria-labelledby');
        if (title?.startsWith('group-')) expect(await region.getByRole('article').count()).toBeLessThanOrEqual(3);
      }
      await shootBoth(page, 'connect-supplier-core');

      // the panel on the item detail carries the same limit
      await page.goto(`/supplier/catalogue/${g.subject.id}`);
      const panel = page.getByRole('complementary', { name: 'Matching tenders' });
      await panel.getByText(`Showing 3 of ${g.total} matches.`).waitFor();
      expect(await panel.getByRole('article').count()).toBe(3);
      await panel.scrollIntoViewIfNeeded();
      await shootBoth(page, 'panel-supplier-item-core');

      await panel.getByRole('link', { name: 'Upgrade plan' }).click();
      await page.waitForURL((u) => u.pathname === '/supplier/settings/billing');
      expect(errors, errors.join('\n')).toEqual([]);
      await context.close();
    },
  );
});
