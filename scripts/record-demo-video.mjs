#!/usr/bin/env node
/* global document */
// Records the product demo video shown on the public pages, from the running app in Chromium.
//
//   npm run build && node scripts/record-demo-video.mjs
//
// The script starts the built server itself (embedded PostgreSQL + demo seed in a fresh temp
// DATA_DIR) unless BASE_URL points at one already running. It signs in as the demo buyer and the
// demo supplier and walks the main journeys while Chromium streams frames over CDP
// (Page.startScreencast); Debian's ffmpeg encodes them. Output, in apps/web/public/media/:
//   brickyard-demo.mp4   H.264, yuv420p, faststart (every browser)
//   brickyard-demo.webm  VP9 (smaller, where supported)
//   brickyard-demo-poster.jpg, brickyard-demo.en.vtt (captions, one cue per step)
// plus apps/web/src/features/landing/content/demo-video.json (chapters shown beside the video)
// and apps/web/public/og-image.jpg (the Open Graph card). docs/demo-video.md explains more.
//
// Env: BASE_URL, CHROMIUM_PATH (default /usr/bin/chromium), FFMPEG (default ffmpeg),
//      DEMO_WEBM=0 to skip the WebM, DEMO_KEEP_FRAMES=1 to keep the raw frames.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { EMPTY_STATE, TOUR } from './demo-tour.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'apps/web/public/media');
const ogPath = path.join(root, 'apps/web/public/og-image.jpg');
const chaptersPath = path.join(root, 'apps/web/src/features/landing/content/demo-video.json');
const FFMPEG = process.env.FFMPEG ?? 'ffmpeg';
const VIEWPORT = { width: 1280, height: 800 };
const PASSWORD = 'Brickyard-demo-1';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--hide-scrollbars',
];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log('[demo]', ...a);

// ---- the server ---------------------------------------------------------------------------------

async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startServer() {
  if (process.env.BASE_URL) return { baseURL: process.env.BASE_URL.replace(/\/$/, ''), stop: async () => {} };
  const main = path.join(root, 'apps/api/dist/main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-demo-'));
  fs.chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as another user when we are root
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
    await sleep(300);
  }
  log('server ready at', baseURL);
  return {
    baseURL,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---- the recorder: CDP screencast frames on a clock that stops while paused ---------------------

class Recorder {
  constructor(page, dir) {
    this.page = page;
    this.dir = dir;
    this.frames = []; // { file, t } with t in virtual seconds
    this.cues = []; // { start, text }
    this.paused = true;
    this.pausedTotal = 0;
    this.pausedAt = performance.now();
    this.n = 0;
  }

  now() {
    return (performance.now() - this.pausedTotal - (this.paused ? performance.now() - this.pausedAt : 0)) / 1000;
  }

  async start() {
    this.cdp = await this.page.context().newCDPSession(this.page);
    this.cdp.on('Page.screencastFrame', async ({ data, sessionId }) => {
      if (!this.paused) this.store(Buffer.from(data, 'base64'));
      await this.cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => {});
    });
    await this.cdp.send('Page.startScreencast', {
      format: 'jpeg',
      quality: 85,
      maxWidth: VIEWPORT.width,
      maxHeight: VIEWPORT.height,
      everyNthFrame: 1,
    });
  }

  store(buf) {
    const file = path.join(this.dir, `f${String(++this.n).padStart(5, '0')}.jpg`);
    fs.writeFileSync(file, buf);
    this.frames.push({ file, t: this.now() });
  }

  /** Stop the clock (navigation, spinners): the video cuts straight to the settled screen. */
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.pausedAt = performance.now();
  }

  /** Restart the clock with a fresh frame (the screencast only sends frames when pixels change). */
  async resume() {
    if (!this.paused) return;
    const shot = await this.page.screenshot({ type: 'jpeg', quality: 85 });
    this.pausedTotal += performance.now() - this.pausedAt;
    this.paused = false;
    this.store(shot);
  }

  caption(text) {
    this.cues.push({ start: this.now(), text });
  }

  async stop() {
    this.end = this.now();
    this.pause();
    await this.cdp.send('Page.stopScreencast').catch(() => {});
  }
}

// ---- the walk -----------------------------------------------------------------------------------

async function settle(page, extraMs = 400) {
  await page.waitForLoadState('domcontentloaded').catch(() => {});
  // SSE keeps a connection open, so "networkidle" may never come: wait for spinners instead.
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], [role="progressbar"], .animate-spin'), null, {
      timeout: 8000,
    })
    .catch(() => {});
  await sleep(extraMs);
}

async function glide(page, distance, steps = 20, stepMs = 60) {
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, distance / steps);
    await sleep(stepMs);
  }
}

