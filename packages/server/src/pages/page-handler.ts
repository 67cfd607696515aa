import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Engine } from '@emporium/template';
import { cartIdFromRequest } from '../cart/index.js';
import type { Db } from '../db/index.js';
import { adminOrigin, canonicalOrigin, readStateOf, siteOrigin } from '../sites/index.js';
import type { Website, WebsiteReadState } from '../sites/index.js';
import { baseContext } from './context/base-context.js';
import { buildPage, movedPagePath } from './context/build-page.js';
import { HOME_PAGE_SCHEMA, SITE_PAGE_SCHEMA } from './route-schemas.js';
import type { BuiltPage, PageRequest } from './context/page-request.js';
import { errorPage } from './context/system-pages.js';
import { prefetchGateIndex } from './context/member-access.js';
import { pageBytes, type SystemStyle } from './system-style.js';
import { pageStage } from './page-stages.js';
import type { IslandAssets } from './island-assets.js';
import { visitorSite, withUnlockForm } from './page-access.js';
import { PAGE_CACHE_HEADER, sharesHtmlAcrossCarts, type CacheSlot, type PageBuild, type PageCache } from './page-cache/index.js';
import { matchPageRoute } from './page-route.js';
import { asksForJson, firstValues, isApiPath, splitUrl } from './page-url.js';
import { CollectionType, PageType } from '../spec/index.js';
import { siteDataAt, type PageReader, type PageReads } from '../site-data/index.js';
import { collectionWithDraft, previewDrafts, previewSelectTag, siteWithDrafts } from '../drafts/index.js';
import { renderPage } from './theme-renderer.js';
import { themeRenderContext } from './context/theme-context.js';
import { websites } from '../db/index.js';
import { languageOfPath, onLanguageHost, pathInLanguage, siteLanguagesOf } from '../multilingual/index.js';
import { languageLinks, localizedContext, readPageTranslations, translatedPage, translatedSite } from '../translations/index.js';
import { eq, sql } from 'drizzle-orm';
import type { ActiveTheme, SiteStyles, ThemeRegistry } from '../themes/index.js';
import { siteCookieBanner, siteFaviconUrl } from '../site-settings/index.js';

/** Dependencies of the page routes, with the theme already compiled. */
export interface PageHandlerDeps {
  db: Db;
  engine: Engine;
  /** The server's themes; each site renders with the one its settings name. */
  themes: ThemeRegistry;
  /** Each site's stylesheet under its theme, compiled with its tweak values. */
  styles: SiteStyles;
  /** The system layer's favicon URL and stylesheet (inline in every page, spliced in as bytes). */
  system: { faviconUrl: string; style: SystemStyle };
  cartIdOf: ((request: FastifyRequest) => string | undefined) | undefined;
  scriptTags: ((request: FastifyRequest) => string) | undefined;
  islands: IslandAssets;
  /** The rendered-page cache; off when `scriptTags` is given, since those tags may differ from one request to the next. */
  pageCache: PageCache;
  /** The rows pages read, kept per site and page version (also for pages the page cache cannot serve). */
  pageReads: PageReads;
  /** The key preview tokens are signed with: a request with a genuine preview cookie sees the site's drafts. */
  previewSecret: () => Promise<Buffer>;
  /** The clock of page requests (`req.now`): the system clock unless the app was given one (tests move it). */
  now?: () => Date;
}

const HTML_TYPE = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

/** Where a built page may be stored: the cache and its slot for the request. */
interface StoreIn {
  readonly cache: PageCache;
  readonly slot: CacheSlot;
}

/**
 * The page request of `request`. `degraded` (error pages) reads neither the site's data nor the
 * cart; `withoutCart` builds the page as for a visitor with no cart, leaving the count to the
 * browser (see {@link pageToBuild}).
 */
