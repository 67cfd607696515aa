import type { JobQueue } from './jobs/index.js';
import type { PaymentProviders } from './payments/index.js';
import type { onRequestHookHandler } from 'fastify';
import type { AppConfig } from './config.js';
import type { Db } from './db/types.js';
import type { CrumbSigner } from './http/crumb.js';
import type { PageFallbacks } from './http/errors.js';
import type { RateLimitRule, RateLimitStore } from './http/rate-limit.js';
import type { SiteResolver } from './sites/resolver.js';
import type { ThemeRegistry } from './themes/registry.js';

/**
 * What feature modules (pages, APIs) receive when they register their routes. It lives apart
 * from `app.ts`, which composes the features, so that features never import the composer.
 */
export interface AppDeps {
  db: Db;
  config: AppConfig;
  resolver: SiteResolver;
  rateLimitStore: RateLimitStore;
  /** Builds a hook enforcing a fixed-window limit; attach it as a route's `onRequest`. */
  rateLimit: (rule: RateLimitRule) => onRequestHookHandler;
  /** Theme pages used for 404 and 5xx responses on site hosts; the page module fills these in. */
  pageFallbacks: PageFallbacks;
  /** Issues and verifies the signed, site-bound CSRF crumbs. */
  crumbs: CrumbSigner;
  /** The server's themes (built in and installed), compiled once per version. */
  themes: ThemeRegistry;
  /** Background work (pg-boss on the app's database); started by the first module that sends or works a job. */
  jobs: JobQueue;
  /** Each site's payment providers (the test provider, and the site's connected ones). */
  payments: PaymentProviders;
  /** The app's clock when it was given one (tests move it); features default to the system clock. */
  now?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared dependencies for routes registered after start-up. */
    emporium: AppDeps;
  }
}
