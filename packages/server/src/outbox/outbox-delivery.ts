import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { OutboxSender, smtpTransport } from './outbox-sender.js';

/** The outbox's delivery on a running app: its sender (only when SMTP_URL is set) and a nudge for newly queued mail. */
export interface OutboxDelivery {
  sender: OutboxSender | undefined;
  /** Asks for a delivery now instead of at the next sweep (does nothing without a sender). */
  mailQueued: () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's delivery, set by registerOutboxDelivery. */
    emporiumOutbox: OutboxDelivery;
  }
}

/**
 * Sets up delivery of queued mail: when `SMTP_URL` is configured, an {@link OutboxSender} over
 * SMTP works the job queue from when the app is ready until it closes (its connections closed then).
 * Without SMTP, mail stays queued in the outbox for the owner to see.
 */
export function registerOutboxDelivery(app: FastifyInstance, deps: AppDeps): OutboxDelivery {
  const { config } = deps;
  if (!config.smtpUrl) {
    const idle: OutboxDelivery = { sender: undefined, mailQueued: () => {} };
    app.decorate('emporiumOutbox', idle);
    return idle;
  }
  const smtp = smtpTransport(config.smtpUrl);
  const sender = new OutboxSender({
    db: deps.db,
    send: smtp.send,
    from: config.mailFrom,
    jobs: deps.jobs,
    onError: (error) => app.log.warn({ err: error }, 'outbox delivery failed'),
  });
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => {
    await deps.jobs.stop();
    smtp.close();
  });
  const delivery: OutboxDelivery = { sender, mailQueued: () => sender.kick() };
  app.decorate('emporiumOutbox', delivery);
  return delivery;
}
