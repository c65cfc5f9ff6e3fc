// Runs around each API test file (vitest setupFiles). Its afterAll is registered before the file's
// own hooks, so it runs after them: the file's apps are closed by then.
import { afterAll, inject } from 'vitest';
import { dropDatabasesOfThisFile } from './harness.ts';

afterAll(async () => {
  // The embedded server is thrown away whole at the end of the run (global-setup.ts).
  if (inject('pgTarget') === 'external') await dropDatabasesOfThisFile();
});
