import { crumbForHost } from '../packages/server/test-support/test-app.js';
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '@emporium/template';
import { buildApp } from '../packages/server/src/app.js';
import { closeDatabase, openDatabase } from '../packages/server/src/db/index.js';
import { seedDemo } from '../packages/server/src/seed/index.js';
import { createFreshDatabase, type FreshDatabase } from '../test/integration/support/fresh-database.js';
import { median } from './load/stats.js';

const USAGE = `Usage: npx tsx bench/page-profile.ts [--pg] [--requests N] [--trace PATH] [--no-cart]

Builds the app in-process on a freshly seeded database (PGlite in a temp folder, or with --pg a
fresh PostgreSQL database next to DATABASE_URL's), then requests each storefront page N times
(default 30) one after the other and reports per request: wall time, SQL statements and the
time spent in them, time in template rendering (Engine#render), template compilations
(Engine#compile) and file reads. Statements repeated within one request are listed: that is
where N+1 queries show. --trace PATH prints every statement of one request to PATH, in order.
--no-cart sends no cart cookie (a first-time visitor); by default the visitor has a one-entry cart.`;

interface Counters {
  queries: string[];
  dbMs: number;
  renderMs: number;
  compiles: number;
  fileReads: string[];
}

let current: Counters | null = null;
const fresh = (): Counters => ({ queries: [], dbMs: 0, renderMs: 0, compiles: 0, fileReads: [] });

function sqlText(args: unknown[]): string {
  const first = args[0];
  const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '?');
  const params = Array.isArray(args[1]) ? args[1] : ((first as { values?: unknown[] } | undefined)?.values ?? []);
  return `${text.replace(/\s+/g, ' ').trim()} -- params ${JSON.stringify(params)}`;
}

const shape = (q: string) => q.slice(0, q.lastIndexOf(' -- params '));

function timed<T extends (...args: any[]) => any>(fn: T, record: (ms: number, args: unknown[]) => void): T {
  return function (this: unknown, ...args: unknown[]) {
    const t0 = performance.now();
    const result = fn.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      return (result as Promise<unknown>).finally(() => record(performance.now() - t0, args));
    }
    record(performance.now() - t0, args);
    return result;
  } as T;
}

/**
 * Counts every statement sent through the database client (PGlite instance or pg Pool; on a
 * pool, `pool.query` and clients checked out with promise-style `connect()` for transactions).
 */
function instrumentClient(client: any): void {
  const onQuery = (ms: number, args: unknown[]) => {
    if (!current) return;
    current.queries.push(sqlText(args));
    current.dbMs += ms;
  };
  client.query = timed(client.query.bind(client), onQuery);
  if (typeof client.exec === 'function') client.exec = timed(client.exec.bind(client), onQuery);
  if (typeof client.connect === 'function' && typeof client.totalCount === 'number') {
    const connect = client.connect.bind(client);
    client.connect = async (...args: unknown[]) => {
      if (typeof args[0] === 'function') return connect(...args);
      const pooled = await connect();
      if (!pooled.__counted) {
        const query = pooled.query.bind(pooled);
        const counted = timed(query, onQuery);
        pooled.query = (...a: unknown[]) => (pooled.__explicit ? counted(...a) : query(...a));
        const release = pooled.release.bind(pooled);
        pooled.release = (...a: unknown[]) => {
          pooled.__explicit = false;
          return release(...a);
        };
        pooled.__counted = true;
      }
      pooled.__explicit = true;
      return pooled;
    };
  }
}

function instrumentProcess(): void {
  const render = Engine.prototype.render;
  Engine.prototype.render = timed(render, (ms) => current && (current.renderMs += ms));
  const compile = Engine.prototype.compile;
  Engine.prototype.compile = timed(compile, () => current && (current.compiles += 1));
  const onRead = (_ms: number, args: unknown[]) => current?.fileReads.push(String(args[0]));
  fs.readFileSync = timed(fs.readFileSync, onRead);
  fs.readFile = timed(fs.readFile, onRead) as typeof fs.readFile;
  fsPromises.readFile = timed(fsPromises.readFile, onRead);
  syncBuiltinESMExports();
}

