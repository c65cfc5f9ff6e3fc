import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, a11yViolations, baseURL, launch, newPage, screenshot } from './support/browser.ts';

const PROMO = 'Save 30% on your first month with the code EARLYBIRD';

const PAGES = [
  { path: '/', name: 'home', h1: /Build your pipeline/ },
  { path: '/buyerLanding', name: 'buyer-landing', h1: /Find suppliers who can/ },
  { path: '/supplierLanding', name: 'supplier-landing', h1: /Put your catalogue in front of/ },
  { path: '/about', name: 'about', h1: /Construction runs on relationships/ },
  { path: '/articles', name: 'articles', h1: /^Articles$/ },
  { path: '/terms', name: 'terms', h1: /Privacy and Cookie Policies/ },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A regular expression no text matches. */
const NOTHING = /(?!)/;

/**
 * A journey's page (support/browser.ts newPage, in a context that ignores the server's CSP) that
 * fails on every console error but those `allow` matches (none by default: a public page loads
 * nothing that answers 4xx), and the paths it requested.
 */
async function open(
  viewport = DESKTOP,
  opts: { allow?: RegExp } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[]; requests: string[] }> {
  const opened = await newPage(browser, viewport, { bypassCSP: true, ignoreConsole: opts.allow ?? NOTHING });
  const requests: string[] = [];
  opened.page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  return { ...opened, requests };
}

async function gotoPage(page: Page, path: string, h1: RegExp) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: h1 }).waitFor();
}

async function scrollThrough(page: Page) {
  // Let lazy sections (the video) mount, then come back to the top for the full-page shot.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((r) => setTimeout(r, 30));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
}

