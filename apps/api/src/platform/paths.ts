import fs from 'node:fs';
import path from 'node:path';

/** The api package root, whether running from src/ (tsx, vitest) or dist/ (bundled). */
export function apiRoot(): string {
  let dir = import.meta.dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('api package root not found');
    dir = parent;
  }
  return dir;
}

export const migrationsDir = () => path.join(apiRoot(), 'src/db/migrations');
