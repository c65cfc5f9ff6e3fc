import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';

/**
 * The in-process background queue that recomputes matches when a tender or catalogue item
 * changes. Jobs run one at a time after the request that enqueued them has answered; a key
 * queued twice runs once. Other features enqueue through `enqueueMatching(ctx, kind, id)`, a
 * no-op when the matching module is not mounted on that context.
 */
export type MatchJobKind = 'tender' | 'catalogue_item';

export interface MatchQueue {
  enqueue(kind: MatchJobKind, id: string): void;
  /** resolves when nothing is queued or running (tests, shutdown) */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function createMatchQueue(run: (kind: MatchJobKind, id: string) => Promise<void>, log: FastifyBaseLogger): MatchQueue {
  const pending = new Map<string, { kind: MatchJobKind; id: string }>();
  let running: Promise<void> | null = null;
  let stopped = false;
  const waiters: Array<() => void> = [];

  const pump = async () => {
    while (pending.size && !stopped) {
      const [key, job] = pending.entries().next().value as [string, { kind: MatchJobKind; id: string }];
      pending.delete(key);
      try {
        await run(job.kind, job.id);
      } catch (err) {
        if (!stopped) log.error({ err, job }, 'matching job failed');
      }
    }
    running = null;
    for (const w of waiters.splice(0)) w();
  };

  return {
    enqueue(kind, id) {
      if (stopped) return;
      pending.set(`${kind}:${id}`, { kind, id });
      if (!running) running = new Promise<void>((r) => setImmediate(r)).then(pump);
    },
    idle: () => (running ? new Promise<void>((r) => waiters.push(r)) : Promise.resolve()),
    async stop() {
      stopped = true;
      pending.clear();
      await running;
    },
  };
}

const queues = new WeakMap<AppContext, MatchQueue>();
export const registerMatchQueue = (ctx: AppContext, q: MatchQueue) => void queues.set(ctx, q);

/** Called by the tenders and catalogue services after a change commits. */
export function enqueueMatching(ctx: AppContext, kind: MatchJobKind, id: string): void {
  queues.get(ctx)?.enqueue(kind, id);
}
