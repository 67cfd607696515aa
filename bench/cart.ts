import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserClient } from '../test/integration/support/browser-client.js';
import { createFreshDatabase, type FreshDatabase } from '../test/integration/support/fresh-database.js';
import { buildServer, runCli, startServer, type ServerProcess } from '../test/integration/support/server-process.js';
import { runManyVisitorsPost } from './load/many-visitors-post.js';
import { medianResult, type LoadResult } from './load/stats.js';
import { BENCH_PATHS } from './load/targets.js';

const USAGE = `Usage: npm run bench:cart -- [--seconds N] [--rounds N] [--connections N] [--warmup N]

Add-to-cart throughput and latency: seeds the demo store on PGlite (temporary data folder) and,
when DATABASE_URL is set, on a fresh PostgreSQL database next to it; starts one server process
on each, then POSTs /api/commerce/shopping-cart/entries (the Oat & Honey Soap, quantity 1,
with a crumb; no cart cookie, so every add creates a cart) in a closed loop from many loopback
source addresses, at most 15 adds per address, so the production per-IP limit (20 per 10 s) is
never hit. Runs are interleaved (PGlite, PostgreSQL, PGlite, ...) and the median of the rounds
is printed: req/s, p50 and p99 in ms, non-2xx. Defaults: 10 s, 3 rounds, 20 connections, 3 s warm-up.`;

interface Options {
  seconds: number;
  rounds: number;
  connections: number;
  warmup: number;
}

function parseArgs(argv: string[]): Options | undefined {
  const options: Options = { seconds: 10, rounds: 3, connections: 20, warmup: 3 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg === '--help' || arg === '-h') return undefined;
    const n = value && /^\d+$/.test(value) ? Number(value) : NaN;
    if (arg === '--seconds' && n > 0) options.seconds = n;
    else if (arg === '--rounds' && n > 0) options.rounds = n;
    else if (arg === '--connections' && n > 0) options.connections = n;
    else if (arg === '--warmup' && n >= 0) options.warmup = n;
    else throw new Error(`Unknown or incomplete argument: ${arg}\n\n${USAGE}`);
    i++;
  }
  return options;
}

const SITE_HOST = 'demo.localhost';
let range = 60;

/** Everything one add-to-cart run needs on one server. */
interface CartTarget {
  name: string;
  port: number;
  crumb: string;
  body: { itemId: string; sku: string; quantity: number };
}

async function prepare(name: string, server: ServerProcess): Promise<CartTarget> {
  const client = new BrowserClient({ siteHost: SITE_HOST, localAddress: '127.59.0.1' });
  const home = await client.send(server.port, 'GET', BENCH_PATHS.home);
  if (home.status !== 200 || !client.crumb) throw new Error(`GET / on ${name}: HTTP ${home.status}`);
  const product = await client.send(server.port, 'GET', `${BENCH_PATHS.addProduct}?format=json`);
  if (product.status !== 200) throw new Error(`GET ${BENCH_PATHS.addProduct}?format=json on ${name}: HTTP ${product.status}`);
  const item = product.json().item;
  const body = { itemId: item.id as string, sku: item.structuredContent.variants[0].sku as string, quantity: 1 };
  const probe = await client.send(server.port, 'POST', BENCH_PATHS.entries, body);
  if (probe.status !== 200) throw new Error(`add to cart on ${name}: HTTP ${probe.status} ${probe.body}`);
  return { name, port: server.port, crumb: client.crumb, body };
}

function run(target: CartTarget, connections: number, seconds: number): Promise<LoadResult> {
  if (range >= 250) throw new Error('bench:cart: out of 127.x source ranges; use fewer rounds');
  return runManyVisitorsPost({
    port: target.port,
    path: BENCH_PATHS.entries,
    host: `${SITE_HOST}:${target.port}`,
    headers: { accept: 'application/json', cookie: `crumb=${target.crumb}`, 'x-csrf-token': target.crumb },
    body: target.body,
    connections,
    seconds,
    perAddress: 15,
    range: range++,
  });
}

const fmt = (n: number, digits: number) => n.toFixed(digits);

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (!options) {
    console.log(USAGE);
    return;
  }
  await buildServer();
  const dataDir = await mkdtemp(join(tmpdir(), 'emporium-bench-cart-'));
  const servers: { name: string; server: ServerProcess }[] = [];
  let database: FreshDatabase | undefined;
  try {
    const pgliteEnv = { EMPORIUM_DATA_DIR: dataDir, DATABASE_URL: undefined, REDIS_URL: undefined };
    await runCli(['seed'], { env: pgliteEnv });
    servers.push({ name: 'pglite', server: await startServer({ env: pgliteEnv, compiled: true }) });
    if (process.env.DATABASE_URL) {
      database = await createFreshDatabase(process.env.DATABASE_URL, 'emporium_bench_cart');
      const pgEnv = { DATABASE_URL: database.url, REDIS_URL: undefined };
      await runCli(['seed'], { env: pgEnv });
      servers.push({ name: 'pg', server: await startServer({ env: pgEnv, compiled: true }) });
    } else {
      process.stderr.write('DATABASE_URL is not set: PostgreSQL is skipped.\n');
    }
    const targets: CartTarget[] = [];
    for (const { name, server } of servers) targets.push(await prepare(name, server));
    if (options.warmup > 0) for (const target of targets) await run(target, options.connections, options.warmup);

    const results = new Map<string, LoadResult[]>(targets.map((t) => [t.name, []]));
    const loadBefore = loadavg()[0]!;
    for (let round = 0; round < options.rounds; round += 1) {
      for (const target of targets) {
        const result = await run(target, options.connections, options.seconds);
        results.get(target.name)!.push(result);
        process.stderr.write(`  round ${round + 1} ${target.name}: ${fmt(result.rps, 0)} req/s, p50 ${fmt(result.p50, 1)} ms, p99 ${fmt(result.p99, 1)} ms\n`);
      }
    }
    const loadAfter = loadavg()[0]!;
    console.log(`\n## bench:cart, ${new Date().toISOString()}`);
    console.log(
      `node ${process.version}, ${cpus().length} cores shared by client and server; 1-minute load ${fmt(loadBefore, 1)} before, ${fmt(loadAfter, 1)} after.`,
    );
    console.log(
      `${options.connections} connections, ${options.seconds} s per run, median of ${options.rounds} interleaved rounds; each add creates a new cart.\n`,
    );
    console.log('| database | add-to-cart req/s | p50 ms | p99 ms | non-2xx/total |');
    console.log('|---|---:|---:|---:|---:|');
    for (const [name, list] of results) {
      const r = medianResult(list);
      console.log(`| ${name} | ${fmt(r.rps, 0)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.failures}/${r.total} |`);
    }
    const failed = [...results].filter(([, list]) => list.some((r) => r.failures > 0));
    for (const [name, list] of failed) {
      const statuses = list.map((r) => JSON.stringify(r.statuses)).join(' ');
      console.log(`\n${name}: some responses were not 2xx: ${statuses}`);
      process.exitCode = 1;
    }
  } finally {
    await Promise.all(servers.map(({ server }) => server.stop()));
    if (database) await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