describe('the public site (docs/product.md §§1, 2, 9)', () => {
  for (const viewport of [
    { label: '1440', size: DESKTOP },
    { label: '375', size: MOBILE },
  ]) {
    it(`every public page renders at ${viewport.label} px with no serious or critical axe violations and no signed-in code`, async () => {
      const { context, page, errors, requests } = await open(viewport.size);
      const failures: string[] = [];
      for (const p of PAGES) {
        requests.length = 0;
        await gotoPage(page, p.path, p.h1);
        await scrollThrough(page);
        await page.waitForLoadState('networkidle');
        // no horizontal scrolling on any width
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${p.path} overflows horizontally at ${viewport.label}px`).toBeLessThanOrEqual(0);
        // public pages never load the signed-in areas' code
        expect(
          requests.filter((r) => /(buyer|supplier|admin)-area|settings-routes/.test(r)),
          p.path,
        ).toEqual([]);
        // images are sized and lazy
        const badImages = await page.$$eval('main img', (imgs) =>
          imgs
            .filter(
              (i) => !i.getAttribute('width') || !i.getAttribute('height') || i.getAttribute('loading') !== 'lazy',
            )
            .map((i) => i.outerHTML.slice(0, 80)),
        );
        expect(badImages, p.path).toEqual([]);
        await screenshot(page, `public-${p.name}-${viewport.label}`);
        // the shared scanner: one axe run at a time per page, the journeys' own scans included
        failures.push(...(await a11yViolations(page)).map((v) => `${p.path} @${viewport.label}: ${v}`));
      }
      expect(failures).toEqual([]);
      expect(errors, errors.join('\n')).toEqual([]);
      await context.close();
    });
  }

  it('top navigation: Buyers, Suppliers, About Us, Articles, Sign in, Sign up on desktop; a keyboard-operable menu on mobile', async () => {
    const desktop = await open(DESKTOP);
    await gotoPage(desktop.page, '/', PAGES[0]!.h1);
    const header = desktop.page.getByRole('banner');
    for (const name of ['Buyers', 'Suppliers', 'About Us', 'Articles', 'Sign in', 'Sign up']) {
      expect(await header.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
    }
    expect(await header.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    await header.getByRole('link', { name: 'Suppliers', exact: true }).click();
    await desktop.page.waitForURL('**/supplierLanding');
    await expect
      .poll(() => header.getByRole('link', { name: 'Suppliers', exact: true }).getAttribute('aria-current'))
      .toBe('page');
    await desktop.context.close();

    const { page, context, errors } = await open(MOBILE);
    await gotoPage(page, '/', PAGES[0]!.h1);
    // skip link: the first Tab stop, and it moves focus to the main content
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    const toggle = page.getByRole('button', { name: 'Open menu' });
    expect(await toggle.isVisible()).toBe(true);
    expect(await page.getByRole('banner').getByRole('link', { name: 'About Us' }).isVisible()).toBe(false);
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    expect(await menu.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Buyers', 'Suppliers', 'About Us', 'Articles', 'Sign in', 'Sign up']) {
      expect(await menu.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
    }
    // focus moved into the menu; Escape closes it and gives focus back to the button
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Buyers');
    await screenshot(page, 'public-mobile-menu-375');
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('mobile-menu');
    // choosing a page from the menu goes there and closes the menu
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL('**/about');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.getByRole('heading', { level: 1, name: PAGES[3]!.h1 }).waitFor();
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('footer: Content links, Legal links that open /terms#privacy and /terms#cookies in a new tab, and the copyright line', async () => {
    const { page, context, errors } = await open(DESKTOP);
    for (const p of PAGES.slice(0, 3)) {
      await gotoPage(page, p.path, p.h1);
      const footer = page.getByRole('contentinfo');
      const content = footer.getByRole('navigation', { name: 'Content' });
      for (const name of ['For buyers', 'For suppliers', 'About Us', 'Articles'])
        expect(await content.getByRole('link', { name }).count(), name).toBe(1);
      const legal = footer.getByRole('navigation', { name: 'Legal' });
      const privacy = legal.getByRole('link', { name: /Privacy Policy/ });
      const cookies = legal.getByRole('link', { name: /Cookie Policy/ });
      expect(await privacy.getAttribute('href')).toBe('/terms#privacy');
      expect(await privacy.getAttribute('target')).toBe('_blank');
      expect(await cookies.getAttribute('href')).toBe('/terms#cookies');
      expect(await cookies.getAttribute('target')).toBe('_blank');
      expect(await privacy.getAttribute('rel')).toContain('noopener');
      const copyright = await footer
        .getByText(/© 2025 Brickyard/)
        .locator('..')
        .innerText();
      expect(copyright).toContain('2025');
      expect(copyright).toContain('GDPR compliant');
    }
    // clicking opens a new tab on the one policy
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page
        .getByRole('contentinfo')
        .getByRole('link', { name: /Cookie Policy/ })
        .click(),
    ]);
    await tab.waitForLoadState();
    await tab.getByRole('heading', { level: 2, name: 'Cookie Policy' }).waitFor();
    expect(new URL(tab.url()).pathname + new URL(tab.url()).hash).toBe('/terms#cookies');
    expect(await tab.getByRole('heading', { level: 2, name: 'Privacy Policy' }).count()).toBe(0);
    expect(page.url()).toContain('/supplierLanding'); // the original tab stays where it was
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('/terms: #privacy or #cookies shows that policy only, no hash shows both, and hash changes are followed', async () => {
    const { page, context, errors } = await open(DESKTOP);
    const privacy = page.getByRole('heading', { level: 2, name: 'Privacy Policy' });
    const cookies = page.getByRole('heading', { level: 2, name: 'Cookie Policy' });
    const shown = async () => ({ privacy: await privacy.count(), cookies: await cookies.count() });

    await page.goto('/terms#privacy');
    await privacy.waitFor();
    expect(await shown()).toEqual({ privacy: 1, cookies: 0 });
    await screenshot(page, 'public-terms-privacy-1440');

    await page.goto('/terms#cookies');
    await cookies.waitFor();
    expect(await shown()).toEqual({ privacy: 0, cookies: 1 });

    await page.goto('/terms');
    await privacy.waitFor();
    expect(await shown()).toEqual({ privacy: 1, cookies: 1 });

    // a hash typed or set by script (hashchange), not a router navigation
    await page.evaluate(() => (window.location.hash = 'privacy'));
    await expect.poll(shown).toEqual({ privacy: 1, cookies: 0 });
    await page.evaluate(() => (window.location.hash = 'cookies'));
    await expect.poll(shown).toEqual({ privacy: 0, cookies: 1 });
    await page.goBack();
    await expect.poll(shown).toEqual({ privacy: 1, cookies: 0 });
    // the policy switcher
    await page.getByRole('navigation', { name: 'Policies' }).getByRole('link', { name: 'Both policies' }).click();
    await expect.poll(shown).toEqual({ privacy: 1, cookies: 1 });
    expect(new URL(page.url()).hash).toBe('');

    // the policies name what the product really stores
    const text = await page.locator('main').innerText();
    for (const key of [
      'token',
      'role',
      'id',
      'user',
      'approved',
      'hasActiveSubscription',
      'pricingRole',
      'billingCycle',
    ]) {
      expect(await page.locator('main code', { hasText: new RegExp(`^${key}$`) }).count(), key).toBe(1);
    }
    for (const phrase of [
      'UK GDPR',
      'Information Commissioner',
      'Billing records',
      'Audit events',
      'Uploaded files',
      'Messages',
      'How long we keep it',
      'no cookies',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('/terms: the privacy contact is the support mailbox from configuration, with a fallback when the call fails', async () => {
    // the real server: SUPPORT_EMAIL defaults to support@brickyard.test
    const real = await open(DESKTOP);
    const configCall = real.page.waitForResponse((r) => r.url().endsWith('/api/public/config'));
    await real.page.goto('/terms#privacy');
    expect((await (await configCall).json()).data.supportEmail).toBe('support@brickyard.test');
    await expect.poll(() => real.page.getByTestId('privacy-contact').innerText()).toBe('support@brickyard.test');
    await real.context.close();

    // another configured mailbox is shown wherever the policy names the contact
    const configured = await open(DESKTOP);
    await configured.page.route('**/api/public/config', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: { supportEmail: 'privacy-desk@brickyard.example' } }),
      }),
    );
    await configured.page.goto('/terms#privacy');
    await expect
      .poll(() => configured.page.getByTestId('privacy-contact').innerText())
      .toBe('privacy-desk@brickyard.example');
    expect(
      await configured.page.locator('main a[href="mailto:privacy-desk@brickyard.example"]').count(),
    ).toBeGreaterThanOrEqual(3);
    expect(configured.errors).toEqual([]);
    await configured.context.close();

    // the call fails: the default mailbox is still named
    const failing = await open(DESKTOP, { allow: /Failed to load resource/ });
    await failing.page.route('**/api/public/config', (route) => route.abort());
    await failing.page.goto('/terms#privacy');
    await failing.page.getByRole('heading', { level: 2, name: 'Privacy Policy' }).waitFor();
    await failing.page.waitForTimeout(300);
    expect(await failing.page.getByTestId('privacy-contact').innerText()).toBe('support@brickyard.test');
    expect(failing.errors).toEqual([]);
    await failing.context.close();
  });

  it('pricing: promo banner, monthly and yearly prices side by side, and the buyer/supplier choice and cycle remembered across reloads', async () => {
    const { page, context, errors } = await open(DESKTOP);
    await gotoPage(page, '/', PAGES[0]!.h1);
    const pricing = page.locator('#pricing');
    await pricing.scrollIntoViewIfNeeded();
    expect((await pricing.getByTestId('promo-banner').innerText()).trim()).toBe(PROMO);

    // default: monthly, buyer
    const cycle = pricing.getByRole('group', { name: 'Billing cycle' });
    const role = pricing.getByRole('group', { name: 'Pricing for' });
    expect(await cycle.getByRole('button', { name: 'Monthly' }).getAttribute('aria-pressed')).toBe('true');
    expect(await role.getByRole('button', { name: 'For buyers' }).getAttribute('aria-pressed')).toBe('true');
    expect(await pricing.getByTestId('price-CORE').innerText()).toMatch(/£99\s*\/month[\s\S]*£1,609\.20 billed yearly/);
    expect(await pricing.getByTestId('price-GROWTH').innerText()).toMatch(
      /£199\s*\/month[\s\S]*£3,229\.20 billed yearly/,
    );
    expect(await pricing.getByTestId('price-PARTNER').innerText()).toContain('Custom');

    // yearly = list × 12 less 10%, with the monthly price beside it
    await cycle.getByRole('button', { name: 'Yearly' }).click();
    expect(await pricing.getByTestId('price-CORE').innerText()).toMatch(/£1,609\.20\s*\/year[\s\S]*£99 billed monthly/);
    expect(await pricing.getByTestId('price-GROWTH').innerText()).toMatch(
      /£3,229\.20\s*\/year[\s\S]*£199 billed monthly/,
    );
    await role.getByRole('button', { name: 'For suppliers' }).click();
    expect(
      await page.evaluate(() => [localStorage.getItem('billingCycle'), localStorage.getItem('pricingRole')]),
    ).toEqual(['yearly', 'supplier']);
    await screenshot(page, 'public-pricing-yearly-supplier-1440');

    // choosing a plan carries plan, role and cycle to sign-up; Partner books a meeting
    const choose = (plan: string) => pricing.locator(`[data-plan="${plan}"]`).getByRole('link', { name: /^Choose/ });
    expect(await choose('CORE').getAttribute('href')).toBe('/register?plan=CORE&role=supplier&cycle=yearly');
    expect(await choose('GROWTH').getAttribute('href')).toBe('/register?plan=GROWTH&role=supplier&cycle=yearly');
    const partner = pricing.locator('[data-plan="PARTNER"]').getByRole('link', { name: 'Book a meeting' });
    expect(await partner.getAttribute('href')).toMatch(/^mailto:support@brickyard\.test\?subject=/);

    // remembered across a reload, and on the other landing pages
    for (const path of ['/', '/buyerLanding']) {
      await page.goto(path);
      await pricing.scrollIntoViewIfNeeded();
      expect(await cycle.getByRole('button', { name: 'Yearly' }).getAttribute('aria-pressed'), path).toBe('true');
      expect(await role.getByRole('button', { name: 'For suppliers' }).getAttribute('aria-pressed'), path).toBe('true');
      expect(await pricing.getByTestId('price-GROWTH').innerText()).toContain('£3,229.20');
    }
    await choose('GROWTH').click();
    await page.waitForURL('**/register?plan=GROWTH&role=supplier&cycle=yearly');

    // with nothing remembered, each audience page opens on its own audience
    await page.evaluate(() => localStorage.clear());
    await page.goto('/supplierLanding');
    await pricing.scrollIntoViewIfNeeded();
    expect(await role.getByRole('button', { name: 'For suppliers' }).getAttribute('aria-pressed')).toBe('true');
    expect(await cycle.getByRole('button', { name: 'Monthly' }).getAttribute('aria-pressed')).toBe('true');
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('landing pages: hero, a demo video that loads lazily, feature cards, four steps of How It Works', async () => {
    const { page, context, errors, requests } = await open(MOBILE);
    for (const p of PAGES.slice(0, 3)) {
      requests.length = 0;
      await gotoPage(page, p.path, p.h1);
      // the film itself is not fetched until the visitor plays it
      expect(requests.filter((r) => /\.(mp4|webm)$/.test(r))).toEqual([]);
      const video = page.locator('#demo video');
      await video.scrollIntoViewIfNeeded();
      await video.waitFor();
      expect(await video.getAttribute('preload')).toBe('none');
      expect(await video.getAttribute('controls')).not.toBeNull();
      expect(await video.getAttribute('poster')).toBe('/media/brickyard-demo-poster.jpg');
      expect(await video.locator('track[kind="captions"]').count()).toBe(1);
      expect(await video.locator('source').evaluateAll((s) => s.map((e) => e.getAttribute('type')))).toEqual([
        'video/mp4',
        'video/webm',
      ]);
      expect(await page.locator('#how-it-works ol > li').count()).toBe(4);
      expect(await page.locator('section[id$="features"] ul > li').count()).toBeGreaterThanOrEqual(6);
    }
    // the files are real and served by the API
    for (const [path, type] of [
      ['/media/brickyard-demo.mp4', 'video/mp4'],
      ['/media/brickyard-demo.webm', 'video/webm'],
      ['/media/brickyard-demo-poster.jpg', 'image/jpeg'],
      ['/media/brickyard-demo.en.vtt', 'text/vtt'],
    ] as const) {
      const res = await fetch(baseURL() + path, { headers: { range: 'bytes=0-1023' } });
      expect(res.status, path).toBeLessThan(300);
      expect(res.headers.get('content-type'), path).toContain(type);
    }
    // it plays
    const video = page.locator('#demo video');
    await page.getByRole('button', { name: /Play from 0:00/ }).click();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
    expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(20);
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('about has founders, core values and a mission statement; articles shows its empty state', async () => {
    const { page, context, errors } = await open(DESKTOP);
    await gotoPage(page, '/about', PAGES[3]!.h1);
    for (const name of ['Our mission', 'Our core values', 'Our founders'])
      expect(await page.getByRole('heading', { level: 2, name }).count(), name).toBe(1);
    expect(await page.locator('section[aria-labelledby="founders-title"] li').count()).toBe(3);
    await gotoPage(page, '/articles', PAGES[4]!.h1);
    expect(await page.getByRole('heading', { name: 'No articles yet' }).isVisible()).toBe(true);
    // an empty list, not a promise of what may come (no "coming soon" anywhere in the product)
    expect(await page.getByText(/coming soon/i).count()).toBe(0);
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('SEO: a title, description and Open Graph tags per page; robots.txt and sitemap.xml', async () => {
    const { page, context } = await open(DESKTOP);
    const seen = new Set<string>();
    for (const p of PAGES) {
      await gotoPage(page, p.path, p.h1);
      const meta = await page.evaluate(() => {
        const get = (sel: string) =>
          document.head
            .querySelector<HTMLMetaElement | HTMLLinkElement>(sel)
            ?.getAttribute(sel.startsWith('link') ? 'href' : 'content') ?? null;
        return {
          title: document.title,
          description: get('meta[name="description"]'),
          ogTitle: get('meta[property="og:title"]'),
          ogDescription: get('meta[property="og:description"]'),
          ogUrl: get('meta[property="og:url"]'),
          ogImage: get('meta[property="og:image"]'),
          ogType: get('meta[property="og:type"]'),
          twitter: get('meta[name="twitter:card"]'),
          canonical: get('link[rel="canonical"]'),
          descriptions: document.head.querySelectorAll('meta[name="description"]').length,
        };
      });
      expect(meta.title, p.path).toMatch(/Brickyard/);
      expect(meta.description!.length, p.path).toBeGreaterThan(60);
      expect(meta.ogTitle).toBe(meta.title);
      expect(meta.ogDescription).toBe(meta.description);
      expect(meta.ogUrl).toBe(baseURL() + p.path);
      expect(meta.canonical).toBe(baseURL() + p.path);
      expect(meta.ogImage).toBe(`${baseURL()}/og-image.jpg`);
      expect(meta.ogType).toBe('website');
      expect(meta.twitter).toBe('summary_large_image');
      expect(meta.descriptions).toBe(1);
      seen.add(meta.title);
    }
    expect(seen.size).toBe(PAGES.length);
    await context.close();

    const robots = await fetch(`${baseURL()}/robots.txt`);
    expect(robots.status).toBe(200);
    const robotsText = await robots.text();
    expect(robotsText).toMatch(/User-agent: \*/);
    expect(robotsText).toMatch(/Disallow: \/buyer/);
    expect(robotsText).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
    const sitemap = await fetch(`${baseURL()}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/xml/);
    const xml = await sitemap.text();
    for (const p of PAGES)
      expect(xml, p.path).toMatch(new RegExp(`<loc>https?://[^<]+${p.path === '/' ? '/' : p.path}</loc>`));
    const og = await fetch(`${baseURL()}/og-image.jpg`);
    expect(og.headers.get('content-type')).toContain('image/jpeg');
  });
});
