import type { SQL } from 'drizzle-orm';
import type { Db } from './types.js';

/** A named prepared statement of hand-written SQL; see {@link preparedSql}. */
export interface PreparedSql<Row> {
  execute(values: Record<string, unknown>): Promise<{ rows: Row[] }>;
}

interface SessionInternals {
  session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): PreparedSql<never> };
  dialect: { sqlToQuery(query: SQL): unknown };
}

/**
 * Prepares `query` (SQL with `sql.placeholder(...)` values) once under `name` on `db`, as
 * Drizzle's query builders do with `.prepare(name)`, for a statement the builders cannot write
 * (a data-modifying CTE, for example). Rows come back as objects keyed by column name, with
 * timestamps as the driver's text. Never inside a transaction: the statement belongs to `db`.
 */
export function preparedSql<Row>(db: Db, name: string, query: SQL): PreparedSql<Row> {
  const internals = db as unknown as SessionInternals;
  return internals.session.prepareQuery(internals.dialect.sqlToQuery(query), undefined, name, false) as unknown as PreparedSql<Row>;
}
