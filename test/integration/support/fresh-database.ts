import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A dedicated PostgreSQL database created for one test run. */
export interface FreshDatabase {
  /** Connection string of the new database. */
  url: string;
  name: string;
  /** Runs one query on the new database (a short-lived connection). */
  query<T extends pg.QueryResultRow = any>(text: string, values?: unknown[]): Promise<T[]>;
  /** Drops the database, disconnecting anyone still attached. */
  drop(): Promise<void>;
}

/**
 * Creates an empty database next to the one `adminUrl` names (e.g. `emporium_it_<random>`
 * beside `test`), so server processes under test share nothing with other runs.
 */
export async function createFreshDatabase(adminUrl: string, prefix = 'emporium_it'): Promise<FreshDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`createFreshDatabase: bad prefix '${prefix}'`);
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async query(text, values) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
