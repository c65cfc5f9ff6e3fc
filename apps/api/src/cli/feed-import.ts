import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { connect } from '../db/client.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from '../db/embedded.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { createJobs } from '../platform/jobs/jobs.ts';
import { createMailer } from '../platform/mail/mailer.ts';
import { createQueuedMailer, messageIdDomain } from '../platform/mail/queued-mailer.ts';
import { loadLocalSecrets } from '../platform/secrets.ts';
import { alertNewTenders } from '../modules/external-tenders/external-tenders.service.ts';
import { formatSummary, importFiles } from '../modules/external-tenders/feed-importer.ts';

/**
 * Imports OCDS release packages or record packages from files into the live feed:
 *   npm run feed:import -- FILE…
 * Prints new/updated/unchanged/rejected and the speed in releases/s. Exit code 1 when a release
 * or file was rejected, 2 on usage errors. Uses DATABASE_URL, else the embedded database under
 * DATA_DIR (the running app's server when it is up, otherwise it starts one).
 */

function runningEmbeddedPort(dir: string): number | null {
  try {
    const lines = fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number.parseInt(lines[0] ?? '', 10);
    const port = Number.parseInt(lines[3] ?? '', 10);
    if (!Number.isInteger(pid) || !Number.isInteger(port)) return null;
    process.kill(pid, 0);
    return port;
  } catch {
    return null;
  }
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      'batch-size': { type: 'string' },
      'no-alerts': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length === 0) {
    console.error('Usage: npm run feed:import -- [--batch-size N] [--no-alerts] FILE…');
    process.exit(2);
  }
  // `npm run feed:import -w …` runs in apps/api: resolve files and DATA_DIR from where the user typed it.
  process.chdir(loadConfig().invocationDir);
  const missing = positionals.filter((f) => !fs.existsSync(f));
  if (missing.length) {
    console.error(`No such file: ${missing.join(', ')}`);
    process.exit(2);
  }
  const config = loadConfig();
  let embedded: EmbeddedServer | null = null;
  let url = config.databaseUrl;
  if (!url) {
    const secrets = loadLocalSecrets(config.dataDir);
    const dir = path.join(config.dataDir, 'pg');
    const port = runningEmbeddedPort(dir);
    if (port) {
      url = `postgres://postgres:${encodeURIComponent(secrets.embeddedPgPassword)}@127.0.0.1:${port}/postgres`;
    } else {
      embedded = await startEmbeddedPostgres({ dir, password: secrets.embeddedPgPassword });
      url = embedded.url;
    }
  }
  const database = connect(url, 4);
  try {
    await migrateDatabase(url);
    const batchSize = values['batch-size'] ? Number(values['batch-size']) : undefined;
    const summary = await importFiles(
      database.db,
      positionals.map((f) => path.resolve(f)),
      { batchSize },
    );
    console.log(formatSummary(summary));
    if (!values['no-alerts'] && summary.newTenderIds.length) {
      const log = { info: () => undefined, warn: (obj: object, msg: string) => console.warn(msg, obj) };
      // The same path as the scheduled import: each alert mail is a job written with its
      // notification (the outbox), tried once after the commit; if that attempt fails, the
      // running app's workers retry it. This process queues but runs no jobs.
      const jobs = createJobs({ db: database.db, log, pollSeconds: config.jobs.pollSeconds, workers: false });
      const mailer = createQueuedMailer(
        jobs,
        createMailer({
          from: config.mailFrom,
          smtpUrl: config.smtpUrl,
          outboxDir: path.join(config.dataDir, 'outbox'),
          log: () => undefined,
        }),
        {
          retryLimit: config.jobs.mailRetryLimit,
          retryDelaySeconds: config.jobs.mailRetryDelaySeconds,
          log: (err, msg) => console.warn(msg, err),
          messageIdDomain: messageIdDomain(config.mailFrom),
        },
      );
      // Creates the mail queue when this database has never run the app (pg-boss drops a job
      // sent to a queue that does not exist).
      await jobs.start();
      try {
        const alerts = await alertNewTenders({ db: database.db, mailer, config, log }, summary.newTenderIds);
        if (alerts) console.log(`saved-search alerts raised: ${alerts}`);
      } finally {
        mailer.close();
        await jobs.stop();
      }
    }
    process.exitCode = summary.rejected > 0 ? 1 : 0;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
