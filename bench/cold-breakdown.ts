import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import React from 'react';
import { Engine } from '@emporium/template';
import { loadSystemLayer } from '@emporium/theme';
import { buildApp } from '../packages/server/src/app.js';
import { closeDatabase, openDatabase, websites, type Db } from '../packages/server/src/db/index.js';
import { baseContext } from '../packages/server/src/pages/context/base-context.js';
import { buildPage } from '../packages/server/src/pages/context/build-page.js';
import type { PageRequest } from '../packages/server/src/pages/context/page-request.js';
import { themeRenderContext } from '../packages/server/src/pages/context/theme-context.js';
import { loadIslandAssets } from '../packages/server/src/pages/island-assets.js';
import { islandFormatter } from '../packages/server/src/pages/island-formatter.js';
import { visitorSite, withUnlockForm } from '../packages/server/src/pages/page-access.js';
import { matchPageRoute } from '../packages/server/src/pages/page-route.js';
import { renderPage, systemAssets } from '../packages/server/src/pages/theme-renderer.js';
import { pageBytes, systemStyle } from '../packages/server/src/pages/system-style.js';
import { PageReads, siteDataAt, type PageReader } from '../packages/server/src/site-data/index.js';
import { PageCache } from '../packages/server/src/pages/page-cache/index.js';
import { canonicalOrigin, siteOrigin, type Website } from '../packages/server/src/sites/index.js';
import { SiteStyles, type ActiveTheme } from '../packages/server/src/themes/index.js';
import { median } from './load/stats.js';

/** The stages of an uncached page, in the page handler's order. */
export const STAGES = [
  'site resolution',
  'site data and collections',
  'page context builders',
  'base context',
  'theme context',
  'JSON-T render (without islands)',
  'island server rendering',
  'response',
] as const;
/** One of {@link STAGES}. */
export type Stage = (typeof STAGES)[number];

/** Medians of one set of runs: ms and SQL statements per stage. */
export interface StageFigures {
  ms: Record<Stage, number>;
  statements: Record<Stage, number>;
  /** Median of the sum of the stages of one run (the first seven; `response` is the route's). */
  handlerMs: number;
  /** Median SQL statements of the stages of one run (equal to {@link routeStatements} while the stages follow the handler). */
  handlerStatements: number;
  /** Median wall time of the page route itself for the same request (`app.inject`). */
  routeMs: number;
  /** Median SQL statements the route sent for one request. */
  routeStatements: number;
}

/** What {@link coldPathBreakdown} measured. */
export interface Breakdown {
  host: string;
  path: string;
  runs: number;
  /** Caches as a steady stream of uncached requests finds them: resolver answer, site data and theme compiled. */
  warm: StageFigures;
  /** A site's first visit: the resolver's answers dropped and the site's content version bumped before each run. */
  cold: StageFigures;
  /** What a page-cache miss pays on top to store the page: brotli (quality 5) and gzip (level 6) of the HTML. */
  compressMs: number;
  htmlBytes: number;
  /** The HTML the stages produced is byte-identical to the route's answer. */
  sameHtml: boolean;
  /** React's build in this process (`production` unless NODE_ENV says otherwise before React loads). */
  react: 'production' | 'development';
}

/** The visitor: a crumb plus a significant cookie, so the page cache is bypassed and every run renders. */
const BYPASS_COOKIE = 'ss_unlock_x';

interface RunCounters {
  stage: Stage | undefined;
  statements: Record<Stage, number>;
  islandMs: number;
  lastRenderEnd: number;
  respondedAt: number;
  routeStatements: number;
}

let counters: RunCounters | undefined;
const zeroes = (): Record<Stage, number> => Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;

/** Counts statements sent through the pool (pages read outside transactions) for the current stage. */
function instrumentPool(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    if (counters) {
      counters.routeStatements += 1;
      if (counters.stage) counters.statements[counters.stage] += 1;
    }
    return query(...args);
  };
}

let renderingInstrumented = false;

/** Times the `island` formatter and notes when the last template render ended (once per process). */
function instrumentRendering(): void {
  if (renderingInstrumented) return;
  renderingInstrumented = true;
  const apply = islandFormatter.apply;
  islandFormatter.apply = function (this: unknown, ...args: Parameters<typeof apply>) {
    const t0 = performance.now();
    try {
      return apply.apply(this, args);
    } finally {
      if (counters) counters.islandMs += performance.now() - t0;
    }
  };
  const render = Engine.prototype.render;
  Engine.prototype.render = function (this: Engine, ...args: Parameters<typeof render>) {
    try {
      return render.apply(this, args);
    } finally {
      if (counters) counters.lastRenderEnd = performance.now();
    }
  };
}

/** `performance.now()` around one stage, counting its statements. */
async function timed<T>(run: RunCounters, ms: Record<Stage, number>, stage: Stage, fn: () => T | Promise<T>): Promise<T> {
  run.stage = stage;
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    ms[stage] += performance.now() - t0;
    run.stage = undefined;
  }
}

