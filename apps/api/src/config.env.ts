import { z } from 'zod';

/**
 * Every environment variable Brickyard reads, with what it means. `config.ts` parses them once at
 * boot; `.env.example` and the README's configuration table are generated from this file
 * (`npm run docs:env`), and a test fails when either is stale.
 *
 * Metadata of each variable: `description` (one line for the table), `defaultText` (when the
 * default is decided in code, e.g. "on outside production"), `example` (the value shown, commented
 * out, in `.env.example` when there is no default), `secret` (never shown with a value).
 */
export interface EnvMeta {
  description: string;
  defaultText?: string;
  example?: string;
  secret?: boolean;
  /** false: set by the environment itself, so not offered in `.env.example`. */
  envFile?: boolean;
}

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const meta = (m: EnvMeta) => m as EnvMeta & Record<string, unknown>;

const server = {
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .meta(meta({ description: '`production` turns the demo seed off and requires `JWT_SECRET`' })),
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(3000)
    .meta(meta({ description: 'where the server listens' })),
  HOST: z
    .string()
    .default('0.0.0.0')
    .meta(meta({ description: 'the interface the server listens on' })),
  PUBLIC_URL: z
    .url()
    .optional()
    .meta(
      meta({
        description: 'the address used in mailed links; `https://…` turns HSTS on',
        defaultText: 'http://localhost:$PORT',
        example: 'https://brickyard.example.com',
      }),
    ),
  DATA_DIR: z
    .string()
    .default('./data')
    .meta(meta({ description: 'embedded database, stored files, mail outbox, generated local secrets' })),
  DATABASE_URL: z
    .string()
    .optional()
    .meta(
      meta({
        description: 'an external PostgreSQL; without it the embedded one runs under `DATA_DIR`',
        example: 'postgres://user:pass@127.0.0.1:5432/brickyard',
      }),
    ),
  EMBEDDED_PG_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(0)
    .meta(meta({ description: 'port of the embedded PostgreSQL; 0 picks a free one (never collides with 5432)' })),
  SEED_DEMO: bool.optional().meta(
    meta({
      description: 'seed demo accounts and data into an empty database',
      defaultText: 'on outside production',
      example: 'true',
    }),
  ),
  WEB_DIST: z
    .string()
    .optional()
    .meta(meta({ description: 'the built web app to serve', defaultText: 'apps/web/dist', example: 'apps/web/dist' })),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .meta(meta({ description: '`fatal` … `trace`, or `silent`' })),
  NODE_OPTIONS: z
    .string()
    .default('')
    .meta(
      meta({
        description:
          "node's own; the server reads it only to tell whether its node flags are set (`--max-semi-space-size`, docs/operations.md)",
        envFile: false,
      }),
    ),
  TRUST_PROXY: bool.default(false).meta(meta({ description: 'honour `X-Forwarded-*` behind a load balancer' })),
  /** Set by npm to the directory a script was started from (relative paths are relative to it). */
  INIT_CWD: z
    .string()
    .optional()
    .meta(
      meta({
        description:
          'set by npm: the folder a command was started from; relative paths (`DATA_DIR`, `WEB_DIST`, CLI files) are relative to it',
        defaultText: 'the current folder',
        envFile: false,
      }),
    ),
};

const auth = {
  JWT_SECRET: z
    .string()
    .min(32)
    .optional()
    .meta(
      meta({
        description: 'signs session tokens (32+ characters); required in production',
        defaultText: 'generated into `DATA_DIR/secrets.json` outside production',
        example: 'change-me-to-32-or-more-random-characters',
        secret: true,
      }),
    ),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(60 * 60 * 24 * 30)
    .default(60 * 60 * 12)
    .meta(meta({ description: 'session length' })),
  SESSION_MAX_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(60 * 60 * 24 * 365)
    .default(60 * 60 * 24 * 7)
    .meta(
      meta({
        description:
          'how long after signing in a session may still be renewed (`GET /api/auth/session`); then the password is asked again',
      }),
    ),
  RATE_LIMIT_LOGIN_PER_15_MIN: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .meta(meta({ description: 'failed logins per account before 429 (shared by every instance)' })),
  RATE_LIMIT_SEARCH_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(120)
    .meta(
      meta({
        description: 'searches (`GET /api/search`) per user per minute before 429 (shared by every instance)',
      }),
    ),
  AUTH_CACHE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(2000)
    .meta(meta({ description: "how long a signed-in user's access state is cached per instance" })),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .meta(
      meta({
        description: "read by `npm run admin:create` only: the first admin's password, kept out of the shell history",
        example: '',
        secret: true,
      }),
    ),
};

const mail = {
  SMTP_URL: z
    .string()
    .optional()
    .meta(
      meta({
        description: 'send mail by SMTP; without it mail goes to the outbox under `DATA_DIR`',
        example: 'smtp://user:pass@smtp.example.com:587',
        secret: true,
      }),
    ),
  MAIL_FROM: z
    .string()
    .default('Brickyard <no-reply@brickyard.test>')
    .meta(meta({ description: 'sender of every mail' })),
  SUPPORT_EMAIL: z
    .email()
    .default('support@brickyard.test')
    .meta(meta({ description: 'the support mailbox (contact-us, privacy contact)' })),
};

