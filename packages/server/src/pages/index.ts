import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Engine } from '@emporium/template';
import { loadSystemLayer } from '@emporium/theme';
import { SiteStyles, ThemeRegistry } from '../themes/index.js';
import type { AppDeps } from '../app-deps.js';
import { registerAssetRoutes } from './asset-routes.js';
import { errorPage, notFoundPage } from './context/system-pages.js';
import { loadIslandAssets, registerIslandAssetRoute, type IslandAssets } from './island-assets.js';
import { PageCache, type CachedPageLane } from './page-cache/index.js';
import { registerPageRoutes, sendSystemPage, type PageHandlerDeps } from './page-handler.js';
import { createTemplateEngine } from './template-engine.js';
import { systemAssets } from './theme-renderer.js';
import { systemStyle } from './system-style.js';
import { PageReads } from '../site-data/index.js';
import { lazyServerSecret } from '../db/server-secrets.js';
import { PageType } from '../spec/index.js';

export { CachedPageLane, serverWithLane } from './page-cache/index.js';
export { matchPageRoute, type PageRoute } from './page-route.js';
export { createTemplateEngine } from './template-engine.js';
export { illustrationUrl } from './illustrations.js';
export { preferredEncoding } from './asset-encodings.js';
export { loadIslandAssets, staticIslandAssets, type IslandAssets } from './island-assets.js';

/** Options of {@link registerPages}; every one has a default. */
export interface PagesOptions {
  /** Template engine; default: built-in plugins, the `island` formatter and CLDR data. */
  engine?: Engine;
  /** The server's themes; default: the app's (`deps.themes`). */
  themes?: ThemeRegistry;
  /** The visitor's cart id (default: the cart module's cart cookie). */
  cartIdOf?: (request: FastifyRequest) => string | undefined;
  /** HTML placed before `</body>`; default: the storefront bundle's tags. Must be trusted markup. */
  scriptTags?: (request: FastifyRequest) => string;
  /** Storefront bundle; default: read from the storefront's build (islands off when not built). */
  islands?: IslandAssets;
  /** The lane in front of the app that answers cached pages (decision 0027); none by default. */
  lane?: CachedPageLane;
  /** The rendered-page cache; default: a new one with the default bound and entry life. */
  pageCache?: PageCache;
  /** The rows pages read, kept per site and page version; default: a new one with the default bound. */
  pageReads?: PageReads;
  /** The clock of page requests; default: the app's (`deps.now`), else the system clock. */
  now?: () => Date;
}

/**
 * Registers the storefront pages (spec section 2) on an app whose requests carry the
 * resolved website at `request.site`: `/`, `/{collection}`, `/{collection}/{item}`, `/cart`,
 * `/checkout`, `/checkout/order-confirmed/{orderId}`, `/search`, the not-found page for any
 * other GET, theme assets, generated illustrations and the storefront bundle. Theme templates
 * are compiled here, once; a template that does not compile stops the start. The server's
 * 404 and 5xx handlers render the theme's not-found and error pages on site hosts.
 */
export async function registerPages(app: FastifyInstance, deps: AppDeps, options: PagesOptions = {}): Promise<void> {
  const themes = options.themes ?? (options.engine ? new ThemeRegistry(options.engine, deps.db) : deps.themes);
  const system = systemAssets();
  const handlerDeps: PageHandlerDeps = {
    db: deps.db,
    engine: themes.engine,
    themes,
    styles: new SiteStyles(),
    system: { faviconUrl: system.faviconUrl, style: systemStyle(loadSystemLayer().css) },
    cartIdOf: options.cartIdOf,
    scriptTags: options.scriptTags,
    islands: options.islands ?? loadIslandAssets(),
    pageCache: options.pageCache ?? new PageCache(),
    pageReads: options.pageReads ?? new PageReads({ freeze: !deps.config.production }),
    previewSecret: lazyServerSecret(deps.db, 'preview'),
    now: options.now ?? deps.now,
  };
  registerAssetRoutes(app, { system: system.byPublicName, themeAsset: async (site, url) => (await themes.forSettings(site.settings)).assetsByUrl.get(url) });
  registerIslandAssetRoute(app);
  deps.pageFallbacks.page = registerPageRoutes(app, handlerDeps);
  const cache = handlerDeps.pageCache;
  // The lane answers only what the route would answer from the cache: none when the routes read the cart or the tags their own way.
  if (options.lane && !options.cartIdOf && !options.scriptTags) options.lane.answer = (ask, site) => cache.stored(deps.db, ask, site);
  deps.pageFallbacks.notFound = (request, reply) => sendSystemPage(handlerDeps, request, reply, notFoundPage());
  deps.pageFallbacks.error = (request, reply) => sendSystemPage(handlerDeps, request, reply, errorPage(String(request.id)));
  deps.pageFallbacks.account = (request, reply, page) =>
    sendSystemPage(handlerDeps, request, reply, {
      status: page.status,
      pageType: PageType.PAGE,
      templateName: 'account',
      title: page.title,
      private: true,
      context: { render: { accountHtml: page.body } },
    });
}
