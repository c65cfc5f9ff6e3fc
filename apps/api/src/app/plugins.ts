import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { App } from '../platform/context.ts';
import { withAccessInOpenApi } from '../platform/http/openapi-access.ts';
import { postgresRateLimitStore } from '../platform/http/rate-limit.ts';

/** The Fastify plugins the routes rely on: rate limits, multipart uploads and the OpenAPI document. */
export async function registerPlugins(app: App, config: Config, db: Db): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // Counted in PostgreSQL: every instance behind the load balancer shares the limits.
    store: postgresRateLimitStore(db),
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
}
