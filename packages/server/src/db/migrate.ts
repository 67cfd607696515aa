import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { DATA_MIGRATIONS } from './data-migrations/index.js';
import type { Db, Migration } from './types.js';

export type { Migration } from './types.js';

/** Directory holding the `NNNN-name.sql` migration files. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Arbitrary constant key for the advisory lock that serialises migrators across processes. */
const MIGRATION_LOCK_KEY = 72_450_001;

/** Result of {@link applyMigrations}. */
export interface MigrationReport {
  applied: string[];
  alreadyApplied: string[];
}

/**
 * Reads the migration files and adds the data migrations, in version order. File names must
 * look like `0001-initial.sql`; no two migrations share a version.
 */
export async function readMigrations(dir: string = MIGRATIONS_DIR, dataMigrations: readonly Migration[] = DATA_MIGRATIONS): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = /^(\d{4})-([a-z0-9-]+)\.sql$/.exec(file);
    if (!match) throw new Error(`Migration file name must look like 0001-name.sql: ${file}`);
    migrations.push({ version: match[1]!, name: match[2]!, sql: await readFile(`${dir}/${file}`, 'utf8') });
  }
  migrations.push(...dataMigrations);
  migrations.sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0));
  const versions = new Set(migrations.map((m) => m.version));
  if (versions.size !== migrations.length) throw new Error('Two migration files share a version number');
  return migrations;
}

/** Splits a migration script into statements (statements end with `;` at the end of a line). */
export function splitStatements(script: string): string[] {
  return script
    .split(/;[ \t]*(?:\r?\n|$)/)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => statement.length > 0);
}

/**
 * Applies pending migrations in one transaction, holding an advisory lock so that several
 * processes starting at once apply each migration exactly once. Safe to call repeatedly.
 */
export async function applyMigrations(db: Db, migrations?: Migration[]): Promise<MigrationReport> {
  const all = migrations ?? (await readMigrations());
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(
      sql.raw('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())'),
    );
    const result = (await tx.execute(sql`SELECT version FROM schema_migrations`)) as unknown as {
      rows: Array<{ version: string }>;
    };
    const done = new Set(result.rows.map((row) => row.version));
    const report: MigrationReport = { applied: [], alreadyApplied: [] };
    for (const migration of all) {
      if (done.has(migration.version)) {
        report.alreadyApplied.push(migration.version);
        continue;
      }
      for (const statement of splitStatements(migration.sql)) await tx.execute(sql.raw(statement));
      await migration.run?.(tx);
      await tx.execute(sql`INSERT INTO schema_migrations (version, name) VALUES (${migration.version}, ${migration.name})`);
      report.applied.push(migration.version);
    }
    return report;
  });
}
