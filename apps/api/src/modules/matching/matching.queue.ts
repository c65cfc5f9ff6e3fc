import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';

/**
 * Match recomputation as durable jobs (platform/jobs): a tender or catalogue item that changes
 * queues a `matching` job in the same transaction as the change, so a restart or a crash loses no
 * recomputation; a key already waiting is not queued twice. Failed runs are retried with backoff.
 */
export type MatchJobKind = 'tender' | 'catalogue_item';

export const MATCHING_QUEUE = 'matching';

/** Writes the recomputation's job in the writer's transaction (`tx`), or on its own. */
export async function queueMatching(
  ctx: Pick<AppContext, 'jobs'>,
  tx: DbOrTx | undefined,
  kind: MatchJobKind,
  id: string,
): Promise<void> {
  await ctx.jobs.send(MATCHING_QUEUE, { kind, id }, { tx, singletonKey: `${kind}:${id}` });
}

/** After the commit: this instance's matching worker looks now rather than at its next poll. */
export function wakeMatching(ctx: Pick<AppContext, 'jobs'>): void {
  ctx.jobs.wake(MATCHING_QUEUE);
}

/** app.ts: the worker — score the subject, then tell people about strong new matches. */
export function registerMatchingJobs(
  ctx: Pick<AppContext, 'jobs'>,
  matching: { compute(kind: MatchJobKind, id: string): Promise<(() => Promise<void>) | null> },
): void {
  ctx.jobs.define<{ kind: MatchJobKind; id: string }>({
    name: MATCHING_QUEUE,
    // one waiting job per tender or item: ten edits in a row recompute once (or twice, when one was running)
    policy: 'stately',
    retryLimit: 3,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    run: async ({ kind, id }) => {
      const tell = await matching.compute(kind, id);
      await tell?.();
    },
  });
}
