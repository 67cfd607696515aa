import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createWebsite, type NewWebsite } from '../src/sites/repository.js';
import type { Website } from '../src/sites/website.js';
import { createTestDb, type TestDb } from './test-db.js';

/** An in-process app over a fresh test database. */
export interface TestApp {
  app: FastifyInstance;
  testDb: TestDb;
  /** Creates a site and forgets cached host lookups. */
  createSite: (input: NewWebsite) => Promise<Website>;
  /** `{identifier}.localhost` host header value for a site. */
  hostOf: (site: Website) => string;
  close: () => Promise<void>;
}

/** Options of {@link createTestApp}. */
export type CreateTestAppOptions = Omit<BuildAppOptions, 'db'> & {
  testDb?: TestDb;
  /** Adds extra routes (for example test-only endpoints) before the app is ready. */
  setup?: (app: FastifyInstance) => void | Promise<void>;
};

/**
 * Builds the app on a fresh test database (PGlite, or a private PostgreSQL schema when
 * `DATABASE_URL` is set) with logging off and pages disabled unless asked for.
 */
export async function createTestApp(options: CreateTestAppOptions = {}): Promise<TestApp> {
  const testDb = options.testDb ?? (await createTestDb());
  const config = loadConfig({ LOG_LEVEL: 'silent' }, options.config ?? {});
  const { setup, testDb: _ignored, ...buildOptions } = options;
  const app = await buildApp({ pages: false, ...buildOptions, db: testDb.db, config });
  if (setup) await setup(app);
  await app.ready();
  return {
    app,
    testDb,
    createSite: async (input) => {
      const site = await createWebsite(testDb.db, input);
      app.emporium.resolver.invalidate();
      return site;
    },
    hostOf: (site) => `${site.identifier}.localhost`,
    close: async () => {
      await app.close();
      if (!options.testDb) await testDb.close();
    },
  };
}

/** Reads one cookie's value from a response's Set-Cookie headers. */
export function cookieFrom(response: LightMyRequestResponse, name: string): string | undefined {
  const header = response.headers['set-cookie'];
  const list = Array.isArray(header) ? header : header ? [header] : [];
  for (const cookie of list) {
    const [pair] = cookie.split(';');
    const eq = pair!.indexOf('=');
    if (pair!.slice(0, eq) === name) return decodeURIComponent(pair!.slice(eq + 1));
  }
  return undefined;
}

/** Fetches an HTML page of a site and returns the crumb cookie it issues. */
export async function fetchCrumb(app: FastifyInstance, host: string, path = '/'): Promise<string> {
  const response = await app.inject({ method: 'GET', url: path, headers: { host, accept: 'text/html' } });
  const crumb = cookieFrom(response, 'crumb');
  if (!crumb) throw new Error(`GET ${path} on ${host} issued no crumb cookie (status ${response.statusCode})`);
  return crumb;
}

/**
 * A genuine crumb for the site served at `host`, as the app would issue it on a page of that
 * site (crumbs are signed and bound to their site).
 */
export async function crumbForHost(app: FastifyInstance, host: string): Promise<string> {
  const resolution = await app.emporium.resolver.resolve(host);
  if (resolution.kind === 'admin') return app.emporium.crumbs.issue('admin');
  return app.emporium.crumbs.issue(resolution.kind === 'site' ? resolution.website.id : '-');
}

/** The dashboard's origin host of the app (`admin.{base domain}`). */
export function adminHostOf(app: FastifyInstance): string {
  return `admin.${app.emporium.config.baseDomain}`;
}

/**
 * Where an owner call about the site served at `host` goes: the dashboard's origin, with the
 * site named by the X-Emporium-Site header (the identifier of the site `host` serves). A host
 * that is no site's is used as it is.
 */
export async function dashboardTarget(app: FastifyInstance, host: string): Promise<{ host: string; site?: string; websiteId?: string }> {
  const resolution = await app.emporium.resolver.resolve(host);
  if (resolution.kind !== 'site') return { host };
  return { host: adminHostOf(app), site: resolution.website.identifier, websiteId: resolution.website.id };
}
