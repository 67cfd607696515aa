import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { JobQueue } from '../jobs/index.js';
import { afterRelease } from './item-drafting.js';
import { publishDrafts } from './repository.js';

/** The job that publishes a site's drafts at a chosen time. */
export const SCHEDULED_PUBLISH_JOB = 'site.publish';

/** What a scheduled publish carries: the site and who scheduled it. */
export interface ScheduledPublish {
  readonly websiteId: string;
  readonly by: string;
}

/**
 * Schedules a publish of the site's drafts at `at`; one job per site and time, so asking twice
 * for the same time schedules it once. The drafts published are those the site has then.
 */
export async function schedulePublish(jobs: JobQueue, websiteId: string, by: string, at: Date): Promise<string | null> {
  return jobs.send<ScheduledPublish>(SCHEDULED_PUBLISH_JOB, { websiteId, by }, { startAfter: at, singletonKey: `${websiteId}@${at.toISOString()}` });
}

/**
 * Works the scheduled publishes on this server (every server that runs the queue does; each job
 * runs on one of them). A publish is one transaction over the drafts, so a job that runs again
 * after a crash publishes nothing twice: the drafts it made live are gone.
 */
export function workScheduledPublishes(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onReady', async () => {
    await deps.jobs.work<ScheduledPublish>(SCHEDULED_PUBLISH_JOB, async (job) => {
      const release = await publishDrafts(deps.db, job.data.websiteId, job.data.by);
      if (release) {
        deps.resolver.invalidate();
        await afterRelease(deps.db, deps.jobs, job.data.websiteId, release.changes);
        app.log.info({ websiteId: job.data.websiteId, release: release.number }, 'scheduled publish');
      }
    });
  });
}
