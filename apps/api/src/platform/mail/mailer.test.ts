import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { verifyEmailMail } from './templates.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('DESIGN §1 mail: outbox by default, SMTP when SMTP_URL is set', () => {
  it('writes one .eml per mail into the outbox and logs its links', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    dirs.push(dir);
    const logged: unknown[] = [];
    const mailer = createMailer({
      from: 'Brickyard <no-reply@brickyard.test>',
      outboxDir: dir,
      log: (_m, extra) => logged.push(extra),
    });
    await mailer.send({
      to: 'dana@example.test',
      ...(await verifyEmailMail('Dana', 'http://localhost:3000/verify-email?token=abc123')),
    });
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = await simpleParser(fs.readFileSync(path.join(dir, files[0]!)));
    expect(parsed.subject).toBe('Confirm your email address');
    expect(parsed.text).toContain('http://localhost:3000/verify-email?token=abc123');
    expect(parsed.html).toContain('Confirm email');
    expect(JSON.stringify(logged)).toContain('verify-email?token=abc123');
  });

  it('delivers through a real SMTP server', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    dirs.push(dir);
    const mailer = createMailer({
      from: 'Brickyard <no-reply@brickyard.test>',
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      outboxDir: dir,
      log: () => undefined,
    });
    try {
      await mailer.send({ to: 'sam@example.test', subject: 'Hello', text: 'Body text' });
      expect(received).toHaveLength(1);
      expect(received[0]!.from).toBe('no-reply@brickyard.test');
      expect(received[0]!.to).toEqual(['sam@example.test']);
      expect(received[0]!.data).toContain('Subject: Hello');
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
