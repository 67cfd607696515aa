import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { applyMigrations, type MigrationReport } from './migrate.js';
import * as schema from './schema.js';
import type { Db, Dialect } from './types.js';
import { fencePageVersionWrites, type PageVersionFence } from './page-version-fence.js';
import { watchWrites, type WriteEpoch } from './write-epoch.js';

/** Where the database lives. `databaseUrl` (PostgreSQL) wins over `dataDir` (PGlite). */
export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when set PGlite is not used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, or `memory://` for a throw-away in-memory database. */
  dataDir?: string;
  /** An existing pg pool, not yet connected, to use instead of `databaseUrl` (the caller keeps ownership). */
  pool?: pg.Pool;
  /** Apply pending migrations after opening (default true). */
  migrate?: boolean;
  /** Largest pool size for PostgreSQL (default 10). */
  maxConnections?: number;
  /** PGlite only: start from this data-directory dump (`dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob;
  /** PGlite only: its shared buffers, as PostgreSQL writes sizes (default {@link PGLITE_SHARED_BUFFERS}). */
  sharedBuffers?: string;
}

/**
 * PGlite's shared buffers unless told otherwise. PostgreSQL's default, 128MB, is touched at start
 * and stays resident in the WebAssembly heap: the server measured 376 MB RSS after start with it
 * and 261 MB with 32MB, on the 25 MB demo data folder. Pages not in the buffers are still read
 * through the operating system's file cache.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * The start parameters PGlite uses when given none (its `defaultStartParams`, which it does not
 * export; `open.test.ts` checks the settings they give), plus our shared buffers.
 */
function pgliteStartParams(sharedBuffers: string): string[] {
  const settings = [
    'search_path=public',
    'exit_on_error=false',
    'log_checkpoints=false',
    'max_worker_processes=0',
    'max_parallel_workers=0',
    'max_parallel_workers_per_gather=0',
    'io_method=sync',
    'max_parallel_maintenance_workers=0',
    `shared_buffers=${sharedBuffers}`,
  ];
  return ['--single', '-F', '-O', '-j', ...settings.flatMap((setting) => ['-c', setting])];
}

interface Handle {
  dialect: Dialect;
  writes: WriteEpoch | undefined;
  fence: PageVersionFence | undefined;
  close: () => Promise<void>;
  migrations: MigrationReport | undefined;
}

const handles = new WeakMap<Db, Handle>();

/** PostgreSQL types that should stay strings (int8 ids fit in a JS number for our use). */
function makePool(connectionString: string, max: number): pg.Pool {
  return new pg.Pool({ connectionString, max });
}

/**
 * Opens the Emporium database and applies migrations: PostgreSQL when `databaseUrl` or
 * `pool` is given, otherwise PGlite in `dataDir` (default `./data`), always with durable
 * commits. Close with {@link closeDatabase}.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Db> {
  let db: Db;
  let handle: Handle;
  if (options.pool || options.databaseUrl) {
    const ownsPool = !options.pool;
    const pool = options.pool ?? makePool(options.databaseUrl!, options.maxConnections ?? 16);
    pool.on('error', () => {});
    db = drizzlePg(pool, { schema }) as unknown as Db;
    const fence = fencePageVersionWrites(db, pool);
    handle = { dialect: 'pg', writes: undefined, fence, close: async () => (ownsPool ? pool.end() : undefined), migrations: undefined };
  } else {
    const dataDir = options.dataDir ?? './data';
    if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
    const client = await PGlite.create(dataDir, {
      relaxedDurability: false,
      loadDataDir: options.loadDataDir,
      startParams: pgliteStartParams(options.sharedBuffers ?? PGLITE_SHARED_BUFFERS),
    });
    const writes = watchWrites(client);
    db = drizzlePglite(client, { schema }) as unknown as Db;
    handle = { dialect: 'pglite', writes, fence: undefined, close: () => client.close(), migrations: undefined };
  }
  handles.set(db, handle);
  if (options.migrate !== false) {
    try {
      handle.migrations = await applyMigrations(db);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return db;
}

/** Closes a database opened by {@link openDatabase}. Calling it twice is harmless. */
export async function closeDatabase(db: Db): Promise<void> {
  const handle = handles.get(db);
  if (!handle) return;
  handles.delete(db);
  await handle.close();
}

/** The driver underneath a database opened by {@link openDatabase}. */
export function dialectOf(db: Db): Dialect {
  const handle = handles.get(db);
  if (!handle) throw new Error('dialectOf: database was not opened by openDatabase or is closed');
  return handle.dialect;
}

/**
 * The write epoch of a database that only this process writes (PGlite), counted at the
 * driver for every statement whichever code runs it; undefined on PostgreSQL, where other
 * processes may write, and for a closed database.
 */
export function writeEpochOf(db: Db): WriteEpoch | undefined {
  return handles.get(db)?.writes;
}

/**
 * The page-version fence of a PostgreSQL database (decision 0028): writes through it that change
 * a page version are acknowledged only after the page-version lease; undefined on PGlite.
 */
export function pageVersionFenceOf(db: Db): PageVersionFence | undefined {
  return handles.get(db)?.fence;
}

/** What the migrator did when the database was opened (undefined when `migrate: false`). */
export function migrationsAppliedAtOpen(db: Db): MigrationReport | undefined {
  return handles.get(db)?.migrations;
}
