/**
 * The accessibility scan every journey relies on (support/browser.ts): it must find serious and
 * critical violations, name the screen, and report them through the page's errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { a11yViolations, launch, newPage, screenshot } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the accessibility scan of each screen', () => {
  it('reports an unlabelled button and a form field without a label as serious or critical', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await page.evaluate(() => {
      const main = document.querySelector('main') ?? document.body;
      main.insertAdjacentHTML(
        'beforeend',
        '<button id="bad-button"><svg></svg></button><input id="bad-input" type="text">',
      );
    });
    const found = await a11yViolations(page);
    expect(found.some((v) => v.startsWith('a11y /: critical button-name') && v.includes('#bad-button'))).toBe(true);
    expect(found.some((v) => /critical label .*#bad-input/.test(v))).toBe(true);
    await context.close();
  });

  it('adds what it finds to the errors a journey asserts empty, when a screen is screenshotted', async () => {
    const { page, context, errors } = await newPage(browser);
    // a screen no other journey visits: a screen already scanned clean in this run is not scanned again
    await page.goto('/a11y-scan-check');
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<img src="/favicon.svg" id="bad-image">'));
    await screenshot(page, 'a11y-scan-bad-image');
    expect(errors.some((e) => /image-alt .*#bad-image/.test(e))).toBe(true);
    await context.close();
  });

  it('finds nothing serious on the public home page as built', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('main').waitFor();
    expect(await a11yViolations(page)).toEqual([]);
    await context.close();
  });
});
