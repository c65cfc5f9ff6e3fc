import {
  AppError,
  keyQuerySchema,
  presignedDownloadResponseSchema,
  presignedUploadBodySchema,
  presignedUploadResponseSchema,
  storedFileSchema,
  uploadAllowanceResponseSchema,
  dataOf,
} from '@brickyard/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth/guard.ts';
import type { App } from '../../platform/context.ts';
import { attachmentDisposition } from '../../platform/storage/file-name.ts';
import type { UploadsService } from './uploads.service.ts';

const tags = ['uploads'];
/**
 * Upload calls are open to signed-in users who are not yet approved or subscribed (the profile
 * picture and documents are filled in during review; docs/ARCHITECTURE.md lists every ungated call); the
 * monthly quota still applies, and other people's files need the full access gate.
 */
const access = { gate: false } as const;
const signedQuery = z.object({ expires: z.string().max(20).optional(), signature: z.string().max(200).optional() });
const deletedSchema = dataOf(z.object({ ok: z.literal(true), deleted: z.number().int() }));

export function uploadsRoutes(app: App, uploads: UploadsService, opts: { maxBytes: number }) {
  app.post('/api/upload/presigned-upload-url', {
    config: { access },
    schema: {
      tags,
      summary: 'An upload URL and storage key for one file (docs/product.md section 3 presigned upload request)',
      body: presignedUploadBodySchema,
      response: { 200: presignedUploadResponseSchema },
    },
    handler: async (req) => {
      const data = await uploads.presignUpload(principalOf(req), req.body);
      return { data, key: data.key, uploadURL: data.uploadURL };
    },
  });

  app.get('/api/upload/quota', {
    config: { access },
    schema: {
      tags,
      summary: 'Uploads used this month and the plan’s monthly limit (null: unlimited); a file counts once stored',
      response: { 200: uploadAllowanceResponseSchema },
    },
    handler: async (req) => ({ data: await uploads.allowance(principalOf(req)) }),
  });

  app.get('/api/upload/presigned-download-url', {
    config: { access },
    schema: {
      tags,
      summary: 'A short-lived download URL for a key you may read (flat shape fixed by docs/product.md section 7)',
      querystring: keyQuerySchema,
      response: { 200: presignedDownloadResponseSchema },
    },
    handler: (req) => uploads.presignDownload(principalOf(req), req.query.key),
  });

  app.delete('/api/upload/file', {
    config: { access },
    schema: {
      tags,
      summary: 'Delete one of your files',
      querystring: keyQuerySchema,
      response: { 200: deletedSchema },
    },
    handler: async (req) => ({
      data: { ok: true as const, ...(await uploads.deleteFile(principalOf(req), req.query.key)) },
    }),
  });

  app.delete('/api/upload/folder', {
    config: { access },
    schema: {
      tags,
      summary: 'Delete everything under a folder of yours',
      querystring: keyQuerySchema,
      response: { 200: deletedSchema },
    },
    handler: async (req) => ({
      data: { ok: true as const, ...(await uploads.deleteFolder(principalOf(req), req.query.key)) },
    }),
  });

  // The local driver's signed URLs: the signature is the credential, so no bearer token.
  app.register(async (scope) => {
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: opts.maxBytes }, (_req, body, done) =>
      done(null, body),
    );

    raw.put('/api/upload/local/*', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Local storage: PUT the raw bytes to a signed upload URL',
        querystring: signedQuery,
        hide: true,
      },
      handler: async (req) => {
        const key = (req.params as { '*': string })['*'];
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return { data: await uploads.receiveLocalUpload(key, req.query, body) };
      },
    });

    raw.get('/api/upload/local/*', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Local storage: GET a file through a signed download URL',
        querystring: signedQuery,
        hide: true,
      },
      handler: async (req, reply) => {
        const key = (req.params as { '*': string })['*'];
        const file = await uploads.serveLocalDownload(key, req.query);
        return reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.size))
          .header('content-disposition', attachmentDisposition(file.fileName))
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    });
  });

  for (const [path, only, uploadType, summary] of [
    ['/api/product/upload-image', 'image', 'product-image', 'Upload a product image (multipart field "file")'],
    [
      '/api/product/upload-document',
      undefined,
      'product-document',
      'Upload a product document (multipart field "file")',
    ],
  ] as const) {
    app.post(path, {
      config: { access: { roles: ['supplier'] } },
      schema: {
        tags: ['catalogue'],
        summary,
        consumes: ['multipart/form-data'],
        response: { 201: dataOf(storedFileSchema) },
      },
      handler: async (req, reply) => {
        if (!req.isMultipart()) {
          throw new AppError('VALIDATION_FAILED', 'Send the file as multipart/form-data', [
            { path: 'file', message: 'Required' },
          ]);
        }
        const part = await req.file();
        if (!part) throw new AppError('VALIDATION_FAILED', 'Attach a file', [{ path: 'file', message: 'Required' }]);
        const content = await part.toBuffer();
        const data = await uploads.storeDirect(principalOf(req), {
          fileName: part.filename,
          content,
          only,
          uploadType,
        });
        return reply.status(201).send({ data });
      },
    });
  }
}
