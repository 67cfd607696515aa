import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestDb, type TestDb } from './test-db.js';
import { buildApp } from '../src/app.js';
import type { AppConfig } from '../src/config.js';
import { seedDemo } from '../src/seed/index.js';
import { registerPages, type PagesOptions } from '../src/pages/index.js';
import { staticIslandAssets } from '../src/pages/island-assets.js';

/** A seeded database and an app serving the pages, for in-process tests. */
export interface PagesTestApp {
  testDb: TestDb;
  app: FastifyInstance;
  /** GET a path on a site host (`demo` → `demo.localhost`). */
  get: (site: string, path: string, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
  /** GET `path?format=json` (or `&format=json`) and parse the context. */
  context: (site: string, path: string) => Promise<{ status: number; json: Record<string, any> }>;
  /** Warning and error log lines written so far (JSON strings). */
  logs: string[];
  close: () => Promise<void>;
}

/** Seeds the demo sites into a fresh test database and builds an app with the page routes (configuration: defaults plus `config`). */
export async function createPagesTestApp(options: PagesOptions & { config?: Partial<AppConfig> } = {}): Promise<PagesTestApp> {
  const { config, ...pagesOptions } = options;
  const testDb = await createTestDb();
  await seedDemo(testDb.db);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({ db: testDb.db, pages: false, config: { logLevel: 'warn', ...config }, logStream });
  await registerPages(app, app.emporium, { islands: staticIslandAssets(false), ...pagesOptions });
  await app.ready();
  const get = (site: string, path: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: path, headers: { host: `${site}.localhost`, ...headers } });
  return {
    testDb,
    app,
    get,
    logs,
    context: async (site, path) => {
      const res = await get(site, `${path}${path.includes('?') ? '&' : '?'}format=json`);
      return { status: res.statusCode, json: JSON.parse(res.body) as Record<string, any> };
    },
    close: async () => {
      await app.close();
      await testDb.close();
    },
  };
}
