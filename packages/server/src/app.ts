import { JobQueue } from './jobs/index.js';
import Fastify, { LogController, type FastifyInstance, type onRequestHookHandler } from 'fastify';
import { registerCartRoutes } from './cart/index.js';
import { registerCheckoutRoutes, registerStripeCheckoutRoutes } from './checkout/index.js';
import { registerStripe } from './payments/stripe/routes.js';
import { registerPaymentReconciliation } from './payments/reconciliation/routes.js';
import { PaymentProviders } from './payments/index.js';
import { registerInstalmentRoutes } from './instalments/index.js';
import { loadConfig, type AppConfig } from './config.js';
import { registerUnlockRoutes } from './access/index.js';
import { registerCommentRoutes } from './comments/index.js';
import { registerFeedRoutes } from './feeds/index.js';
import { registerLikeRoutes } from './likes/index.js';
import { registerPopupRoutes } from './popup/index.js';
import { registerReviewRoutes } from './reviews/index.js';
import { registerSeoRoutes } from './seo/index.js';
import type { Db } from './db/types.js';
import { registerBodyParsers } from './http/body-parsers.js';
import { registerApiDocument, registerSchemaCompilers } from './http/schemas.js';
// biome-ignore lint/correctness/useImportExtensions: the package's own JSON manifest
import serverPackage from '../package.json' with { type: 'json' };
import { registerCookies } from './http/cookies.js';
import { registerInputGuard } from './http/input-guard.js';
import { crumbSigner, registerCrumb, type CrumbSigner } from './http/crumb.js';
import { loadServerSecret } from './db/server-secrets.js';
import { registerErrorHandling, type PageFallbacks } from './http/errors.js';
import { registerCaptchaApi, sitePolicy } from './captcha/index.js';
import { registerFormRoutes } from './forms/index.js';
import { registerOutboxDelivery, registerOutboxRoutes } from './outbox/index.js';
import { registerSubmissionRoutes } from './submissions/index.js';
import { registerRestockRoutes } from './restock/index.js';
import { CachedPageLane, createTemplateEngine, registerPages, serverWithLane } from './pages/index.js';
import { ThemeRegistry } from './themes/index.js';
import { loggerOptions, registerAccessLog, requestIdFor } from './http/logging.js';
import { createRateLimitStore, rateLimitHook, type RateLimitRule, type RateLimitStore } from './http/rate-limit.js';
import './http/request-context.js';
import type { AppDeps } from './app-deps.js';
import { registerSecurityHeaders, securityHeaders, type CspDirectives } from './http/security-headers.js';
import { registerSiteUserInfo } from './http/site-user-info.js';
import { createSiteResolver, type SiteResolver } from './sites/resolver.js';
import { registerSiteResolution } from './http/site-resolution.js';
import { registerOwnerAccounts } from './owner-accounts/index.js';
import { registerOrderRoutes } from './orders/index.js';
import { registerCatalogueRoutes } from './catalogue/index.js';
import { registerAdminApp } from './admin-app/index.js';
import { registerStoreSettingRoutes } from './store-settings/index.js';
import { registerAnalytics } from './analytics/index.js';
import { registerInventoryRoutes } from './inventory/index.js';
import { registerMediaRoutes } from './media/index.js';
import { registerDownloadRoutes } from './downloads/index.js';
import { registerOverviewRoutes } from './overview/index.js';
import { registerThemeRoutes } from './themes/index.js';
import { registerSiteStyleRoutes } from './site-styles/index.js';
import { registerSitePageRoutes } from './site-pages/index.js';
import { registerBlockRoutes } from './blocks/index.js';
import { registerSiteLayoutRoutes } from './site-layout/index.js';
import { registerSiteSettingsRoutes } from './site-settings/index.js';
import { registerMultilingualRoutes } from './multilingual/index.js';
import { registerDraftRoutes, workScheduledPublishes } from './drafts/index.js';
import { registerPresenceRoutes } from './presence/index.js';
import { registerTranslationRoutes } from './translations/index.js';
import { registerCollectionItemRoutes, workScheduledItems } from './collection-items/index.js';
import { registerSubscriptionRoutes, workSubscriptionRenewals } from './subscriptions/index.js';
import { registerDonationRoutes } from './donations/index.js';
import { registerSiteUsers } from './site-users/index.js';
import { registerMemberAreas } from './member-areas/index.js';
import { registerCourses } from './courses/index.js';
import { registerLibraryRoutes } from './files-library/index.js';

export type { AppDeps } from './app-deps.js';

/** Options of {@link buildApp}. */
export interface BuildAppOptions {
  db: Db;
  /** Full configuration (`loadConfig(env)`), or overrides applied over the defaults of `loadConfig({})`. */
  config?: AppConfig | Partial<AppConfig>;
  /** Rate-limit counters (default: Redis when `config.redisUrl` is set, else in-memory). */
  rateLimitStore?: RateLimitStore;
  /** Register the storefront pages (default true; tests of single APIs turn them off). */
  pages?: boolean;
  /** Extra Content-Security-Policy sources. */
  csp?: CspDirectives;
  /** Site-resolution cache lifetime in ms (default 5000). */
  siteCacheTtlMs?: number;
  /** Where log lines go (default stdout). */
  logStream?: NodeJS.WritableStream;
  /** The server's themes (default: the built-in ones and those installed in the database). */
  themes?: ThemeRegistry;
  /** Work the job queue's site jobs (scheduled publishes) once ready: the server process does; tests that need it say so (default false). */
  workJobs?: boolean;
  /** Payment providers (default: the built-in test provider and each site's connected ones); tests share one between apps. */
  payments?: PaymentProviders;
  /** The clock of site-user sessions and mailed links (default the system clock; tests move it). */
  now?: () => Date;
}