async function pageRequest(deps: PageHandlerDeps, request: FastifyRequest, requestSite: Website, degraded = false, withoutCart = false): Promise<PageRequest> {
  const { path, search } = splitUrl(request.url);
  const cookies = request.cookies ?? {};
  const now = deps.now?.() ?? new Date();
  // A site just read by the resolver (its first visit) gives its versions with it.
  const resolved = degraded ? undefined : readStateOf(requestSite);
  if (resolved) deps.pageCache.observeVersion(deps.db, requestSite.id, resolved.pageVersion, resolved.sentAt);
  const version = degraded ? undefined : await deps.pageCache.pageVersion(deps.db, requestSite.id);
  const reader = version === undefined ? undefined : deps.pageReads.at(deps.db, requestSite.id, version);
  const fresh = reader ? await freshSiteState(reader, requestSite, resolved?.pageVersion === version ? resolved : undefined) : undefined;
  const drafts = degraded ? undefined : await previewDrafts(deps.db, deps.previewSecret, requestSite.id, cookies);
  // The editor shows the preview in a frame on the dashboard's origin.
  if (drafts) request.framedBy = adminOrigin(request.server.emporium.config);
  const published = fresh?.site ?? requestSite;
  const shown = drafts ? siteWithDrafts(published, drafts) : published;
  // On a language's own domain the page is in that language, its links absolute (decision 0056).
  const visitor = onLanguageHost(visitorSite(shown, cookies, now.getTime()), request.headers.host, canonicalOrigin(published, request.server.emporium.config));
  const located = languageOfPath(visitor.settings, path);
  const language = located.kind === 'page' ? located.language : undefined;
  const data = fresh ? siteDataAt(deps.db, requestSite.id, fresh.contentVersion) : undefined;
  // What every page reads next, read together: a site's first page waits for one round trip, not three.
  if (reader) prefetchGateIndex(reader, requestSite.id);
  const [translations, collectionRows] = await Promise.all([
    // Texts in the page's language where translated (decision 0049), else the primary language's.
    reader ? readPageTranslations(reader, visitor, language?.code) : undefined,
    data ? data.collections() : [],
  ]);
  const shownInLanguage = translations ? translatedSite(visitor, translations.texts) : visitor;
  // Pages in a language are formatted in it: `<html lang>`, the template engine's locale, dates and money.
  const site =
    language && language.code !== visitor.settings.locale
      ? { ...shownInLanguage, settings: { ...shownInLanguage.settings, locale: language.code } }
      : shownInLanguage;
  const theme = await deps.themes.forSettings(site.settings);
  return {
    themePages: themePagesOf(theme),
    db: deps.db,
    site,
    cookies,
    crumb: request.crumb,
    path: located.kind === 'page' ? (translations?.localizer.primaryPathOf(located.language.prefix, located.path) ?? located.path) : path,
    ...(language ? { language } : { languageHidden: true }),
    ...(translations ? { translations } : {}),
    query: firstValues(search),
    siteOrigin: siteOrigin(site.identifier, request.server.emporium.config),
    origin: canonicalOrigin(site, request.server.emporium.config),
    now,
    cartId: degraded || withoutCart ? undefined : (deps.cartIdOf ?? cartIdFromRequest)(request),
    cartShownByBrowser: withoutCart,
    islandsEnabled: deps.islands.enabled,
    ...(drafts ? { preview: true, drafts } : {}),
    collections: (drafts ? collectionRows.map((row) => collectionWithDraft(row, drafts)) : collectionRows).map((row) =>
      translations ? translatedPage(row, translations.texts) : row,
    ),
    ...(data ? { siteData: data } : {}),
    ...(reader ? { reader } : {}),
  };
}

/** Settings keys that choose the site's look and its languages (its URLs): read fresh for every page built, so a change shows at once on every server. */
const THEME_SETTINGS = ['theme', 'themeVersion', 'themeTweaks', 'siteStyles', 'blockFields', 'pageLayouts', 'languages'] as const;

/**
 * The site's content version (the key of its cached site data) and `site` with its theme
 * settings as stored at the page version `reader` reads at (the site resolver's copy may be
 * seconds old): one statement per page version, the website row being part of it. None when
 * the resolver's own read of `site` was at that page version (`resolved`): its row is that state.
 */
