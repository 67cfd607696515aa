import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { OutboxSender, smtpTransport } from './outbox-sender.js';

/** The outbox's delivery on a running app: its sender (only when SMTP_URL is set) and a nudge for newly queued mail. */
export interface OutboxDelivery {
  sender: OutboxSender | undefined;
  /** Asks the sender to deliver now instead of at its next poll (does nothing without a sender). */
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
 * SMTP starts when the app is ready and stops (closing its connections) when the app closes.
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
    pollMs: config.outboxPollMs,
    onError: (error) => app.log.warn({ err: error }, 'outbox delivery round failed'),
  });
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => {
    await sender.stop();
    smtp.close();
  });
  const delivery: OutboxDelivery = { sender, mailQueued: () => sender.kick() };
  app.decorate('emporiumOutbox', delivery);
  return delivery;
}
