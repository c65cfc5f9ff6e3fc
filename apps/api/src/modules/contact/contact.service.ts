import crypto from 'node:crypto';
import { AppError, type ContactUsBody } from '@brickyard/shared';
import type { Principal } from '../../platform/auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { contactUsMail } from '../../platform/mail/templates.ts';
import { checkUploadContent } from '../../platform/storage/content-check.ts';
import { insertContactMessage } from './contact.repository.ts';

export type ContactService = ReturnType<typeof createContactService>;

export interface ContactFile {
  fileName: string;
  content: Buffer;
}

/** File names as stored: the base name, with anything but safe characters replaced. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const cleaned = base
    .normalize('NFKC')
    .replace(/[^\w.\- ()]+/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 120);
  return cleaned || 'file';
}

export function createContactService(ctx: AppContext) {
  const { db, storage, mailer, config } = ctx;
  return {
    async submit(caller: Principal, body: ContactUsBody, file: ContactFile | null) {
      if (file && caller.role !== 'supplier') {
        throw new AppError('VALIDATION_FAILED', 'Only suppliers may attach a file', [
          { path: 'file', message: 'Only suppliers may attach a file' },
        ]);
      }
      let fileKey: string | null = null;
      let fileName: string | null = null;
      if (file) {
        if (file.content.length === 0) throw new AppError('VALIDATION_FAILED', 'The attached file is empty');
        await checkUploadContent(file.content, file.fileName);
        fileName = safeFileName(file.fileName);
        fileKey = `${caller.id}/contact/${crypto.randomUUID()}-${fileName}`;
        await storage.put(fileKey, file.content);
      }
      // Name and email are shown read-only in the modal; the account's own values are kept.
      try {
        const mail = {
          to: config.supportEmail,
          ...(await contactUsMail(
            { name: caller.name, email: caller.email, role: caller.role },
            body.userTitle,
            body.userMessage,
          )),
          attachments: file && fileName ? [{ filename: fileName, content: file.content }] : undefined,
        };
        // The message and its mail job commit together (the outbox); delivery is tried after the commit.
        const { row, deliver } = await db.transaction(async (tx) => {
          const inserted = await insertContactMessage(tx, {
            userId: caller.id,
            userEmail: caller.email,
            userName: caller.name || body.userName,
            title: body.userTitle,
            message: body.userMessage,
            fileKey,
            fileName,
          });
          return { row: inserted, deliver: await mailer.queue(tx, mail) };
        });
        await deliver();
        return { id: row.id, message: 'Thanks, your message has been sent. We will reply by email.' };
      } catch (err) {
        if (fileKey) await storage.delete(fileKey).catch(() => undefined);
        throw err;
      }
    },
  };
}