async function freshSiteState(reader: PageReader, site: Website, resolved: WebsiteReadState | undefined): Promise<{ site: Website; contentVersion: number }> {
  const row = await reader.read('site-state', (db) =>
    resolved ? Promise.resolve({ contentVersion: resolved.contentVersion, look: lookOf(site) }) : readSiteState(db, site.id),
  );
  if (!row) return { site, contentVersion: -1 };
  return { site: withLook(site, row.look), contentVersion: row.contentVersion };
}

async function readSiteState(db: Db, websiteId: string): Promise<{ contentVersion: number; look: Record<string, unknown> } | undefined> {
  const rows = await db
    .select({
      contentVersion: websites.contentVersion,
      look: sql<Record<string, unknown>>`jsonb_build_object(${sql.raw(THEME_SETTINGS.map((k) => `'${k}', settings->'${k}'`).join(', '))})`,
    })
    .from(websites)
    .where(eq(websites.id, websiteId))
    .limit(1);
  return rows[0];
}

/** The look settings of `site` as {@link readSiteState} reads them. */
function lookOf(site: Website): Record<string, unknown> {
  const settings = site.settings as unknown as Record<string, unknown>;
  return Object.fromEntries(THEME_SETTINGS.map((key) => [key, settings[key] ?? null]));
}

/** `site` with the look settings of `look` in place of its own. */
function withLook(site: Website, look: Record<string, unknown>): Website {
  const settings: Record<string, unknown> = { ...site.settings };
  for (const key of THEME_SETTINGS) {
    if (look[key] === null || look[key] === undefined) delete settings[key];
    else settings[key] = look[key];
  }
  if (typeof settings.theme !== 'string') settings.theme = site.settings.theme;
  return { ...site, settings: settings as Website['settings'] };
}

const themePages = new WeakMap<ActiveTheme, ReadonlyMap<string, { title: string; description: string }>>();

/** The theme's static pages by URL id. */
function themePagesOf(theme: ActiveTheme): ReadonlyMap<string, { title: string; description: string }> {
  let pages = themePages.get(theme);
  if (!pages) {
    pages = new Map([...theme.compiled.source.pages].map(([name, p]) => [name, { title: p.conf.title ?? name, description: p.conf.description ?? '' }]));
    themePages.set(theme, pages);
  }
  return pages;
}

/** Stores `body` in `into` when the page may be shared (never a private page), and sends it from there; undefined when not stored. */
function sendStored(
  into: StoreIn | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
  req: PageRequest,
  page: BuiltPage,
  contentType: string,
  body: string | Buffer,
) {
  // A page for one visitor's eyes (an order, a member's page) is never shared.
  if (page.private) return undefined;
  const accessDenied = page.pageType === PageType.ACCESS_DENIED;
  const later = into?.cache.storeLater(into.slot, { status: page.status, contentType, body, sharedWithCarts: sells(req.collections), accessDenied }, req.crumb);
  if (!later) return undefined;
  later.stored.catch((error: unknown) => request.log.error({ err: error }, 'page could not be stored'));
  return into!.cache.sendBuilt(reply, contentType, later.identity, page.status);
}

/**
 * The theme and its render context for a page: the storefront bundle's tags, the preview's
 * selection script, the cookie banner, the site's stylesheet and the theme's navigations, block
 * fields and queries, in the page's language.
 */
async function themeRenderOf(
  deps: PageHandlerDeps,
  request: FastifyRequest,
  req: PageRequest,
  page: BuiltPage,
  context: Record<string, unknown>,
  favicon: string,
): Promise<{ theme: ActiveTheme; themeRender: Record<string, unknown> }> {
  const theme = await deps.themes.forSettings(req.site.settings);
  const render = context.render as Record<string, unknown>;
  render.scripts = deps.scriptTags ? deps.scriptTags(request) : deps.islands.tags();
  render.styles = deps.scriptTags ? '' : deps.islands.styles();
  render.headScripts = deps.scriptTags ? '' : deps.islands.headScripts();
  // The editor's preview: the script that lets the dashboard around the frame select its blocks.
  if (req.preview && request.framedBy) render.scripts = `${String(render.scripts)}${previewSelectTag(request.cspNonce, request.framedBy)}`;
  const cookieBanner = siteCookieBanner(req.site.settings);
  if (cookieBanner) render.cookieBanner = cookieBanner;
  const stored = (req.site.settings.themeTweaks as Record<string, Record<string, unknown>> | undefined)?.[theme.id];
  const style = await deps.styles.styleOf(theme, stored, req.site.settings.siteStyles).catch((error: unknown) => {
    request.log.error({ err: error, theme: theme.id }, 'theme stylesheet failed');
    return { css: '', bodyClasses: [], values: {}, headLinks: '' };
  });
  const themeRender = await themeRenderContext(req, page, context, theme, style, {
    headMeta: String(render.headMeta ?? ''),
    headScripts: String(render.headScripts),
    styles: `${style.headLinks}${String(render.styles)}`,
    favicon,
    systemStyle: deps.system.style.marker,
  });
  // The theme's own navigations (`<squarespace:navigation>`) lead to the page's language too.
  render.theme = req.translations && req.language ? localizedContext(themeRender, { prefix: req.language.prefix, ...req.translations }) : themeRender;
  return { theme, themeRender };
}

