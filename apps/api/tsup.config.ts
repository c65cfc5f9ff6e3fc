import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts', 'create-admin': 'src/cli/create-admin.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The shared workspace package is TypeScript source: bundle it; keep npm packages external.
  noExternal: ['@brickyard/shared'],
});
