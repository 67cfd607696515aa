import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { dialectOf, type Db } from '../db/index.js';

/**
 * The PostgreSQL schema the job queue keeps its tables in (created and migrated by pg-boss
 * itself): `jobs` beside the app's tables in `public`; `{schema}_jobs` when the app's tables are
 * in another schema (a database several installations share, as the tests do).
 */
export const JOBS_SCHEMA = 'jobs';

async function jobsSchemaOf(executor: Executor): Promise<string> {
  const { rows } = await executor.executeSql('SELECT current_schema() AS schema', [] as unknown[]);
  const schema = String((rows[0] as { schema?: unknown } | undefined)?.schema ?? 'public');
  return schema === 'public' ? JOBS_SCHEMA : `${schema}_jobs`;
}

/** A deadlock or unique violation from two servers creating the same schema, table or queue at once. */
function isCreationRace(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return code === '40P01' || code === '23505';
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** What a job's handler is given: its id, data and how many times it was tried before. */
export interface Job<T> {
  readonly id: string;
  readonly data: T;
}

/**
 * How a queue treats waiting jobs: `standard` keeps every job; `short` keeps at most one waiting
 * job per `singletonKey` (per queue without a key), so asking for the same work twice queues it once.
 */
export type QueuePolicy = 'standard' | 'short';

/** Options of a job sent to the queue. */
export interface SendOptions {
  /** Run no earlier than this. */
  startAfter?: Date;
  /** At most one job with this key is waiting at a time (a second send is dropped). */
  singletonKey?: string;
  /** Attempts after the first when the handler throws (default 3, with exponential back-off). */
  retryLimit?: number;
}

/** Options of {@link JobQueue}. */
export interface JobQueueOptions {
  /** Seconds between fetches when a queue is empty (pg-boss's own floor is 0.5). */
  pollSeconds?: number;
  /** Called with errors of the queue's own upkeep (never a handler's: those retry the job). */
  onError?: (error: unknown) => void;
}

/** pg-boss's "bring your own database" connection: one call per statement or script. */
interface Executor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The database calls pg-boss makes, on the app's own connection: PostgreSQL's pool, or PGlite,
 * where a script without parameters (pg-boss's migrations) runs through `exec`.
 */
function executorOf(db: Db): Executor {
  const client = (db as unknown as { $client: unknown }).$client;
  if (dialectOf(db) === 'pg') {
    const pool = client as pg.Pool;
    return { executeSql: (text, values) => pool.query(text, values as unknown[]) };
  }
  const lite = client as PGlite;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return lite.query(text, values);
      const results = await lite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/**
 * Background work on a PostgreSQL-backed queue (pg-boss, decision 0038): jobs are rows in the
 * app's own database (PGlite or PostgreSQL), fetched with `SKIP LOCKED`, so with several servers
 * each job runs on one of them; a job whose handler throws is retried with back-off; jobs sent
 * for later (`startAfter`) survive restarts. Handlers must be idempotent: a server that dies
 * mid-job leaves it to run again once its lease expires.
 */
export class JobQueue {
  private bossOrNone: PgBoss | undefined;
  private readonly queues = new Set<string>();
  private started: Promise<void> | undefined;
  private readonly pollSeconds: number;
  private readonly executor: Executor;

  constructor(
    db: Db,
    private readonly options: JobQueueOptions = {},
  ) {
    this.pollSeconds = Math.max(0.5, options.pollSeconds ?? 2);
    this.executor = executorOf(db);
  }

  private get boss(): PgBoss {
    if (!this.bossOrNone) throw new Error('the job queue is not started');
    return this.bossOrNone;
  }

  /** Creates the queue's tables (first start) and starts its upkeep; once, however often called. */
  start(): Promise<void> {
    this.started ??= (async () => {
      const schema = await jobsSchemaOf(this.executor);
      // Servers starting together on a fresh database both create the queue's schema; the loser
      // of that race sees a unique violation (or a deadlock) and starts again on the tables the
      // winner made.
      for (let attempt = 1; ; attempt += 1) {
        const boss = new PgBoss({
          db: this.executor,
          schema,
          migrate: true,
          supervise: true,
          schedule: true,
        } as unknown as PgBoss.ConstructorOptions);
        boss.on('error', (error) => this.options.onError?.(error));
        try {
          await boss.start();
          this.bossOrNone = boss;
          return;
        } catch (error) {
          await boss.stop({ graceful: false, wait: false, close: false }).catch(() => undefined);
          if (attempt >= 5 || !isCreationRace(error)) throw error;
          await pause(50 * attempt + Math.random() * 100);
        }
      }
    })();
    return this.started;
  }

  /** Stops fetching and waits for running handlers to finish (up to `timeoutMs`). */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => undefined);
    await this.bossOrNone?.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    this.bossOrNone = undefined;
    this.started = undefined;
    this.queues.clear();
  }

  /** Creates the queue `name` with `policy` unless it exists (a queue keeps the policy it was created with). */
  async declare(name: string, policy: QueuePolicy = 'standard'): Promise<void> {
    await this.start();
    if (this.queues.has(name)) return;
    // Servers starting together create the same queue at once; PostgreSQL may then pick one of
    // their DDL statements as a deadlock victim. Creating is idempotent, so the loser tries again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.boss.createQueue(name, { name, policy });
        break;
      } catch (error) {
        if (attempt >= 5 || !isCreationRace(error)) throw error;
        await pause(20 * attempt + Math.random() * 50);
      }
    }
    this.queues.add(name);
  }

  /** Runs `handler` for each job of `name`, one at a time on this server. */
  async work<T extends object>(name: string, handler: (job: Job<T>) => Promise<void>): Promise<void> {
    await this.declare(name);
    await this.boss.work<T>(name, { pollingIntervalSeconds: this.pollSeconds, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) await handler({ id: job.id, data: job.data });
    });
  }

  /** Sends a job; resolves its id, or null when a job with the same `singletonKey` is already waiting. */
  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    await this.declare(name);
    return this.boss.send(name, data, {
      retryLimit: options.retryLimit ?? 3,
      retryBackoff: true,
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
  }

  /** A job of `name` by id with its data, state and start time; undefined when there is none. */
  async find<T extends object>(name: string, id: string): Promise<{ id: string; data: T; state: string; startAfter: Date } | undefined> {
    await this.declare(name);
    const job = await this.boss.getJobById<T>(name, id);
    return job ? { id: job.id, data: job.data, state: job.state, startAfter: job.startAfter } : undefined;
  }

  /**
   * The jobs of `name` still waiting to run whose data contains `match` (JSON containment), the
   * soonest first, at most `limit`. pg-boss 10 has no call for this, so it reads the queue's own
   * `job` table (its layout is pinned with the pg-boss version in package.json; a test covers it).
   */
  async waiting<T extends object>(name: string, match: Partial<T>, limit = 100): Promise<{ id: string; data: T; startAfter: Date }[]> {
    await this.declare(name);
    const schema = await jobsSchemaOf(this.executor);
    const { rows } = await this.executor.executeSql(
      `SELECT id, data, start_after FROM "${schema}".job WHERE name = $1 AND state IN ('created', 'retry') AND data @> $2::jsonb ORDER BY start_after, id LIMIT $3`,
      [name, JSON.stringify(match), limit],
    );
    return (rows as { id: string; data: T; start_after: Date | string }[]).map((row) => ({
      id: String(row.id),
      data: row.data,
      startAfter: new Date(row.start_after),
    }));
  }

  /** Cancels a job of `name` that has not run yet. */
  async cancel(name: string, id: string): Promise<void> {
    await this.declare(name);
    await this.boss.cancel(name, id);
  }

  /** Sends a job of `name` on a cron schedule (UTC), from whichever server's clock reaches it first. */
  async schedule(name: string, cron: string): Promise<void> {
    await this.declare(name);
    await this.boss.schedule(name, cron, {}, { tz: 'UTC' });
  }
}
