/**
 * The OpenAPI document as the security tests see it: the list of operations ("METHOD /path",
 * path parameters in braces), their parameters and JSON bodies, and a minimal valid sample of a
 * JSON schema (the shape fastify-type-provider-zod emits: inline schemas, no $ref).
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** "GET /api/tender/{id}" */
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  /** the JSON request body's schema, when the operation takes JSON */
  body: JsonSchema | null;
  bodyRequired: boolean;
  /** the operation also (or only) accepts multipart/form-data */
  multipart: boolean;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = op.requestBody?.content ?? {};
      ops.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: content['application/json']?.schema ?? null,
        bodyRequired: op.requestBody?.required ?? false,
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return ops;
}

const FORMAT_SAMPLES: Record<string, string> = {
  uuid: '00000000-0000-4000-8000-000000000000',
  email: 'someone@example.test',
  'date-time': '2030-01-01T00:00:00.000Z',
  date: '2030-01-01',
  uri: 'https://example.test/',
  url: 'https://example.test/',
};

/** A small value that satisfies `schema` as far as its keywords say (required fields only). */
export function sampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sampleOf(alt.find((s) => s.type !== 'null') ?? alt[0], depth + 1);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => sampleOf(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) out[name] = sampleOf(schema.properties?.[name], depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items, depth + 1));
    case 'integer':
    case 'number': {
      const min =
        typeof schema.minimum === 'number'
          ? schema.minimum
          : typeof schema.exclusiveMinimum === 'number'
            ? schema.exclusiveMinimum + 1
            : 1;
      return Math.max(1, min);
    }
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format];
      const len = Math.max(schema.minLength ?? 0, 12);
      return 'Sample text for a field'.padEnd(len, 'x').slice(0, Math.min(len, schema.maxLength ?? len));
    }
    default:
      return schema.properties ? sampleOf({ ...schema, type: 'object' }, depth) : null;
  }
}

/** "GET /api/tender/{id}" with path values filled in, and a query string from `query`. */
export function urlOf(path: string, params: Record<string, string>, query?: Record<string, unknown>): string {
  const filled = path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(wellFormed(params[name] ?? '00000000-0000-4000-8000-000000000000')),
  );
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) v.forEach((x) => qs.append(k, String(x)));
    else
      qs.append(
        k,
        typeof v === 'object'
          ? JSON.stringify(v)
          : typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
            ? String(v)
            : '',
      );
  }
  const s = qs.toString();
  return s ? `${filled}?${s}` : filled;
}

/** The string with lone surrogates replaced (a URL cannot carry them). */
export function wellFormed(s: string): string {
  return s.replace(/\p{Cs}/gu, '\uFFFD');
}
