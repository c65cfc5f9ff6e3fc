import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connect } from '../apps/api/src/db/client.ts';
import { subscriptions, users } from '../apps/api/src/db/schema/index.ts';
import { createJwt } from '../apps/api/src/platform/auth/jwt.ts';
import { connectSse, type SseClient } from '../apps/api/test/sse.ts';
import { line, percentile, startServer } from './lib.ts';

/**
 * docs/decisions/0008-realtime-sse-over-listen-notify.md: message delivery latency, from `POST /api/sendMessage` to receipt of `message.created`
 * on the recipient's SSE stream, with 200 connected clients (100 buyer–supplier pairs), measured
 * on one instance and across two instances (send through A, stream from B: LISTEN/NOTIFY).
 */
export async function benchRealtime(opts: { databaseUrl?: string; seconds: number }): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-bench-rt-'));
  const dataDirB = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-bench-rt-b-'));
  // The embedded PostgreSQL runs as another user when started as root: it must reach its directory.
  fs.chmodSync(dataDir, 0o755);
  const env = {
    MESSAGE_SEND_PER_MINUTE: '10000',
    NOTIFICATION_DIGEST_ENABLED: 'false',
    FEED_SCHEDULE_ENABLED: 'false',
  };
  const a = await startServer(path.join(import.meta.dirname, 'servers/app.ts'), {
    ...env,
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl,
  });
  const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  let b: Awaited<ReturnType<typeof startServer>> | null = null;
  const database = connect(a.info.databaseUrl, 4);
  const clients: SseClient[] = [];
  const out: string[] = [];
  try {
    // A second API instance on the same PostgreSQL, sharing the JWT secret (as behind a load balancer).
    b = await startServer(path.join(import.meta.dirname, 'servers/app.ts'), {
      ...env,
      DATA_DIR: dataDirB,
      DATABASE_URL: a.info.databaseUrl,
      JWT_SECRET: secrets.jwtSecret,
    });
    // 100 buyers and 100 suppliers, approved and subscribed; tokens minted with the server's secret.
    const jwt = createJwt(secrets.jwtSecret, 3600);
    const run = crypto.randomBytes(3).toString('hex');
    const [demo] = await database.db.select({ hash: users.passwordHash }).from(users).limit(1);
    const people = await database.db
      .insert(users)
      .values(
        Array.from({ length: 200 }, (_, i): typeof users.$inferInsert => ({
          email: `rt-${run}-${i}@bench.test`,
          passwordHash: demo!.hash,
          role: i % 2 === 0 ? 'buyer' : 'supplier',
          firstName: 'Bench',
          lastName: `User ${i}`,
          companyName: `Bench Co ${i}`,
          approved: true,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id, role: users.role });
    await database.db.insert(subscriptions).values(
      people.map((p) => ({
        userId: p.id,
        plan: 'GROWTH' as const,
        cycle: 'monthly' as const,
        status: 'active' as const,
        provider: 'local',
        pricePaidPence: 0,
        currentPeriodStart: new Date(),
        currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
      })),
    );
    const token = (p: { id: string; role: 'buyer' | 'supplier' | 'admin' }) =>
      jwt.sign({ sub: p.id, role: p.role, sv: 0 });
    const pairs = Array.from({ length: 100 }, (_, i) => ({ buyer: people[2 * i]!, supplier: people[2 * i + 1]! }));
    const urlA = `http://127.0.0.1:${a.info.port}`;
    const urlB = `http://127.0.0.1:${b.info.port}`;

    async function measure(label: string, streamUrl: string, messages: number, concurrency: number) {
      // 200 connected clients: every buyer and supplier has a stream open.
      const streams = new Map<string, SseClient>();
      await Promise.all(
        people.map(async (p) => {
          const c = await connectSse(`${streamUrl}/api/realtime/stream`, { token: token(p) });
          if (c.status !== 200) throw new Error(`stream ${c.status}`);
          clients.push(c);
          streams.set(p.id, c);
          await c.next((e) => e.event === 'ready', 30_000);
        }),
      );
      const latencies: number[] = [];
      const posts: number[] = [];
      let errors = 0;
      let seq = 0;
      const one = async () => {
        const n = seq++;
        const pair = pairs[n % pairs.length]!;
        const text = `bench ${run} ${label} ${n}`;
        let received = 0;
        const arrived = streams.get(pair.supplier.id)!.next((e) => {
          if (e.event === 'message.created' && e.data.message.text === text) {
            received = performance.now();
            return true;
          }
          return false;
        }, 15_000);
        const t0 = performance.now();
        const res = await fetch(`${urlA}/api/sendMessage`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token(pair.buyer)}`, 'content-type': 'application/json' },
          body: JSON.stringify({ recipientId: pair.supplier.id, text }),
        });
        await res.arrayBuffer();
        posts.push(performance.now() - t0);
        if (res.status !== 201) {
          errors++;
          arrived.catch(() => undefined);
          return;
        }
        try {
          await arrived;
          latencies.push(received - t0);
        } catch {
          errors++;
        }
      };
      const worker = async () => {
        while (seq < messages) await one();
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      for (const c of streams.values()) c.close();
      latencies.sort((x, y) => x - y);
      posts.sort((x, y) => x - y);
      const p50 = percentile(latencies, 50);
      const p99 = percentile(latencies, 99);
      out.push(
        line(
          `POST /api/sendMessage ${label}`,
          `p50 ${percentile(posts, 50).toFixed(1)} ms p99 ${percentile(posts, 99).toFixed(1)} ms`,
          'reported',
          errors === 0,
        ),
      );
      out.push(
        line(
          `message delivery ${label}`,
          `p50 ${p50.toFixed(1)} ms p99 ${p99.toFixed(1)} ms (${latencies.length}/${messages})`,
          'all delivered (reported; no DESIGN §8 budget)',
          errors === 0 && latencies.length === messages,
        ),
      );
    }

    const messages = Math.max(200, Math.min(2000, opts.seconds * 100));
    await measure('warm-up', urlA, 100, 10);
    out.length = 0;
    await measure('same instance, 200 clients', urlA, messages, 10);
    await measure('A→B instances, 200 clients', urlB, messages, 10);
  } finally {
    for (const c of clients) c.close();
    await database.close();
    await b?.stop();
    await a.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(dataDirB, { recursive: true, force: true });
  }
  return out;
}
