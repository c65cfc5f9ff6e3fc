import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /**
   * `<id@domain>`: the same for every delivery attempt of one mail job, so a receiver can drop the
   * second copy when a worker died between SMTP accepting the mail and the job being marked done.
   */
  messageId?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post on digests and alerts. */
  headers?: Record<string, string>;
  attachments?: { filename: string; content: Buffer }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  from: string;
  smtpUrl?: string;
  outboxDir: string;
  log: (msg: string, extra?: Record<string, unknown>) => void;
  /**
   * Log the links of outbox mails (sign-in links for offline development). Off in production: a
   * verify or reset link in the log is a credential for whoever reads it.
   */
  logLinks?: boolean;
}

/**
 * nodemailer with SMTP when SMTP_URL is set; otherwise each mail is written to
 * `$DATA_DIR/outbox/<time>-<id>.eml` and its links are logged, so verify/reset work offline.
 */
export function createMailer(opts: MailerOptions): Mailer {
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      if (opts.smtpUrl) return;
      const raw = (info as unknown as { message: Buffer }).message;
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      await fs.writeFile(path.join(opts.outboxDir, name), raw);
      const links = opts.logLinks === false ? undefined : (mail.text.match(/https?:\/\/\S+/g) ?? []);
      opts.log('mail written to outbox', { to: mail.to, subject: mail.subject, file: name, links });
    },
    close: () => transport.close(),
  };
}
