import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshAccount, type FreshAccount } from './support/accounts.ts';
import { DESKTOP, MOBILE, launch, loginAs, newPage, openWithState, screenshot, shot } from './support/browser.ts';

let browser: Browser;
/** A buyer and a supplier of this journey's own: other journeys open conversations between the demo
 * accounts. Made by the first test, afresh on each attempt (a retry must not find the conversation
 * its failed attempt opened); the later tests continue with the pair the first test left. */
let buyer: FreshAccount;
let supplier: FreshAccount;
beforeAll(async () => {
  browser = await launch();
});
/** Pages of the running test: closed after it even when it fails, so a stale page (say, one with a
 * thread open, which marks new messages read) cannot change what the next test sees. */
const opened: BrowserContext[] = [];
async function openPage(viewport?: Parameters<typeof newPage>[1]) {
  const p = await newPage(browser, viewport);
  opened.push(p.context);
  return p;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close().catch(() => undefined)));
});
afterAll(async () => {
  await browser?.close();
});

const BUYER_NAME = 'Bea Hughes';
const SUPPLIER_NAME = 'Sam Okafor';
const XSS = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script><b>bold?</b>`;

/** The header bell (desktop): its accessible name carries the unread count. */
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const conversationBadge = (page: Page) => page.getByTestId('conversation-unread');
const thread = (page: Page) => page.getByRole('list', { name: /^Messages with/ });

async function bellCount(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

async function until(check: () => Promise<boolean>, timeoutMs = 15_000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: /^Message to/ });
  await box.fill(text);
  await box.press('Enter');
}

describe('Journeys: messaging, notifications and realtime delivery (docs/product.md §§2, 3, 7, 8)', () => {
  it('a buyer and a supplier chat live in two browsers: unread badges, bell, read ticks, toasts, text-only rendering', async () => {
    buyer = await freshAccount({
      role: 'buyer',
      firstName: 'Bea',
      lastName: 'Hughes',
      companyName: 'Northgate Developments',
    });
    supplier = await freshAccount({
      role: 'supplier',
      firstName: 'Sam',
      lastName: 'Okafor',
      companyName: 'Pennine Building Supplies',
    });
    const b = await openPage();
    const s = await openPage();
    await loginAs(b.page, buyer.email, buyer.password);
    await loginAs(s.page, supplier.email, supplier.password);

    // docs/product.md §2 /buyer/messages: search an approved counterparty (GET /api/users/search) and open the conversation (POST /api/conversation).
    await b.page.goto('/buyer/messages');
    await b.page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await b.page.getByText('No conversations yet').first().waitFor();
    await b.page.getByRole('searchbox', { name: /Search conversations or find suppliers/ }).fill(supplier.companyName);
    const person = b.page
      .getByRole('list', { name: 'People' })
      // The People list shows the company: personal names follow the profile's privacy.
      .getByRole('button', { name: new RegExp(supplier.companyName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    try {
      await person.click({ timeout: 20_000 });
    } catch (err) {
      await screenshot(b.page, 'messages-search-failure');
      throw err;
    }
    await b.page.waitForURL(/\/buyer\/messages\?conversation=[0-9a-f-]{36}$/);
    const conversationId = new URL(b.page.url()).searchParams.get('conversation')!;
    await b.page.getByRole('heading', { name: SUPPLIER_NAME, level: 2 }).waitFor();
    await b.page.getByText(`Say hello to ${SUPPLIER_NAME}`).waitFor();

    // The supplier watches the list (no thread open) on /supplier/messages.
    await s.page.goto('/supplier/messages');
    const sRow = s.page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(BUYER_NAME) });
    await sRow.waitFor();
    // Start from a clear bell (the demo seed may already have raised notifications): Mark all as read.
    await bell(s.page).click();
    const markAll = s.page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('button', { name: 'Mark all as read' });
    await markAll.waitFor();
    // The button is enabled once the panel has loaded something unread (a new account has its approval).
    await until(
      async () => (await bellCount(s.page)) === 0 || (await markAll.isEnabled()),
      15_000,
      'notifications loaded',
    );
    if (await markAll.isEnabled()) await markAll.click();
    await until(async () => (await bellCount(s.page)) === 0, 15_000, 'supplier bell cleared');
    await s.page.keyboard.press('Escape');

    // docs/product.md §8: Enter sends, with the buyer's toast word for word.
    await send(b.page, 'Hello Sam, can you quote 12 tonnes of C32/40 ready-mix for Ancoats?');
    await b.page.getByText('Message sent successfully', { exact: true }).waitFor();
    await thread(b.page).getByText('Hello Sam, can you quote').waitFor();
    await thread(b.page).getByTestId('sent-tick').first().waitFor();

    // Live, without reload: conversation badge 1, bell 1, sidebar Messages badge 1 (docs/product.md §3 unread count).
    await conversationBadge(s.page).filter({ hasText: '1' }).waitFor();
    await until(async () => (await bellCount(s.page)) === 1, 15_000, 'supplier bell at 1');
    await s.page.getByTestId('nav-unread-messages').filter({ hasText: '1' }).waitFor();
    await sRow.getByText('Hello Sam, can you quote').waitFor();

    // Shift+Enter makes a new line; Enter sends the two lines as one message.
    const box = b.page.getByRole('textbox', { name: /^Message to/ });
    await box.fill('Delivery to site M4 6AB');
    await box.press('Shift+Enter');
    await box.pressSequentially('Access from Jersey Street, 8am–4pm');
    expect(await box.inputValue()).toBe('Delivery to site M4 6AB\nAccess from Jersey Street, 8am–4pm');
    await box.press('Enter');
    await thread(b.page).getByText('Access from Jersey Street').waitFor();
    await expect.poll(() => box.inputValue()).toBe(''); // cleared once the server has the message

    await conversationBadge(s.page).filter({ hasText: '2' }).waitFor();
    // One bell entry per unread conversation (collapsed), so the bell stays at 1.
    expect(await bellCount(s.page)).toBe(1);
    await shot(s.page, 'messages-unread-list-desktop', { scrollToTop: false });

    // Opening the thread marks it read (PUT /api/{id}/read): badges clear live, the buyer sees read ticks.
    await sRow.click();
    await s.page.waitForURL(`**/supplier/messages?conversation=${conversationId}`);
    await thread(s.page).getByText('Access from Jersey Street').waitFor();
    await conversationBadge(s.page).waitFor({ state: 'detached' });
    await until(async () => (await bellCount(s.page)) === 0, 15_000, 'supplier bell at 0');
    await s.page.getByTestId('nav-unread-messages').waitFor({ state: 'detached' });
    await until(async () => (await thread(b.page).getByTestId('read-tick').count()) === 2, 15_000, 'buyer read ticks');
    expect(await thread(b.page).getByTestId('sent-tick').count()).toBe(0);
    // The multi-line message keeps its line break.
    const multi = await thread(s.page).getByTestId('message-text').filter({ hasText: 'Delivery to site' }).innerText();
    expect(multi).toBe('Delivery to site M4 6AB\nAccess from Jersey Street, 8am–4pm');

    // The supplier answers with an HTML payload: shown as text on both sides, never run (docs/product.md §8 'Message sent').
    await send(s.page, XSS);
    await s.page.getByText('Message sent', { exact: true }).waitFor();
    await thread(s.page).getByText(XSS, { exact: true }).waitFor();
    await thread(b.page).getByText(XSS, { exact: true }).waitFor();
    for (const p of [b.page, s.page]) {
      expect(await p.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(await thread(p).locator('img, script, b').count()).toBe(0);
    }
    // The buyer had the thread open and visible: the reply is read at once, and the supplier sees it.
    await until(
      async () => (await thread(s.page).getByTestId('read-tick').count()) === 1,
      15_000,
      'supplier read tick',
    );
    expect(await conversationBadge(b.page).count()).toBe(0);

    // A day separator heads today's messages.
    await thread(b.page).getByRole('separator', { name: 'Today' }).waitFor();
    await send(s.page, 'Yes: £1,940 delivered, pump included. Lead time 3 working days.');
    await thread(b.page).getByText('£1,940 delivered').waitFor();

    // Attachments go through the presigned upload flow (lib/upload) and download on the other side.
    await b.page.locator('form input[type="file"]').setInputFiles({
      name: 'delivery-schedule.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(
        '%PDF-1.4\n1 0 obj << /Title (Delivery schedule) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      ),
    });
    await b.page.getByRole('list', { name: 'Attachments' }).getByText('delivery-schedule.pdf').waitFor();
    await until(
      async () => b.page.getByRole('button', { name: 'Send message' }).isEnabled(),
      15_000,
      'upload finished',
    );
    await send(b.page, 'Delivery schedule attached.');
    await thread(b.page).getByText('Delivery schedule attached.').waitFor();
    const download = s.page.getByRole('button', { name: 'delivery-schedule.pdf (download)' });
    await download.waitFor();
    const [file] = await Promise.all([s.page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('delivery-schedule.pdf');
    await shot(b.page, 'messages-thread-desktop', { scrollToTop: false });
    await shot(s.page, 'messages-thread-supplier-desktop', { scrollToTop: false });

    // docs/product.md §8: a failed send shows the error toast and keeps the draft.
    await s.page.route('**/api/sendMessage', (r) =>
      r.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many messages' } }),
      }),
    );
    await send(s.page, 'This one will not go through');
    await s.page.getByText('Error sending message. Please try again.', { exact: true }).waitFor();
    expect(await s.page.getByRole('textbox', { name: /^Message to/ }).inputValue()).toBe(
      'This one will not go through',
    );
    await s.page.unroute('**/api/sendMessage');
    await s.page.getByRole('textbox', { name: /^Message to/ }).fill('');

    // The bell's panel: a new message notification, click through to the thread (docs/product.md §2 header bell).
    await s.page.goto('/supplier');
    await send(b.page, 'Great, please hold the 3 working days slot for Thursday.');
    await until(async () => (await bellCount(s.page)) === 1, 15_000, 'supplier bell at 1 again');
    await bell(s.page).click();
    const panel = s.page.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByRole('button', { name: new RegExp(`New message from ${BUYER_NAME}`) }).first();
    await item.waitFor();
    await panel.getByText('Great, please hold the 3 working days slot').waitFor();
    await shot(s.page, 'notifications-panel-desktop', { scrollToTop: false });
    await item.click();
    await s.page.waitForURL(`**/supplier/messages?conversation=${conversationId}`);
    await thread(s.page).getByText('Great, please hold').waitFor();
    await until(async () => (await bellCount(s.page)) === 0, 15_000, 'bell cleared by opening the thread');

    // Mark all as read from the panel.
    await s.page.goto('/supplier');
    await send(b.page, 'One more thing: can you send the delivery ticket format?');
    await until(async () => (await bellCount(s.page)) === 1, 15_000, 'supplier bell at 1 (mark all)');
    await bell(s.page).click();
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await until(async () => (await bellCount(s.page)) === 0, 15_000, 'bell cleared by mark all');
    expect(await panel.getByText('(unread)').count()).toBe(0);
    await s.page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // Mobile (375 px): list and thread one at a time, and the header dropdown offers Notifications, Messages and profile.
    await b.page.setViewportSize(MOBILE);
    await b.page.goto('/buyer/messages');
    await b.page.getByRole('list', { name: 'Conversations' }).waitFor();
    await shot(b.page, 'messages-list-mobile', { scrollToTop: false });
    await b.page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(SUPPLIER_NAME) })
      .click();
    await thread(b.page).getByText('£1,940 delivered').waitFor();
    expect(await b.page.getByRole('list', { name: 'Conversations' }).isVisible()).toBe(false);
    // The thread fits the small screen: the page itself does not scroll, the messages do.
    expect(await b.page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true);
    await shot(b.page, 'messages-thread-mobile', { scrollToTop: false });
    await b.page.getByRole('button', { name: 'Back to conversations' }).click();
    await b.page.getByRole('list', { name: 'Conversations' }).waitFor();
    // the avatar, the phone's way in to notifications and messages, says how many wait: its
    // badge and its accessible name agree (no badge when nothing waits)
    const avatar = b.page.getByRole('button', { name: /^Account menu/ });
    const waiting = /, (\d+) unread$/.exec((await avatar.locator('.sr-only').textContent()) ?? '')?.[1];
    if (waiting) expect(await avatar.getByTestId('avatar-unread').textContent()).toBe(waiting);
    else expect(await avatar.getByTestId('avatar-unread').count()).toBe(0);
    await b.page.getByRole('button', { name: 'Account menu' }).click();
    const menu = b.page.getByRole('menu');
    await menu.getByRole('menuitem', { name: /Notifications/ }).waitFor();
    await menu.getByRole('menuitem', { name: /Messages/ }).waitFor();
    await menu.getByRole('menuitem', { name: /Profile/ }).waitFor();
    await menu.getByRole('menuitem', { name: /Notifications/ }).click();
    await b.page.getByRole('dialog', { name: 'Notifications' }).waitFor();
    await shot(b.page, 'notifications-panel-mobile', { scrollToTop: false });
    await b.page.setViewportSize(DESKTOP);

    expect(b.errors).toEqual([]);
    expect(s.errors).toEqual([]);
    await b.context.close();
    await s.context.close();
  });

  it('opens straight into the conversation for a user id passed in navigation state (the Connect button)', async () => {
    const b = await openPage();
    await loginAs(b.page, buyer.email, buyer.password);
    const buyerId = await b.page.evaluate(() => localStorage.getItem('id'));
    await b.context.close();

    const s = await openPage();
    await loginAs(s.page, supplier.email, supplier.password);
    await s.page.goto('/supplier');
    // What navigate('/supplier/messages', { state: { userId } }) does (catalogue item detail, docs/product.md §2).
    await openWithState(s.page, '/supplier/messages', { userId: buyerId });
    await s.page.waitForURL(/\/supplier\/messages\?conversation=[0-9a-f-]{36}$/);
    await s.page.getByRole('heading', { name: BUYER_NAME, level: 2 }).waitFor();
    await s.page.getByRole('textbox', { name: `Message to ${BUYER_NAME}` }).waitFor();
    // Reused, not duplicated: still one conversation with the buyer.
    expect(
      await s.page
        .getByRole('list', { name: 'Conversations' })
        .getByRole('button', { name: new RegExp(BUYER_NAME) })
        .count(),
    ).toBe(1);

    // A conversation that is not yours (or does not exist) says so instead of failing silently.
    await s.page.goto('/supplier/messages?conversation=00000000-0000-4000-8000-000000000000');
    await s.page.getByText('This conversation does not exist, or it is not one of yours.').waitFor();
    await s.page.getByRole('button', { name: 'Back to conversations' }).last().click();
    await s.page.waitForURL((u) => u.pathname === '/supplier/messages' && !u.search.includes('conversation'));
    expect(s.errors).toEqual([]);
    await s.context.close();
  });

  it('falls back to polling while the live channel is down, and reconnects on its own', async () => {
    const b = await openPage();
    const s = await openPage();
    await loginAs(b.page, buyer.email, buyer.password);
    await loginAs(s.page, supplier.email, supplier.password);

    // The buyer's channel cannot get a ticket: the screen says so and polls.
    await b.page.route('**/api/realtime/ticket', (r) =>
      r.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Slow down' } }),
      }),
    );
    await b.page.goto('/buyer/messages');
    await b.page.getByText('Live updates are reconnecting').waitFor({ timeout: 15_000 });
    const row = b.page
      .getByRole('list', { name: 'Conversations' })
      // The People list shows the company: personal names follow the profile's privacy.
      .getByRole('button', { name: new RegExp(supplier.companyName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await row.waitFor();
    const before = (await conversationBadge(b.page).count())
      ? Number((await conversationBadge(b.page).textContent())?.replace(/\D/g, ''))
      : 0;

    await s.page.goto('/supplier/messages');
    await s.page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(BUYER_NAME) })
      .click();
    await send(s.page, 'Polling check: the pump is booked.');
    await s.page.getByText('Message sent', { exact: true }).waitFor();

    // Delivered by polling (every 10 s while down), still without a reload.
    try {
      await conversationBadge(b.page)
        .filter({ hasText: String(before + 1) })
        .waitFor({ timeout: 25_000 });
    } catch (err) {
      await screenshot(b.page, 'messages-polling-failure');
      throw err;
    }
    await row.getByText('Polling check: the pump is booked.').waitFor();

    // The channel comes back by itself and the notice goes.
    await b.page.unroute('**/api/realtime/ticket');
    await b.page.getByText('Live updates are reconnecting').waitFor({ state: 'detached', timeout: 40_000 });
    await send(s.page, 'Live again?');
    await row.getByText('Live again?').waitFor({ timeout: 5_000 });

    expect(b.errors).toEqual([]);
    expect(s.errors).toEqual([]);
    await b.context.close();
    await s.context.close();
  }, 120_000);
});