/** Settings keys the page handler reads fresh for every page it builds. */
const THEME_SETTINGS = ['theme', 'themeVersion', 'themeTweaks', 'blockFields', 'pageLayouts'] as const;

/** The page handler's `freshSiteState`: the site's content version and its look at the reader's page version, one statement per version. */
async function freshSiteState(reader: PageReader, site: Website): Promise<{ site: Website; contentVersion: number }> {
  return reader.read('site-state', (db) => readSiteState(db, site));
}

async function readSiteState(db: Db, site: Website): Promise<{ site: Website; contentVersion: number }> {
  const rows = await db
    .select({
      contentVersion: websites.contentVersion,
      look: sql<Record<string, unknown>>`jsonb_build_object(${sql.raw(THEME_SETTINGS.map((k) => `'${k}', settings->'${k}'`).join(', '))})`,
    })
    .from(websites)
    .where(eq(websites.id, site.id))
    .limit(1);
  const row = rows[0];
  if (!row) return { site, contentVersion: -1 };
  const settings: Record<string, unknown> = { ...site.settings };
  for (const key of THEME_SETTINGS) {
    if (row.look[key] === null || row.look[key] === undefined) delete settings[key];
    else settings[key] = row.look[key];
  }
  if (typeof settings.theme !== 'string') settings.theme = site.settings.theme;
  return { site: { ...site, settings: settings as Website['settings'] }, contentVersion: row.contentVersion };
}

function themePagesOf(theme: ActiveTheme): ReadonlyMap<string, { title: string; description: string }> {
  return new Map([...theme.compiled.source.pages].map(([name, p]) => [name, { title: p.conf.title ?? name, description: p.conf.description ?? '' }]));
}

function figures(
  samples: { ms: Record<Stage, number>; statements: Record<Stage, number>; handlerMs: number; routeMs: number; routeStatements: number }[],
): StageFigures {
  const per = (pick: (s: (typeof samples)[number]) => Record<Stage, number>) =>
    Object.fromEntries(STAGES.map((stage) => [stage, median(samples.map((s) => pick(s)[stage]))])) as Record<Stage, number>;
  return {
    ms: per((s) => s.ms),
    statements: per((s) => s.statements),
    handlerMs: median(samples.map((s) => s.handlerMs)),
    handlerStatements: median(samples.map((s) => STAGES.reduce((sum, stage) => sum + s.statements[stage], 0))),
    routeMs: median(samples.map((s) => s.routeMs)),
    routeStatements: median(samples.map((s) => s.routeStatements)),
  };
}

/**
 * Times the stages of one uncached page (the demo's product page by default) in-process: builds
 * the app on the database at `databaseUrl`, then, for each run, takes the page handler's steps
 * itself in its order (resolve the site, read its data and collections, build the page's
 * context, the base context, the theme context, render), each wrapped in `performance.now()`,
 * with the `island` formatter timed inside the render; then requests the same page from the
 * route (`app.inject`) and times its response (from the end of its last template render to
 * Fastify's `onResponse`). No server code is changed: the database pool, `Engine#render` and
 * the `island` formatter are wrapped in place. The steps follow `pageRequest` and `respond` of
 * `pages/page-handler.ts` for an uncached HTML page; the HTML and the statement counts are
 * returned beside the route's, so a handler that has moved on shows.
 */
