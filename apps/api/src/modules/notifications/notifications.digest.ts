import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { deliverAll, type MailOutbox } from '../../platform/mail/queued-mailer.ts';
import { unsubscribeUrl } from '../../platform/mail/unsubscribe.ts';
import { digestMail } from './notifications.mails.ts';
import * as repo from './notifications.repository.ts';

/** One digest run at a time across every instance (pg_try_advisory_xact_lock). */
export const DIGEST_LOCK_KEY = 724_311_206;

export interface DigestContext {
  db: Db;
  mailer: MailOutbox;
  config: Pick<Config, 'publicUrl' | 'messaging' | 'jwtSecret'>;
  log: Pick<AppContext['log'], 'warn' | 'info'>;
}

export interface DigestRun {
  /** false when another instance held the lock */
  ran: boolean;
  mails: number;
}

/**
 * Sends the queued notification emails, batched: one mail per user with everything queued for
 * them, each user at most once per `digestWindowSeconds`, and only once their oldest item has
 * waited `digestDelaySeconds` (so a burst of 50 messages makes one mail, and what was read in the
 * app meanwhile is not mailed). Each user's mail is a job written in the transaction that takes
 * their queue and marks them mailed (the outbox): a crash before the commit leaves the queue for
 * the next run and no job; after it, the job exists and the workers send it. Delivery is tried
 * once the whole run has committed. A user whose mail cannot be written (a savepoint) keeps their
 * queue for the next run.
 */
export async function flushEmailDigests(ctx: DigestContext, opts: { limit?: number } = {}): Promise<DigestRun> {
  const m = ctx.config.messaging;
  const run = await ctx.db.transaction(async (tx) => {
    if (!(await repo.tryXactLock(tx, DIGEST_LOCK_KEY))) return { ran: false, queued: [] };
    const due = await repo.dueDigestRecipients(tx, m.digestDelaySeconds, m.digestWindowSeconds, opts.limit ?? 200);
    const queued: Array<() => Promise<void>> = [];
    for (const r of due) {
      try {
        const deliver = await tx.transaction(async (sp) => {
          const items = (await repo.takeQueuedEmails(sp, r.userId)).filter((i) => !i.readInApp);
          if (items.length === 0) return null;
          const settings = r.role === 'admin' ? '/admin/dashboard' : `/${r.role}/settings/notifications`;
          const unsubscribe = unsubscribeUrl(ctx.config, { userId: r.userId, scope: 'digest' });
          const mail = await digestMail(
            r.firstName,
            items,
            ctx.config.publicUrl,
            `${ctx.config.publicUrl}${settings}`,
            unsubscribe,
          );
          const queuedMail = await ctx.mailer.queue(sp, { to: r.email, ...mail });
          await repo.markEmailed(sp, r.userId);
          return queuedMail;
        });
        if (deliver) queued.push(deliver);
      } catch (err) {
        ctx.log.warn({ err, userId: r.userId }, 'notification digest mail failed; kept for the next run');
      }
    }
    return { ran: true, queued };
  });
  await deliverAll(run.queued);
  return { ran: run.ran, mails: run.queued.length };
}

/**
 * app.ts: the digest as a scheduled job in the durable queue, every
 * NOTIFICATION_DIGEST_INTERVAL_SECONDS on exactly one instance (platform/jobs). The mails it writes
 * are jobs of their own, so an SMTP outage delays them without failing the digest.
 */
export function registerNotificationDigest(ctx: AppContext) {
  if (!ctx.config.messaging.digestEnabled) return;
  ctx.jobs.every(
    'notification-digest',
    {
      everySeconds: ctx.config.messaging.digestIntervalSeconds,
      firstAfterSeconds: ctx.config.messaging.digestIntervalSeconds,
    },
    async () => {
      await flushEmailDigests(ctx);
    },
  );
}
