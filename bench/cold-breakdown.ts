import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import pg from 'pg';
import React from 'react';
import { buildApp } from '../packages/server/src/app.js';
import { closeDatabase, openDatabase } from '../packages/server/src/db/index.js';
import { islandFormatter } from '../packages/server/src/pages/island-formatter.js';
import { observePageStages, type PageStage } from '../packages/server/src/pages/page-stages.js';
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
  /** Median of the sum of the stages of one run but `response`. */
  handlerMs: number;
  /** Median wall time of the page route for the request (`app.inject`). */
  routeMs: number;
  /** Median SQL statements the route sent for one request. */
  routeStatements: number;
  /** Median statements sent outside the stages (the page cache's version check, hooks). */
  outsideStatements: number;
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
  /** What a page-cache miss pays on top to store the page: brotli (quality 5) of the HTML, on the thread pool (gzip only when a browser without brotli asks). */
  compressMs: number;
  htmlBytes: number;
  /** React's build in this process (`production` unless NODE_ENV says otherwise before React loads). */
  react: 'production' | 'development';
}

/** The visitor: a crumb plus a significant cookie, so the page cache is bypassed and every run renders. */
const BYPASS_COOKIE = 'ss_unlock_x';

/** The handler's stages (pages/page-stages.ts) by the names printed here. */
const HANDLER_STAGES: Record<PageStage, Stage> = {
  'site data and collections': 'site data and collections',
  'page context builders': 'page context builders',
  'base context': 'base context',
  'theme context': 'theme context',
  'JSON-T render': 'JSON-T render (without islands)',
};

interface RunCounters {
  stage: Stage | undefined;
  stageStart: number;
  ms: Record<Stage, number>;
  statements: Record<Stage, number>;
  islandMs: number;
  renderEnd: number;
  respondedAt: number;
  routeStatements: number;
}

let counters: RunCounters | undefined;
const zeroes = (): Record<Stage, number> => Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;

function startStage(stage: Stage): void {
  if (!counters) return;
  counters.stage = stage;
  counters.stageStart = performance.now();
}

function endStage(stage: Stage): void {
  if (!counters) return;
  const now = performance.now();
  counters.ms[stage] += now - counters.stageStart;
  counters.stage = undefined;
  if (stage === 'JSON-T render (without islands)') counters.renderEnd = now;
}

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

let islandsInstrumented = false;

/** Times the `island` formatter inside the render (once per process). */
function instrumentIslands(): void {
  if (islandsInstrumented) return;
  islandsInstrumented = true;
  const apply = islandFormatter.apply;
  islandFormatter.apply = function (this: unknown, ...args: Parameters<typeof apply>) {
    const t0 = performance.now();
    try {
      return apply.apply(this, args);
    } finally {
      if (counters) counters.islandMs += performance.now() - t0;
    }
  };
}

function figures(samples: { ms: Record<Stage, number>; statements: Record<Stage, number>; routeMs: number; routeStatements: number }[]): StageFigures {
  const per = (pick: (s: (typeof samples)[number]) => Record<Stage, number>) =>
    Object.fromEntries(STAGES.map((stage) => [stage, median(samples.map((s) => pick(s)[stage]))])) as Record<Stage, number>;
  const inStages = (s: (typeof samples)[number]) => STAGES.reduce((sum, stage) => sum + s.statements[stage], 0);
  return {
    ms: per((s) => s.ms),
    statements: per((s) => s.statements),
    handlerMs: median(samples.map((s) => STAGES.reduce((sum, stage) => (stage === 'response' ? sum : sum + s.ms[stage]), 0))),
    routeMs: median(samples.map((s) => s.routeMs)),
    routeStatements: median(samples.map((s) => s.routeStatements)),
    outsideStatements: median(samples.map((s) => s.routeStatements - inStages(s))),
  };
}

