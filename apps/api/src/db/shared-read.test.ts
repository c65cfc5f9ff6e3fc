import { describe, expect, it } from 'vitest';
import { sharedReads } from './shared-read.ts';

describe('sharedReads: reads asked at once share one statement', () => {
  it('joins callers whose read is not sent yet, per database and key', async () => {
    const sent: string[] = [];
    const read = sharedReads(async (db: { name: string }, key: string) => {
      sent.push(`${db.name}:${key}`);
      return `${db.name}:${key}@${sent.length}`;
    });
    const [a, b] = [{ name: 'a' }, { name: 'b' }];
    const answers = await Promise.all([read(a, 'x'), read(a, 'x'), read(a, 'y'), read(b, 'x')]);
    expect(sent).toEqual(['a:x', 'a:y', 'b:x']);
    expect(answers[0]).toBe(answers[1]);
  });

  it('never joins a read already sent: a caller asking after it gets a read of its own', async () => {
    let release!: () => void;
    let reads = 0;
    const read = sharedReads(async (_db: object, _key: string) => {
      const n = ++reads;
      if (n === 1) await new Promise<void>((resolve) => (release = resolve));
      return n;
    });
    const db = {};
    const first = read(db, 'k');
    await new Promise((resolve) => setImmediate(resolve)); // the first read is sent now
    await new Promise((resolve) => setImmediate(resolve));
    const second = read(db, 'k');
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    expect(reads).toBe(2);
  });
});