const storage = {
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024)
    .meta(meta({ description: 'largest accepted file (413 beyond)' })),
  STORAGE_SIGNING_SECRET: z
    .string()
    .min(32)
    .optional()
    .meta(
      meta({
        description: 'signs local upload/download URLs (32+ characters)',
        defaultText: 'derived from `JWT_SECRET`',
        example: '',
        secret: true,
      }),
    ),
  STORAGE_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .max(7 * 24 * 3600)
    .default(15 * 60)
    .meta(meta({ description: 'lifetime of presigned upload and download URLs' })),
  S3_ENDPOINT: z
    .url()
    .optional()
    .meta(
      meta({
        description: 'S3-compatible endpoint (MinIO, R2, …)',
        defaultText: "AWS's",
        example: 'https://s3.eu-west-2.amazonaws.com',
      }),
    ),
  S3_REGION: z
    .string()
    .default('eu-west-2')
    .meta(meta({ description: 'S3 region' })),
  S3_BUCKET: z
    .string()
    .min(3)
    .optional()
    .meta(
      meta({
        description: 'store files in this S3 bucket instead of local disk under `DATA_DIR/storage`',
        example: 'brickyard-files',
      }),
    ),
  S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .meta(
      meta({
        description: 'S3 access key (set both or neither)',
        defaultText: "the AWS SDK's credential chain",
        example: '',
        secret: true,
      }),
    ),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .meta(
      meta({
        description: 'S3 secret key (set both or neither)',
        defaultText: "the AWS SDK's credential chain",
        example: '',
        secret: true,
      }),
    ),
  S3_FORCE_PATH_STYLE: bool
    .default(false)
    .meta(meta({ description: 'path-style bucket URLs (MinIO and most self-hosted stores need it)' })),
};

const feed = {
  FEED_SCHEDULE_ENABLED: bool.optional().meta(
    meta({
      description: 'run the live-feed connectors on a schedule',
      defaultText: 'on outside tests',
      example: 'true',
    }),
  ),
  FEED_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60)
    .meta(meta({ description: 'how often the connectors run' })),
  FEED_CONTRACTS_FINDER_URL: z
    .url()
    .default('https://www.contractsfinder.service.gov.uk')
    .meta(meta({ description: 'Contracts Finder API base' })),
  FEED_FIND_A_TENDER_URL: z
    .url()
    .default('https://www.find-tender.service.gov.uk')
    .meta(meta({ description: 'Find a Tender API base' })),
  FEED_THROTTLE_PAUSE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(300)
    .meta(meta({ description: 'pause after a 403/429 from a publisher' })),
  FEED_SEED_SNAPSHOT: bool.optional().meta(
    meta({
      description: 'import the shipped snapshot of real notices when the feed is empty',
      defaultText: 'on outside tests',
      example: 'true',
    }),
  ),
};

const billing = {
  STRIPE_SECRET_KEY: z
    .string()
    .min(1)
    .optional()
    .meta(
      meta({
        description:
          'use Stripe for payments (Checkout, Billing Portal, webhooks); without it the built-in local provider runs',
        example: 'sk_live_…',
        secret: true,
      }),
    ),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .min(1)
    .optional()
    .meta(
      meta({
        description: 'signing secret of the webhook endpoint `POST /api/billing/webhook` (required with Stripe)',
        example: 'whsec_…',
        secret: true,
      }),
    ),
  STRIPE_API_BASE: z
    .url()
    .optional()
    .meta(
      meta({
        description: 'where the Stripe library sends requests (tests point it at a local server)',
        defaultText: 'https://api.stripe.com',
        example: 'https://api.stripe.com',
      }),
    ),
  STRIPE_PRICE_CORE_MONTHLY: z
    .string()
    .min(1)
    .optional()
    .meta(
      meta({
        description: 'Stripe price id of Core monthly (£99, VAT-exclusive; required with Stripe)',
        example: 'price_…',
      }),
    ),
  STRIPE_PRICE_CORE_YEARLY: z
    .string()
    .min(1)
    .optional()
    .meta(
      meta({ description: 'Stripe price id of Core yearly (£1,609.20; required with Stripe)', example: 'price_…' }),
    ),
  STRIPE_PRICE_GROWTH_MONTHLY: z
    .string()
    .min(1)
    .optional()
    .meta(meta({ description: 'Stripe price id of Growth monthly (£199; required with Stripe)', example: 'price_…' })),
  STRIPE_PRICE_GROWTH_YEARLY: z
    .string()
    .min(1)
    .optional()
    .meta(
      meta({ description: 'Stripe price id of Growth yearly (£3,229.20; required with Stripe)', example: 'price_…' }),
    ),
  STRIPE_COUPON_EARLYBIRD: z
    .string()
    .min(1)
    .optional()
    .meta(
      meta({
        description:
          'Stripe coupon for EARLYBIRD on monthly plans (30% off once); without it a one-off coupon is created per checkout',
        example: '',
      }),
    ),
  BILLING_GRACE_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60)
    .default(7)
    .meta(meta({ description: 'how long a `past_due` subscription keeps access after a failed payment' })),
  BILLING_JOB_ENABLED: bool.optional().meta(
    meta({
      description: 'run the subscription lifecycle job (renewals, ends, expiries)',
      defaultText: 'on outside tests',
      example: 'true',
    }),
  ),
  BILLING_JOB_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(24 * 3600)
    .default(300)
    .meta(meta({ description: 'how often the lifecycle job runs (one instance at a time)' })),
  BILLING_SELLER_NAME: z
    .string()
    .min(1)
    .default('Brickyard Marketplace Ltd')
    .meta(meta({ description: 'seller name printed on invoices' })),
  BILLING_SELLER_ADDRESS: z
    .string()
    .min(1)
    .default('1 Builders Yard, London EC1A 1AA, United Kingdom')
    .meta(meta({ description: 'seller address printed on invoices' })),
  BILLING_SELLER_VAT_NUMBER: z
    .string()
    .default('GB123456789')
    .meta(meta({ description: 'seller VAT number printed on invoices (empty to omit)' })),
};

