import {
  AppError,
  MAX_IMPORT_BYTES,
  catalogueImportPreviewSchema,
  catalogueImportQuerySchema,
  catalogueImportResultSchema,
  catalogueItemSchema,
  catalogueListQuerySchema,
  createCatalogueItemBodySchema,
  dataOf,
  idParamsSchema,
  okSchema,
  pageOf,
  updateCatalogueItemBodySchema,
} from '@brickyard/shared';
import { principalOf } from '../../platform/auth/guard.ts';
import { perUserLimit } from '../../platform/http/rate-limit.ts';
import type { App } from '../../platform/context.ts';
import { createCatalogueImportService } from './catalogue-import.service.ts';
import type { CatalogueService } from './catalogue.service.ts';

const one = { 200: dataOf(catalogueItemSchema) };
const many = { 200: pageOf(catalogueItemSchema) };
const suppliers = { roles: ['supplier'] } as const;

/**
 * docs/product.md section 7 "Catalogue" and "Products": the same items under two prefixes
 * (the product upload calls live in the uploads module). Signed in and gated.
 */
export function catalogueRoutes(app: App, catalogue: CatalogueService) {
  catalogueImportRoutes(app, catalogue);
  for (const prefix of ['/api/catalogue', '/api/product'] as const) {
    const tags = [prefix === '/api/catalogue' ? 'catalogue' : 'products'];

    app.post(prefix, {
      config: { access: suppliers },
      schema: {
        tags,
        summary: 'List a catalogue item (suppliers)',
        body: createCatalogueItemBodySchema,
        response: { 201: dataOf(catalogueItemSchema) },
      },
      handler: async (req, reply) =>
        reply.status(201).send({ data: await catalogue.create(principalOf(req), req.body) }),
    });

    app.get(prefix, {
      schema: {
        tags,
        summary: "A supplier's own items; everyone's for buyers",
        querystring: catalogueListQuerySchema,
        response: many,
      },
      handler: (req) => catalogue.list(principalOf(req), req.query),
    });

    app.get(`${prefix}/user/:id`, {
      schema: {
        tags,
        summary: "One supplier's items",
        params: idParamsSchema,
        querystring: catalogueListQuerySchema,
        response: many,
      },
      handler: (req) => catalogue.listByUser(principalOf(req), req.params.id, req.query),
    });

    app.get(`${prefix}/:id`, {
      schema: {
        tags,
        summary: 'One catalogue item (under data.data in the client)',
        params: idParamsSchema,
        response: one,
      },
      handler: async (req) => ({ data: await catalogue.get(principalOf(req), req.params.id) }),
    });

    app.put(`${prefix}/:id`, {
      config: { access: suppliers },
      schema: {
        tags,
        summary: 'Change an item you listed',
        params: idParamsSchema,
        body: updateCatalogueItemBodySchema,
        response: one,
      },
      handler: async (req) => ({ data: await catalogue.update(principalOf(req), req.params.id, req.body) }),
    });

    app.delete(`${prefix}/:id`, {
      config: { access: suppliers },
      schema: {
        tags,
        summary: 'Delete an item you listed and its files',
        params: idParamsSchema,
        response: { 200: okSchema },
      },
      handler: async (req) => {
        await catalogue.remove(principalOf(req), req.params.id);
        return { data: { ok: true as const } };
      },
    });
  }
}

/**
 * Bulk import (suppliers, gated): one CSV or XLSX file as multipart field "file". `?dryRun=true`
 * answers each row's verdict; otherwise the valid rows are created in one transaction.
 */
function catalogueImportRoutes(app: App, catalogue: CatalogueService) {
  const importer = createCatalogueImportService(catalogue);
  const tags = ['catalogue'];

  app.post('/api/catalogue/import', {
    // Reading a workbook is real work: 20 files a minute per supplier is plenty for people.
    config: { access: suppliers, rateLimit: perUserLimit(20, 60_000) },
    schema: {
      tags,
      summary: 'Import many catalogue items from a CSV or XLSX file (multipart field "file")',
      consumes: ['multipart/form-data'],
      querystring: catalogueImportQuerySchema,
      response: { 200: dataOf(catalogueImportPreviewSchema.or(catalogueImportResultSchema)) },
    },
    handler: async (req) => {
      if (!req.isMultipart()) {
        throw new AppError('VALIDATION_FAILED', 'Send the file as multipart/form-data', [
          { path: 'file', message: 'Required' },
        ]);
      }
      const part = await req.file({ limits: { fileSize: MAX_IMPORT_BYTES } });
      if (!part)
        throw new AppError('VALIDATION_FAILED', 'Attach a CSV or XLSX file', [{ path: 'file', message: 'Required' }]);
      const content = await part.toBuffer();
      // toBuffer only throws when the size limit is hit before its last chunk; a file cut at the
      // limit after it comes back truncated, so the flag is checked too
      if (part.file.truncated)
        throw new AppError('PAYLOAD_TOO_LARGE', `Import files may be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
      const data = req.query.dryRun
        ? await importer.preview(part.filename, content)
        : await importer.run(principalOf(req), part.filename, content);
      return { data };
    },
  });

  app.get('/api/catalogue/import/template', {
    config: { access: suppliers },
    schema: { tags, summary: 'The CSV template for the bulk import', produces: ['text/csv'] },
    handler: async (_req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="catalogue-import-template.csv"')
        .send(importer.template()),
  });
}
