import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDotEnv } from './config.ts';

describe('config is parsed once and fails fast (docs/style.md rule 5)', () => {
  it('applies the defaults of docs/design.md §7', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.seedDemo).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('lists every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', SUPPORT_EMAIL: 'nope' })).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: 'abc', SUPPORT_EMAIL: 'nope' });
    } catch (e) {
      expect((e as Error).message).toContain('PORT');
      expect((e as Error).message).toContain('SUPPORT_EMAIL');
    }
  });

  it('requires JWT_SECRET in production and turns the demo seed off there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    const c = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    expect(c.seedDemo).toBe(false);
  });
});

describe('.env is read when present', () => {
  it('loads the file of the starting directory; variables already set win; no file is fine', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-dotenv-'));
    const keys = ['PORT', 'SUPPORT_EMAIL', 'MAIL_FROM'] as const;
    const before = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
    try {
      expect(loadDotEnv(dir)).toBeNull();
      fs.writeFileSync(
        path.join(dir, '.env'),
        '# local settings\nPORT=4321\nSUPPORT_EMAIL="help@dwr-cymru.example"\nMAIL_FROM=from-file@example.test\n',
      );
      delete process.env.PORT;
      delete process.env.SUPPORT_EMAIL;
      process.env.MAIL_FROM = 'Brickyard <set@example.test>';
      expect(loadDotEnv(dir)).toBe(path.join(dir, '.env'));
      const c = loadConfig(process.env);
      expect(c.port).toBe(4321);
      expect(c.supportEmail).toBe('help@dwr-cymru.example');
      expect(c.mailFrom).toBe('Brickyard <set@example.test>');
    } finally {
      for (const k of keys) {
        if (before[k] === undefined) delete process.env[k];
        else process.env[k] = before[k];
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
