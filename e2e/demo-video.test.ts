import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The tour the film records (plain JS, shared with scripts/record-demo-video.mjs).
// @ts-expect-error -- an .mjs module without types
import { EMPTY_STATE, TOUR } from '../scripts/demo-tour.mjs';
import { launch, loginAs, newPage } from './support/browser.ts';

/**
 * The product-tour video in the build checks (docs/demo-video.md): the film on the landing pages
 * must be a recording of the current tour, and every screen of that tour must have something to
 * show on the seeded product. Recording takes minutes and needs ffmpeg, so the build checks the
 * recording instead: its chapters and captions against the tour, its files, and the tour's
 * screens on the same demo seed the recording starts from (about half a minute).
 */
type Step = { signIn?: string; caption: string; url?: string; open?: string[] };
const tour = TOUR as Step[];
const root = path.resolve(import.meta.dirname, '..');
const media = path.join(root, 'apps/web/public/media');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the product-tour video', () => {
  it('is a recording of the current tour: one chapter and one caption per scene, in order, and its files are there', () => {
    const film = JSON.parse(
      fs.readFileSync(path.join(root, 'apps/web/src/features/landing/content/demo-video.json'), 'utf8'),
    ) as {
      duration: number;
      chapters: Array<{ start: number; title: string }>;
    };
    expect(
      film.chapters.map((c) => c.title),
      'the film is older than scripts/demo-tour.mjs: record it again (docs/demo-video.md)',
    ).toEqual(tour.map((s) => s.caption));
    const vtt = fs.readFileSync(path.join(media, 'brickyard-demo.en.vtt'), 'utf8');
    const cues = vtt
      .split(/\n\n+/)
      .slice(1)
      .map((block) => block.split('\n').slice(2).join(' ').trim())
      .filter(Boolean);
    expect(cues).toEqual(tour.map((s) => s.caption));
    for (let i = 1; i < film.chapters.length; i++)
      expect(film.chapters[i]!.start).toBeGreaterThan(film.chapters[i - 1]!.start);
    expect(film.duration).toBeGreaterThan(film.chapters.at(-1)!.start);
    for (const f of ['brickyard-demo.mp4', 'brickyard-demo.webm', 'brickyard-demo-poster.jpg']) {
      expect(fs.statSync(path.join(media, f)).size, f).toBeGreaterThan(20_000);
    }
    // an MP4 starts with its ftyp box; a few MB at most (served from our own origin)
    const mp4 = fs.readFileSync(path.join(media, 'brickyard-demo.mp4'));
    expect(mp4.subarray(4, 8).toString()).toBe('ftyp');
    expect(mp4.length).toBeLessThan(6 * 1024 * 1024);
  });

  it(
    'shows no empty screen on the seeded product: every scene of the tour has content',
    { timeout: 180_000 },
    async () => {
      const { page, context, errors } = await newPage(browser);
      const empty: string[] = [];
      for (const step of tour) {
        if (step.signIn) {
          await page.evaluate(() => localStorage.clear()).catch(() => {});
          await loginAs(page, step.signIn);
          continue;
        }
        await page.goto(step.url!);
        if (step.open) {
          const link = page.locator(step.open.join(', ')).first();
          await link.waitFor();
          await link.click();
          await page.waitForURL((u) => u.pathname !== step.url);
        }
        const main = page.locator('main');
        await main.waitFor();
        await page
          .waitForFunction(() => !document.querySelector('main [aria-busy="true"], main .animate-spin'), null, {
            timeout: 20_000,
          })
          .catch(() => {});
        await page.waitForTimeout(500);
        const found = (await main.innerText()).match(EMPTY_STATE);
        if (found) empty.push(`${step.caption} (${page.url()}): "${found[0]}"`);
      }
      expect(empty).toEqual([]);
      expect(errors, errors.join('\n')).toEqual([]);
      await context.close();
    },
  );
});