/**
 * One scene: cut to `url` (or run `go`), caption it, let it breathe, optionally do something.
 * A scene that fails, or whose screen is empty on the seeded product, stops the recording: a film
 * with a scene missing or showing "No … yet" must not replace the current one.
 */
async function scene(rec, page, { caption, url, go, hold = 3400, act }) {
  try {
    rec.pause();
    if (url) await page.goto(url, { waitUntil: 'domcontentloaded' });
    if (go) await go();
    await settle(page);
    const empty = (
      await page
        .locator('main')
        .innerText()
        .catch(() => '')
    ).match(EMPTY_STATE);
    if (empty) throw new Error(`the screen is empty on the seeded product: "${empty[0]}"`);
    await page.mouse.move(VIEWPORT.width - 40, 120);
    await rec.resume();
    rec.caption(caption);
    await sleep(hold);
    if (act) await act();
    log('scene ok:', caption);
  } catch (err) {
    throw new Error(`scene "${caption}" failed: ${err.message.split('\n')[0]}`, { cause: err });
  }
}

async function signIn(rec, page, email, caption) {
  await scene(rec, page, {
    caption,
    go: async () => {
      await page.evaluate(() => localStorage.clear());
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
    },
    hold: 900,
    act: async () => {
      await page.getByLabel('Email').pressSequentially(email, { delay: 35 });
      await page.getByLabel('Password', { exact: true }).pressSequentially(PASSWORD, { delay: 30 });
      await sleep(300);
      rec.pause();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15000 });
    },
  });
}

async function clickFirst(page, selectors) {
  for (const sel of selectors) {
    const loc = page.locator(sel).first();
    if (await loc.count()) {
      await loc.click({ timeout: 3000 });
      return true;
    }
  }
  throw new Error('nothing to open');
}

/** What each scene of the tour does once shown (scripts/demo-tour.mjs lists the scenes). */
function actionOf(page, step) {
  if (step.url === '/supplier/external-search') {
    return async () => {
      const search = page
        .getByRole('searchbox')
        .or(page.getByPlaceholder(/search/i))
        .first();
      if (await search.count()) {
        await search.pressSequentially('roofing', { delay: 70 });
        await search.press('Enter');
        await sleep(1800);
      }
      await glide(page, 500);
    };
  }
  if (step.open) return () => glide(page, 700, 16);
  if (/messages|bid-assist|deals/.test(step.url)) return undefined;
  return () => glide(page, 500);
}

async function walk(rec, page) {
  for (const step of TOUR) {
    if (step.signIn) {
      await signIn(rec, page, step.signIn, step.caption);
      continue;
    }
    await scene(rec, page, {
      caption: step.caption,
      url: step.url,
      go: step.open
        ? async () => {
            await settle(page);
            await clickFirst(page, step.open);
          }
        : undefined,
      hold: 3600,
      act: actionOf(page, step),
    });
  }
}

// ---- encoding -----------------------------------------------------------------------------------

function ffmpeg(args) {
  const r = spawnSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`ffmpeg failed (${r.status}): ${args.join(' ')}`);
}

