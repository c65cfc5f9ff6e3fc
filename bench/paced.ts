import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from './lib.ts';

/** A call of the load mix, in the subset of autocannon's request shape both runners use. */
export interface MixRequest {
  method: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: MixRequest, context: Record<string, unknown>) => MixRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}

export interface PacedResult {
  total: number;
  seconds: number;
  latency: { p50: number; p90: number; p99: number; max: number };
  errors: number;
  non2xx: number;
  statuses: Record<string, number>;
}

/**
 * `bench:load` at a stated rate (LOAD_RATE): each connection is a person who sends the next call of
 * the mix, reads the answer, and waits a random think time (exponential, mean connections / rate
 * seconds) before the next, starting at a random moment. Arrivals are therefore spread as people's
 * are, not fired in bursts at every second's start as autocannon's own rate limit does (which also
 * adds a synthetic sample per millisecond of a slow answer to "correct" for omission, so its
 * percentiles at a rate are not latencies). Latency is measured per call, send to last byte.
 */
export async function pacedLoad(opts: {
  base: string;
  tokens: string[];
  connections: number;
  seconds: number;
  rate: number;
  requests: MixRequest[];
}): Promise<PacedResult> {
  const url = new URL(opts.base);
  const perUser = Math.ceil(opts.connections / opts.tokens.length);
  const agents = opts.tokens.map(() => new http.Agent({ keepAlive: true, maxSockets: perUser }));
  const meanThinkMs = (opts.connections / opts.rate) * 1000;
  const started = Date.now();
  const until = started + opts.seconds * 1000;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;

  function send(agent: http.Agent, token: string, req: MixRequest): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const call = http.request(
        {
          host: url.hostname,
          port: url.port,
          agent,
          method: req.method ?? 'GET',
          path: req.path ?? '/',
          headers: { authorization: `Bearer ${token}`, ...req.headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      call.on('error', reject);
      call.setTimeout(10_000, () => call.destroy(new Error('timeout')));
      call.end(req.body);
    });
  }

  const think = () => -Math.log(1 - Math.random()) * meanThinkMs;

  async function person(i: number) {
    const token = opts.tokens[i % opts.tokens.length]!;
    const agent = agents[i % agents.length]!;
    const context: Record<string, unknown> = {};
    await sleep(Math.random() * meanThinkMs);
    for (let n = 0; Date.now() < until; n++) {
      const template = opts.requests[n % opts.requests.length]!;
      const req = template.setupRequest ? template.setupRequest({ ...template }, context) : template;
      const t0 = performance.now();
      try {
        const res = await send(agent, token, req);
        latencies.push(performance.now() - t0);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        template.onResponse?.(res.status, res.body, context);
      } catch {
        errors++;
      }
      await sleep(think());
    }
  }

  await Promise.all(Array.from({ length: opts.connections }, (_, i) => person(i)));
  for (const a of agents) a.destroy();
  latencies.sort((a, b) => a - b);
  const ms = (v: number) => Math.round(v);
  return {
    total: latencies.length,
    seconds: (Date.now() - started) / 1000,
    latency: {
      p50: ms(percentile(latencies, 50)),
      p90: ms(percentile(latencies, 90)),
      p99: ms(percentile(latencies, 99)),
      max: ms(latencies.at(-1) ?? 0),
    },
    errors,
    non2xx: Object.entries(statuses).reduce((n, [code, count]) => n + (Number(code) >= 300 ? count : 0), 0),
    statuses,
  };
}
