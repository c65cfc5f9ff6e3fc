import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The port of the API in development: PORT from the environment or the root .env, else 3000. */
function apiPort(mode: string): string {
  const root = decodeURIComponent(new URL('../..', import.meta.url).pathname);
  return loadEnv(mode, root, '').PORT || '3000';
}

// Code splitting: the router loads each area (public pages, buyer, supplier, admin) with a dynamic
// import, so a public page never downloads signed-in code. The groups below only pull the
// long-lived framework code into its own cacheable chunk.
export default defineConfig(({ mode }) => ({
  // Brotli and gzip copies of every text asset (and index.html), written once at build: the API
  // serves them as they are (@fastify/static preCompressed), so no request pays for compression.
  plugins: [react(), tailwindcss(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  resolve: {
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  server: {
    port: 5173,
    // `npm run dev`: the API listens on PORT (environment or the repository's .env, as the API reads it).
    proxy: { '/api': { target: `http://localhost:${apiPort(mode)}`, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 400,
    // dist/.vite/manifest.json: bench/bundle-size.ts reads each page's initial chunks from it.
    manifest: true,
    rolldownOptions: {
      // The shared package is pure declarations (schemas, constants, functions) but does not say so
      // in its package.json; declaring it lets unused schemas — and zod with them — drop out of
      // pages that only need a constant or a formatter.
      treeshake: {
        moduleSideEffects: (id: string) => (/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id) ? false : true),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
}));
