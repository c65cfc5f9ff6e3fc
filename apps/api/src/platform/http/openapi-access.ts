import type { SwaggerTransform } from '@fastify/swagger';
import type { AccessRule } from '../auth/guard.ts';

/**
 * Each operation of the OpenAPI document carries its route's access rule as `x-access`, so the
 * document is the one list of who may call what (the docs' table of ungated routes and the
 * authorization matrix test read it): `"public"`, or `{ roles, gated }` (roles "any" when the
 * route admits every signed-in role). Public operations also say they need no bearer token.
 */
export type OpenApiAccess = 'public' | { roles: readonly string[] | 'any'; gated: boolean };

export function openApiAccessOf(rule: AccessRule | undefined): OpenApiAccess {
  if (rule === 'public') return 'public';
  return { roles: rule?.roles ?? 'any', gated: rule?.gate ?? true };
}

export function withAccessInOpenApi<S extends Parameters<SwaggerTransform>[0]['schema']>(
  transform: SwaggerTransform<S>,
): SwaggerTransform<S> {
  return (args) => {
    const out = transform(args);
    const access = openApiAccessOf(args.route.config?.access);
    return { ...out, schema: { ...out.schema, 'x-access': access, ...(access === 'public' ? { security: [] } : {}) } };
  };
}
