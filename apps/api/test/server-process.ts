import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort } from '../src/db/embedded.ts';
import type { BundledProgram } from './server-bundle.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * `node` arguments that run one of the programs bundled from the current source for this test run
 * (global-setup.ts, server-bundle.ts), with stack traces that point into the source.
 */
export function bundledProgram(name: BundledProgram): string[] {
  return ['--enable-source-maps', path.join(inject('serverBundle'), `${name}.js`)];
}

/** The real server (bundled from the source, as `npm run build` does) in a process of its own, for tests that kill or duplicate it. */
export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  /** everything it wrote to stdout and stderr */
  output: string[];
}

/**
 * Starts the server with `env` (over a development default without the demo seed) and resolves
 * once /api/health answers 200. `detached` gives it its own process group, so a SIGKILL to the
 * group takes an embedded database with it.
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: { detached?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const output: string[] = [];
  const proc = spawn(process.execPath, bundledProgram('main'), {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    detached: opts.detached ?? false,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.on('data', (d) => output.push(String(d)));
  proc.stderr.on('data', (d) => output.push(String(d)));
  const server = { proc, url: `http://127.0.0.1:${port}`, output };
  const until = Date.now() + 150_000;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`server exited ${proc.exitCode}: ${output.join('')}`);
    try {
      const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  killServer(server, 'SIGKILL', opts.detached);
  throw new Error(`server did not become healthy: ${output.join('')}`);
}

/** Sends `signal` to the server (to its whole process group when it was started detached). */
export function killServer(s: ServerProcess, signal: NodeJS.Signals, group = false): void {
  try {
    if (group) process.kill(-s.proc.pid!, signal);
    else s.proc.kill(signal);
  } catch {
    // already gone
  }
}

/** Resolves with the exit code once the server process has ended. */
export const serverExited = (s: ServerProcess) =>
  new Promise<number | null>((resolve) =>
    s.proc.exitCode !== null ? resolve(s.proc.exitCode) : s.proc.once('exit', (code) => resolve(code)),
  );

/** A JSON call to a server process; the body is parsed when the answer is JSON. */
export async function callServer(s: ServerProcess, method: string, p: string, token?: string, body?: unknown) {
  const res = await fetch(s.url + p, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text,
  };
}
