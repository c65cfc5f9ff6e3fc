import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { LongestJourneysFirst } from './e2e/support/sequencer.ts';

// The web's import alias (apps/web/vite.config.ts), for its modules under test.
const webAlias = { '@': path.resolve(import.meta.dirname, 'apps/web/src') };

export default defineConfig({
  test: {
    // journey files longest first, so the last to run are short (e2e/support/sequencer.ts)
    sequence: { sequencer: LongestJourneysFirst },
    projects: [
      {
        // The web's components and screens in a simulated browser (Testing Library on jsdom).
        resolve: { alias: webAlias },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A worker imports React, the router and Testing Library once for all its files instead
          // of once per file: the web and unit projects took 41 s of a CI run, 22 s this way. No
          // web test mocks a module, and each renders into a fresh query client and router.
          isolate: false,
          // jsdom re-renders a whole form on every key user-event types: a long form's test takes
          // 3 s alone and passed 5 s (vitest's default) while the API tests shared the 2 cores.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias: webAlias },
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // A worker imports the app once for all its files instead of once per file (about two
          // seconds each, 40% of the API passes): each file still builds its own app on its own
          // cloned database, and state the modules keep is keyed by that database.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/support/server-setup.ts'],
          // Every screen is also scanned by axe-core (e2e/support/browser.ts), a second or two each.
          testTimeout: 150_000,
          hookTimeout: 120_000,
          // A worker imports Playwright, the mail parser and the support modules once for all its
          // files (about 2.5 s a file otherwise); each file still launches its own browser and gets its
          // own server, database and data folder (support/server-setup.ts).
          isolate: false,
          // Journey files run side by side (scripts/test.mjs asks for two workers): each has its own
          // database, data folder and server. On 2 cores, two at a time took the 15 files from
          // about 660 s to 354 s, with no retry needed.
          fileParallelism: true,
          // A journey drives a real browser against a real server on 2 shared cores: a timing slip
          // gets one more try (a real fault fails every try, and each try starts from fresh pages).
          retry: process.env.E2E_NO_RETRY ? 0 : 1,
          // expect.poll gives up after 1 s by default: a screen waiting on a request while the other
          // journey file has both cores can take longer (a mocked /api/public/config answer once did).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
