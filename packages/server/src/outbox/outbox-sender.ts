import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/types.js';
import type { JobQueue } from '../jobs/index.js';
import { claimDueMails, markAttemptFailed, markSent, nextAttemptDue, type ClaimedMail } from './outbox-repository.js';

/** Delivers one mail; throws when the mail server refuses it. */
export type MailTransport = (mail: ClaimedMail, from: string) => Promise<void>;

/** A transport over SMTP (nodemailer) for an `smtp://` or `smtps://` URL. */
export function smtpTransport(smtpUrl: string): { send: MailTransport; close: () => void } {
  const transporter: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail, from) => {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<${mail.id}@emporium.outbox>`,
      });
    },
    close: () => transporter.close(),
  };
}

/** The job that delivers due mail: one waiting at a time (a second ask while one waits is the same work). */
export const OUTBOX_JOB = 'outbox.deliver';
/** Cron of the job sent whatever happens, so mail queued by a server that stopped before asking is still sent. */
export const OUTBOX_SWEEP_CRON = '* * * * *';

/** Options of {@link OutboxSender}. */
export interface OutboxSenderOptions {
  db: Db;
  send: MailTransport;
  from: string;
  /** The queue the deliveries run on. */
  jobs: JobQueue;
  batchSize?: number;
  onError?: (error: unknown) => void;
}

/**
 * Delivers due mail as jobs of the job queue (decision 0038): a job is sent when mail is queued
 * ({@link kick}), at the time of the next retry, and every minute as a sweep. Each mail is
 * claimed under a row lock, sent, then marked sent; a sender that dies between sending and
 * marking leaves the mail to be sent again after the claim timeout (at-least-once delivery,
 * with a stable Message-ID for de-duplication).
 */
export class OutboxSender {
  private running: Promise<number> | undefined;

  constructor(private readonly options: OutboxSenderOptions) {}

  /** Starts working the delivery job on this server, with the sweep, and asks for a first round. */
  async start(): Promise<void> {
    const { jobs } = this.options;
    await jobs.declare(OUTBOX_JOB, 'short');
    await jobs.work(OUTBOX_JOB, () => this.deliverDue());
    await jobs.schedule(OUTBOX_JOB, OUTBOX_SWEEP_CRON);
    this.kick();
  }

  /** Asks for a delivery round now (for example after mails were queued). */
  kick(): void {
    this.options.jobs.send(OUTBOX_JOB, {}, { singletonKey: 'now' }).catch((error: unknown) => this.options.onError?.(error));
  }

  /** Delivers until nothing is due; resolves the number of mails delivered. */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await this.round();
      total += sent;
      if (sent === 0) return total;
    }
  }

  /** The job: delivers what is due, then sends itself for when the next retry is due. */
  private async deliverDue(): Promise<void> {
    await this.flush();
    const next = await nextAttemptDue(this.options.db);
    if (next) await this.options.jobs.send(OUTBOX_JOB, {}, { startAfter: next, singletonKey: `at ${next.toISOString()}` });
  }

  private round(): Promise<number> {
    if (this.running) return this.running.then(() => this.round());
    const run = this.deliverBatch().finally(() => {
      this.running = undefined;
    });
    this.running = run;
    return run;
  }

  private async deliverBatch(): Promise<number> {
    const mails = await claimDueMails(this.options.db, this.options.batchSize ?? 20);
    let sent = 0;
    for (const mail of mails) {
      try {
        await this.options.send(mail, this.options.from);
      } catch (error) {
        await markAttemptFailed(this.options.db, mail, error instanceof Error ? error.message : String(error));
        continue;
      }
      await markSent(this.options.db, mail.id);
      sent += 1;
    }
    return sent;
  }
}
