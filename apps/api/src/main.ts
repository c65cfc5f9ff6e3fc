import path from 'node:path';
import { bootstrap, demoLoginsText } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { EmbeddedPostgresError } from './db/embedded.ts';
import { missingNodeFlags } from './node-flags.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const running = await bootstrap(config);
  const { app } = running;
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  const lines = [
    '',
    `Brickyard is running at ${url}`,
    `API docs: ${url}/api/docs`,
    running.embedded
      ? `Database: embedded PostgreSQL (data in ${embeddedDataText(config.dataDir, running.embedded.folder)})`
      : 'Database: DATABASE_URL',
  ];
  if (config.seedDemo) lines.push('Demo accounts:', demoLoginsText());
  const missing = missingNodeFlags(process.execArgv, config.nodeOptions);
  if (config.env === 'production' && missing.length) {
    // started as `node main.js` by hand or by a process manager: it serves, with less under load
    lines.push(`Node runs without ${missing.join(' ')}: start it as \`npm start\` does (docs/operations.md)`);
  }
  console.log(lines.join('\n') + '\n');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Work the job queue gave up waiting for may still fail against the closing pool: that is
    // expected now (the job is retried elsewhere), not a reason to end with a failure code.
    process.on('unhandledRejection', (err) => app.log.warn({ err }, 'shutdown: abandoned work failed'));
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    try {
      await running.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Where the embedded data is; as root in a private folder DATA_DIR/pg links to a folder outside it. */
function embeddedDataText(dataDir: string, folder: string): string {
  const dir = path.join(dataDir, 'pg');
  return path.resolve(dir) === folder ? dir : `${dir}, a link to ${folder}`;
}

main().catch((err) => {
  // A known start-up problem is one clear sentence; anything else keeps its stack.
  console.error(err instanceof EmbeddedPostgresError ? err.message : err);
  process.exit(1);
});
