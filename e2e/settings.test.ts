import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  DESKTOP,
  MOBILE,
  baseURL,
  latestMail,
  launch,
  linkFrom,
  loginAs,
  newPage,
  shot,
} from './support/browser.ts';

let browser: Browser;
let adminToken: string;

const PASSWORD = 'Settings-journey-7';
/** A 1×1 PNG (the upload checks the bytes, not the name). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function apiCall<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(baseURL() + path, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A new account, registered, email confirmed and approved by the admin (no subscription: settings stay open). */
async function freshAccount(
  role: 'buyer' | 'supplier',
  firstName: string,
  companyName: string,
): Promise<{ email: string; id: string }> {
  const email = `settings-${role}-${Date.now()}-${crypto.randomBytes(3).toString('hex')}@example.test`;
  const reg = await apiCall<{ data: { id: string } }>('/api/auth/register', {
    method: 'POST',
    body: { firstName, lastName: 'Tester', companyName, email, password: PASSWORD, userRole: role, acceptTerms: true },
  });
  const mail = await latestMail(email, /confirm/i);
  const link = new URL(linkFrom(mail.text, '/verify-email'));
  await apiCall(`/api/auth/verify-email?token=${encodeURIComponent(link.searchParams.get('token') ?? '')}`);
  await apiCall('/api/auth/approve-user', { method: 'POST', token: adminToken, body: { userId: reg.data.id } });
  return { email, id: reg.data.id };
}

// ---- RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as an authenticator app computes it ----

function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of input.replace(/=+$/, '').toUpperCase()) {
    const idx = alphabet.indexOf(ch);
    if (idx < 0) continue;
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = crypto.createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const bin = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(bin % 1_000_000).padStart(6, '0');
}

const currentStep = () => Math.floor(Date.now() / 30_000);

/**
 * A code of a time step after `usedStep` (the server refuses a step it has already accepted). The
 * server accepts one step either side of its clock, so the next step's code is good at once: an app
 * whose clock runs a little ahead shows it, and the journey need not wait up to 30 s for it.
 */
async function freshCode(secret: string, usedStep: number): Promise<{ code: string; step: number }> {
  while (currentStep() + 1 <= usedStep) await new Promise((r) => setTimeout(r, 500));
  const step = Math.max(currentStep(), usedStep + 1);
  return { code: totp(secret, step), step };
}

