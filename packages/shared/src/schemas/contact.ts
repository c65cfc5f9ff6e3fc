import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { text } from './common.ts';

/** docs/product.md section 3 contact-us payload (the optional file travels as multipart). */
export const contactUsBodySchema = z.object({
  userEmail: emailSchema,
  userName: text(160),
  userTitle: text(200),
  userMessage: text(5000),
});
export type ContactUsBody = z.infer<typeof contactUsBodySchema>;
