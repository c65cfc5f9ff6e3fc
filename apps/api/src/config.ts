import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable Brickyard reads, parsed once at boot (STYLE.md rule 5).
 * This is the only file that touches `process.env`. A `.env` file (see `.env.example`) in the
 * directory the command was started from is read first when there is one; variables already set
 * in the environment win over it.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  JWT_SECRET: z.string().min(32).optional(),
  JWT_TTL_SECONDS: z.coerce.number().int().min(60).max(60 * 60 * 24 * 30).default(60 * 60 * 12),
  SESSION_MAX_SECONDS: z.coerce.number().int().min(60).max(60 * 60 * 24 * 365).default(60 * 60 * 24 * 7),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Brickyard <no-reply@brickyard.test>'),
  SUPPORT_EMAIL: z.email().default('support@brickyard.test'),
  SEED_DEMO: bool.optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_LOGIN_PER_15_MIN: z.coerce.number().int().min(1).default(10),
  AUTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(25 * 1024 * 1024),
  TRUST_PROXY: bool.default(false),
  /** Signs local-storage upload/download URLs; derived from the JWT secret when unset. */
  STORAGE_SIGNING_SECRET: z.string().min(32).optional(),
  /** Lifetime of presigned upload and download URLs. */
  STORAGE_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(7 * 24 * 3600).default(15 * 60),
  /** S3-compatible storage: set S3_BUCKET to use it instead of local disk. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('eu-west-2'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  // Live feed of public-sector tenders (DESIGN.md section 6; modules/external-tenders/README.md).
  FEED_SCHEDULE_ENABLED: bool.optional(),
  FEED_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
  FEED_CONTRACTS_FINDER_URL: z.url().default('https://www.contractsfinder.service.gov.uk'),
  FEED_FIND_A_TENDER_URL: z.url().default('https://www.find-tender.service.gov.uk'),
  FEED_THROTTLE_PAUSE_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
  FEED_SEED_SNAPSHOT: bool.optional(),
  // Payments (modules/billing/README.md): Stripe when STRIPE_SECRET_KEY is set, else the local provider.
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where the Stripe library sends requests (tests point it at a local server); default api.stripe.com. */
  STRIPE_API_BASE: z.url().optional(),
  STRIPE_PRICE_CORE_MONTHLY: z.string().min(1).optional(),
  STRIPE_PRICE_CORE_YEARLY: z.string().min(1).optional(),
  STRIPE_PRICE_GROWTH_MONTHLY: z.string().min(1).optional(),
  STRIPE_PRICE_GROWTH_YEARLY: z.string().min(1).optional(),
  STRIPE_COUPON_EARLYBIRD: z.string().min(1).optional(),
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  BILLING_JOB_ENABLED: bool.optional(),
  BILLING_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(10).max(24 * 3600).default(300),
  BILLING_SELLER_NAME: z.string().min(1).default('Brickyard Marketplace Ltd'),
  BILLING_SELLER_ADDRESS: z.string().min(1).default('1 Builders Yard, London EC1A 1AA, United Kingdom'),
  BILLING_SELLER_VAT_NUMBER: z.string().default('GB123456789'),
  // Messaging, notifications and realtime (issue 6; modules/messaging/README.md).
  MESSAGE_SEND_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  REALTIME_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
  REALTIME_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(10),
  NOTIFICATION_DIGEST_ENABLED: bool.optional(),
  NOTIFICATION_DIGEST_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  NOTIFICATION_DIGEST_DELAY_SECONDS: z.coerce.number().int().min(0).max(24 * 3600).default(120),
  NOTIFICATION_DIGEST_WINDOW_SECONDS: z.coerce.number().int().min(0).max(7 * 24 * 3600).default(900),
  // Background jobs and mail delivery (platform/jobs/README.md): a durable queue in PostgreSQL.
  JOBS_WORKERS: bool.default(true),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(12),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // Bid Assist (modules/bid-assist/README.md): an optional OpenAI-compatible endpoint polishes the draft.
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(20),
  /** Set by npm to the directory a script was started from (CLI file arguments are relative to it). */
  INIT_CWD: z.string().optional(),
});

/** The live feed's connectors and schedule. */
export interface FeedConfig {
  /** Run the connectors on a schedule (default on, off under NODE_ENV=test). */
  scheduleEnabled: boolean;
  intervalMinutes: number;
  contractsFinderUrl: string;
  findATenderUrl: string;
  /** Pause after a 403/429 from a publisher (Contracts Finder asks for 5 minutes). */
  throttlePauseMs: number;
  /** Client-side pacing per source: Find a Tender allows about 12 requests per 2 minutes. */
  minRequestIntervalMs: { contractsFinder: number; findATender: number };
  /** First wait of the exponential backoff after a 5xx or a network error. */
  retryBaseMs: number;
  maxRetries: number;
  /** How far back the first run of a connector looks. */
  initialLookbackDays: number;
  /** Pages per run, so one run never hogs the instance. */
  maxPagesPerRun: number;
  requestTimeoutMs: number;
  /** Import the shipped snapshot when the feed is empty (default on, off under NODE_ENV=test). */
  seedSnapshot: boolean;
}

