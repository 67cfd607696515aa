import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { JobQueue } from '../jobs/index.js';
import { publishDueItem } from './item-repository.js';

/** The job that publishes a scheduled item at its time. */
export const ITEM_PUBLISH_JOB = 'item.publish';

/** What a scheduled item job carries. */
export interface ItemPublish {
  readonly websiteId: string;
  readonly itemId: string;
}

/**
 * Sends the job that publishes `itemId` at `at`; one job per item and time, so saving the same
 * schedule twice sends it once. A job left from an earlier schedule finds the item not due (or
 * no longer scheduled) and does nothing.
 */
export async function scheduleItemPublish(jobs: JobQueue, websiteId: string, itemId: string, at: Date): Promise<void> {
  await jobs.send<ItemPublish>(ITEM_PUBLISH_JOB, { websiteId, itemId }, { startAfter: at, singletonKey: `${itemId}@${at.toISOString()}` });
}

/**
 * Works the scheduled items on this server (each job runs on one server). Publishing is one
 * guarded statement ({@link publishDueItem}), so a job that runs again after a crash publishes
 * nothing twice; the item's write moves the site's page version on, so visitors see it at once.
 */
export function workScheduledItems(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onReady', async () => {
    await deps.jobs.work<ItemPublish>(ITEM_PUBLISH_JOB, async (job) => {
      if (await publishDueItem(deps.db, job.data.websiteId, job.data.itemId)) {
        app.log.info({ websiteId: job.data.websiteId, itemId: job.data.itemId }, 'scheduled item published');
      }
    });
  });
}
