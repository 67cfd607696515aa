import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/types.js';
import { claimDueMails, markAttemptFailed, markSent, type ClaimedMail } from './outbox-repository.js';

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

/** Options of {@link OutboxSender}. */
export interface OutboxSenderOptions {
  db: Db;
  send: MailTransport;
  from: string;
  pollMs: number;
  batchSize?: number;
  onError?: (error: unknown) => void;
}

/**
 * Polls the outbox and delivers due mails. Each mail is claimed under a row lock, sent, then
 * marked sent; a sender that dies between sending and marking leaves the mail to be sent again
 * after the claim timeout (at-least-once delivery, with a stable Message-ID for de-duplication).
 */
export class OutboxSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;

  constructor(private readonly options: OutboxSenderOptions) {}

  /** Starts polling. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for a delivery round in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => 0);
  }

  /** Asks for a delivery round now (for example after mails were queued). */
  kick(): void {
    if (!this.stopped) this.schedule(0);
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

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.round()
        .catch((error) => this.options.onError?.(error))
        .finally(() => {
          if (!this.stopped) this.schedule(this.options.pollMs);
        });
    }, ms);
    this.timer.unref();
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
