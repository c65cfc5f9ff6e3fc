import { createContext, type BuildOptions } from './app/context.ts';
import { registerModules } from './app/modules.ts';
import { registerPlugins } from './app/plugins.ts';
import { createServer } from './app/server.ts';
import { registerAccessGuard } from './platform/auth/guard.ts';
import { createJwt } from './platform/auth/jwt.ts';
import { securityHeaderOptions, storageOrigins } from './platform/http/csp.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { registerSpa } from './platform/http/spa.ts';
import { loadPrincipal } from './modules/users/users.service.ts';

export type { BuildOptions } from './app/context.ts';

export async function buildApp(opts: BuildOptions) {
  const { config } = opts;
  const app = createServer(config, opts.logger);

  // Before the access guard: a refused request (401, 403, 402, 423) gets the security headers too.
  registerSecurityHeaders(app, securityHeaderOptions(config.publicUrl, storageOrigins(config)));

  const jwt = createJwt(config.jwtSecret, config.jwtTtlSeconds);
  const principals = registerAccessGuard(app, {
    jwt,
    loadPrincipal: (id) => loadPrincipal(opts.db, id),
    cacheMs: config.authCacheMs,
  });

  const ctx = await createContext(app, opts, { jwt, principals });
  await registerPlugins(app, config, opts.db);
  registerModules(app, ctx);

  // Every queue is defined by now: the workers start with the server and stop (finishing what
  // they run) when it closes.
  app.addHook('onReady', async () => ctx.jobs.start());
  app.addHook('onClose', async () => ctx.jobs.stop());
  // Last: static files and the not-found answer come after every API route.
  await registerSpa(app, config.webDist);

  return { app, ctx };
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;
