import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { findDueSubscriptions, renewSubscription } from './renewal.js';

/** The cron job that finds due subscriptions and queues one renewal job each. */
export const SUBSCRIPTION_SWEEP_JOB = 'subscriptions.sweep';
/** The job that renews one subscription. */
export const SUBSCRIPTION_RENEW_JOB = 'subscriptions.renew';
/** How often the sweep runs (cron, UTC): every minute. */
export const SUBSCRIPTION_SWEEP_CRON = '* * * * *';

/** What a renewal job carries. */
export interface RenewJob {
  readonly websiteId: string;
  readonly subscriptionId: string;
}

/**
 * Works subscription renewals on this server once the app is ready: a sweep every minute
 * (from whichever server's clock reaches it first) sends one renewal job per due subscription
 * with the subscription as singleton key, so a subscription waits in the queue once; the
 * renewal job bills it ({@link renewSubscription}, which bills a cycle once however often it runs).
 */
export function workSubscriptionRenewals(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onReady', async () => {
    await deps.jobs.declare(SUBSCRIPTION_RENEW_JOB, 'short');
    await deps.jobs.work<RenewJob>(SUBSCRIPTION_RENEW_JOB, async (job) => {
      const outcome = await renewSubscription(deps, job.data.websiteId, job.data.subscriptionId, new Date());
      if (outcome.kind !== 'skipped') {
        app.log.info({ subscriptionId: job.data.subscriptionId, outcome: outcome.kind, cycle: outcome.cycle }, 'subscription renewal');
        app.emporiumOutbox.mailQueued();
      }
    });
    await deps.jobs.work(SUBSCRIPTION_SWEEP_JOB, async () => {
      for (const due of await findDueSubscriptions(deps.db, new Date())) {
        await deps.jobs.send<RenewJob>(SUBSCRIPTION_RENEW_JOB, { websiteId: due.websiteId, subscriptionId: due.id }, { singletonKey: due.id });
      }
    });
    await deps.jobs.schedule(SUBSCRIPTION_SWEEP_JOB, SUBSCRIPTION_SWEEP_CRON);
  });
}
