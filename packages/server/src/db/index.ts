/** Storage: Drizzle over PGlite or PostgreSQL, our own migrator, repository helpers. */
export { openDatabase, closeDatabase, dialectOf, migrationsAppliedAtOpen, pageVersionFenceOf, writeEpochOf, type OpenDatabaseOptions } from './open.js';
export { PAGE_VERSION_LEASE_MS, type PageVersionFence } from './page-version-fence.js';
export { isReadOnlyStatement, type WriteEpoch } from './write-epoch.js';
export { applyMigrations, readMigrations, splitStatements, MIGRATIONS_DIR, type Migration, type MigrationReport } from './migrate.js';
export type { Db, Tx, DbOrTx, Dialect } from './types.js';
export { lazyServerSecret, loadServerSecret } from './server-secrets.js';
export { preparedSql, type PreparedSql } from './prepared-sql.js';
export { takeStock, returnStock, getStock, type StockLevel } from './stock.js';
export * as schema from './schema.js';
export * from './schema.js';
