import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config.env.ts';
import { renderEnvExample, renderEnvTable, withEnvTable } from './config.docs.ts';

const root = path.resolve(import.meta.dirname, '../../..');

describe('configuration docs are generated from the declared variables', () => {
  it('.env.example is the rendering of config.env.ts (run npm run docs:env after adding a variable)', () => {
    expect(fs.readFileSync(path.join(root, '.env.example'), 'utf8')).toBe(renderEnvExample());
  });

  it("the README's configuration table is the rendering of config.env.ts", () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(withEnvTable(readme)).toBe(readme);
  });

  it('every variable the server parses has a row in the table', () => {
    const table = renderEnvTable();
    for (const name of Object.keys(envSchema.shape)) expect(table).toContain(`| \`${name}\` |`);
  });

  it('no secret is written into .env.example with a value', () => {
    const example = renderEnvExample();
    for (const name of ['JWT_SECRET', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'S3_SECRET_ACCESS_KEY', 'ADMIN_PASSWORD']) {
      expect(example).toMatch(new RegExp(`^# ${name}=$`, 'm'));
    }
  });
});
