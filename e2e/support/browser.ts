import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { simpleParser } from 'mailparser';
import { inject } from 'vitest';
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

/** Failed requests (4xx) the app answers and handles: the browser logs them as console errors. */
const HANDLED_REQUEST_FAILURE = /Failed to load resource: the server responded with a status of 4\d\d/;

/**
 * A page of its own for a journey, whose page fails the test on any uncaught page error or
 * console error (docs/style.md rule 7), except those `ignoreConsole` matches (by default the
 * failed requests (4xx) the app handles). Every screen it shows is scanned by axe-core
 * (scanEveryScreen). `bypassCSP` opens it in a context that ignores the server's CSP.
 * `context.close()` hands the context back to the file's pool (see pooledPage).
 */
export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
  opts: { bypassCSP?: boolean; ignoreConsole?: RegExp } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, page } = await pooledPage(browser, viewport, { bypassCSP: opts.bypassCSP });
  const ignored = opts.ignoreConsole ?? HANDLED_REQUEST_FAILURE;
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !ignored.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  scanEveryScreen(page, errors);
  return { context, page, errors };
}

interface PooledContext {
  context: BrowserContext;
  page: Page;
  bypassCSP: boolean;
  /** false once the journey changed the context in a way that cannot be undone (an init script) */
  reusable: boolean;
}
const idleContexts = new WeakMap<Browser, PooledContext[]>();
/** The page events journeys listen to: a context handed back drops its journey's listeners. */
const JOURNEY_EVENTS = [
  'pageerror',
  'console',
  'framenavigated',
  'request',
  'response',
  'dialog',
  'popup',
  'load',
] as const;

/**
 * A browser context with one page, emptied of everything an earlier journey left: no cookies,
 * storage, routes, listeners or permissions, at `viewport`. A new one is on about:blank; one used
 * before is on the app's /robots.txt.
 *
 * A new context costs this 2-core machine about three seconds of CPU: a renderer process to start,
 * then every script of the app fetched and compiled cold. A journey's `context.close()` therefore
 * empties the context and keeps it for the file's next journey, which loads the app from a warm
 * cache in the same renderer; a context a journey changed for good (an init script, an exposed
 * function, a second page) is closed for real.
 */
export async function pooledPage(
  browser: Browser,
  viewport = DESKTOP,
  opts: { bypassCSP?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const bypassCSP = opts.bypassCSP ?? false;
  const pool = idleContexts.get(browser) ?? [];
  idleContexts.set(browser, pool);
  const at = pool.findIndex((c) => c.bypassCSP === bypassCSP);
  let pooled: PooledContext;
  if (at >= 0) {
    pooled = pool.splice(at, 1)[0]!;
    await pooled.page.setViewportSize(viewport);
  } else {
    // Reduced motion: toasts and dialogs appear without fading in, so the accessibility scan
    // measures the colours people read rather than a frame of an animation.
    const context = await browser.newContext({ viewport, baseURL: baseURL(), bypassCSP, reducedMotion: 'reduce' });
    // Every toast the page ever shows, so a journey can check one that came and went (success
    // toasts last 2 s: on a busy machine the page may re-render for longer than that after the click).
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
    pooled = { context, page, bypassCSP, reusable: true };
    const markUsed = (target: object, methods: string[]) => {
      for (const name of methods) {
        const method = (target as Record<string, (...args: unknown[]) => unknown>)[name]!;
        Object.defineProperty(target, name, {
          value: (...args: unknown[]) => {
            pooled.reusable = false;
            return method.apply(target, args);
          },
        });
      }
    };
    markUsed(context, [
      'addInitScript',
      'exposeBinding',
      'exposeFunction',
      'setExtraHTTPHeaders',
      'setOffline',
      'setGeolocation',
    ]);
    markUsed(page, ['addInitScript', 'exposeBinding', 'exposeFunction', 'setExtraHTTPHeaders', 'emulateMedia']);
  }
  // One lease: its close() hands the context back once, whatever the journey calls later.
  let returned: Promise<void> | undefined;
  const giveBack = () => (returned ??= returnToPool(browser, pooled));
  const context = new Proxy(pooled.context, {
    get(target, prop) {
      if (prop === 'close') return giveBack;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { context, page: pooled.page };
}

async function returnToPool(browser: Browser, pooled: PooledContext): Promise<void> {
  const { context, page } = pooled;
  if (!pooled.reusable || page.isClosed() || context.pages().length !== 1) {
    await context.close().catch(() => undefined);
    return;
  }
  try {
    for (const type of JOURNEY_EVENTS) page.removeAllListeners(type);
    stopScanning(page);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    // Parked on a plain page of the app's own origin: the app's scripts stop, and the renderer
    // stays (about:blank would take the next journey's first load to a new renderer process).
    const origin = new URL(baseURL()).origin;
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate(() => sessionStorage.clear());
    await context.clearCookies();
    await context.clearPermissions();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', {
      origin,
      storageTypes: 'local_storage,indexeddb,cache_storage,service_workers,file_systems',
    });
    await cdp.detach();
    idleContexts.get(browser)?.push(pooled);
  } catch {
    await context.close().catch(() => undefined);
  }
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const lastScan = new WeakMap<Page, Promise<void>>();
const a11yErrors = new WeakMap<Page, string[]>();

/**
 * The screens scanned so far in this run, across pages, files and workers: one empty file per
 * screen key in a folder the global setup made. The journeys pass through the same screens again
 * and again (the landing page, the dashboards, each settings tab), and the browser is what the
 * 2-core machine spends its time on: a scan costs more than the page load it follows. A screen is
 * marked only once a scan of it has finished clean; a11yViolations() always scans.
 */
const scannedDir = inject('e2eScannedDir');
const scannedFile = (key: string) => path.join(scannedDir, encodeURIComponent(key));
const wasScanned = (key: string) => fs.existsSync(scannedFile(key));
const markScanned = (key: string) => fs.writeFileSync(scannedFile(key), '');

/**
 * The serious and critical axe-core violations of the whole page as it is now, one line each.
 * axe is evaluated through the DevTools protocol, which the server's CSP does not govern.
 */
export async function a11yViolations(page: Page): Promise<string[]> {
  // One axe run at a time per page (axe refuses to start while one is in progress).
  const run = (lastScan.get(page) ?? Promise.resolve()).then(() => axeNow(page));
  lastScan.set(
    page,
    run.then(
      () => undefined,
      () => undefined,
    ),
  );
  return run;
}

async function axeNow(page: Page): Promise<string[]> {
  // Mid-navigation the document may be the next one, still empty: scan it once it has loaded.
  await page.waitForLoadState('load');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<Result> } }).axe;
    // index.html sets <html lang> and <title> (the routes change the title): these two rules only
    // ever failed on a blank document caught between two navigations.
    const res = await axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'html-has-lang': { enabled: false }, 'document-title': { enabled: false } },
    });
    return res.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  });
  const where = new URL(page.url()).pathname;
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `a11y ${where}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(' | ')}`);
}

