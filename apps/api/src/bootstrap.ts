import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp, type BuiltApp } from './app.ts';
import type { Config } from './config.ts';
import { connect } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded.ts';
import { migrateDatabase } from './db/migrate.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './db/seed/demo.ts';
import { demoSeeders } from './db/seed/index.ts';
import { warmLiveIndex } from './modules/search/live-index.ts';
import { loadLocalSecrets } from './platform/secrets.ts';

export interface Running extends BuiltApp {
  databaseUrl: string;
  embedded: EmbeddedServer | null;
  seeded: boolean;
  close(): Promise<void>;
}

/**
 * Everything `npm start` does before listening: the database (embedded unless DATABASE_URL),
 * migrations, the demo seed on an empty database, and the app. Tests start the same way.
 */
export async function bootstrap(config: Config, opts: { logger?: FastifyBaseLogger | boolean } = {}): Promise<Running> {
  const secrets = loadLocalSecrets(config.dataDir);
  const cfg: Config = { ...config, jwtSecret: config.jwtSecret || secrets.jwtSecret };

  let embedded: EmbeddedServer | null = null;
  let databaseUrl = cfg.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dir: path.join(cfg.dataDir, 'pg'),
      password: secrets.embeddedPgPassword,
      port: cfg.embeddedPgPort,
    });
    databaseUrl = embedded.url;
  }
  try {
    await migrateDatabase(databaseUrl);
    const database = connect(databaseUrl);
    const seeded = cfg.seedDemo ? await seedDemo(database.db, demoSeeders) : false;
    const built = await buildApp({ config: cfg, db: database.db, logger: opts.logger });
    warmLiveIndex(database.db).catch((err: unknown) =>
      built.app.log.warn(
        { err },
        'reading the search indexes at start failed (the first search of each source reads its own)',
      ),
    );
    return {
      ...built,
      databaseUrl,
      embedded,
      seeded,
      async close() {
        await built.app.close();
        built.ctx.mailer.close();
        await database.close();
        await embedded?.stop();
      },
    };
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
}

export function demoLoginsText(): string {
  return (
    DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(30)} ${a.note}`).join('\n') + `\n  password for all: ${DEMO_PASSWORD}`
  );
}