const messaging = {
  MESSAGE_SEND_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(60)
    .meta(meta({ description: 'messages a user may send per minute (429 beyond)' })),
  REALTIME_HEARTBEAT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(300)
    .default(25)
    .meta(meta({ description: 'heartbeat of the realtime stream (proxies drop silent connections)' })),
  REALTIME_MAX_STREAMS_PER_USER: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(10)
    .meta(meta({ description: 'open realtime streams per user per instance; the oldest is closed beyond' })),
  NOTIFICATION_DIGEST_ENABLED: bool
    .optional()
    .meta(
      meta({ description: 'mail unread notifications as a digest', defaultText: 'on outside tests', example: 'true' }),
    ),
  NOTIFICATION_DIGEST_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(60)
    .meta(meta({ description: 'how often the digest looks for mail to send' })),
  NOTIFICATION_DIGEST_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .default(120)
    .meta(
      meta({ description: 'a notification waits this long before it is mailed (it may be read in the app meanwhile)' }),
    ),
  NOTIFICATION_DIGEST_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(900)
    .meta(meta({ description: 'at most one digest mail per user per window' })),
};

const jobs = {
  JOBS_WORKERS: bool.default(true).meta(
    meta({
      description: 'run job workers on this instance (`false`: it only queues; another instance does the work)',
    }),
  ),
  JOBS_POLL_SECONDS: z.coerce
    .number()
    .min(0.5)
    .max(60)
    .default(2)
    .meta(meta({ description: "how often each instance's workers look for due jobs" })),
  MAIL_RETRY_LIMIT: z.coerce
    .number()
    .int()
    .min(0)
    .max(100)
    .default(12)
    .meta(
      meta({
        description:
          'a mail that cannot be delivered is tried again this many times (exponential backoff) before it shows as failed to admins',
      }),
    ),
  MAIL_RETRY_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(30)
    .meta(meta({ description: 'the first wait before a mail is tried again; it doubles with every attempt' })),
};

const bidAssist = {
  LLM_BASE_URL: z
    .url()
    .optional()
    .meta(
      meta({
        description: 'an OpenAI-compatible endpoint that polishes Bid Assist drafts (off when unset)',
        example: 'https://api.openai.com/v1',
      }),
    ),
  LLM_API_KEY: z
    .string()
    .min(1)
    .optional()
    .meta(meta({ description: 'its API key', example: '', secret: true })),
  LLM_MODEL: z
    .string()
    .min(1)
    .default('gpt-4o-mini')
    .meta(meta({ description: 'its model' })),
  LLM_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(120)
    .default(20)
    .meta(meta({ description: 'how long a polish may take before the unpolished draft is used' })),
};

const tools = {
  EVAL_DATABASE_URL: z
    .string()
    .optional()
    .meta(
      meta({
        description: 'read by `npm run eval:*` only: a server to create the throwaway eval database on',
        defaultText: 'a throwaway embedded PostgreSQL',
        example: 'postgres://postgres@127.0.0.1:5432/postgres',
      }),
    ),
};

/** The groups, in the order `.env.example` and the README list them. */
export const envGroups = [
  { title: 'Server', shape: server },
  { title: 'Sign-in and sessions', shape: auth },
  { title: 'Mail', shape: mail },
  { title: 'Uploads and storage', shape: storage },
  { title: 'Live feed of public tenders', shape: feed },
  { title: 'Payments and invoices', shape: billing },
  { title: 'Messaging, realtime and the notification digest', shape: messaging },
  { title: 'Background jobs and mail delivery (a durable queue in PostgreSQL)', shape: jobs },
  { title: 'Bid Assist', shape: bidAssist },
  { title: 'Tools', shape: tools },
] as const;

export const envSchema = z.object({
  ...server,
  ...auth,
  ...mail,
  ...storage,
  ...feed,
  ...billing,
  ...messaging,
  ...jobs,
  ...bidAssist,
  ...tools,
});
