import { describe, expect, it } from 'vitest';
import { storableError } from './jobs.ts';

describe('a failed job keeps an error PostgreSQL can store', () => {
  it('drops NUL, control characters and lone surrogates, and keeps the readable message', () => {
    const err = new Error('S3 answered \u0000\u001c\ud800 garbage: AccessDenied');
    const clean = storableError(err);
    expect(clean.message).toBe('S3 answered  garbage: AccessDenied');
    // what pg-boss writes: JSON PostgreSQL accepts (no \u0000 or unpaired surrogate escapes)
    expect(JSON.stringify({ message: clean.message, stack: clean.stack })).not.toMatch(/\\u0000|\\ud800/);
  });

  it('says something when the thrown value is empty or not an Error', () => {
    expect(storableError('').message).toBe('The job failed');
    expect(storableError(42).message).toBe('42');
  });
});