async function signInAgain(page: Page, email: string, password = PASSWORD) {
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

beforeAll(async () => {
  browser = await launch();
  const login = await apiCall<{ data: { token: string } }>('/api/auth/login', {
    method: 'POST',
    body: { email: 'admin@brickyard.test', password: DEMO_PASSWORD },
  });
  adminToken = login.data.token;
});
afterAll(async () => {
  await browser?.close();
});

describe('Journeys: settings sub-pages (docs/product.md §§2, 3 Profile and Buyer-profile extras, 7 Settings)', () => {
  it('a buyer edits every kind of profile field, uploads a logo, manages projects, and finds it all after a reload', async () => {
    const { email } = await freshAccount('buyer', 'Bea', 'Bea Developments Ltd');
    const { page, context, errors } = await newPage(browser);
    await loginAs(page, email, PASSWORD);
    await page.goto('/buyer/settings/profile');
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    await page.getByLabel('Company name').waitFor();
    await expect.poll(() => page.getByRole('navigation', { name: 'Settings pages' }).getByRole('link').count()).toBe(6);

    // validation next to the fields
    await page.getByLabel('Website').fill('not a web address');
    await page.getByLabel('Years in business').fill('twelve');
    await page.getByLabel('Minimum order value (£)').fill('12.345');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Enter a web address like https://example.co.uk').waitFor();
    await page.getByText('Years in business must be a whole number').waitFor();
    await page.getByText('Enter an amount in pounds, like 500 or 499.99').waitFor();
    await shot(page, 'settings-profile-validation-desktop');

    await page.getByLabel('Company name').fill('Bea Developments (North) Ltd');
    await page.setInputFiles('input[type=file][aria-label="Upload a company logo"]', {
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.getByRole('img', { name: 'Company logo preview' }).waitFor();
    await page.getByLabel('Region').selectOption('north-west');
    await page.getByLabel('Company size').selectOption('51-200');
    await page.getByLabel('Company registration number').fill('09876543');
    await page.getByLabel('Website').fill('bea-developments.example');
    await page
      .getByLabel('Company description')
      .fill('Residential developer building family homes across Greater Manchester.');
    await page.getByRole('button', { name: 'Timber & Joinery', exact: true }).click();
    await page.getByRole('button', { name: 'Roof trusses' }).click();
    await page.getByLabel('Industry').fill('Residential development');
    await page.getByLabel('Specialization').fill('Timber-frame family homes');
    await page.getByLabel('Years in business').fill('12');
    await page.getByLabel('Certifications').fill('ISO 9001');
    await page.getByLabel('Certifications').press('Enter');
    await page.getByLabel('Quality standards', { exact: true }).fill('NHBC Standards');
    await page.getByLabel('Quality standards', { exact: true }).press('Enter');
    await page.getByLabel('Manufacturing capacity (units per month)').fill('');
    await page.getByLabel('Lead time (days)').fill('14');
    await page.getByLabel('Minimum order value (£)').fill('2500.50');
    await page.getByRole('button', { name: 'Yorkshire and the Humber' }).click();
    await page.getByLabel('Payment terms').fill('30 days from valuation');
    await page.getByLabel('Warranty offered').fill('10-year structural warranty');
    await page.getByLabel('Rebate').fill('1% above £250,000 a year');
    await page.getByRole('button', { name: 'Add a product' }).click();
    await page.getByLabel('Product or service').fill('Prefabricated roof trusses');
    await page.getByLabel('Quantity', { exact: true }).fill('48 sets');
    await page.getByLabel('Current tender').fill('Roof trusses for 24 homes in Wigan');
    await page.getByLabel('Sustainability focus').fill('FSC-certified timber only');
    await page.getByLabel('Quality standards you expect').fill('FSC chain of custody');
    await page.getByLabel('Quality standards you expect').press('Enter');
    await page.getByLabel('Pricing', { exact: true }).fill('Fixed for 90 days');
    await page.setInputFiles('input[type=file][multiple]', {
      name: 'insurance-certificate.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Title (Insurance) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    });
    await page.getByText('insurance-certificate.pdf').first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Save profile' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile has been saved').waitFor();

    // a current project: add, edit; a past project: add; then delete one
    await page.getByRole('button', { name: 'Add a current project' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Project name').fill('Wigan family homes');
    await dialog.getByLabel('Location').fill('Wigan');
    await dialog.getByLabel('Budget (£)').fill('4100000');
    await dialog.getByLabel('Estimated completion').fill('2027-03-31');
    await dialog.getByLabel('Description').fill('24 two- and three-bedroom homes.');
    await shot(page, 'settings-profile-project-dialog-desktop');
    await dialog.getByRole('button', { name: 'Add project' }).click();
    await page.getByText('Project added').waitFor();
    await page.getByRole('button', { name: 'Edit Wigan family homes' }).click();
    await dialog.getByLabel('Status').selectOption('on-hold');
    await dialog.getByRole('button', { name: 'Save project' }).click();
    await page.getByText('Project updated').waitFor();
    await page.getByRole('button', { name: 'Add a past project' }).click();
    await dialog.getByLabel('Project name').fill('Bolton depot');
    await dialog.getByLabel('Completion date').fill('2024-11-15');
    await dialog.getByRole('button', { name: 'Add project' }).click();
    await page.getByText('Project added').first().waitFor();
    await page.getByRole('list', { name: 'Past projects' }).getByText('Bolton depot').waitFor();

    // everything is there after a reload
    await page.reload();
    await page.getByLabel('Company name').waitFor();
    expect(await page.getByLabel('Company name').inputValue()).toBe('Bea Developments (North) Ltd');
    expect(await page.getByLabel('Region').inputValue()).toBe('north-west');
    expect(await page.getByLabel('Company size').inputValue()).toBe('51-200');
    expect(await page.getByLabel('Company registration number').inputValue()).toBe('09876543');
    expect(await page.getByLabel('Website').inputValue()).toBe('https://bea-developments.example');
    expect(await page.getByRole('button', { name: 'Timber & Joinery', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await page.getByRole('button', { name: 'Roof trusses' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Yorkshire and the Humber' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await page.getByLabel('Industry').inputValue()).toBe('Residential development');
    expect(await page.getByLabel('Years in business').inputValue()).toBe('12');
    expect(await page.getByLabel('Lead time (days)').inputValue()).toBe('14');
    expect(await page.getByLabel('Minimum order value (£)').inputValue()).toBe('2500.5');
    expect(await page.getByLabel('Rebate').inputValue()).toBe('1% above £250,000 a year');
    expect(await page.getByLabel('Product or service').inputValue()).toBe('Prefabricated roof trusses');
    expect(await page.getByLabel('Pricing', { exact: true }).inputValue()).toBe('Fixed for 90 days');
    await page.getByRole('button', { name: 'Remove ISO 9001' }).waitFor();
    await page.getByRole('button', { name: 'Remove FSC chain of custody' }).waitFor();
    await page.getByText('insurance-certificate.pdf').first().waitFor();
    const logo = page.getByRole('img', { name: 'Company logo preview' });
    await logo.waitFor();
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const current = page.getByRole('list', { name: 'Current projects' });
    await current.getByText('Wigan family homes').waitFor();
    await current.getByText('On hold').waitFor();
    await current.getByText('£4,100,000').waitFor();
    await page.getByRole('list', { name: 'Past projects' }).getByText('Completed 15 Nov 2024').waitFor();

    await page.getByRole('button', { name: 'Delete Bolton depot' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete project' }).click();
    await page.getByText('Project deleted').waitFor();
    await expect.poll(() => page.getByText('Bolton depot').count()).toBe(0);

    // notifications: per kind, in-app and email
    await page.goto('/buyer/settings/notifications');
    const emailMessages = page.getByRole('switch', { name: 'New messages by email' });
    await emailMessages.waitFor();
    expect(await emailMessages.isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Saved search hits in the app' }).count()).toBe(0);
    await emailMessages.click();
    await page.getByText('New messages: email off').waitFor();
    await page.reload();
    await page.getByRole('switch', { name: 'New messages by email' }).waitFor();
    expect(await page.getByRole('switch', { name: 'New messages by email' }).isChecked()).toBe(false);
    expect(await page.getByRole('switch', { name: 'New messages in the app' }).isChecked()).toBe(true);

    // privacy: visibility and the data export
    await page.goto('/buyer/settings/privacy');
    await page.getByRole('radio', { name: /^Private/ }).check();
    await page.getByRole('button', { name: 'Save privacy settings' }).click();
    await page.getByText('Privacy settings saved').waitFor();
    await page.reload();
    await page.getByRole('radio', { name: /^Private/ }).waitFor();
    expect(await page.getByRole('radio', { name: /^Private/ }).isChecked()).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download data (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^brickyard-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
      format: string;
      account: { email: string };
      profile: { industry: string };
      projects: { name: string }[];
    };
    expect(exported.format).toBe('brickyard-export-v1');
    expect(exported.account.email).toBe(email);
    expect(exported.profile.industry).toBe('Residential development');
    expect(exported.projects.map((p) => p.name)).toEqual(['Wigan family homes']);
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download data and files (ZIP)' }).click(),
    ]);
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    expect(
      fs
        .readFileSync(await zip.path())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('a supplier edits capabilities and keeps a portfolio; then turns on two-factor sign-in and signs in with a TOTP code and a recovery code', async () => {
    const { email } = await freshAccount('supplier', 'Sam', 'Sam Steel Supplies Ltd');
    const { page, context, errors } = await newPage(browser);
    await loginAs(page, email, PASSWORD);
    await page.goto('/supplier/settings/profile');
    await page.getByLabel('Company name').waitFor();
    await page.getByRole('button', { name: 'Structural Steel', exact: true }).click();
    await page.getByRole('button', { name: 'Beams & columns' }).click();
    await page.getByLabel('Manufacturing capacity (units per month)').fill('450');
    await page.getByLabel('Lead time (days)').fill('10');
    await page.getByRole('button', { name: 'North West' }).click();
    await page.getByLabel('Payment terms').fill('30 days end of month');
    await page.getByLabel('Quality standards you expect').fill('Approved drawings before fabrication');
    await page.getByLabel('Quality standards you expect').press('Enter');
    // buyer-only sections are not offered to a supplier
    expect(await page.getByLabel('Industry').count()).toBe(0);
    await page.getByRole('heading', { name: 'Buyer requirements' }).waitFor();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile has been saved').waitFor();

    await page.getByRole('button', { name: 'Add a portfolio item' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add item' }).click();
    await dialog.getByText('Give the project a title').waitFor();
    await dialog.getByLabel('Title').fill('MediaCity footbridge steelwork');
    await dialog.getByLabel('Client').fill('Peel Media');
    await dialog.getByLabel('Value (£)').fill('420000');
    await dialog.getByLabel('Completion date').fill('2023-09-30');
    await dialog.getByRole('button', { name: 'Add item' }).click();
    await page.getByText('Portfolio item added').waitFor();
    await page.getByRole('button', { name: 'Edit MediaCity footbridge steelwork' }).click();
    await dialog.getByLabel('Value (£)').fill('435000');
    await dialog.getByRole('button', { name: 'Save item' }).click();
    await page.getByText('Portfolio item updated').waitFor();

    await page.reload();
    await page.getByLabel('Company name').waitFor();
    expect(await page.getByLabel('Manufacturing capacity (units per month)').inputValue()).toBe('450');
    expect(await page.getByLabel('Payment terms').inputValue()).toBe('30 days end of month');
    expect(await page.getByRole('button', { name: 'Beams & columns' }).getAttribute('aria-pressed')).toBe('true');
    const portfolio = page.getByRole('list', { name: 'Project portfolio' });
    await portfolio.getByText('MediaCity footbridge steelwork').waitFor();
    await portfolio.getByText('£435,000').waitFor();
    await portfolio.getByText('Completed 30 Sep 2023').waitFor();

    // two-factor sign-in
    await page.goto('/supplier/settings/security');
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByRole('dialog').getByLabel('Your password').fill('wrong-password');
    await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Your current password is incorrect').waitFor();
    await page.getByRole('dialog').getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
    const secretBox = page.getByTestId('totp-secret');
    await secretBox.waitFor();
    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    await shot(page, 'settings-2fa-setup-desktop');
    const secret = (await secretBox.getAttribute('data-secret'))!;
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await page
      .getByRole('dialog')
      .getByLabel('6-digit code')
      .fill('000000' === totp(secret, currentStep()) ? '111111' : '000000');
    await page.getByRole('dialog').getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByText('That code is not valid. Check your app and try again.').waitFor();
    const first = await freshCode(secret, currentStep() - 1);
    await page.getByRole('dialog').getByLabel('6-digit code').fill(first.code);
    await page.getByRole('dialog').getByRole('button', { name: 'Verify and turn on' }).click();
    const codesList = page.getByRole('list', { name: 'Recovery codes' });
    await codesList.waitFor();
    const recoveryCodes = (await codesList.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await shot(page, 'settings-2fa-recovery-codes-desktop');
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.getByText('unused recovery codes').waitFor();
    expect(await page.getByText('10', { exact: true }).count()).toBeGreaterThan(0);

    // signing in now asks for the code from the app
    await signInAgain(page, email);
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await shot(page, 'login-two-factor-desktop');
    await page.getByLabel('Authentication code').fill('12345');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByText('Enter the 6-digit code from your app').waitFor();
    const second = await freshCode(secret, first.step);
    await page.getByLabel('Authentication code').fill(second.code);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/supplier'));
    expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('supplier');

    // …or a recovery code, once
    await signInAgain(page, email);
    await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/supplier'));
    await page.goto('/supplier/settings/security');
    await page.getByText('unused recovery codes').waitFor();
    await page.getByText('9', { exact: true }).waitFor();

    // sign out of every other session keeps this one
    await page.getByRole('button', { name: 'Sign out of every other session' }).click();
    await page.getByText('Every other session has been signed out').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Security' }).waitFor();
    expect(page.url()).toContain('/supplier/settings/security');

    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('a user changes name, phone and email (re-verification), then deletes the account and can no longer sign in', async () => {
    const { email } = await freshAccount('buyer', 'Dee', 'Dee Groundworks Ltd');
    const { page, context, errors } = await newPage(browser);
    await loginAs(page, email, PASSWORD);
    await page.goto('/buyer/settings/accounts');
    await page.getByLabel('First name').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);

    await page.getByLabel('Phone').fill('07 not a number');
    await page.getByRole('button', { name: 'Save account details' }).click();
    await page.getByText('Use digits, spaces, +, ( ) and - only').waitFor();
    await page.getByLabel('First name').fill('Deirdre');
    await page.getByLabel('Phone').fill('+44 161 496 0000');
    const newEmail = email.replace('@', '.new@');
    await page.getByLabel('Email').fill(newEmail);
    // A new email asks for the current password.
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save account details' }).click();
    await page.getByText(`We have sent a link to ${newEmail}`).first().waitFor();
    await shot(page, 'settings-accounts-email-pending-desktop');
    const confirmMail = await latestMail(newEmail);
    expect(linkFrom(confirmMail.text, '/verify-email')).toContain('token=');

    await page.reload();
    await page.getByLabel('First name').waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Deirdre');
    expect(await page.getByLabel('Phone').inputValue()).toBe('+44 161 496 0000');
    await page.getByText('Confirm your new email address').waitFor();
    // the header shows the new name
    await page.getByTestId('header-title').waitFor();
    await expect.poll(() => page.getByText('Deirdre Tester').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog');
    const confirmButton = dialog.getByRole('button', { name: 'Delete account permanently' });
    expect(await confirmButton.isDisabled()).toBe(true);
    await dialog.getByLabel(/to confirm/).fill('delete');
    expect(await confirmButton.isDisabled()).toBe(true);
    await dialog.getByLabel(/to confirm/).fill('DELETE');
    await dialog.getByLabel('Your password').fill('not-my-password');
    await confirmButton.click();
    await dialog.getByText('Your current password is incorrect').waitFor();
    await shot(page, 'settings-accounts-delete-dialog-desktop');
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await confirmButton.click();
    await page.waitForURL('**/login');
    await page.getByText('Your account has been deleted.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email or password is incorrect').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('screenshots of every settings page for a buyer and a supplier at 1440 and 375 px', async () => {
    const pages = ['profile', 'accounts', 'security', 'notifications', 'privacy', 'billing', 'reset-password'] as const;
    for (const [role, email] of [
      ['buyer', 'buyer@brickyard.test'],
      ['supplier', 'supplier@brickyard.test'],
    ] as const) {
      const { page, context, errors } = await newPage(browser, DESKTOP);
      await loginAs(page, email);
      for (const [label, viewport] of [
        ['desktop', DESKTOP],
        ['mobile', MOBILE],
      ] as const) {
        await page.setViewportSize(viewport);
        for (const [i, name] of pages.entries()) {
          // The first page of each width and the reset form (reached from Security) open by their
          // address; the others by the settings strip, as a user moves between them (a full load
          // each was most of this tour's time, which the other journeys' deep links already cover).
          const strip = page.getByRole('navigation', { name: 'Settings pages' });
          if (i === 0 || name === 'reset-password') await page.goto(`/${role}/settings/${name}`);
          else await strip.getByRole('link', { name: name[0]!.toUpperCase() + name.slice(1), exact: true }).click();
          await page.waitForURL((u) => u.pathname === `/${role}/settings/${name}`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.waitForLoadState('networkidle');
          expect(await page.getByTestId('header-title').textContent()).toBe('Settings');
          await shot(page, `settings-${role}-${name}-${label}`);
        }
      }
      // the demo profiles come filled in
      await page.goto(`/${role}/settings/profile`);
      await page.getByLabel('Company name').waitFor();
      expect(await page.getByLabel('Payment terms').inputValue()).not.toBe('');
      expect(errors, errors.join('\n')).toEqual([]);
      await context.close();
    }
  });
});
