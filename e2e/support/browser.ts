import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { simpleParser } from 'mailparser';
import { server } from './server.ts';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DEMO_PASSWORD = 'Brickyard-demo-1';
export const DESKTOP = { width: 1440, height: 900 };
export const MOBILE = { width: 375, height: 812 };

export function baseURL(): string {
  if (!server.baseURL) throw new Error('no server: e2e/support/server-setup.ts runs before each journey file');
  return server.baseURL;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * A fresh browser context whose page fails the test on any uncaught page error or
 * console error (STYLE.md rule 7), except expected failed requests (4xx) the app handles.
 */
export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, baseURL: baseURL() });
  // Every toast the page ever shows, so a journey can check one that came and went (success toasts
  // last 2 s: on a busy machine the page may re-render for longer than that after the click).
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      document.querySelectorAll('[data-sonner-toast]').forEach((el) => {
        const text = el.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      });
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) {
      errors.push(`console: ${m.text()}`);
    }
  });
  return { context, page, errors };
}

/**
 * Opens `path` in the SPA with `state` in its navigation state, as `navigate(path, { state })` does
 * from a button (Connect, a profile link), without a full page load.
 */
export async function openWithState(page: Page, path: string, state: Record<string, unknown>): Promise<void> {
  await page.evaluate(
    ({ path, state }) => {
      // React Router's own history entry shape: the state under `usr`, a fresh key, the next index.
      const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      history.pushState({ usr: state, key: `e2e${idx}`, idx }, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    },
    { path, state },
  );
}

export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

const shotsDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** The newest mail the server wrote to its outbox for `to`, parsed. */
export async function latestMail(to: string, subject?: RegExp) {
  const dir = path.join(server.dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
    for (const f of files) {
      const mail = await simpleParser(fs.readFileSync(path.join(dir, f)));
      const rcpt = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(',') : (mail.to?.text ?? '');
      if (rcpt.includes(to) && (!subject || subject.test(mail.subject ?? ''))) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function linkFrom(text: string | undefined, includes: string): string {
  const link = text?.match(/https?:\/\/\S+/g)?.find((l) => l.includes(includes));
  if (!link) throw new Error(`no link containing ${includes}`);
  return link;
}

/** Waits until the page has shown a toast containing `text` (now or a moment ago). */
export async function seenToast(page: Page, text: string | RegExp, timeout = 30_000): Promise<void> {
  const pattern = typeof text === 'string' ? { source: text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), flags: '' } : { source: text.source, flags: text.flags };
  await page.waitForFunction(
    ({ source, flags }) => ((window as unknown as { __toasts?: string[] }).__toasts ?? []).some((t) => new RegExp(source, flags).test(t)),
    pattern,
    { timeout },
  );
}