async function respond(
  deps: PageHandlerDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  req: PageRequest,
  page: BuiltPage,
  asJson: boolean,
  into?: StoreIn,
) {
  const favicon = siteFaviconUrl(req.site.settings) ?? deps.system.faviconUrl;
  const assets = { favicon };
  const context = await pageStage('base context', async () => inLanguage(req, page, await baseContext(req, page, assets)));
  reply.code(page.status).header('cache-control', page.private ? 'no-store' : 'no-cache');
  if (page.private) reply.header('x-robots-tag', 'noindex');
  request.cspExtension = page.contentSecurity;
  if (asJson) {
    const json = JSON.stringify(context);
    return sendStored(into, request, reply, req, page, JSON_TYPE, json) ?? reply.type(JSON_TYPE).send(Buffer.from(json));
  }
  const { theme, themeRender } = await pageStage('theme context', () => themeRenderOf(deps, request, req, page, context, favicon));
  const { html, errors } = pageStage('JSON-T render', () =>
    renderPage(deps.engine, theme, page.templateName, String(themeRender.layout), context, { locale: req.site.settings.locale, now: req.now.getTime() }),
  );
  if (errors.length) request.log.warn({ theme: theme.id, template: page.templateName, errors: errors.slice(0, 10) }, 'template errors');
  // Sent as bytes: the rendered string is a rope of many pieces, which Fastify would flatten to
  // count its bytes and the socket would encode again.
  const bytes = pageBytes(html, deps.system.style);
  return (errors.length === 0 ? sendStored(into, request, reply, req, page, HTML_TYPE, bytes) : undefined) ?? reply.type(HTML_TYPE).send(bytes);
}

/**
 * The page's context in its language (decision 0049): translated items and site paths with
 * translated slugs, and `website.languages`, the switcher's links to the same page in each
 * published language.
 */
function inLanguage(req: PageRequest, page: BuiltPage, context: Record<string, unknown>): Record<string, unknown> {
  const { translations, language } = req;
  if (!translations || !language) return context;
  const languages = siteLanguagesOf(req.site.settings);
  const links = languageLinks(languages, translations.localizer, {
    path: req.path,
    query: req.query,
    exists: page.status === 200 && !page.private,
    currentPrefix: language.prefix,
  });
  const localized = localizedContext(context, {
    prefix: language.prefix,
    texts: translations.texts,
    localizer: translations.localizer,
    ...(language.code === languages.primary.code ? {} : { language: language.code }),
  });
  return links.length ? { ...localized, website: { ...(localized.website as object), languages: links } } : localized;
}

/** The site sells something: it shows a header cart, whose count the browser writes. */
function sells(collections: readonly { type: number; enabled: boolean }[]): boolean {
  return collections.some((c) => c.type === CollectionType.PRODUCTS && c.enabled);
}

/**
 * The page request of a page to build. Every HTML page but the cart, checkout and search pages
 * is built without the visitor's cart, so the HTML is the same for every visitor and the
 * browser writes the count (decision 0022). A cart holder on a site that sells nothing has no
 * header cart and sees the cart only in the floating pill, so that page is built with the cart
 * and not shared (`slot` undefined).
 */
