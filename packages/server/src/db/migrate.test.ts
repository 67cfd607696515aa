import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test-support/test-db.js';
import { applyMigrations, readMigrations, splitStatements } from './migrate.js';
import { migrationsAppliedAtOpen } from './open.js';

describe('migrator', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ fresh: true });
  });
  afterAll(() => t.close());

  it('applies every migration file on a fresh database', async () => {
    const files = await readMigrations();
    expect(files.length).toBeGreaterThan(0);
    expect(migrationsAppliedAtOpen(t.db)?.applied).toEqual(files.map((m) => m.version));
  });

  it('is idempotent: a second and third run apply nothing and change no table', async () => {
    const tables = async () =>
      (
        (await t.db.execute(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1`)) as unknown as {
          rows: Array<{ table_name: string }>;
        }
      ).rows.map((r) => r.table_name);
    const before = await tables();
    const second = await applyMigrations(t.db);
    const third = await applyMigrations(t.db);
    expect(second.applied).toEqual([]);
    expect(third.applied).toEqual([]);
    expect(second.alreadyApplied.length).toBe((await readMigrations()).length);
    expect(await tables()).toEqual(before);
    expect(before).toContain('schema_migrations');
    expect(before).toContain('websites');
  });

  it('runs concurrent migrators without applying anything twice', async () => {
    const reports = await Promise.all([applyMigrations(t.db), applyMigrations(t.db), applyMigrations(t.db)]);
    for (const report of reports) expect(report.applied).toEqual([]);
  });

  it('rolls back a failing migration completely', async () => {
    const bad = [{ version: '9999', name: 'broken', sql: 'CREATE TABLE tmp_ok (id int);\nSELECT * FROM no_such_table;\n' }];
    await expect(applyMigrations(t.db, bad)).rejects.toThrow();
    const rows = (await t.db.execute(
      sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'tmp_ok'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(rows.rows[0]!.n).toBe(0);
    const versions = (await t.db.execute(sql`SELECT version FROM schema_migrations WHERE version = '9999'`)) as unknown as {
      rows: unknown[];
    };
    expect(versions.rows).toEqual([]);
  });
});

describe('splitStatements', () => {
  it('splits on semicolons at line ends and drops comment lines', () => {
    expect(splitStatements("-- note\nCREATE TABLE a (x text DEFAULT 'a;b');\n\nCREATE INDEX i ON a (x);")).toEqual([
      "CREATE TABLE a (x text DEFAULT 'a;b')",
      'CREATE INDEX i ON a (x)',
    ]);
  });
});
