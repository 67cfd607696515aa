import Fastify, { LogController, type FastifyInstance, type onRequestHookHandler } from 'fastify';
import { registerCommerceApi } from './commerce-api/index.js';
import { loadConfig, type AppConfig } from './config.js';
import { registerContentApi } from './content-api/index.js';
import type { Db } from './db/types.js';
import { registerBodyParsers } from './http/body-parsers.js';
import { parseCookies } from './http/cookies.js';
import { registerCrumb } from './http/crumb.js';
import { registerErrorHandling, type PageFallbacks } from './http/errors.js';
import { registerFormsApi } from './forms/index.js';
import { loggerOptions, registerAccessLog, requestIdFor } from './http/logging.js';
import { createRateLimitStore, rateLimitHook, type RateLimitRule, type RateLimitStore } from './http/rate-limit.js';
import './http/request-context.js';
import { registerSecurityHeaders, type CspDirectives } from './http/security-headers.js';
import { registerSiteUserInfo } from './http/site-user-info.js';
import { createSiteResolver, type SiteResolver } from './sites/resolver.js';
import { registerSiteResolution } from './sites/plugin.js';
import { registerCensusRoutes } from './tracking/index.js';

/** What feature modules (pages, APIs) receive when they register their routes. */
export interface AppDeps {
  db: Db;
  config: AppConfig;
  resolver: SiteResolver;
  rateLimitStore: RateLimitStore;
  /** Builds a hook enforcing a fixed-window limit; attach it as a route's `onRequest`. */
  rateLimit: (rule: RateLimitRule) => onRequestHookHandler;
  /** Theme pages used for 404 and 5xx responses on site hosts; the page module fills these in. */
  pageFallbacks: PageFallbacks;
}

/** Options of {@link buildApp}. */
export interface BuildAppOptions {
  db: Db;
  /** Full configuration, or overrides applied over the environment's. */
  config?: AppConfig | Partial<AppConfig>;
  /** Rate-limit counters (default: Redis when `config.redisUrl` is set, else in-memory). */
  rateLimitStore?: RateLimitStore;
  /** Register the storefront pages module (default 'optional': skipped with an error log if it fails to load). */
  pages?: 'required' | 'optional' | false;
  /** Extra Content-Security-Policy sources. */
  csp?: CspDirectives;
  /** Site-resolution cache lifetime in ms (default 5000). */
  siteCacheTtlMs?: number;
  /** Where log lines go (default stdout). */
  logStream?: NodeJS.WritableStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared dependencies for routes registered after start-up. */
    emporium: AppDeps;
  }
}

type RegisterPages = (app: FastifyInstance, deps: AppDeps) => Promise<void>;

async function loadPagesModule(mode: 'required' | 'optional', app: FastifyInstance): Promise<RegisterPages | null> {
  try {
    const module = (await import('./pages/index.js')) as { registerPages?: RegisterPages };
    if (typeof module.registerPages !== 'function') throw new Error('pages/index.ts does not export registerPages');
    return module.registerPages;
  } catch (error) {
    if (mode === 'required') throw error;
    app.log.error({ err: error }, 'storefront pages module failed to load; serving without pages');
    return null;
  }
}

/**
 * Builds the Fastify application (not listening): tenancy by Host header, cookies, crumb
 * (CSRF) checks, SiteUserInfo, security headers, body limits, the one error handler, and the
 * feature modules. Tests drive it in-process with `app.inject()`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const config = loadConfig(process.env, options.config ?? {});
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    genReqId: requestIdFor,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimit,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    requestTimeout: 30_000,
  });
  const rateLimitStore = options.rateLimitStore ?? createRateLimitStore(config.redisUrl);
  const resolver = createSiteResolver(options.db, { baseDomain: config.baseDomain, ttlMs: options.siteCacheTtlMs });
  const deps: AppDeps = {
    db: options.db,
    config,
    resolver,
    rateLimitStore,
    rateLimit: (rule) => rateLimitHook(rateLimitStore, rule),
    pageFallbacks: {},
  };
  app.decorate('emporium', deps);
  if (!options.rateLimitStore) app.addHook('onClose', () => rateLimitStore.close());

  app.decorateRequest('cookies', null as unknown as Record<string, string>);
  app.addHook('onRequest', async (request, reply) => {
    request.cookies = parseCookies(request.headers.cookie);
    reply.header('x-request-id', request.id);
  });
  registerAccessLog(app);
  registerSecurityHeaders(app, { csp: options.csp });
  registerErrorHandling(app, deps.pageFallbacks);
  registerBodyParsers(app);
  registerSiteResolution(app, { db: options.db, resolver, baseDomain: config.baseDomain });
  registerCrumb(app, { secureCookies: config.secureCookies });
  registerSiteUserInfo(app);
  await registerFormsApi(app, deps);

  const pagesMode = options.pages ?? 'optional';
  if (pagesMode !== false) {
    const registerPages = await loadPagesModule(pagesMode, app);
    if (registerPages) await registerPages(app, deps);
  }
  await registerCommerceApi(app, deps);
  await registerContentApi(app, deps);
  registerCensusRoutes(app, deps);
  return app;
}