export async function coldPathBreakdown(databaseUrl: string, options: { runs: number; path?: string; host?: string }): Promise<Breakdown> {
  const path = options.path ?? '/shop/linen-camp-shirt';
  const host = options.host ?? 'demo.localhost';
  const db = await openDatabase({ databaseUrl, migrate: false });
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    instrumentPool((db as unknown as { $client: pg.Pool }).$client);
    instrumentRendering();
    const app = await buildApp({ db, config: { logLevel: 'silent', redisUrl: undefined }, pages: true });
    try {
      app.addHook('onResponse', (_request, _reply, done) => {
        if (counters) counters.respondedAt = performance.now();
        done();
      });
      await app.ready();
      const { resolver, themes, config, crumbs } = app.emporium;
      const first = await resolver.resolve(host);
      if (first.kind !== 'site') throw new Error(`breakdown: ${host} is not a site`);
      const crumb = crumbs.issue(first.website.id);
      const cookies = { crumb, [BYPASS_COOKIE]: '1' };
      const cookieHeader = `crumb=${crumb}; ${BYPASS_COOKIE}=1`;
      const styles = new SiteStyles();
      const islands = loadIslandAssets();
      const system = { faviconUrl: systemAssets().faviconUrl, style: systemStyle(loadSystemLayer().css) };
      const engine = themes.engine;
      const versions = new PageCache();
      const pageReads = new PageReads();

      /** The page handler's steps for one request, timed: its HTML. */
      const stages = async (run: RunCounters, ms: Record<Stage, number>): Promise<string> => {
        const resolution = await timed(run, ms, 'site resolution', () => resolver.resolve(host));
        if (resolution.kind !== 'site') throw new Error(`breakdown: ${host} did not resolve`);
        const now = new Date();
        const req = await timed(run, ms, 'site data and collections', async (): Promise<PageRequest> => {
          const reader = pageReads.at(db, resolution.website.id, await versions.pageVersion(db, resolution.website.id));
          const fresh = await freshSiteState(reader, resolution.website);
          const site = visitorSite(fresh.site, cookies, now.getTime());
          const data = siteDataAt(db, site.id, fresh.contentVersion);
          const theme = await themes.forSettings(site.settings);
          return {
            themePages: themePagesOf(theme),
            db,
            site,
            cookies,
            crumb,
            path,
            query: {},
            siteOrigin: siteOrigin(site.identifier, config),
            origin: canonicalOrigin(site, config),
            now,
            cartId: undefined,
            // An HTML page other than cart, checkout and search is built without the cart (decision 0022).
            cartShownByBrowser: true,
            islandsEnabled: islands.enabled,
            collections: await data.collections(),
            siteData: data,
            reader,
          };
        });
        const page = await timed(run, ms, 'page context builders', async () => withUnlockForm(req, await buildPage(req, matchPageRoute(path))));
        const context = await timed(run, ms, 'base context', () => baseContext(req, page, { favicon: system.faviconUrl }));
        const { theme, themeRender } = await timed(run, ms, 'theme context', async () => {
          const theme = await themes.forSettings(req.site.settings);
          const render = context.render as Record<string, unknown>;
          render.scripts = islands.tags();
          render.styles = islands.styles();
          render.headScripts = islands.headScripts();
          const stored = (req.site.settings.themeTweaks as Record<string, Record<string, unknown>> | undefined)?.[theme.id];
          const style = await styles.styleOf(theme, stored);
          const themeRender = await themeRenderContext(req, page, context, theme, style, {
            headMeta: String(render.headMeta ?? ''),
            headScripts: String(render.headScripts),
            styles: String(render.styles),
            favicon: system.faviconUrl,
            systemStyle: system.style.marker,
          });
          render.theme = themeRender;
          return { theme, themeRender };
        });
        run.islandMs = 0;
        const rendered = await timed(run, ms, 'JSON-T render (without islands)', () =>
          renderPage(engine, theme, page.templateName, String(themeRender.layout), context, { locale: req.site.settings.locale, now: req.now.getTime() }),
        );
        ms['JSON-T render (without islands)'] -= run.islandMs;
        ms['island server rendering'] += run.islandMs;
        if (rendered.errors.length) throw new Error(`breakdown: template errors ${JSON.stringify(rendered.errors.slice(0, 3))}`);
        return rendered.html;
      };

      const siteId = first.website.id;
      const makeCold = async () => {
        resolver.invalidate();
        await admin.query('update websites set content_version = content_version + 1 where id = $1', [siteId]);
      };
      let lastHtml = '';
      let routeHtml = '';
      const measure = async (cold: boolean, runs: number) => {
        const samples = [];
        for (let i = 0; i < runs; i += 1) {
          if (cold) await makeCold();
          const run: RunCounters = { stage: undefined, statements: zeroes(), islandMs: 0, lastRenderEnd: 0, respondedAt: 0, routeStatements: 0 };
          const ms = zeroes();
          counters = run;
          lastHtml = await stages(run, ms);
          counters = undefined;
          const handlerMs = STAGES.reduce((sum, stage) => sum + ms[stage], 0);
          if (cold) await makeCold();
          const route: RunCounters = { stage: undefined, statements: zeroes(), islandMs: 0, lastRenderEnd: 0, respondedAt: 0, routeStatements: 0 };
          counters = route;
          const t0 = performance.now();
          const answer = await app.inject({ url: path, headers: { host, cookie: cookieHeader, accept: 'text/html' } });
          const routeMs = performance.now() - t0;
          await new Promise((resolve) => setImmediate(resolve));
          counters = undefined;
          if (answer.statusCode !== 200 || answer.headers['x-page-cache'] !== 'bypass')
            throw new Error(`breakdown: the route answered ${answer.statusCode}, x-page-cache ${String(answer.headers['x-page-cache'])}`);
          routeHtml = answer.body;
          ms.response = route.respondedAt - route.lastRenderEnd;
          samples.push({ ms, statements: run.statements, handlerMs, routeMs, routeStatements: route.routeStatements });
        }
        return figures(samples);
      };

      await measure(false, 5);
      const warm = await measure(false, options.runs);
      const cold = await measure(true, options.runs);
      const compressRuns: number[] = [];
      const identity = Buffer.from(lastHtml, 'utf8');
      for (let i = 0; i < options.runs; i += 1) {
        const t0 = performance.now();
        brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length } });
        gzipSync(identity, { level: 6 });
        compressRuns.push(performance.now() - t0);
      }
      return {
        host,
        path,
        runs: options.runs,
        warm,
        cold,
        compressMs: median(compressRuns),
        htmlBytes: identity.length,
        sameHtml: lastHtml === routeHtml,
        react: typeof (React as { captureOwnerStack?: unknown }).captureOwnerStack === 'function' ? 'development' : 'production',
      };
    } finally {
      await app.close();
    }
  } finally {
    await admin.end();
    await closeDatabase(db);
  }
}
