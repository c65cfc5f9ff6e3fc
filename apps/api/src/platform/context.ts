import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { PrincipalCache } from './auth/guard.ts';
import type { Jwt } from './auth/jwt.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { QueuedMailer } from './mail/queued-mailer.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { Storage } from './storage/storage.ts';

/** Everything a service may depend on; built once in app.ts, replaced piecewise in tests. */
export interface AppContext {
  config: Config;
  db: Db;
  /** every mail is a job (platform/mail/queued-mailer.ts) */
  mailer: QueuedMailer;
  /** the durable job queue in PostgreSQL */
  jobs: Jobs;
  storage: Storage;
  payments: PaymentProvider;
  jwt: Jwt;
  principals: PrincipalCache;
  log: FastifyBaseLogger;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
