import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

/** The Drizzle database used across the server, whichever driver (PGlite or pg) is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;

/** A transaction handle from `db.transaction(...)`. */
export type Tx = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;

/** Either a database or a transaction: repository functions accept both. */
export type DbOrTx = Db | Tx;

/** Which driver a {@link Db} runs on. */
export type Dialect = 'pglite' | 'pg';

/** One migration: a `NNNN-name.sql` file, or a data migration written in TypeScript (`data-migrations/`). */
export interface Migration {
  version: string;
  name: string;
  /** The statements (empty for a data migration). */
  sql: string;
  /** A data migration's step (rewrites SQL cannot express), run after `sql` in the migrator's transaction. */
  run?: (tx: Tx) => Promise<void>;
}
