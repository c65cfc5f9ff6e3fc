// The real Brickyard server for benchmarks: embedded PostgreSQL (or DATABASE_URL), demo seed.
import { bootstrap } from '../../apps/api/src/bootstrap.ts';
import { loadConfig } from '../../apps/api/src/config.ts';

const running = await bootstrap(loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'development' }), {
  logger: false,
});
await running.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = running.app.server.address() as { port: number };
process.stdout.write(`${JSON.stringify({ port, databaseUrl: running.databaseUrl })}\n`);
process.on('SIGTERM', () => {
  // as apps/api/src/main.ts: work the job queue gave up waiting for may fail against the closing pool
  process.on('unhandledRejection', () => undefined);
  void running.close().then(() => process.exit(0));
});
