import type { FastifyInstance, FastifyRequest } from 'fastify';
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

  async function principalFor(id: string, tokenVersion: number): Promise<Principal | null> {
    const hit = cache.get(id);
    // A token newer than the cached principal was issued after a session change the cache has not
    // seen (e.g. a password change on another instance): reload instead of refusing it. A cached
    // "no such user" stays cached: no token makes a deleted account come back.
    const current = !hit?.principal || hit.principal.sessionVersion >= tokenVersion;
    if (hit && Date.now() - hit.at < opts.cacheMs && current) return hit.principal;
    const principal = await opts.loadPrincipal(id);
    if (cache.size > 50_000) cache.clear();
    cache.set(id, { principal, at: Date.now() });
    return principal;
  }

  app.decorateRequest('principal', null);
  app.decorateRequest('tokenClaims', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const url = request.routeOptions.url;
    const rule = request.routeOptions.config?.access;
    // Unknown routes (404), the SPA's files, the API docs and public routes need no principal;
    // every other API route is signed-in and gated unless it says otherwise.
    if (!url || !url.startsWith('/api/') || url.startsWith('/api/docs') || rule === 'public') return;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new AppError('UNAUTHENTICATED', 'Please sign in');
    const claims = opts.jwt.verify(header.slice(7).trim());
    const principal = await principalFor(claims.sub, claims.sv);
    if (!principal || principal.sessionVersion !== claims.sv || principal.role !== claims.role) {
      throw new AppError('UNAUTHENTICATED', 'Please sign in');
    }
    request.principal = principal;
    request.tokenClaims = claims;
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
  });

  // A signed-in answer is that user's data: no shared or browser cache keeps it (a route that
  // sets its own Cache-Control, e.g. a file, keeps it).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.principal && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  return { invalidate: (id) => cache.delete(id) };
}

/** The signed-in caller; routes behind the guard always have one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED', 'Please sign in');
  return request.principal;
}
