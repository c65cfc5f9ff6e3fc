import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { unsubscribeUrl } from '../../platform/mail/unsubscribe.ts';
import { digestMail } from './notifications.mails.ts';
import * as repo from './notifications.repository.ts';

/** One digest run at a time across every instance (pg_try_advisory_xact_lock). */
export const DIGEST_LOCK_KEY = 724_311_206;

export interface DigestContext {
  db: Db;
  mailer: Mailer;
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
 * app meanwhile is not mailed). Each user runs in a savepoint: a failed send keeps their queue
 * for the next run.
 */
export async function flushEmailDigests(ctx: DigestContext, opts: { limit?: number } = {}): Promise<DigestRun> {
  const m = ctx.config.messaging;
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.tryXactLock(tx, DIGEST_LOCK_KEY))) return { ran: false, mails: 0 };
    const due = await repo.dueDigestRecipients(tx, m.digestDelaySeconds, m.digestWindowSeconds, opts.limit ?? 200);
    let mails = 0;
    for (const r of due) {
      try {
        await tx.transaction(async (sp) => {
          const items = (await repo.takeQueuedEmails(sp, r.userId)).filter((i) => !i.readInApp);
          if (items.length === 0) return;
          const settings = r.role === 'admin' ? '/admin/dashboard' : `/${r.role}/settings/notifications`;
          const unsubscribe = unsubscribeUrl(ctx.config, { userId: r.userId, scope: 'digest' });
          const mail = await digestMail(
            r.firstName,
            items,
            ctx.config.publicUrl,
            `${ctx.config.publicUrl}${settings}`,
            unsubscribe,
          );
          await ctx.mailer.send({ to: r.email, ...mail });
          await repo.markEmailed(sp, r.userId);
          mails++;
        });
      } catch (err) {
        ctx.log.warn({ err, userId: r.userId }, 'notification digest mail failed; kept for the next run');
      }
    }
    return { ran: true, mails };
  });
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