async function pageToBuild(
  deps: PageHandlerDeps,
  request: FastifyRequest,
  site: Website,
  path: string,
  asJson: boolean,
  slot: CacheSlot | undefined,
): Promise<{ req: PageRequest; slot: CacheSlot | undefined }> {
  const req = await pageRequest(deps, request, site, false, !asJson && sharesHtmlAcrossCarts(path));
  if (!req.cartShownByBrowser || sells(req.collections)) return { req, slot };
  const cartId = (deps.cartIdOf ?? cartIdFromRequest)(request);
  if (cartId === undefined) return { req, slot };
  return { req: { ...req, cartId, cartShownByBrowser: false }, slot: undefined };
}

/**
 * Renders a page that does not depend on the URL (not found, error) for the current site:
 * used by the server's not-found and error handlers so every site HTML error is themed.
 * The error page is built without the site's collections or cart, so it still renders when
 * those cannot be read.
 */
export async function sendSystemPage(deps: PageHandlerDeps, request: FastifyRequest, reply: FastifyReply, page: BuiltPage): Promise<unknown> {
  const site = request.site;
  if (!site) throw new Error('sendSystemPage needs a site request');
  const req = await pageRequest(deps, request, site, page.pageType === PageType.ERROR);
  return respond(deps, request, reply, req, page, false);
}

/**
 * GET `/` and `/*`: resolves the page (spec section 2), builds its context and renders it
 * with the theme, or returns the context itself for `?format=json`. A failure while building
 * or rendering serves the theme's error page (type 101, HTTP 500); API paths fall through to
 * the server's JSON not-found handler.
 */
export function registerPageRoutes(app: FastifyInstance, deps: PageHandlerDeps): (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> {
  const cache = deps.scriptTags ? undefined : deps.pageCache;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const site = request.site;
    const { path, search } = splitUrl(request.url);
    if (!site || isApiPath(path)) return reply.callNotFound();
    const asJson = asksForJson(search);
    let build: PageBuild | undefined;
    try {
      const hasCart = (deps.cartIdOf ?? cartIdFromRequest)(request) !== undefined;
      const found = cache ? await cache.lookup(deps.db, request, { site, path, search, asJson, hasCart }) : undefined;
      if (found?.hit) return cache!.send(request, reply, found.hit, 'hit');
      build = found?.build;
      const { req, slot } = await pageStage('site data and collections', () => pageToBuild(deps, request, site, path, asJson, found?.slot));
      if (!slot) reply.header(PAGE_CACHE_HEADER, 'bypass');
      // The prefix of a hidden language names no page; any other path is read without its language prefix.
      const route = req.languageHidden ? ({ kind: 'not-found' } as const) : matchPageRoute(req.path);
      const movedTo = movedPagePath(req, route);
      const moved = movedTo && (req.translations?.localizer.pathIn ?? pathInLanguage)(req.language?.prefix ?? '', movedTo);
      if (moved)
        return reply
          .code(301)
          .header('location', search ? `${moved}?${search}` : moved)
          .send();
      const page = withUnlockForm(req, await pageStage('page context builders', () => buildPage(req, route)));
      const movedItem = page.movedTo && (req.translations?.localizer.pathIn ?? pathInLanguage)(req.language?.prefix ?? '', page.movedTo);
      if (movedItem) {
        if (page.movedForPreview) reply.header('cache-control', 'no-store');
        return reply
          .code(page.movedForPreview ? 302 : 301)
          .header('location', search ? `${movedItem}?${search}` : movedItem)
          .send();
      }
      return await respond(deps, request, reply, req, page, asJson, cache && slot ? { cache, slot } : undefined);
    } catch (error) {
      request.log.error({ err: error, reqId: request.id }, 'page failed');
      const req = await pageRequest(deps, request, site, true);
      return respond(deps, request, reply, req, errorPage(String(request.id)), asJson);
    } finally {
      if (build) cache!.endBuild(build);
    }
  };
  app.get('/', { schema: HOME_PAGE_SCHEMA }, handler);
  app.get('/*', { schema: SITE_PAGE_SCHEMA }, handler);
  return handler;
}
