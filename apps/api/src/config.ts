import fs from 'node:fs';
import path from 'node:path';
import { envSchema } from './config.env.ts';

/*
 * Every environment variable Brickyard reads (declared with their meaning in `config.env.ts`),
 * parsed once at boot (docs/style.md rule 5). This is the only file that touches `process.env`. A
 * `.env` file (see `.env.example`) in the directory the command was started from is read first
 * when there is one; variables already set in the environment win over it.
 */

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
  /** node's NODE_OPTIONS, read only to tell whether the server's node flags are set (node-flags.ts) */
  nodeOptions: string;
  webDist: string;
  logLevel: string;
  loginAttemptsPer15Min: number;
  /** GET /api/search per user per minute */
  searchesPerMinute: number;
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
  /** Read by the command-line tools only. */
  tools: { adminPassword: string | undefined; evalDatabaseUrl: string | undefined };
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

/** Messaging, realtime delivery and the notification email digest (docs/decisions/0008-realtime-sse-over-listen-notify.md). */
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
      [
        'STRIPE_WEBHOOK_SECRET',
        'STRIPE_PRICE_CORE_MONTHLY',
        'STRIPE_PRICE_CORE_YEARLY',
        'STRIPE_PRICE_GROWTH_MONTHLY',
        'STRIPE_PRICE_GROWTH_YEARLY',
      ] as const
    ).filter((k) => !e[k]);
    if (missing.length) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required when STRIPE_SECRET_KEY is set`).join('\n')}`,
      );
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
    nodeOptions: e.NODE_OPTIONS,
    webDist: e.WEB_DIST ? path.resolve(invocationDir, e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
    logLevel: e.LOG_LEVEL,
    loginAttemptsPer15Min: e.RATE_LIMIT_LOGIN_PER_15_MIN,
    searchesPerMinute: e.RATE_LIMIT_SEARCH_PER_MINUTE,
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
      seller: {
        name: e.BILLING_SELLER_NAME,
        address: e.BILLING_SELLER_ADDRESS,
        vatNumber: e.BILLING_SELLER_VAT_NUMBER,
      },
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
      ? {
          baseUrl: e.LLM_BASE_URL.replace(/\/$/, ''),
          apiKey: e.LLM_API_KEY,
          model: e.LLM_MODEL,
          timeoutMs: e.LLM_TIMEOUT_SECONDS * 1000,
        }
      : null,
    tools: { adminPassword: e.ADMIN_PASSWORD, evalDatabaseUrl: e.EVAL_DATABASE_URL },
  };
  return { ...config, ...overrides };
}
