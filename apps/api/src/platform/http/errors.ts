import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, ERROR_STATUS, type ErrorCode, type ErrorDetail } from '@brickyard/shared';
import { retryAfterOf } from './rate-limit.ts';

export { AppError };

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

/** What busboy says about a multipart body it cannot parse. */
const MALFORMED_MULTIPART =
  /^(Unexpected end of (multipart data|form)|Multipart: Boundary not found|Boundary required|Malformed part header|Part terminated early|Missing Content-Type|Unsupported Content-Type)/;

function statusToCode(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  return 'VALIDATION_FAILED';
}

/** One error shape for every failure: `{ error: { code, message, details? } }` (docs/design.md §3). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      const retryAfter = retryAfterOf(err);
      if (retryAfter !== null) reply.header('retry-after', String(retryAfter));
      return reply.status(err.status).send({
        error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const details: ErrorDetail[] = err.validation.map((v) => ({
        path: [
          where,
          ...String(v.instancePath ?? '')
            .split('/')
            .filter(Boolean),
        ].join('.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({
        error: { code: 'VALIDATION_FAILED', message: 'Some fields are not valid', details },
      });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({
        error: { code: 'INTERNAL', message: 'Something went wrong on our side', requestId: request.id },
      });
    }
    if (
      !err.statusCode &&
      MALFORMED_MULTIPART.test(err.message ?? '') &&
      String(request.headers['content-type'] ?? '').startsWith('multipart/')
    ) {
      // the body parser (busboy) gave up on a broken multipart body: the client's fault, not ours
      return reply
        .status(400)
        .send({ error: { code: 'VALIDATION_FAILED', message: 'The multipart body is malformed' } });
    }
    const mapped = err.code ? FASTIFY_CODES[err.code] : undefined;
    const status = err.statusCode ?? 500;
    if (mapped || (status >= 400 && status < 500)) {
      const code = mapped ?? statusToCode(status);
      const message =
        code === 'INVALID_JSON'
          ? 'The request body is not valid JSON'
          : code === 'RATE_LIMITED'
            ? 'Too many requests, please try again later'
            : err.message;
      return reply.status(mapped ? ERROR_STATUS[mapped] : status).send({ error: { code, message } });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({
      error: { code: 'INTERNAL', message: 'Something went wrong on our side', requestId: request.id },
    });
  });
}

/**
 * Fastify's `frameworkErrors`: a malformed URL or an over-long path parameter is refused before
 * routing; answer it with the one error model too (400 VALIDATION_FAILED), not Fastify's own shape.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'The request URL is not valid';
  void reply.status(400).send({ error: { code: 'VALIDATION_FAILED', message } });
}

/**
 * Node's `clientError` (a request the HTTP parser rejects: headers too large, bad framing, a
 * client that is too slow): answer in the error model, then close the connection.
 */
export function clientErrorHandler(err: { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request took too long to arrive']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers or URL are too large']
        : [400, 'Bad Request', 'The request is malformed'];
  const code = status === 400 ? 'VALIDATION_FAILED' : status === 408 ? 'SERVICE_UNAVAILABLE' : 'PAYLOAD_TOO_LARGE';
  const body = JSON.stringify({ error: { code, message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${body}`,
    );
  }
  socket.destroy(err as Error);
}