/** Stripe, when configured (STRIPE_SECRET_KEY). */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** host/port/protocol override for the Stripe library (tests); null = api.stripe.com */
  apiBase: string | null;
  prices: { CORE: { monthly: string; yearly: string }; GROWTH: { monthly: string; yearly: string } };
  earlybirdCoupon: string | null;
}

export interface BillingConfig {
  /** How long a past_due subscription keeps access after a failed payment. */
  graceDays: number;
  /** Run the subscription lifecycle job (default on, off under NODE_ENV=test). */
  jobEnabled: boolean;
  jobIntervalSeconds: number;
  /** The seller printed on invoices. */
  seller: { name: string; address: string; vatNumber: string };
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  jwtSecret: string;
  jwtTtlSeconds: number;
  /** how long a sign-in may be renewed (GET /api/auth/session) before the password is asked again */
  sessionMaxSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  seedDemo: boolean;
  webDist: string;
  logLevel: string;
  loginAttemptsPer15Min: number;
  authCacheMs: number;
  uploadMaxBytes: number;
  trustProxy: boolean;
  /** Local storage URL signing key; empty = derived from jwtSecret (platform/storage). */
  storageSigningSecret: string | undefined;
  storageUrlTtlSeconds: number;
  /** S3-compatible storage when configured, else local disk under DATA_DIR/storage. */
  s3: S3Config | null;
  feed: FeedConfig;
  stripe: StripeSettings | null;
  billing: BillingConfig;
  jobs: JobsConfig;
  /** Where the user started the command: npm's INIT_CWD, else the current directory. */
  messaging: MessagingConfig;
  invocationDir: string;
  /** Optional LLM polish of Bid Assist drafts; null = off (the default). */
  llm: LlmConfig | null;
}

/** Any OpenAI-compatible chat-completions endpoint (`{baseUrl}/chat/completions`). */
export interface LlmConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

/** The durable job queue (pg-boss in PostgreSQL) and the mail jobs it carries. */
export interface JobsConfig {
  /** Run job workers on this instance (false: it only queues; another instance does the work). */
  workers: boolean;
  /** How often each instance's workers look for due jobs. */
  pollSeconds: number;
  /** A mail that cannot be delivered is tried again this many times (with exponential backoff) before it shows as failed to admins. */
  mailRetryLimit: number;
  /** The first wait before a mail is tried again; it doubles with every attempt. */
  mailRetryDelaySeconds: number;
}

/** Messaging, realtime delivery and the notification email digest (issue 6). */
export interface MessagingConfig {
  /** POST /api/sendMessage per user per minute (429 beyond). */
  sendPerMinute: number;
  /** Realtime stream heartbeat (proxies drop silent connections). */
  heartbeatSeconds: number;
  /** Open streams per user per instance; the oldest is closed beyond. */
  maxStreamsPerUser: number;
  /** Run the email digest in-process (default on, off under NODE_ENV=test). */
  digestEnabled: boolean;
  /** How often the digest job looks for mail to send. */
  digestIntervalSeconds: number;
  /** A notification waits at least this long before it is mailed (it may be read in the app meanwhile). */
  digestDelaySeconds: number;
  /** At most one digest mail per user per window. */
  digestWindowSeconds: number;
}

export class ConfigError extends Error {}

