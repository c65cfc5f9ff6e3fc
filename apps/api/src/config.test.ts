import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config is parsed once and fails fast (STYLE.md rule 5)', () => {
  it('applies the defaults of DESIGN.md §7', () => {
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
