import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Responses are written by fast-json-stringify from the JSON Schema of each route's Zod response
 * schema: several times faster than encoding with Zod, and, like it, it writes only the declared
 * fields, so nothing private leaks by accident. A schema JSON Schema cannot express falls back to
 * the Zod serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  try {
    const jsonSchema = z.toJSONSchema(route.schema as z.ZodType, { io: 'output', unrepresentable: 'throw', target: 'draft-07' });
    const stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    return (data: unknown) => stringify(data);
  } catch {
    return (zodSerializerCompiler as unknown as FastifySerializerCompiler<z.ZodType>)(route);
  }
};
