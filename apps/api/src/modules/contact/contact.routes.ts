import { AppError, contactUsBodySchema, dataOf, type ErrorDetail } from '@brickyard/shared';
import { z } from 'zod';
import { principalOf } from '../../platform/auth/guard.ts';
import { assertNoNul } from '../../platform/http/nul.ts';
import type { App } from '../../platform/context.ts';
import type { ContactFile, ContactService } from './contact.service.ts';

export function contactRoutes(app: App, contact: ContactService) {
  app.post('/api/auth/contact-us', {
    config: { access: { gate: false }, rateLimit: { max: 10, timeWindow: 15 * 60_000 } },
    schema: {
      tags: ['contact'],
      summary: 'Send a message to support (JSON, or multipart with one optional file for suppliers)',
      consumes: ['application/json', 'multipart/form-data'],
      response: { 201: dataOf(z.object({ id: z.uuid(), message: z.string() })) },
    },
    handler: async (req, reply) => {
      let fields: Record<string, unknown> = {};
      let file: ContactFile | null = null;
      if (req.isMultipart()) {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (file) throw new AppError('VALIDATION_FAILED', 'Attach at most one file');
            file = { fileName: part.filename, content: await part.toBuffer() };
          } else {
            fields[part.fieldname] = part.value;
          }
        }
      } else {
        fields = (req.body ?? {}) as Record<string, unknown>;
      }
      assertNoNul(fields, 'body');
      const parsed = contactUsBodySchema.safeParse(fields);
      if (!parsed.success) {
        const details: ErrorDetail[] = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', details);
      }
      const result = await contact.submit(principalOf(req), parsed.data, file);
      return reply.status(201).send({ data: result });
    },
  });
}
