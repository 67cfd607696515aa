/** The app both fuzz tests drive: one registry of its routes and one capture of its log lines. */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { fetchCrumb } from './test-app.js';
import { createTestDb, type TestDb } from './test-db.js';
import { buildApp } from '../src/app.js';
import type { Dialect } from '../src/db/index.js';
import { seedDemo } from '../src/seed/index.js';

/** Host of the seeded demo site the fuzz tests call. */
export const FUZZ_HOST = 'demo.localhost';

/** A method and URL pattern the app registered (`:name` parameters, `*` wildcards). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

/** Every method and URL pattern the app registered, read from Fastify's route tree (HEAD mirrors GET and is left out). */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    prefixes.length = match[1]!.length / 4;
    const url = prefixes.join('') + match[2]!;
    prefixes.push(match[2]!);
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD'))
      routes.push({ method, url: spelledAsRegistered(app, method, url.startsWith('/') ? url : `/${url}`) });
  }
  return routes;
}

/** The tree prints `/config/*` as `config` then `*`: restore the slash when that is the route registered. */
function spelledAsRegistered(app: FastifyInstance, method: string, url: string): string {
  if (!url.endsWith('*') || url.endsWith('/*')) return url;
  const slashed = `${url.slice(0, -1)}/*`;
  return app.hasRoute({ method: method as 'GET', url: slashed }) ? slashed : url;
}

/** The OpenAPI document's path of a Fastify URL pattern (`:id` -> `{id}`, `*` -> `{*}`). */
export const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*/g, '{*}');

/** Log lines written by the app, as JSON text. */
export class LogCapture {
  readonly lines: string[] = [];
  readonly stream = new Writable({
    write: (chunk, _encoding, done) => {
      this.lines.push(String(chunk));
      done();
    },
  });

  /** Lines at level error (50) or fatal (60) logged since line `from`. */
  errorsSince(from = 0): string[] {
    return this.lines.slice(from).filter((line) => /"level":(50|60)/.test(line));
  }
}

/** A fuzz target: the app with pages over a seeded database, its log, and a genuine crumb of the demo site. */
export interface FuzzApp {
  testDb: TestDb;
  app: FastifyInstance;
  logs: LogCapture;
  crumb: string;
  close(): Promise<void>;
}

/** Builds the app the fuzz tests drive: pages on, logs captured at level error, rate limits never reached. */
export async function startFuzzApp(dialect: Dialect, ownerToken: string): Promise<FuzzApp> {
  const testDb = await createTestDb({ dialect });
  await seedDemo(testDb.db);
  const logs = new LogCapture();
  const app = await buildApp({
    db: testDb.db,
    pages: true,
    config: { logLevel: 'error', ownerToken },
    logStream: logs.stream,
    rateLimitStore: { hit: async () => 1, close: async () => {} },
  });
  await app.ready();
  const crumb = await fetchCrumb(app, FUZZ_HOST);
  return {
    testDb,
    app,
    logs,
    crumb,
    close: async () => {
      await app.close();
      await testDb.close();
    },
  };
}
