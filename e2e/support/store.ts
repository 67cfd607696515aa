import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { seedDemo } from '../../packages/server/src/seed/index.js';
import { createTestDb, type TestDb } from '../../packages/server/test-support/test-db.js';

/** A seeded demo store listening on a random loopback port. */
export interface RunningStore {
  app: FastifyInstance;
  port: number;
  /** `http://{identifier}.localhost:{port}` for a seeded site. */
  siteUrl: (identifier?: string) => string;
  close: () => Promise<void>;
}

/**
 * Starts the real server over a fresh database (PGlite, or a private PostgreSQL schema when
 * DATABASE_URL is set) seeded with the demo sites, listening on 127.0.0.1.
 */
export async function startStore(): Promise<RunningStore> {
  const testDb: TestDb = await createTestDb();
  await seedDemo(testDb.db);
  const config = loadConfig({ LOG_LEVEL: 'silent' }, {});
  const app = await buildApp({ db: testDb.db, config, pages: 'required' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    port,
    siteUrl: (identifier = 'demo') => `http://${identifier}.localhost:${port}`,
    close: async () => {
      await app.close();
      await testDb.close();
    },
  };
}
