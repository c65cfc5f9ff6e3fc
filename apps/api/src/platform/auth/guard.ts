import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, accessStateOf, type PlanType, type Role } from '@brickyard/shared';
import type { Jwt, TokenClaims } from './jwt.ts';

/** Who is calling, loaded fresh (or from a short cache) on every authenticated request. */
export interface Principal {
  id: string;
  role: Role;
  email: string;
  name: string;
  companyName: string;
  approved: boolean;
  hasActiveSubscription: boolean;
  plan: PlanType | null;
  sessionVersion: number;
}

/**
 * A route's access rule, declared in its `config.access`:
 * - 'public': anyone;
 * - { roles, gate }: signed in with one of `roles` (all roles when omitted); when `gate` is
 *   true (the default) a buyer or supplier must also be approved and subscribed (docs/product.md §4).
 */
export type AccessRule = 'public' | { roles?: readonly Role[]; gate?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** the verified claims of the caller's token (null on public routes) */
    tokenClaims: TokenClaims | null;
  }
}

export interface PrincipalCache {
  invalidate(userId: string): void;
}

export function registerAccessGuard(
  app: FastifyInstance,
  opts: { jwt: Jwt; loadPrincipal: (id: string) => Promise<Principal | null>; cacheMs: number },
): PrincipalCache {
  const cache = new Map<string, { principal: Principal | null; at: number }>();

  /** The cached principal of `id` if it may answer for a token of `tokenVersion`; undefined when it must be loaded. */
  function keptPrincipal(id: string, tokenVersion: number): Principal | null | undefined {
    const hit = cache.get(id);
    if (!hit || Date.now() - hit.at >= opts.cacheMs) return undefined;
    // A token newer than the cached principal was issued after a session change the cache has not
    // seen (e.g. a password change on another instance): reload instead of refusing it. A cached
    // "no such user" stays cached: no token makes a deleted account come back.
    return !hit.principal || hit.principal.sessionVersion >= tokenVersion ? hit.principal : undefined;
  }

  function admit(
    request: FastifyRequest,
    reply: FastifyReply,
    rule: Exclude<AccessRule, 'public'> | undefined,
    principal: Principal | null,
    claims: TokenClaims,
  ) {
    if (!principal || principal.sessionVersion !== claims.sv || principal.role !== claims.role) {
      throw new AppError('UNAUTHENTICATED', 'Please sign in');
    }
    request.principal = principal;
    request.tokenClaims = claims;
    // A signed-in answer is that user's data: no shared or browser cache keeps it. A route that
    // sets its own Cache-Control (a file, a download) replaces this.
    reply.header('cache-control', 'no-store');
    const { roles, gate = true } = rule ?? {};
    if (roles && !roles.includes(principal.role)) {
      throw new AppError('FORBIDDEN', 'Your role may not do this');
    }
    if (gate) {
      const state = accessStateOf(principal);
      if (state === 'pending_approval') {
        throw new AppError(
          'ACCOUNT_PENDING_APPROVAL',
          'We are in the process of reviewing your account, this can take up to 48 hours',
        );
      }
      if (state === 'subscription_required') {
        throw new AppError(
          'SUBSCRIPTION_REQUIRED',
          'You need an active subscription to access this feature. Please go to Settings > Billing',
        );
      }
    }
  }

  app.decorateRequest('principal', null);
  app.decorateRequest('tokenClaims', null);
  // A callback hook, not an async one: a caller whose principal is cached (nearly every request)
  // passes without a promise. A throw before `done` is Fastify's to answer.
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.routeOptions.url;
    const rule = request.routeOptions.config?.access;
    // Unknown routes (404), the SPA's files, the API docs and public routes need no principal;
    // every other API route is signed-in and gated unless it says otherwise.
    if (!url || !url.startsWith('/api/') || url.startsWith('/api/docs') || rule === 'public') return done();
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new AppError('UNAUTHENTICATED', 'Please sign in');
    const claims = opts.jwt.verify(header.slice(7).trim());
    const kept = keptPrincipal(claims.sub, claims.sv);
    if (kept !== undefined) {
      admit(request, reply, rule, kept, claims);
      return done();
    }
    opts
      .loadPrincipal(claims.sub)
      .then((principal) => {
        if (cache.size > 50_000) cache.clear();
        cache.set(claims.sub, { principal, at: Date.now() });
        admit(request, reply, rule, principal, claims);
      })
      .then(
        () => done(),
        (err: Error) => done(err),
      );
  });

  return { invalidate: (id) => cache.delete(id) };
}

/** The signed-in caller; routes behind the guard always have one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED', 'Please sign in');
  return request.principal;
}
