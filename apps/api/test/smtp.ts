import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a fixed local port that a test can stop and start again (an outage),
 * keeping every mail it received, parsed.
 */
export interface TestSmtp {
  port: number;
  url: string;
  received: ParsedMail[];
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Waits until a received mail matches, or throws after `ms`. */
  waitFor(match: (m: ParsedMail) => boolean, ms?: number): Promise<ParsedMail>;
}

export async function createTestSmtp(): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  let server: SMTPServer | null = null;
  const listen = async (port: number) => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((m) => void received.push(m))
          .then(() => callback(), callback);
      },
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    return (server.server.address() as { port: number }).port;
  };
  const port = await listen(0);
  const smtp: TestSmtp = {
    port,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    async start() {
      if (!server) await listen(port);
    },
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async waitFor(match, ms = 30_000) {
      const until = Date.now() + ms;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > until)
          throw new Error(`no matching mail within ${ms} ms (received: ${received.map((m) => m.subject).join(', ')})`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
  return smtp;
}
