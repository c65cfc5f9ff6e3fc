import Fastify, { type FastifyBaseLogger } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { App } from '../platform/context.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from '../platform/http/errors.ts';
import { registerJsonBodyParser } from '../platform/http/json-body.ts';
import { requestLogSerializer } from '../platform/http/log-redact.ts';
import { registerNulGuard } from '../platform/http/nul.ts';
import { serializerCompiler } from '../platform/http/serializer.ts';

/**
 * The Fastify server with its limits, logging, Zod validation and serialisation, the error model
 * and the body parsers: everything that decides how a request is read and an answer written.
 */
export function createServer(config: Config, logger: FastifyBaseLogger | boolean | undefined): App {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : typeof logger === 'object'
          ? undefined
          : {
              level: config.logLevel,
              redact: ['req.headers.authorization', 'req.headers.cookie'],
              // tokens and signatures in query strings (verify links, signed file URLs) never reach the log
              serializers: { req: requestLogSerializer },
            },
    ...(typeof logger === 'object' ? { loggerInstance: logger } : {}),
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
  return app;
}
