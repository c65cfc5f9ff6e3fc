import crypto from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { Mail, Mailer } from './mailer.ts';

export const MAIL_QUEUE = 'mail';

/**
 * A first delivery attempt made by the request (so a mail normally leaves at once) holds its job
 * back this long; only past it may a worker take the job, so the two never send it twice.
 */
const FIRST_ATTEMPT_HOLD_SECONDS = 5 * 60;
/** The request waits at most this long for the first attempt; a slow SMTP server never slows it more. */
const FIRST_ATTEMPT_WAIT_MS = 2000;

/** A mail as it is stored in a job (JSON: attachments in base64). */
interface MailJob extends Omit<Mail, 'attachments'> {
  attachments?: { filename: string; base64: string }[];
}

/** What a feature needs to send mail: the outbox, nothing that sends outside a transaction. */
export interface MailOutbox {
  /**
   * Writes the mail's job in `tx` (the outbox: no mail for a change that rolled back, no lost
   * mail for one that committed). Call the returned function after the commit: it tries delivery
   * and never throws (a failed attempt leaves the job to the workers).
   */
  queue(tx: DbOrTx, mail: Mail): Promise<() => Promise<void>>;
}

/**
 * Every mail goes through `queue`: there is deliberately no `send`, so no feature can mail
 * outside the transaction of the change that causes the mail.
 */
export interface QueuedMailer extends MailOutbox {
  close(): void;
}

/** Runs the delivery attempts a transaction returned, after it committed. */
export async function deliverAll(deliveries: Iterable<() => Promise<void>>): Promise<void> {
  for (const deliver of deliveries) await deliver();
}

/** The domain part of a Message-ID: the sender address's domain (`Name <x@domain>` or `x@domain`). */
export function messageIdDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'brickyard.invalid';
}

/**
 * Every mail is a job: it is written first, then sent. The sender tries at once after the commit;
 * when SMTP is down that attempt fails quietly and the job is retried with exponential backoff by
 * whichever instance is up, until the mail goes out or its attempts are used up (then an admin
 * sees it under failed jobs and can retry it).
 */
export function createQueuedMailer(
  jobs: Jobs,
  transport: Mailer,
  opts: {
    retryLimit: number;
    retryDelaySeconds: number;
    log: (err: unknown, msg: string) => void;
    /** Message-IDs are `<job id@this>` (messageIdDomain(MAIL_FROM)). */
    messageIdDomain: string;
  },
): QueuedMailer {
  jobs.define<MailJob>({
    name: MAIL_QUEUE,
    retryLimit: opts.retryLimit,
    retryDelaySeconds: opts.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    run: (job) => transport.send(fromJob(job)),
  });

  const attempt = (id: string, mail: Mail) => async () => {
    const sent = transport.send(mail).then(
      () => jobs.deleteJob(MAIL_QUEUE, id),
      async (err: unknown) => {
        opts.log(err, 'mail: first delivery failed; the job will retry it');
        await jobs.postpone(MAIL_QUEUE, id, opts.retryDelaySeconds);
      },
    );
    const guarded = sent.catch((err: unknown) => opts.log(err, 'mail: could not settle a delivered mail job'));
    await Promise.race([guarded, new Promise<void>((r) => setTimeout(r, FIRST_ATTEMPT_WAIT_MS).unref())]);
  };

  const queue: QueuedMailer['queue'] = async (tx, mail) => {
    // The job's id is chosen here so the mail can carry it as its Message-ID: every attempt (the
    // request's, then the workers' retries) sends the same one, and a receiver can dedupe.
    const jobId = crypto.randomUUID();
    const withId: Mail = { ...mail, messageId: mail.messageId ?? `<${jobId}@${opts.messageIdDomain}>` };
    const id = await jobs.send(MAIL_QUEUE, toJob(withId), {
      tx,
      id: jobId,
      startAfterSeconds: FIRST_ATTEMPT_HOLD_SECONDS,
    });
    // pg-boss answers no id when the queue does not exist (nothing was written): failing here
    // rolls the change back rather than committing it without its mail.
    if (!id) throw new Error(`mail: the ${MAIL_QUEUE} job queue does not exist`);
    return attempt(id, withId);
  };

  return { queue, close: () => transport.close() };
}

function toJob(mail: Mail): MailJob {
  return {
    ...mail,
    attachments: mail.attachments?.map((a) => ({ filename: a.filename, base64: a.content.toString('base64') })),
  };
}

function fromJob(job: MailJob): Mail {
  return {
    ...job,
    attachments: job.attachments?.map((a) => ({ filename: a.filename, content: Buffer.from(a.base64, 'base64') })),
  };
}
