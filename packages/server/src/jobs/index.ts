/** Background work on a PostgreSQL-backed job queue (pg-boss). */
export { JobQueue, JOBS_SCHEMA, type Job, type JobQueueOptions, type QueuePolicy, type SendOptions } from './job-queue.js';
