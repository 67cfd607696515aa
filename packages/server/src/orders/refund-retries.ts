import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { JobQueue } from '../jobs/index.js';
import { listStalePendingRefunds, retryPendingRefund } from './refunds.js';

/** The job that asks the provider again about one pending refund. */
export const REFUND_RETRY_JOB = 'order.refund-retry';
/** The job that finds refunds left pending by a server that stopped mid-refund, and retries them. */
export const PENDING_REFUND_SWEEP_JOB = 'order.refund-sweep';
/** How long a refund may stay pending before the sweep retries it (a request asking the provider never takes this long). */
export const PENDING_REFUND_GRACE_MS = 5 * 60 * 1000;

/** What a refund retry carries. */
export interface RefundRetry {
  readonly websiteId: string;
  readonly refundId: string;
}

/**
 * Queues a retry of a pending refund; at most one waiting retry per refund. A retry that finds
 * the provider still silent throws, so the queue tries it again with back-off.
 */
export async function scheduleRefundRetry(jobs: JobQueue, websiteId: string, refundId: string): Promise<void> {
  await jobs.declare(REFUND_RETRY_JOB, 'short');
  await jobs.send<RefundRetry>(REFUND_RETRY_JOB, { websiteId, refundId }, { singletonKey: refundId, retryLimit: 10 });
}

/**
 * Works refund retries on this server (every server that runs the queue does; each job runs on
 * one of them), and sweeps every minute for refunds pending longer than the grace period. A
 * retry uses the refund's own idempotency key and records the answer only while the refund is
 * pending, so running it twice pays out once and records once.
 */
export function workRefundRetries(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onReady', async () => {
    await deps.jobs.declare(REFUND_RETRY_JOB, 'short');
    await deps.jobs.work<RefundRetry>(REFUND_RETRY_JOB, async (job) => {
      const state = await retryPendingRefund(deps, job.data.websiteId, job.data.refundId);
      app.log.info({ websiteId: job.data.websiteId, refundId: job.data.refundId, state }, 'refund retried');
    });
    await deps.jobs.declare(PENDING_REFUND_SWEEP_JOB, 'short');
    await deps.jobs.work(PENDING_REFUND_SWEEP_JOB, async () => {
      const stale = await listStalePendingRefunds(deps.db, new Date(Date.now() - PENDING_REFUND_GRACE_MS));
      for (const refund of stale) await scheduleRefundRetry(deps.jobs, refund.websiteId, refund.id);
    });
    await deps.jobs.schedule(PENDING_REFUND_SWEEP_JOB, '* * * * *');
  });
}
