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
  /** a follow-up task (telling people about new matches) run after the jobs queued before it; a key deferred twice runs the last */
  defer(key: string, task: () => Promise<void>): void;
  /** resolves when nothing is queued or running (tests, shutdown) */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function createMatchQueue(run: (kind: MatchJobKind, id: string) => Promise<void>, log: FastifyBaseLogger): MatchQueue {
  const pending = new Map<string, () => Promise<void>>();
  let running: Promise<void> | null = null;
  let stopped = false;
  const waiters: Array<() => void> = [];

  const pump = async () => {
    while (pending.size && !stopped) {
      const [key, task] = pending.entries().next().value as [string, () => Promise<void>];
      pending.delete(key);
      try {
        await task();
      } catch (err) {
        if (!stopped) log.error({ err, job: key }, 'matching job failed');
      }
    }
    running = null;
    for (const w of waiters.splice(0)) w();
  };
  const add = (key: string, task: () => Promise<void>) => {
    if (stopped) return;
    pending.delete(key); // a key added again goes to the back, with its latest task
    pending.set(key, task);
    if (!running) running = new Promise<void>((r) => setImmediate(r)).then(pump);
  };

  return {
    enqueue: (kind, id) => add(`${kind}:${id}`, () => run(kind, id)),
    defer: add,
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
