import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function form(fields: Record<string, string>, file?: { name: string; body: Buffer; type: string }) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append('file', new Blob([new Uint8Array(file.body)], { type: file.type }), file.name);
  return fd;
}

describe('docs/product.md §2/§3/§5 Contact Us', () => {
  it('stores a JSON message and mails support; name and email come from the account', async () => {
    const u = await t.createUser({ role: 'buyer', approved: false, plan: null });
    const res = await t.request('POST', '/api/auth/contact-us', {
      token: u.token,
      body: {
        userEmail: 'spoof@example.test',
        userName: 'Someone Else',
        userTitle: 'Invoice question',
        userMessage: 'Hello <b>team</b>',
      },
    });
    expect(res.status).toBe(201);
    const row = await t.db.query.contactMessages.findFirst();
    expect(row).toMatchObject({
      userEmail: u.email,
      title: 'Invoice question',
      message: 'Hello <b>team</b>',
      fileKey: null,
    });
    const mail = t.mails.find((m) => m.to === t.config.supportEmail);
    expect(mail?.subject).toBe('[Contact us] Invoice question');
    expect(mail?.replyTo).toBe(u.email);
    expect(mail?.html).toContain('Hello &lt;b&gt;team&lt;/b&gt;');
  });

  it('requires title and message', async () => {
    const u = await t.createUser({ role: 'supplier' });
    const res = await t.request('POST', '/api/auth/contact-us', {
      token: u.token,
      body: { userEmail: u.email, userName: 'Sam', userTitle: '  ', userMessage: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['userMessage', 'userTitle']);
  });

  it('lets a supplier attach one file, checked by content', async () => {
    const s = await t.createUser({ role: 'supplier' });
    const ok = await t.request('POST', '/api/auth/contact-us', {
      token: s.token,
      raw: form(
        { userEmail: s.email, userName: 'Sam', userTitle: 'Spec sheet', userMessage: 'Attached' },
        { name: 'spec.pdf', body: PDF, type: 'application/pdf' },
      ),
    });
    expect(ok.status).toBe(201);
    const row = await t.db.query.contactMessages.findFirst({ where: (c, { eq }) => eq(c.title, 'Spec sheet') });
    expect(row?.fileName).toBe('spec.pdf');
    expect(row?.fileKey).toMatch(new RegExp(`^${s.id}/contact/[0-9a-f-]{36}-spec\\.pdf$`));

    const disguised = await t.request('POST', '/api/auth/contact-us', {
      token: s.token,
      raw: form(
        { userEmail: s.email, userName: 'Sam', userTitle: 'Bad', userMessage: 'x' },
        { name: 'spec.pdf', body: Buffer.from('MZ\x90\x00binary\x00\x01'), type: 'application/pdf' },
      ),
    });
    expect(disguised.status).toBe(415);
  });

  it('refuses a file from a buyer, and anonymous callers', async () => {
    const b = await t.createUser({ role: 'buyer' });
    const res = await t.request('POST', '/api/auth/contact-us', {
      token: b.token,
      raw: form(
        { userEmail: b.email, userName: 'Bea', userTitle: 'Doc', userMessage: 'x' },
        { name: 'a.pdf', body: PDF, type: 'application/pdf' },
      ),
    });
    expect(res.status).toBe(400);
    expect((await t.request('POST', '/api/auth/contact-us', { body: {} })).status).toBe(401);
  });

  it('answers 413 for a file over the size limit', async () => {
    const small = await createTestApp({ uploadMaxBytes: 2048 });
    try {
      const s = await small.createUser({ role: 'supplier' });
      const res = await small.request('POST', '/api/auth/contact-us', {
        token: s.token,
        raw: form(
          { userEmail: s.email, userName: 'Sam', userTitle: 'Big', userMessage: 'x' },
          { name: 'big.pdf', body: Buffer.concat([PDF, Buffer.alloc(4096)]), type: 'application/pdf' },
        ),
      });
      expect(res.status).toBe(413);
      expect(await small.db.query.contactMessages.findMany()).toEqual([]);
    } finally {
      await small.close();
    }
  });
});
