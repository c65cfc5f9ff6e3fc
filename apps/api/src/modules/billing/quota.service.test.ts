import { AppError } from '@brickyard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { consumeQuota, quotaMonth, quotaUsage, releaseQuota } from './quota.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('docs/product.md §9 quotas: race-safe monthly usage counters (quota.service)', () => {
  it('20 concurrent consumes at the Core limit of 5: exactly 5 succeed, 15 answer PLAN_LIMIT_REACHED (402)', async () => {
    const u = await t.createUser({ role: 'supplier', plan: 'CORE' });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        t.db.transaction((tx) => consumeQuota(tx, { userId: u.id, plan: 'CORE', kind: 'bid_assist' })),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect(r.reason).toMatchObject({ code: 'PLAN_LIMIT_REACHED', status: 402 });
    }
    expect((refused[0]!.reason as AppError).details).toEqual([
      { path: 'bid_assist.used', message: '5' },
      { path: 'bid_assist.limit', message: '5' },
    ]);
    expect(ok.map((r) => (r as PromiseFulfilledResult<{ used: number }>).value.used).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await quotaUsage(t.db, { userId: u.id, plan: 'CORE', kind: 'bid_assist' })).toMatchObject({
      used: 5,
      limit: 5,
    });
  });

  it('a rolled-back transaction gives its unit back; releaseQuota gives one back after a commit', async () => {
    const u = await t.createUser({ role: 'supplier', plan: 'CORE' });
    await expect(
      t.db.transaction(async (tx) => {
        await consumeQuota(tx, { userId: u.id, plan: 'CORE', kind: 'uploads' });
        throw new Error('the upload failed');
      }),
    ).rejects.toThrow('the upload failed');
    expect((await quotaUsage(t.db, { userId: u.id, plan: 'CORE', kind: 'uploads' })).used).toBe(0);
    for (let i = 0; i < 5; i++) await consumeQuota(t.db, { userId: u.id, plan: 'CORE', kind: 'uploads' });
    await expect(consumeQuota(t.db, { userId: u.id, plan: 'CORE', kind: 'uploads' })).rejects.toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
    });
    await releaseQuota(t.db, { userId: u.id, kind: 'uploads' });
    expect((await consumeQuota(t.db, { userId: u.id, plan: 'CORE', kind: 'uploads' })).used).toBe(5);
  });

  it('Growth is unlimited but still counted; counters are per calendar month', async () => {
    const u = await t.createUser({ role: 'supplier', plan: 'GROWTH' });
    for (let i = 0; i < 7; i++) await consumeQuota(t.db, { userId: u.id, plan: 'GROWTH', kind: 'uploads' });
    expect(await quotaUsage(t.db, { userId: u.id, plan: 'GROWTH', kind: 'uploads' })).toMatchObject({
      used: 7,
      limit: null,
    });
    // Last month's usage does not count this month.
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1, 10);
    const c = await t.createUser({ role: 'buyer', plan: 'CORE' });
    for (let i = 0; i < 5; i++)
      await consumeQuota(t.db, { userId: c.id, plan: 'CORE', kind: 'uploads', now: lastMonth });
    expect(quotaMonth(lastMonth)).not.toBe(quotaMonth());
    expect((await consumeQuota(t.db, { userId: c.id, plan: 'CORE', kind: 'uploads' })).used).toBe(1);
  });

  it('quota exhaustion answers 402 PLAN_LIMIT_REACHED over HTTP and billing info shows 5 of 5 uploads', async () => {
    const u = await t.createUser({ role: 'supplier', plan: 'CORE' });
    const presign = () =>
      t.request('POST', '/api/upload/presigned-upload-url', {
        token: u.token,
        body: { fileName: 'spec.pdf', fileType: 'application/pdf', uploadType: 'catalogue-document' },
      });
    // a file counts once it is stored: five stored files use the month's five uploads
    const pdf = new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'));
    for (let i = 0; i < 5; i++) {
      const url = await presign();
      expect(url.status).toBe(200);
      expect((await fetch(t.url + url.body.data.uploadURL, { method: 'PUT', body: pdf })).status).toBe(200);
    }
    const sixth = await presign();
    expect(sixth.status).toBe(402);
    expect(sixth.body.error.code).toBe('PLAN_LIMIT_REACHED');
    const info = await t.request('GET', '/api/billing/info', { token: u.token });
    expect(info.body.data.usage.uploads).toEqual({ used: 5, limit: 5 });
    expect(info.body.data.usageMonth).toBe(quotaMonth());
  });
});