function vttTime(s) {
  const ms = Math.max(0, Math.round(s * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const sec = Math.floor((ms % 60_000) / 1000);
  const pad = (n, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(sec)}.${pad(ms % 1000, 3)}`;
}

function encode(rec, framesDir) {
  const frames = rec.frames;
  if (frames.length < 2) throw new Error('no frames recorded');
  const t0 = frames[0].t;
  const lines = [];
  for (let i = 0; i < frames.length; i++) {
    const next = i + 1 < frames.length ? frames[i + 1].t : rec.end;
    lines.push(`file '${frames[i].file}'`, `duration ${Math.max(0.001, next - frames[i].t).toFixed(3)}`);
  }
  lines.push(`file '${frames.at(-1).file}'`); // the concat demuxer ignores the last duration otherwise
  const list = path.join(framesDir, 'frames.txt');
  fs.writeFileSync(list, lines.join('\n'));

  fs.mkdirSync(outDir, { recursive: true });
  const mp4 = path.join(outDir, 'brickyard-demo.mp4');
  const vf = 'fps=25,scale=1280:800:flags=lanczos,format=yuv420p';
  log('encoding H.264 …');
  ffmpeg([
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-vf',
    vf,
    '-c:v',
    'libx264',
    '-preset',
    'slow',
    '-crf',
    '27',
    '-tune',
    'stillimage',
    '-movflags',
    '+faststart',
    '-an',
    mp4,
  ]);
  if (process.env.DEMO_WEBM !== '0') {
    log('encoding VP9 …');
    const webm = path.join(outDir, 'brickyard-demo.webm');
    ffmpeg([
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      '-vf',
      vf,
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '42',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-row-mt',
      '1',
      '-an',
      webm,
    ]);
  }

  const cues = rec.cues.map((c, i) => ({
    start: c.start - t0,
    end: (i + 1 < rec.cues.length ? rec.cues[i + 1].start : rec.end) - t0,
    text: c.text,
  }));
  const vtt = [
    'WEBVTT',
    '',
    ...cues.flatMap((c, i) => [String(i + 1), `${vttTime(c.start)} --> ${vttTime(c.end - 0.05)}`, c.text, '']),
  ];
  fs.writeFileSync(path.join(outDir, 'brickyard-demo.en.vtt'), vtt.join('\n'));
  // The landing page lists these chapters beside the video (and seeks to them).
  fs.mkdirSync(path.dirname(chaptersPath), { recursive: true });
  fs.writeFileSync(
    chaptersPath,
    JSON.stringify(
      {
        duration: Math.round((rec.end - t0) * 10) / 10,
        chapters: cues.map((c) => ({ start: Math.round(c.start * 10) / 10, title: c.text })),
      },
      null,
      2,
    ) + '\n',
  );
  return { duration: rec.end - t0 };
}

// ---- the Open Graph card ------------------------------------------------------------------------

async function renderOgImage(browser, posterJpg) {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  const poster = `data:image/jpeg;base64,${fs.readFileSync(posterJpg).toString('base64')}`;
  await page.setContent(`<!doctype html><html><body style="margin:0;width:1200px;height:630px;overflow:hidden;background:#020617;font-family:Inter,system-ui,sans-serif;color:#fff;position:relative">
    <div style="position:absolute;inset:0;opacity:.08;background-image:linear-gradient(90deg,#fbbf24 1px,transparent 1px),linear-gradient(#fbbf24 1px,transparent 1px);background-size:56px 56px"></div>
    <div style="position:absolute;left:72px;top:72px;display:flex;align-items:center;gap:14px">
      <svg viewBox="0 0 32 32" width="52" height="52"><rect width="32" height="32" rx="7" fill="#0f172a" stroke="#334155"/><rect x="6" y="17" width="9" height="6" rx="1" fill="#f59e0b"/><rect x="17" y="17" width="9" height="6" rx="1" fill="#f59e0b"/><rect x="11" y="9" width="10" height="6" rx="1" fill="#fbbf24"/></svg>
      <span style="font-size:34px;font-weight:800;letter-spacing:-.02em">Brickyard</span></div>
    <div style="position:absolute;left:72px;top:190px;width:560px">
      <div style="font-size:58px;line-height:1.05;font-weight:800;letter-spacing:-.03em">The construction tender <span style="color:#fbbf24">marketplace</span></div>
      <div style="margin-top:26px;font-size:24px;line-height:1.4;color:#cbd5e1">Buyers publish tenders, suppliers list what they make, and we match the two — with a live feed of UK public-sector work.</div>
    </div>
    <img src="${poster}" style="position:absolute;left:690px;top:120px;width:640px;border-radius:14px;box-shadow:0 30px 60px -20px rgba(0,0,0,.6);border:1px solid rgba(255,255,255,.15)">
  </body></html>`);
  await page.screenshot({ path: ogPath, type: 'jpeg', quality: 82 });
  await page.close();
}

// ---- main ---------------------------------------------------------------------------------------

const server = await startServer();
const framesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-frames-'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
try {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    baseURL: server.baseURL,
    deviceScaleFactor: 1,
    reducedMotion: 'no-preference',
  });
  const page = await context.newPage();
  await page.goto('/login');
  const rec = new Recorder(page, framesDir);
  await rec.start();
  await walk(rec, page);
  await rec.stop();

  // The poster: the buyer dashboard, signed in again for a clean frame.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Email').fill('buyer@brickyard.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15000 }).catch(() => {});
  await settle(page, 2500);
  const posterShot = await page.screenshot({ type: 'jpeg', quality: 72 });
  fs.mkdirSync(outDir, { recursive: true });
  const posterPath = path.join(outDir, 'brickyard-demo-poster.jpg');
  fs.writeFileSync(posterPath, posterShot);

  const { duration } = encode(rec, framesDir);
  await renderOgImage(browser, posterPath);
  for (const f of fs.readdirSync(outDir)) log(f, `${(fs.statSync(path.join(outDir, f)).size / 1024).toFixed(0)} KB`);
  log(`duration ${duration.toFixed(1)} s, ${rec.frames.length} frames, ${rec.cues.length} scenes`);
} finally {
  await browser.close();
  await server.stop();
  if (process.env.DEMO_KEEP_FRAMES !== '1') fs.rmSync(framesDir, { recursive: true, force: true });
  else log('frames kept in', framesDir);
}