/**
 * Times the stages of one uncached page (the demo's product page by default) in-process: builds
 * the app on the database at `databaseUrl` and requests the page from its route (`app.inject`)
 * with a cookie that bypasses the page cache, `runs` times with warm caches and `runs` times as
 * a site's first visit. The stages are the route's own: the page handler tells them to an
 * observer (pages/page-stages.ts); the site's resolution, the `island` formatter (inside the
 * render) and the database pool are wrapped in place, and `response` runs from the end of the
 * render to Fastify's `onResponse` (the page encoded, the headers, the socket write).
 */
export async function coldPathBreakdown(databaseUrl: string, options: { runs: number; path?: string; host?: string }): Promise<Breakdown> {
  const path = options.path ?? '/shop/linen-camp-shirt';
  const host = options.host ?? 'demo.localhost';
  const db = await openDatabase({ databaseUrl, migrate: false });
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    instrumentPool((db as unknown as { $client: pg.Pool }).$client);
    instrumentIslands();
    const app = await buildApp({ db, config: { logLevel: 'silent', redisUrl: undefined }, pages: true });
    observePageStages({ start: (stage) => startStage(HANDLER_STAGES[stage]), end: (stage) => endStage(HANDLER_STAGES[stage]) });
    try {
      app.addHook('onResponse', (_request, _reply, done) => {
        if (counters) counters.respondedAt = performance.now();
        done();
      });
      await app.ready();
      const { resolver, crumbs } = app.emporium;
      const resolve = resolver.resolve.bind(resolver);
      resolver.resolve = async (...args: Parameters<typeof resolve>) => {
        startStage('site resolution');
        try {
          return await resolve(...args);
        } finally {
          endStage('site resolution');
        }
      };
      const first = await resolve(host);
      if (first.kind !== 'site') throw new Error(`breakdown: ${host} is not a site`);
      const cookieHeader = `crumb=${crumbs.issue(first.website.id)}; ${BYPASS_COOKIE}=1`;
      const siteId = first.website.id;
      const makeCold = async () => {
        resolver.invalidate();
        await admin.query('update websites set content_version = content_version + 1 where id = $1', [siteId]);
      };
      let lastBody: Buffer = Buffer.alloc(0);
      const measure = async (cold: boolean, runs: number) => {
        const samples = [];
        for (let i = 0; i < runs; i += 1) {
          if (cold) await makeCold();
          const run: RunCounters = {
            stage: undefined,
            stageStart: 0,
            ms: zeroes(),
            statements: zeroes(),
            islandMs: 0,
            renderEnd: 0,
            respondedAt: 0,
            routeStatements: 0,
          };
          counters = run;
          const t0 = performance.now();
          const answer = await app.inject({ url: path, headers: { host, cookie: cookieHeader, accept: 'text/html' } });
          const routeMs = performance.now() - t0;
          await new Promise((resolve) => setImmediate(resolve));
          counters = undefined;
          if (answer.statusCode !== 200 || answer.headers['x-page-cache'] !== 'bypass')
            throw new Error(`breakdown: the route answered ${answer.statusCode}, x-page-cache ${String(answer.headers['x-page-cache'])}`);
          lastBody = answer.rawPayload;
          run.ms['JSON-T render (without islands)'] -= run.islandMs;
          run.ms['island server rendering'] += run.islandMs;
          run.ms.response = run.respondedAt - run.renderEnd;
          samples.push({ ms: run.ms, statements: run.statements, routeMs, routeStatements: run.routeStatements });
        }
        return figures(samples);
      };

      await measure(false, 5);
      const warm = await measure(false, options.runs);
      const cold = await measure(true, options.runs);
      const compressRuns: number[] = [];
      for (let i = 0; i < options.runs; i += 1) {
        const t0 = performance.now();
        brotliCompressSync(lastBody, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: lastBody.length } });
        compressRuns.push(performance.now() - t0);
      }
      return {
        host,
        path,
        runs: options.runs,
        warm,
        cold,
        compressMs: median(compressRuns),
        htmlBytes: lastBody.length,
        react: typeof (React as { captureOwnerStack?: unknown }).captureOwnerStack === 'function' ? 'development' : 'production',
      };
    } finally {
      observePageStages(undefined);
      await app.close();
    }
  } finally {
    await admin.end();
    await closeDatabase(db);
  }
}
