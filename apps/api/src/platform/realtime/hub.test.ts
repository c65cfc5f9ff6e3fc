import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RealtimeEvent } from '@brickyard/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createRealtimeHub, type RealtimeHub } from './hub.ts';

/**
 * docs/product.md section 3 (realtime messages) through `hub.transaction`, the busy paths' way of
 * publishing: an event is heard only once its transaction has committed, never on rollback.
 */
let t: TestApp;
let hub: RealtimeHub;
const silentLog = { warn: () => undefined } as unknown as Parameters<typeof createRealtimeHub>[0]['log'];
const userId = '00000000-0000-4000-8000-000000000001';
const event = (text: string): RealtimeEvent => ({ type: 'unread.changed', data: { messages: text.length } });

beforeAll(async () => {
  t = await createTestApp();
  hub = createRealtimeHub({ db: t.db, log: silentLog });
  await hub.start();
});
afterAll(async () => {
  await hub.close();
  await t.close();
});

async function heardWithin(ms: number, heard: RealtimeEvent[], n: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (heard.length >= n) return true;
    await sleep(20);
  }
  return heard.length >= n;
}

describe('hub.transaction (events published after the commit)', () => {
  it('is heard after the transaction commits, not while it is open', async () => {
    const heard: RealtimeEvent[] = [];
    const stop = hub.subscribe(userId, (e) => heard.push(e));
    try {
      await hub.transaction(async (tx) => {
        await hub.publish(userId, [event('during')], { db: tx });
        // Still inside the transaction: nothing may be heard yet.
        expect(await heardWithin(300, heard, 1)).toBe(false);
      });
      expect(await heardWithin(3_000, heard, 1)).toBe(true);
      expect(heard).toEqual([event('during')]);
    } finally {
      stop();
    }
  });

  it('is never heard when the transaction rolls back', async () => {
    const heard: RealtimeEvent[] = [];
    const stop = hub.subscribe(userId, (e) => heard.push(e));
    try {
      await expect(
        hub.transaction(async (tx) => {
          await hub.publish(userId, [event('rolled back')], { db: tx });
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      // A committed event after it arrives alone.
      await hub.transaction(async (tx) => hub.publish(userId, [event('kept')], { db: tx }));
      expect(await heardWithin(3_000, heard, 1)).toBe(true);
      await sleep(200);
      expect(heard).toEqual([event('kept')]);
    } finally {
      stop();
    }
  });
});