/**
 * Builds the Fastify application (not listening): tenancy by Host header, cookies, crumb
 * (CSRF) checks, SiteUserInfo, security headers, body limits, the one error handler, and the
 * feature modules. Tests drive it in-process with `app.inject()`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const config = loadConfig({}, options.config ?? {});
  const lane = new CachedPageLane();
  const app = Fastify({
    serverFactory: serverWithLane(lane),
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
    crumbs: crumbSigner(await loadServerSecret(options.db, 'crumb')),
    themes: options.themes ?? new ThemeRegistry(createTemplateEngine(), options.db),
    payments: options.payments ?? new PaymentProviders(),
    now: options.now,
    jobs: new JobQueue(options.db, { pollSeconds: config.outboxPollMs / 1000, onError: (error) => app.log.warn({ err: error }, 'job queue upkeep failed') }),
  };
  app.decorate('emporium', deps);
  app.addHook('onClose', () => deps.jobs.stop());
  if (!options.rateLimitStore) app.addHook('onClose', () => rateLimitStore.close());

  const security = securityHeaders({ csp: options.csp, publicUrl: config.publicUrl, sitePolicy });
  lane.open({ resolver, crumbs: deps.crumbs, security, log: app.log });
  app.addHook('preClose', (done) => {
    lane.close();
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  await registerCookies(app);
  registerInputGuard(app);
  registerAccessLog(app);
  registerSecurityHeaders(app, security);
  registerErrorHandling(app, deps.pageFallbacks);
  await registerBodyParsers(app);
  registerSchemaCompilers(app);
  await registerApiDocument(app, { docs: config.apiDocs, version: serverPackage.version });
  registerSiteResolution(app, { db: options.db, resolver, baseDomain: config.baseDomain });
  registerCrumb(app, { secureCookies: config.secureCookies, signer: deps.crumbs });
  registerSiteUserInfo(app);
  const outbox = registerOutboxDelivery(app, deps);

  // Features: one line each.
  if (options.pages !== false) await registerPages(app, deps, { lane });
  registerFormRoutes(app, deps);
  await registerCaptchaApi(app, deps);
  registerRestockRoutes(app, deps, { mailQueued: outbox.mailQueued });
  registerSubmissionRoutes(app, deps);
  registerOutboxRoutes(app, deps);
  registerCartRoutes(app, deps);
  registerStripe(app, deps);
  registerCheckoutRoutes(app, deps);
  registerStripeCheckoutRoutes(app, deps, { work: options.workJobs === true });
  registerPaymentReconciliation(app, deps, { work: options.workJobs === true });
  registerInstalmentRoutes(app);
  registerCommentRoutes(app, deps);
  registerLikeRoutes(app, deps);
  registerReviewRoutes(app, deps);
  registerSeoRoutes(app, deps);
  registerFeedRoutes(app, deps);
  registerUnlockRoutes(app, deps);
  registerPopupRoutes(app, deps);
  registerOwnerAccounts(app, deps, { mailQueued: outbox.mailQueued });
  registerOrderRoutes(app, deps, { mailQueued: outbox.mailQueued, workJobs: options.workJobs === true });
  registerCatalogueRoutes(app, deps);
  registerAdminApp(app, deps);
  registerStoreSettingRoutes(app, deps);
  registerAnalytics(app, deps);
  registerInventoryRoutes(app, deps);
  registerMediaRoutes(app, deps);
  registerDownloadRoutes(app, deps);
  registerOverviewRoutes(app, deps);
  registerThemeRoutes(app, deps);
  registerSiteStyleRoutes(app, deps);
  registerSitePageRoutes(app, deps);
  registerBlockRoutes(app, deps);
  registerSiteLayoutRoutes(app, deps);
  registerSiteSettingsRoutes(app, deps);
  registerMultilingualRoutes(app, deps);
  registerDraftRoutes(app, deps);
  registerPresenceRoutes(app, deps, options.now);
  registerCollectionItemRoutes(app, deps);
  registerLibraryRoutes(app, deps);
  registerTranslationRoutes(app, deps);
  registerSubscriptionRoutes(app, deps);
  registerDonationRoutes(app, deps);
  registerSiteUsers(app, deps, { mailQueued: outbox.mailQueued, now: options.now });
  registerMemberAreas(app, deps, { now: options.now });
  registerCourses(app, deps);
  if (options.workJobs) workScheduledPublishes(app, deps);
  if (options.workJobs) workScheduledItems(app, deps);
  if (options.workJobs) workSubscriptionRenewals(app, deps);
  return app;
}