/** Scans the page now and adds what it finds to the page's errors. */
export async function scanA11y(page: Page): Promise<void> {
  const errors = a11yErrors.get(page);
  if (!errors || page.isClosed()) return;
  const key = await screenKey(page);
  try {
    const found = await a11yViolations(page);
    for (const line of found) if (!errors.includes(line)) errors.push(line);
    // a screen with violations is scanned again wherever it is met (a retried test meets it again)
    if (found.length === 0) markScanned(key);
  } catch (err) {
    // The page navigated or closed while axe ran: the next screen is scanned on its own. Any other
    // failure is reported, so a broken scanner cannot pass for a clean page.
    if (!page.isClosed() && !/context was destroyed|navigat|closed/i.test(String(err)))
      errors.push(`a11y scan of ${key} failed: ${String(err)}`);
  }
}

/**
 * What makes one screen differ from another for the scan: the route (ids aside), the viewport's
 * width (the mobile layout is its own screen) and the dialogs open on it. A screen already scanned
 * in this run is not scanned again (each scan takes a second or two of a journey's time).
 */
async function screenKey(page: Page): Promise<string> {
  const dialogs = await page
    .locator('[role="dialog"]:visible, [role="alertdialog"]:visible')
    .count()
    .catch(() => 0);
  // one screen whatever record it shows: /buyer/tenders/<id> is the tender screen for every tender
  const route = new URL(page.url()).pathname.replace(/\/(?:[0-9a-f]{8}-[0-9a-f-]{27}|\d+)(?=\/|$)/gi, '/:id');
  return `${route}@${page.viewportSize()?.width ?? 0}+${dialogs}`;
}

/**
 * Every screen a journey visits is scanned by axe-core once it has settled (a moment after each
 * navigation, client-side route changes included); serious and critical violations land in the
 * page's `errors`, which every journey asserts empty. screenshot() also scans, awaited.
 */
export function scanEveryScreen(page: Page, errors: string[]): void {
  a11yErrors.set(page, errors);
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    clearTimeout(scanTimers.get(page));
    const timer = setTimeout(() => {
      if (page.isClosed() || !page.url().startsWith('http')) return;
      void screenKey(page).then(
        (key) => {
          if (!wasScanned(key)) void scanA11y(page);
        },
        () => undefined,
      );
    }, 1_000);
    scanTimers.set(page, timer);
  });
  page.on('close', () => stopScanning(page));
}

const scanTimers = new WeakMap<Page, ReturnType<typeof setTimeout>>();
/** No more scans for this page's journey (its context goes back to the pool). */
function stopScanning(page: Page): void {
  clearTimeout(scanTimers.get(page));
  a11yErrors.delete(page);
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
/**
 * Whether screenshots are written. `.ci/run` turns them off (E2E_SCREENSHOTS=0): nobody looks at
 * a CI machine's PNGs, and a full-page capture costs up to a second on 2 cores, over 200 of them a
 * run. The screen is still reached and scanned, so every check a screenshot step makes still runs.
 */
const writeScreenshots = process.env.E2E_SCREENSHOTS !== '0';

export async function screenshot(page: Page, name: string): Promise<void> {
  if (!wasScanned(await screenKey(page))) await scanA11y(page);
  if (!writeScreenshots) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/**
 * A journey's full-page screenshot: scrolled to the top (unless `scrollToTop: false`, for screens
 * whose position is the point) and given a moment to settle. `waitForToasts` first lets passing
 * toasts go, so they do not cover the screen.
 */
export async function shot(
  page: Page,
  name: string,
  opts: { scrollToTop?: boolean; waitForToasts?: boolean } = {},
): Promise<void> {
  if (opts.waitForToasts) {
    await page
      .locator('[data-sonner-toast]')
      .first()
      .waitFor({ state: 'detached', timeout: 8000 })
      .catch(() => undefined);
  }
  if (opts.scrollToTop !== false) await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(150);
  await screenshot(page, name);
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
  const pattern =
    typeof text === 'string'
      ? { source: text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), flags: '' }
      : { source: text.source, flags: text.flags };
  await page.waitForFunction(
    ({ source, flags }) =>
      ((window as unknown as { __toasts?: string[] }).__toasts ?? []).some((t) => new RegExp(source, flags).test(t)),
    pattern,
    { timeout },
  );
}
