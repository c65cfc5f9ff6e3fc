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

export interface QueuedMailer extends Mailer {
  /**
   * Writes the mail's job in `tx` (the outbox: no mail for a change that rolled back, no lost
   * mail for one that committed). Call the returned function after the commit: it tries delivery.
   */
  queue(tx: DbOrTx, mail: Mail): Promise<() => Promise<void>>;
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
  opts: { retryLimit: number; retryDelaySeconds: number; log: (err: unknown, msg: string) => void },
): QueuedMailer {
  jobs.define<MailJob>({
    name: MAIL_QUEUE,
    retryLimit: opts.retryLimit,
    retryDelaySeconds: opts.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    run: (job) => transport.send(fromJob(job)),
  });

  const attempt = (id: string | null, mail: Mail) => async () => {
    if (!id) return;
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
    const id = await jobs.send(MAIL_QUEUE, toJob(mail), { tx, startAfterSeconds: FIRST_ATTEMPT_HOLD_SECONDS });
    return attempt(id, mail);
  };

  return {
    queue,
    async send(mail) {
      const id = await jobs.send(MAIL_QUEUE, toJob(mail), { startAfterSeconds: FIRST_ATTEMPT_HOLD_SECONDS });
      await attempt(id, mail)();
    },
    close: () => transport.close(),
  };
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
