/// <reference types="vite/client" />
import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test-support/test-db.js';

interface ColumnInfo {
  table_name: string;
  column_name: string;
  is_nullable: 'YES' | 'NO';
  udt_name: string;
}

const UDT_BY_SQL_TYPE: Record<string, string> = {
  text: 'text',
  'text[]': '_text',
  integer: 'int4',
  boolean: 'bool',
  jsonb: 'jsonb',
  bigserial: 'int8',
  date: 'date',
  bytea: 'bytea',
  'timestamp with time zone': 'timestamptz',
};

// Every schema module: `schema.ts` and the feature modules beside it (`schema-orders.ts`, …).
const modules = import.meta.glob<Record<string, unknown>>(['./schema*.ts', '!./*.test.ts'], { eager: true });
const tables = [...new Set(Object.values(modules).flatMap((module) => Object.values(module)))].filter((value): value is PgTable => is(value, PgTable));

describe('Drizzle schema matches the SQL migrations', () => {
  let t: TestDb;
  let columns: ColumnInfo[];
  beforeAll(async () => {
    t = await createTestDb();
    const result = (await t.db.execute(
      sql`SELECT table_name, column_name, is_nullable, udt_name FROM information_schema.columns WHERE table_schema = current_schema()`,
    )) as unknown as { rows: ColumnInfo[] };
    columns = result.rows;
  });
  afterAll(() => t.close());

  it.each(tables.map((table) => [getTableName(table), table] as const))('table %s', (name, table) => {
    const dbColumns = columns.filter((c) => c.table_name === name);
    expect(dbColumns.length, `table ${name} exists`).toBeGreaterThan(0);
    const drizzleColumns = Object.values(getTableColumns(table));
    expect(dbColumns.map((c) => c.column_name).sort()).toEqual(drizzleColumns.map((c) => c.name).sort());
    for (const column of drizzleColumns) {
      const info = dbColumns.find((c) => c.column_name === column.name)!;
      expect(info.udt_name, `${name}.${column.name} type`).toBe(UDT_BY_SQL_TYPE[column.getSQLType()]);
      expect(info.is_nullable === 'NO', `${name}.${column.name} not null`).toBe(column.notNull);
    }
  });

  it('has website_id NOT NULL on every site-owned table', () => {
    // themes.website_id is null for a theme every site may use.
    const global = new Set(['websites', 'schema_migrations', 'server_secrets', 'themes']);
    const tableNames = [...new Set(columns.map((c) => c.table_name))].filter((n) => !global.has(n));
    for (const name of tableNames) {
      const websiteId = columns.find((c) => c.table_name === name && c.column_name === 'website_id');
      expect(websiteId?.is_nullable, `${name}.website_id`).toBe('NO');
    }
  });
});