function parseArgs(argv: string[]): { pg: boolean; requests: number; trace: string | undefined; cart: boolean } | null {
  const options = { pg: false, requests: 30, trace: undefined as string | undefined, cart: true };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--help') return null;
    if (argv[i] === '--pg') options.pg = true;
    else if (argv[i] === '--no-cart') options.cart = false;
    else if (argv[i] === '--trace' && argv[i + 1]?.startsWith('/')) options.trace = argv[++i];
    else if (argv[i] === '--requests' && /^\d+$/.test(argv[i + 1] ?? '')) options.requests = Number(argv[++i]);
    else throw new Error(`Unknown option ${argv[i]}\n\n${USAGE}`);
  }
  if (options.pg && !process.env.DATABASE_URL) throw new Error('--pg needs DATABASE_URL');
  return options;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (!options) return void console.log(USAGE);
  const dataDir = await mkdtemp(join(tmpdir(), 'emporium-profile-'));
  let database: FreshDatabase | undefined;
  if (options.pg) database = await createFreshDatabase(process.env.DATABASE_URL!, 'emporium_profile');
  const db = await openDatabase(database ? { databaseUrl: database.url } : { dataDir });
  try {
    await seedDemo(db);
    instrumentClient((db as unknown as { $client: unknown }).$client);
    instrumentProcess();
    const app = await buildApp({ db, config: { logLevel: 'silent', redisUrl: undefined }, pages: true });
    const host = 'demo.localhost';
    const crumb = await crumbForHost(app, host);
    const soap = (await app.inject({ url: '/shop/oat-honey-soap?format=json', headers: { host } })).json().item;
    const added = await app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      headers: { host, cookie: `crumb=${crumb}`, 'x-csrf-token': crumb, 'content-type': 'application/json' },
      payload: { itemId: soap.id, sku: soap.structuredContent.variants[0].sku, quantity: 1 },
    });
    const cartCookie = /emporium_cart=([0-9a-f]{32})/.exec(String(added.headers['set-cookie']))?.[1];
    if (added.statusCode !== 200 || !cartCookie) throw new Error(`add to cart failed: HTTP ${added.statusCode} ${added.body}`);
    const cookie = options.cart ? `crumb=${crumb}; emporium_cart=${cartCookie}` : `crumb=${crumb}`;
    const pages = options.trace
      ? [options.trace]
      : ['/', '/shop', '/shop/linen-camp-shirt', '/shop/linen-camp-shirt?format=json', '/journal', '/cart', '/api/commerce/shopping-cart'];

    console.log(
      `\n## page-profile on ${options.pg ? 'PostgreSQL' : 'PGlite'} (${options.requests} sequential requests per page, medians; ${options.cart ? 'with a one-entry cart' : 'no cart cookie'})\n`,
    );
    console.log('| path | status | wall ms | SQL statements | SQL ms | render ms | compiles | file reads |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    const repeated: string[] = [];
    for (const url of pages) {
      const runs: { wall: number; counters: Counters; status: number }[] = [];
      for (let i = 0; i < options.requests + 3; i += 1) {
        current = fresh();
        const t0 = performance.now();
        const response = await app.inject({
          url,
          headers: { host, cookie, accept: url.includes('format=json') || url.startsWith('/api') ? 'application/json' : 'text/html' },
        });
        const wall = performance.now() - t0;
        if (i >= 3) runs.push({ wall, counters: current, status: response.statusCode });
        current = null;
      }
      const m = (f: (r: (typeof runs)[number]) => number) => median(runs.map(f));
      console.log(
        `| ${url} | ${runs[0]!.status} | ${m((r) => r.wall).toFixed(2)} | ${m((r) => r.counters.queries.length)} | ${m((r) => r.counters.dbMs).toFixed(2)} | ${m((r) => r.counters.renderMs).toFixed(2)} | ${m((r) => r.counters.compiles)} | ${m((r) => r.counters.fileReads.length)} |`,
      );
      if (options.trace) runs.at(-1)!.counters.queries.forEach((q, i) => console.log(`${i + 1}. ${q}`));
      const exact = new Map<string, number>();
      const shapes = new Map<string, Set<string>>();
      for (const q of runs.at(-1)!.counters.queries) {
        exact.set(q, (exact.get(q) ?? 0) + 1);
        shapes.set(shape(q), (shapes.get(shape(q)) ?? new Set()).add(q));
      }
      for (const [q, n] of exact) if (n > 1) repeated.push(`${url}: ${n}x identical (same parameters): ${shape(q).slice(0, 160)}`);
      for (const [q, set] of shapes) if (set.size > 1) repeated.push(`${url}: ${set.size} parameter sets of: ${q.slice(0, 160)}`);
      for (const f of new Set(runs.at(-1)!.counters.fileReads)) repeated.push(`${url}: file read per request: ${f}`);
    }
    console.log(
      repeated.length ? `\nRepeated within one request:\n${repeated.map((r) => `- ${r}`).join('\n')}` : '\nNo statement repeated within one request.',
    );
    await app.close();
  } finally {
    await closeDatabase(db);
    if (database) await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
