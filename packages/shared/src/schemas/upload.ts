import { z } from 'zod';

const uploadTypeSchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{0,39}$/, 'Lower-case letters, digits and dashes')
  .describe('Folder of the key, e.g. tender-attachment, catalogue-image, profile-document');

/** docs/product.md section 3 "Presigned upload request". */
export const presignedUploadBodySchema = z.object({
  userId: z.uuid().optional().describe("Must be the caller's id when sent"),
  fileName: z.string().trim().min(1).max(200),
  fileType: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('MIME type the browser reports (the bytes are checked on upload)'),
  uploadType: uploadTypeSchema.default('other'),
  tenderId: z.uuid().optional().nullable().describe('Links the file to this tender (yours)'),
  supportingDocumentIds: z
    .array(z.string().max(2048))
    .max(50)
    .optional()
    .describe('Accepted for compatibility; not used'),
  fileSize: z.number().int().min(0).optional().describe('Bytes, when known: refused early if over the limit'),
});
export type PresignedUploadBody = z.infer<typeof presignedUploadBodySchema>;

export const presignedUploadSchema = z.object({
  uploadURL: z.string().describe('PUT the raw bytes here before expiresAt'),
  key: z.string(),
  fileURL: z.string().describe('Keep this as the attachment url; its path holds the key'),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
  maxBytes: z.number().int(),
});
export type PresignedUpload = z.infer<typeof presignedUploadSchema>;

export const presignedUploadResponseSchema = z.object({
  data: presignedUploadSchema,
  key: z.string(),
  uploadURL: z.string(),
});

export const keyQuerySchema = z.object({
  key: z.string().trim().min(1).max(2048).describe('Storage key or stored file URL'),
});

/** docs/product.md section 7 fixes this flat shape. */
export const presignedDownloadResponseSchema = z.object({ downloadURL: z.string(), expiresAt: z.string() });

export const storedFileSchema = z.object({
  name: z.string(),
  url: z.string(),
  key: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/** GET /api/upload/quota: uploads used this calendar month (UK) and the plan's limit; null = unlimited. */
export const uploadAllowanceSchema = z.object({
  used: z.number().int(),
  limit: z.number().int().nullable(),
  month: z.string(),
});
export type UploadAllowance = z.infer<typeof uploadAllowanceSchema>;
export const uploadAllowanceResponseSchema = z.object({ data: uploadAllowanceSchema });
