import type { FastifyReply, FastifySerializerCompiler } from 'fastify';
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
  let write = writersBySchema.get(route.schema);
  if (write === undefined) {
    write = compileWriter(route);
    writersBySchema.set(route.schema, write);
  }
  return write;
};

/**
 * A serializer depends on its schema alone, so each is compiled once per process: routes that
 * answer with the same schema object share it, and a schema built again with the same shape (an
 * app built again in the same process: each API test file builds its own, the scale-out tests two
 * or three) finds the serializer of its JSON Schema. Compiling every route's serializer was about a
 * third of the CPU of building an app.
 */
const writersBySchema = new WeakMap<z.ZodType, (data: unknown) => string>();
const writersByJsonSchema = new Map<string, (data: unknown) => string>();

function compileWriter(route: Parameters<FastifySerializerCompiler<z.ZodType>>[0]): (data: unknown) => string {
  const jsonSchema = jsonSchemaOf(route.schema);
  if (jsonSchema === null) {
    return (zodSerializerCompiler as unknown as FastifySerializerCompiler<z.ZodType>)(route) as (
      data: unknown,
    ) => string;
  }
  const key = JSON.stringify(jsonSchema);
  let write = writersByJsonSchema.get(key);
  if (write === undefined) {
    const stringify = fastJson(jsonSchema);
    write = (data: unknown) => stringify(data);
    writersByJsonSchema.set(key, write);
  }
  return write;
}

/** The JSON Schema fast-json-stringify writes by, or null for a schema it cannot express. */
function jsonSchemaOf(schema: z.ZodType): Parameters<typeof fastJson>[0] | null {
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-07' });
    return jsonSchema as Parameters<typeof fastJson>[0];
  } catch {
    return null;
  }
}

/** The route serializer of a body schema, outside a route. */
export const writerOf = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '', httpStatus: '200' }) as (data: unknown) => string;

/**
 * For an answer served many times (a cached dashboard, a kept page): its body is written once with
 * the route's serializer and kept beside the object as UTF-8 bytes, so a repeat request sends them
 * as they are (a string would be measured and encoded again on every send). Fastify sends a body
 * that is already written as it is, without serializing it again.
 */
export function memoizedWriter<T extends object>(bodySchema: z.ZodType, bodyOf: (value: T) => unknown = (v) => v) {
  const write = writerOf(bodySchema);
  const written = new WeakMap<T, Buffer>();
  return {
    send(reply: FastifyReply, value: T) {
      let body = written.get(value);
      if (body === undefined) {
        body = Buffer.from(write(bodyOf(value)));
        written.set(value, body);
      }
      // The route's type provider types the body as the schema's object; this one is already written.
      return reply.type('application/json; charset=utf-8').send(body);
    },
  };
}

/** memoizedWriter for a `{ data }` answer, kept beside its data object. */
export const memoizedDataWriter = (dataSchema: z.ZodType) =>
  memoizedWriter<object>(z.object({ data: dataSchema }), (value) => ({ data: value }));

/**
 * For a page whose row objects are kept and served to many (a kept search page): each row's JSON
 * is written once and kept beside the row as UTF-8 bytes, and the page is put together from them.
 * A row a caller sees differently (their favourite flag) is a new object, written afresh; the meta
 * is written on every request. The body is what the page's own schema writes,
 * `{"data":[rows],"meta":meta}`, as bytes: sent as a string, a 30 KB page was measured again for
 * its length and encoded again on every request.
 */
export function keptRowsPageWriter<Row extends object>(pageSchema: z.ZodObject<{ data: z.ZodArray; meta: z.ZodType }>) {
  const writeRow = writerOf(pageSchema.shape.data.element as z.ZodType);
  const writeMeta = writerOf(pageSchema.shape.meta);
  const written = new WeakMap<Row, Buffer>();
  const rowJson = (row: Row) => {
    let json = written.get(row);
    if (json === undefined) {
      json = Buffer.from(writeRow(row));
      written.set(row, json);
    }
    return json;
  };
  const open = Buffer.from('{"data":[');
  const comma = Buffer.from(',');
  return {
    write(page: { data: Row[]; meta: unknown }): Buffer {
      const parts: Buffer[] = [open];
      page.data.forEach((row, i) => {
        if (i > 0) parts.push(comma);
        parts.push(rowJson(row));
      });
      parts.push(Buffer.from(`],"meta":${writeMeta(page.meta)}}`));
      return Buffer.concat(parts);
    },
    send(reply: FastifyReply, page: { data: Row[]; meta: unknown }) {
      return reply.type('application/json; charset=utf-8').send(this.write(page));
    },
  };
}
