import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { registerAccessGuard } from './platform/auth/guard.ts';
import { createJwt } from './platform/auth/jwt.ts';
import type { AppContext } from './platform/context.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './platform/http/errors.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { withAccessInOpenApi } from './platform/http/openapi-access.ts';
import { registerJsonBodyParser } from './platform/http/json-body.ts';
import { requestLogSerializer } from './platform/http/log-redact.ts';
import { registerNulGuard } from './platform/http/nul.ts';
import { postgresRateLimitStore } from './platform/http/rate-limit.ts';
import { serializerCompiler } from './platform/http/serializer.ts';
import { createJobs } from './platform/jobs/jobs.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';
import { createQueuedMailer } from './platform/mail/queued-mailer.ts';
import { createPaymentProvider, type PaymentProvider } from './platform/payments/provider.ts';
import { createStorageFromConfig, type Storage } from './platform/storage/storage.ts';
import { loadPrincipal } from './modules/users/users.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAdminService } from './modules/admin/admin.service.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createBillingService } from './modules/billing/billing.service.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { registerBillingJobs } from './modules/billing/billing.jobs.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createUploadsService } from './modules/uploads/uploads.service.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { createTendersService } from './modules/tenders/tenders.service.ts';
import { tendersRoutes } from './modules/tenders/tenders.routes.ts';
import { createCatalogueService } from './modules/catalogue/catalogue.service.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { createExternalTendersService } from './modules/external-tenders/external-tenders.service.ts';
import { externalTendersRoutes } from './modules/external-tenders/external-tenders.routes.ts';
import { registerFeedJobs } from './modules/external-tenders/feed-jobs.ts';
import { createProfilesService } from './modules/profiles/profiles.service.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createContractsService } from './modules/contracts/contracts.service.ts';
import { contractsRoutes } from './modules/contracts/contracts.routes.ts';
import { createResponsesService } from './modules/responses/responses.service.ts';
import { responsesRoutes } from './modules/responses/responses.routes.ts';
import { createReviewsService } from './modules/reviews/reviews.service.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { registerRealtime } from './modules/realtime/realtime.routes.ts';
import { createMessagingService } from './modules/messaging/messaging.service.ts';
import { messagingRoutes } from './modules/messaging/messaging.routes.ts';
import { registerNotificationDigest } from './modules/notifications/notifications.digest.ts';
import { publicConfigRoutes } from './modules/public-config/public-config.routes.ts';
import { createMatchingService } from './modules/matching/matching.service.ts';
import { matchingRoutes } from './modules/matching/matching.routes.ts';
import { registerMatchingJobs } from './modules/matching/matching.queue.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { createBidAssistService } from './modules/bid-assist/bid-assist.service.ts';
import { bidAssistRoutes } from './modules/bid-assist/bid-assist.routes.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';

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
 * Where signed download links point besides this origin: the S3 endpoint when one is configured
 * (path-style and virtual-hosted, e.g. MinIO in compose.yaml). AWS's own endpoints are not
 * guessed; set S3_ENDPOINT to the store's public address to show its pictures.
 */
export function storageImageOrigins(config: Pick<Config, 's3'>): string[] {
  const endpoint = config.s3?.endpoint;
  if (!endpoint) return [];
  try {
    const u = new URL(endpoint);
    return config.s3!.forcePathStyle ? [u.origin] : [u.origin, `${u.protocol}//${config.s3!.bucket}.${u.host}`];
  } catch {
    return [];
  }
}

export async function buildApp(opts: BuildOptions) {
  const { config } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : typeof opts.logger === 'object'
          ? undefined
          : {
              level: config.logLevel,
              redact: ['req.headers.authorization', 'req.headers.cookie'],
              // tokens and signatures in query strings (verify links, signed file URLs) never reach the log
              serializers: { req: requestLogSerializer },
            },
    ...(typeof opts.logger === 'object' ? { loggerInstance: opts.logger } : {}),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    // docs/reliability.md: even a request refused before routing answers in the error model
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerNulGuard(app);

  // Before the access guard: a refused request (401, 403, 402, 423) gets the security headers too.
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // catalogue pictures and logos are <img>s of signed download links: on S3 those are the store's
        imgSrc: ["'self'", 'data:', 'blob:', ...storageImageOrigins(config)],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only makes sense behind HTTPS (PUBLIC_URL says whether we are).
    hsts: config.publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  const jwt = createJwt(config.jwtSecret, config.jwtTtlSeconds);
  const principals = registerAccessGuard(app, {
    jwt,
    loadPrincipal: (id) => loadPrincipal(opts.db, id),
    cacheMs: config.authCacheMs,
  });

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
  const ctx: AppContext = {
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
    }),
    storage: opts.storage ?? (await createStorageFromConfig(config)),
    payments: opts.payments ?? createPaymentProvider(config),
  };

  await app.register(rateLimit, {
    global: false,
    // Counted in PostgreSQL: every instance behind the load balancer shares the limits.
    store: postgresRateLimitStore(opts.db),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: {
        code: 'RATE_LIMITED',
        message: `Too many requests, please try again in ${Math.ceil(ctx.ttl / 1000)} seconds`,
      },
    }),
  });
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 30, fieldSize: 64 * 1024, parts: 40 },
    throwFileSizeLimit: true,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Brickyard API', version: '1.0.0', description: 'The construction marketplace API' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: withAccessInOpenApi(jsonSchemaTransform),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Feature modules: each adds its routes here, one line each.
  healthRoutes(app, ctx);
  publicConfigRoutes(app, ctx);
  const auth = createAuthService(ctx);
  authRoutes(app, auth, { loginPerIp: Math.max(50, config.loginAttemptsPer15Min * 5) });
  adminRoutes(app, createAdminService(ctx));
  const billing = createBillingService(ctx);
  billingRoutes(app, billing);
  registerBillingJobs(ctx, billing);
  contactRoutes(app, createContactService(ctx));
  notificationsRoutes(app, createNotificationsService(ctx), { publicUrl: config.publicUrl });
  const uploads = createUploadsService(ctx);
  uploadsRoutes(app, uploads, { maxBytes: config.uploadMaxBytes });
  tendersRoutes(app, createTendersService(ctx, uploads));
  catalogueRoutes(app, createCatalogueService(ctx, uploads));
  externalTendersRoutes(app, createExternalTendersService(ctx));
  registerFeedJobs(app, ctx);
  profilesRoutes(app, createProfilesService(ctx));
  settingsRoutes(app, createSettingsService(ctx, { auth, billing }));
  contractsRoutes(app, createContractsService(ctx));
  responsesRoutes(app, createResponsesService(ctx, uploads));
  reviewsRoutes(app, createReviewsService(ctx));
  const realtime = registerRealtime(app, ctx);
  messagingRoutes(app, createMessagingService(ctx, realtime));
  registerNotificationDigest(ctx);
  const matching = createMatchingService(ctx);
  matchingRoutes(app, matching);
  registerMatchingJobs(ctx, matching);
  searchRoutes(app, createSearchService(ctx));
  bidAssistRoutes(app, createBidAssistService(ctx));
  analyticsRoutes(app, createAnalyticsService(ctx));

  // Every queue is defined by now: the workers start with the server and stop (finishing what
  // they run) when it closes.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts); the one the
      // browser accepts is sent as it is, with Vary: accept-encoding.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so it can be cached for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || !hasWeb || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${url}` } });
    }
    // Every other path belongs to the single-page app, which routes it (or shows NotFound).
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return { app, ctx };
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;
