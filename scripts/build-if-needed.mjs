// `npm start` runs this before the server. Outside production it builds every time, so a fresh
// clone (`npm install && npm start`) and a changed checkout both serve what is in the tree. With
// NODE_ENV=production (in the environment or in .env) an existing build is served as it is: build
// once with `npm run build`, then `npm start` only starts. With no build yet, it builds anyway.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dotEnv = path.join(process.env.INIT_CWD ?? process.cwd(), '.env');
// The same .env the server reads (apps/api/src/config.ts), only for NODE_ENV; set variables win.
if (fs.existsSync(dotEnv)) process.loadEnvFile(dotEnv);

const built = ['apps/api/dist/main.js', 'apps/web/dist/index.html'].every((f) => fs.existsSync(path.join(root, f)));
if (process.env.NODE_ENV === 'production' && built) {
  console.log('Production: serving the existing build (run `npm run build` after an update).');
  process.exit(0);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
