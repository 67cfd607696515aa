import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { Db } from './types.js';

/**
 * How long a page-version read may be reused on PostgreSQL, from the moment it was sent, and
 * how long a write that changed a page version waits after its commit before it is
 * acknowledged (decision 0028). A read that started before a commit can therefore never
 * answer a request that arrived after that commit was acknowledged.
 */
export const PAGE_VERSION_LEASE_MS = 5;

/**
 * What a writer waits beyond the lease: covers clocks of two machines that run at slightly
 * different rates (far under a part per thousand) and the rounding of `performance.now()`.
 */
const LEASE_MARGIN_MS = 0.1;

/** The startup option that asks migration 0130's trigger for a notice; the NOTICE it raises. */
const NOTICE_OPTION = '-c emporium.page_version_notices=on';
const NOTICE_TEXT = 'emporium page version changed';

/** Set on a query result whose statement committed a page-version change: when it ended. */
const COMMITTED_AT = Symbol('page version change committed at');

/** What {@link fencePageVersionWrites} keeps for one pool. */
export interface PageVersionFence {
  /** `performance.now()` when the latest page-version change made through the pool was committed; -1 before any. */
  readonly lastCommittedAt: number;
}

interface FenceState {
  lastCommittedAt: number;
}

type Callback = (error: Error | undefined, result: unknown) => void;

/** Resolves once `performance.now()` has reached `at`; a timer may fire early, so it checks. */
function until(at: number): Promise<void> {
  const left = at - performance.now();
  if (left <= 0) return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, Math.ceil(left))).then(() => until(at));
}

/** Waits until the lease since a commit at `committedAt` has run out. */
function waitOutLease(committedAt: number): Promise<void> {
  return until(committedAt + PAGE_VERSION_LEASE_MS + LEASE_MARGIN_MS);
}

/**
 * Calls `query` (a pg `query` method) and `settled(result)` when it ends, whichever calling form
 * is used: a callback as the last argument, or the returned promise (`result` undefined on an
 * error). When `settled` returns a promise, the caller's answer waits for it. Anything else (a
 * submittable such as a cursor) is passed through untouched.
 */
function onSettled(query: (...args: unknown[]) => unknown, args: unknown[], settled: (result: unknown) => Promise<void> | undefined): unknown {
  const last = args.length - 1;
  if (typeof args[last] === 'function') {
    const callback = args[last] as Callback;
    args[last] = (error: Error | undefined, result: unknown) => {
      const held = settled(result);
      if (held) void held.then(() => callback(error, result));
      else callback(error, result);
    };
    return query(...args);
  }
  const out = query(...args);
  if (!(out instanceof Promise)) return out;
  return out.then(
    (result) => settled(result)?.then(() => result) ?? result,
    (error: unknown) => {
      settled(undefined);
      throw error;
    },
  );
}

/**
 * Watches one pooled connection (whose session asked for page-version notices): once the
 * connection is back outside a transaction (an autocommit statement ended, or a COMMIT or
 * ROLLBACK), a notice seen since the last time marks the result and the pool's state with the
 * time. A rolled-back change is marked too, which only makes its caller wait for nothing.
 */
function watchClient(client: pg.PoolClient, state: FenceState): void {
  let announced = false;
  client.on('notice', (notice: { message?: string }) => {
    if (notice.message === NOTICE_TEXT) announced = true;
  });
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) =>
    onSettled(query, args, (result) => {
      if (!announced || client.getTransactionStatus() !== 'I') return undefined;
      announced = false;
      const at = performance.now();
      state.lastCommittedAt = at;
      if (result && typeof result === 'object') (result as Record<symbol, number>)[COMMITTED_AT] = at;
      return undefined;
    });
}

/**
 * Adds {@link NOTICE_OPTION} to the startup options of the connections `pool` will open. `pg`
 * lets an `options` parameter of the connection string win over the pool's, so it goes there
 * when the string has one.
 */
function askForNotices(pool: pg.Pool): void {
  const config = pool.options as { options?: string; connectionString?: string };
  const url = config.connectionString ? new URL(config.connectionString) : undefined;
  const fromUrl = url?.searchParams.get('options');
  if (url && fromUrl !== null && fromUrl !== undefined) {
    url.searchParams.set('options', `${fromUrl} ${NOTICE_OPTION}`);
    config.connectionString = url.toString();
  } else {
    config.options = config.options ? `${config.options} ${NOTICE_OPTION}` : NOTICE_OPTION;
  }
}

/**
 * Makes every write through `db` (which runs on `pool`) that changes a site's page version
 * wait out {@link PAGE_VERSION_LEASE_MS} after its commit before its caller sees it end, so a
 * server may reuse a page-version read for that long (decision 0028). An autocommit statement
 * waits after its connection is back in the pool; a transaction (`db.transaction`) waits after
 * it has committed and released its connection, when any page-version change was committed
 * through the pool while it ran. Writes that change no page (cart adds, analytics, sessions)
 * never wait. Install before the pool hands out its first connection.
 */
export function fencePageVersionWrites(db: Db, pool: pg.Pool): PageVersionFence {
  const state: FenceState = { lastCommittedAt: -1 };
  askForNotices(pool);
  pool.on('connect', (client) => watchClient(client, state));

  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { query: unknown }).query = (...args: unknown[]) =>
    onSettled(poolQuery, args, (result) => {
      const committedAt = (result as Record<symbol, number> | undefined)?.[COMMITTED_AT];
      return committedAt === undefined ? undefined : waitOutLease(committedAt);
    });

  const transaction = db.transaction.bind(db);
  (db as { transaction: unknown }).transaction = async (...args: Parameters<Db['transaction']>) => {
    const startedAt = performance.now();
    const result = await transaction(...args);
    if (state.lastCommittedAt >= startedAt) await waitOutLease(state.lastCommittedAt);
    return result;
  };
  return state;
}
