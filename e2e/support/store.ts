import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig, type AppConfig } from '../../packages/server/src/config.js';
import { seedDemo } from '../../packages/server/src/seed/index.js';
import { createTestDb, type TestDb } from '../../packages/server/test-support/test-db.js';

/** A seeded demo store listening on a random loopback port. */
export interface RunningStore {
  app: FastifyInstance;
  port: number;
  /** `http://{identifier}.localhost:{port}` for a seeded site. */
  siteUrl: (identifier?: string) => string;
  /** `http://admin.localhost:{port}/sites/{identifier}`: the site's dashboard on the admin origin. */
  dashboardUrl: (identifier?: string) => string;
  close: () => Promise<void>;
}

/**
 * Starts the real server over a fresh database (PGlite, or a private PostgreSQL schema when
 * DATABASE_URL is set) seeded with the demo sites, listening on 127.0.0.1; its configuration
 * is the defaults plus `config`; `options.now` is the app's clock (tests move it).
 */
export async function startStore(config: Partial<AppConfig> = {}, options: { now?: () => Date } = {}): Promise<RunningStore> {
  const testDb: TestDb = await createTestDb();
  await seedDemo(testDb.db);
  // The port is chosen before the app is built so that the public URL (canonical links, share
  // links, sitemap) names the port the browser uses, as EMPORIUM_PUBLIC_URL does in production.
  const port = await freePort();
  const app = await buildApp({ db: testDb.db, config: loadConfig({ LOG_LEVEL: 'silent' }, { port, ...config }), pages: true, now: options.now });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    port,
    siteUrl: (identifier = 'demo') => `http://${identifier}.localhost:${port}`,
    dashboardUrl: (identifier = 'demo') => `http://admin.localhost:${port}/sites/${identifier}`,
    close: async () => {
      await app.close();
      await testDb.close();
    },
  };
}

/** A loopback port that was free a moment ago (the kernel picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no port from the kernel');
  return address.port;
}