export interface S3Config {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/**
 * Loads `.env` into the process environment (Node's own parser, process.loadEnvFile) when the
 * file exists; answers its path, or null. Set variables are not overwritten.
 */
export function loadDotEnv(dir = process.env.INIT_CWD ?? process.cwd()): string | null {
  const file = path.resolve(dir, '.env');
  if (!fs.existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}

/** The configuration of this process: `.env` and the environment, or (tests) the given variables. */
export function loadConfig(env?: Record<string, string | undefined>, overrides: Partial<Config> = {}): Config {
  if (!env) {
    loadDotEnv();
    env = process.env;
  }
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required in production (32+ characters)');
  }
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  }
  let stripe: StripeSettings | null = null;
  if (e.STRIPE_SECRET_KEY) {
    const missing = (
      ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_CORE_MONTHLY', 'STRIPE_PRICE_CORE_YEARLY', 'STRIPE_PRICE_GROWTH_MONTHLY', 'STRIPE_PRICE_GROWTH_YEARLY'] as const
    ).filter((k) => !e[k]);
    if (missing.length) {
      throw new ConfigError(`Invalid configuration:\n${missing.map((k) => `  ${k}: required when STRIPE_SECRET_KEY is set`).join('\n')}`);
    }
    stripe = {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
      apiBase: e.STRIPE_API_BASE ?? null,
      prices: {
        CORE: { monthly: e.STRIPE_PRICE_CORE_MONTHLY!, yearly: e.STRIPE_PRICE_CORE_YEARLY! },
        GROWTH: { monthly: e.STRIPE_PRICE_GROWTH_MONTHLY!, yearly: e.STRIPE_PRICE_GROWTH_YEARLY! },
      },
      earlybirdCoupon: e.STRIPE_COUPON_EARLYBIRD ?? null,
    };
  }
  // Relative paths are relative to where the command was started (npm's INIT_CWD): `npm start`
  // at the root and `npm run dev` (whose API runs in apps/api) share ./data.
  const invocationDir = e.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(invocationDir, e.DATA_DIR);
  const port = e.PORT;
  const config: Config = {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    // Outside production a per-data-dir secret is generated on first start (see platform/auth/secret.ts).
    jwtSecret: e.JWT_SECRET ?? '',
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    sessionMaxSeconds: e.SESSION_MAX_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    webDist: e.WEB_DIST ? path.resolve(invocationDir, e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
    logLevel: e.LOG_LEVEL,
    loginAttemptsPer15Min: e.RATE_LIMIT_LOGIN_PER_15_MIN,
    authCacheMs: e.AUTH_CACHE_MS,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    trustProxy: e.TRUST_PROXY,
    storageSigningSecret: e.STORAGE_SIGNING_SECRET,
    storageUrlTtlSeconds: e.STORAGE_URL_TTL_SECONDS,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : null,
    feed: {
      scheduleEnabled: e.FEED_SCHEDULE_ENABLED ?? e.NODE_ENV !== 'test',
      intervalMinutes: e.FEED_INTERVAL_MINUTES,
      contractsFinderUrl: e.FEED_CONTRACTS_FINDER_URL.replace(/\/$/, ''),
      findATenderUrl: e.FEED_FIND_A_TENDER_URL.replace(/\/$/, ''),
      throttlePauseMs: e.FEED_THROTTLE_PAUSE_SECONDS * 1000,
      minRequestIntervalMs: { contractsFinder: 1000, findATender: 10_000 },
      retryBaseMs: 2000,
      maxRetries: 5,
      initialLookbackDays: 7,
      maxPagesPerRun: 50,
      requestTimeoutMs: 30_000,
      seedSnapshot: e.FEED_SEED_SNAPSHOT ?? e.NODE_ENV !== 'test',
    },
    stripe,
    billing: {
      graceDays: e.BILLING_GRACE_DAYS,
      jobEnabled: e.BILLING_JOB_ENABLED ?? e.NODE_ENV !== 'test',
      jobIntervalSeconds: e.BILLING_JOB_INTERVAL_SECONDS,
      seller: { name: e.BILLING_SELLER_NAME, address: e.BILLING_SELLER_ADDRESS, vatNumber: e.BILLING_SELLER_VAT_NUMBER },
    },
    jobs: {
      workers: e.JOBS_WORKERS,
      pollSeconds: e.JOBS_POLL_SECONDS,
      mailRetryLimit: e.MAIL_RETRY_LIMIT,
      mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    },
    messaging: {
      sendPerMinute: e.MESSAGE_SEND_PER_MINUTE,
      heartbeatSeconds: e.REALTIME_HEARTBEAT_SECONDS,
      maxStreamsPerUser: e.REALTIME_MAX_STREAMS_PER_USER,
      digestEnabled: e.NOTIFICATION_DIGEST_ENABLED ?? e.NODE_ENV !== 'test',
      digestIntervalSeconds: e.NOTIFICATION_DIGEST_INTERVAL_SECONDS,
      digestDelaySeconds: e.NOTIFICATION_DIGEST_DELAY_SECONDS,
      digestWindowSeconds: e.NOTIFICATION_DIGEST_WINDOW_SECONDS,
    },
    invocationDir,
    llm: e.LLM_BASE_URL
      ? { baseUrl: e.LLM_BASE_URL.replace(/\/$/, ''), apiKey: e.LLM_API_KEY, model: e.LLM_MODEL, timeoutMs: e.LLM_TIMEOUT_SECONDS * 1000 }
      : null,
  };
  return { ...config, ...overrides };
}
