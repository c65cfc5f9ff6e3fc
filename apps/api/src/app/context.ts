import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AppContext, App } from '../platform/context.ts';
import { createJobs } from '../platform/jobs/jobs.ts';
import { createMailer, type Mailer } from '../platform/mail/mailer.ts';
import { createQueuedMailer, messageIdDomain } from '../platform/mail/queued-mailer.ts';
import { createPaymentProvider, type PaymentProvider } from '../platform/payments/provider.ts';
import { createStorageFromConfig, type Storage } from '../platform/storage/storage.ts';

export interface BuildOptions {
  config: Config;
  db: Db;
  mailer?: Mailer;
  storage?: Storage;
  payments?: PaymentProvider;
  /** a logger instance, or false for none */
  logger?: FastifyBaseLogger | boolean;
}

/**
 * The context every module's service is built from: config, database, session, log, the job
 * queue, the mailer (sending through the job queue, with retries), storage and payments.
 * A test may pass its own mailer, storage or payment provider in `opts`.
 */
export async function createContext(
  app: App,
  opts: BuildOptions,
  session: Pick<AppContext, 'jwt' | 'principals'>,
): Promise<AppContext> {
  const { config } = opts;
  const { jwt, principals } = session;
  const jobs = createJobs({
    db: opts.db,
    log: app.log,
    pollSeconds: config.jobs.pollSeconds,
    workers: config.jobs.workers,
  });
  const transport =
    opts.mailer ??
    createMailer({
      from: config.mailFrom,
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      logLinks: config.env !== 'production',
      log: (msg, extra) => app.log.info(extra ?? {}, msg),
    });
  return {
    config,
    db: opts.db,
    jwt,
    principals,
    log: app.log,
    jobs,
    mailer: createQueuedMailer(jobs, transport, {
      retryLimit: config.jobs.mailRetryLimit,
      retryDelaySeconds: config.jobs.mailRetryDelaySeconds,
      log: (err, msg) => app.log.warn({ err }, msg),
      messageIdDomain: messageIdDomain(config.mailFrom),
    }),
    storage: opts.storage ?? (await createStorageFromConfig(config)),
    payments: opts.payments ?? createPaymentProvider(config),
  };
}
