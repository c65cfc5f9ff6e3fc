import type { FastifyReply, FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A JSON writer compiled from a Zod schema by fast-json-stringify, or null where JSON Schema cannot express it. */
function compiledWriter(schema: z.ZodType): ((data: unknown) => string) | null {
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-07' });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    return null;
  }
}

/**
 * Responses are written by fast-json-stringify from the JSON Schema of each route's Zod response
 * schema: several times faster than encoding with Zod, and, like it, it writes only the declared
 * fields, so nothing private leaks by accident. A schema JSON Schema cannot express falls back to
 * the Zod serializer.
 *
 * The body is handed to Fastify as UTF-8 bytes. The string fast-json-stringify builds is made of
 * many pieces; sent as a string, it was flattened to measure its length and then encoded again for
 * the socket, a fifth of the server's time on a 19 KB page (docs/performance.md). Encoding it once
 * here does both at once.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const write = compiledWriter(route.schema);
  // (Fastify types a serializer's result as a string; it sends a Buffer as it is)
  if (write) return (data: unknown) => Buffer.from(write(data)) as unknown as string;
  return (zodSerializerCompiler as unknown as FastifySerializerCompiler<z.ZodType>)(route);
};

/** A body schema's JSON writer outside a route (what the route serializer writes, as a string). */
export const writerOf = (schema: z.ZodType): ((data: unknown) => string) =>
  compiledWriter(schema) ??
  ((zodSerializerCompiler as unknown as FastifySerializerCompiler<z.ZodType>)({
    schema,
    method: 'GET',
    url: '',
    httpStatus: '200',
  }) as (data: unknown) => string);

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
