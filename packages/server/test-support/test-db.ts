import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { closeDatabase, openDatabase, readMigrations, type Db, type Dialect } from '../src/db/index.js';

/** A migrated, isolated database for one test file. */
export interface TestDb {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL schema holding this database's tables (undefined on PGlite). */
  schemaName: string | undefined;
  /** Closes the database and, on PostgreSQL, drops its schema. */
  close: () => Promise<void>;
}

/** Options for {@link createTestDb}. */
export interface CreateTestDbOptions {
  /** Apply migrations (default true). */
  migrate?: boolean;
  /** Pool size on PostgreSQL (default 10). */
  maxConnections?: number;
  /** PGlite: build from an empty cluster instead of the cached migrated template (slower). */
  fresh?: boolean;
  /** Force a driver: 'pglite' ignores DATABASE_URL; 'pg' requires it. Default: pg when DATABASE_URL is set. */
  dialect?: Dialect;
}

/** The drivers a test can run on here: PGlite always, PostgreSQL when DATABASE_URL is set. */
export function availableDialects(): Dialect[] {
  return process.env.DATABASE_URL ? ['pglite', 'pg'] : ['pglite'];
}

let template: Promise<Blob> | undefined;

/**
 * A dump of a freshly migrated PGlite cluster, cached in the OS temp directory (keyed by the
 * PGlite version and the migration files) so each test file loads it in well under a second
 * instead of initialising a cluster.
 */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const migrations = await readMigrations();
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const version = await readFile(join(dirname(entry), '..', 'package.json'), 'utf8');
    const hash = createHash('sha256').update(version).update(JSON.stringify(migrations)).digest('hex').slice(0, 16);
    const file = join(tmpdir(), `emporium-pglite-template-${hash}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      const db = await openDatabase({ dataDir: 'memory://' });
      const blob = await (db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
      await closeDatabase(db);
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, Buffer.from(await blob.arrayBuffer()));
      await rename(partial, file);
      return blob;
    }
  })();
  return template;
}

/**
 * Creates a fresh database for a test: PostgreSQL when `DATABASE_URL` is set (each call gets
 * its own `t_<random>` schema through `search_path`, dropped on close), otherwise an
 * in-memory PGlite.
 */
export async function createTestDb(options: CreateTestDbOptions = {}): Promise<TestDb> {
  const databaseUrl = options.dialect === 'pglite' ? undefined : process.env.DATABASE_URL;
  if (options.dialect === 'pg' && !databaseUrl) throw new Error('createTestDb: dialect pg needs DATABASE_URL');
  if (!databaseUrl) {
    const useTemplate = !options.fresh && options.migrate !== false;
    const loadDataDir = useTemplate ? await pgliteTemplate() : undefined;
    const db = await openDatabase({ dataDir: 'memory://', migrate: options.migrate, loadDataDir });
    return { db, dialect: 'pglite', schemaName: undefined, close: () => closeDatabase(db) };
  }
  const schemaName = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schemaName}`);
  } finally {
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.maxConnections ?? 10,
    options: `-c search_path=${schemaName}`,
  });
  pool.on('error', () => {});
  const dropSchema = async () => {
    await pool.end();
    const cleanup = new pg.Client({ connectionString: databaseUrl });
    await cleanup.connect();
    try {
      await cleanup.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
      await cleanup.query(`DROP SCHEMA IF EXISTS ${schemaName}_jobs CASCADE`);
    } finally {
      await cleanup.end();
    }
  };
  let db: Db;
  try {
    db = await openDatabase({ pool, migrate: options.migrate });
  } catch (error) {
    await dropSchema();
    throw error;
  }
  return {
    db,
    dialect: 'pg',
    schemaName,
    close: async () => {
      await closeDatabase(db);
      await dropSchema();
    },
  };
}
