import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFreshDatabase, type FreshDatabase } from '../test/integration/support/fresh-database.js';
import { buildServer, REPO_ROOT, runCli, startServer, type ServerProcess } from '../test/integration/support/server-process.js';
import { medianResult, rssMb, type LoadResult } from './load/stats.js';
import { BENCH_PATHS, bytesTarget, emporiumTargets, helloTarget, type BenchTarget, type LoadSettings } from './load/targets.js';
import { hasWrk } from './load/wrk-run.js';

const USAGE = `Usage: npm run bench:server -- [--seconds N] [--rounds N] [--connections N] [--warmup N] [--pg] [--pg-only] [--pages-only] [--no-wrk]

Compiles the server as npm start does and starts it (node dist/cli.js serve) on a fresh PGlite data folder (and with --pg a fresh
PostgreSQL database next to DATABASE_URL's) plus a bare Fastify hello-world and a bare node:http server answering with a byte-identical
copy of the product page's body (same content type), then measures, in
interleaved rounds (baseline, endpoints, baseline, endpoints...), the home page, a product page,
its ?format=json, the same-bytes server, GET shopping-cart and add-to-cart POSTs with autocannon, and the GET pages
with wrk when it is installed. Prints medians over the rounds and RSS after warm-up.

  --seconds N      length of each run (default 5)
  --rounds N       interleaved rounds; medians are over these (default 3)
  --connections N  concurrent connections (default 32)
  --warmup N       seconds of warm-up per endpoint before measuring (default 2)
  --pg             also measure on PostgreSQL (needs DATABASE_URL)
  --pg-only        measure PostgreSQL and not PGlite (needs DATABASE_URL)
  --pages-only     measure the GET pages only (no cart, no add-to-cart)
  --no-wrk         skip wrk even when installed`;

interface Options extends LoadSettings {
  rounds: number;
  warmup: number;
  pg: boolean;
  pglite: boolean;
  pagesOnly: boolean;
  wrk: boolean;
}

function positiveInt(name: string, raw: string | undefined): number {
  if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`--${name} needs a positive integer, got '${raw ?? ''}'`);
  return Number(raw);
}

function parseOptions(argv: string[]): Options | null {
  const options: Options = { seconds: 5, rounds: 3, connections: 32, warmup: 2, pg: false, pglite: true, pagesOnly: false, wrk: true };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return null;
    else if (arg === '--pg') options.pg = true;
    else if (arg === '--pg-only') Object.assign(options, { pg: true, pglite: false });
    else if (arg === '--pages-only') options.pagesOnly = true;
    else if (arg === '--no-wrk') options.wrk = false;
    else if (arg === '--seconds') options.seconds = positiveInt('seconds', argv[++i]);
    else if (arg === '--rounds') options.rounds = positiveInt('rounds', argv[++i]);
    else if (arg === '--connections') options.connections = positiveInt('connections', argv[++i]);
    else if (arg === '--warmup') options.warmup = positiveInt('warmup', argv[++i]);
    else throw new Error(`Unknown option ${arg}\n\n${USAGE}`);
  }
  if (options.pg && !process.env.DATABASE_URL) throw new Error('--pg and --pg-only need DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  return options;
}

async function startChild(script: string, args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'bench', script), ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on port (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${out}`)));
  });
  return { child, port };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** GET a demo-site page (identity encoding): its body bytes and content type. */
function getPage(port: number, path: string): Promise<{ body: Buffer; contentType: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet({ host: '127.0.0.1', port, path, headers: { host: 'demo.localhost', accept: 'text/html' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`GET ${path}: HTTP ${response.statusCode}`));
        else resolve({ body: Buffer.concat(chunks), contentType: String(response.headers['content-type'] ?? 'text/html; charset=utf-8') });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const BYTES_LABEL = 'bare node:http product bytes';
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

function row(tool: string, label: string, r: LoadResult): string {
  const odd = Object.entries(r.statuses)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, n]) => `${code}: ${n}`);
  return `| ${label} | ${tool} | ${fmt(r.rps, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${r.failures}/${r.total}${odd.length ? ` (${odd.join(', ')})` : ''} |`;
}

async function measure(tool: 'autocannon' | 'wrk', baseline: BenchTarget, targets: BenchTarget[], options: Options): Promise<Map<string, LoadResult>> {
  const runs = new Map<string, LoadResult[]>();
  const run = async (target: BenchTarget) => {
    const fn = tool === 'wrk' ? target.wrk! : target.autocannon;
    const result = await fn(options);
    runs.set(target.label, [...(runs.get(target.label) ?? []), result]);
    process.stderr.write(
      `  round ${runs.get(target.label)!.length} ${tool} ${target.label}: ${fmt(result.rps, 0)} req/s, p50 ${fmt(result.p50, 2)} ms, p99 ${fmt(result.p99, 2)} ms\n`,
    );
  };
  for (let round = 0; round < options.rounds; round += 1) {
    for (const target of targets) {
      await run(baseline);
      await run(target);
    }
  }
  return new Map([...runs].map(([label, list]) => [label, medianResult(list)]));
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (!options) {
    console.log(USAGE);
    return;
  }
  await buildServer();
  const dataDir = await mkdtemp(join(tmpdir(), 'emporium-bench-'));
  const servers: { name: string; server: ServerProcess }[] = [];
  let hello: { child: ChildProcess; port: number } | undefined;
  let bytes: { child: ChildProcess; port: number } | undefined;
  let database: FreshDatabase | undefined;
  try {
    if (options.pglite) {
      const pgliteEnv = { EMPORIUM_DATA_DIR: dataDir, DATABASE_URL: undefined, REDIS_URL: undefined };
      let started = performance.now();
      await runCli(['seed'], { env: pgliteEnv });
      process.stderr.write(`seeded a fresh PGlite data folder in ${fmt(performance.now() - started, 0)} ms (${dataDir})\n`);
      started = performance.now();
      servers.push({ name: 'pglite', server: await startServer({ env: pgliteEnv, compiled: true }) });
      process.stderr.write(`pglite server ready in ${fmt(performance.now() - started, 0)} ms\n`);
    }
    if (options.pg) {
      database = await createFreshDatabase(process.env.DATABASE_URL!, 'emporium_bench');
      const pgEnv = { DATABASE_URL: database.url, REDIS_URL: undefined };
      await runCli(['seed'], { env: pgEnv });
      servers.push({ name: 'pg', server: await startServer({ env: pgEnv, compiled: true }) });
    }
    hello = await startChild('hello-server.ts', ['0']);

    const baseline = helloTarget(hello.port);
    const targets: BenchTarget[] = [];
    for (const { name, server } of servers) targets.push(...(await emporiumTargets(name, server.port)).filter((t) => !options.pagesOnly || t.wrk));
    const product = await getPage(servers[0]!.server.port, BENCH_PATHS.product);
    const bodyFile = join(dataDir, 'product-body');
    await writeFile(bodyFile, product.body);
    bytes = await startChild('bytes-server.ts', [bodyFile, product.contentType, '0']);
    targets.splice(1, 0, bytesTarget(bytes.port));

    process.stderr.write(`warming up (${options.warmup} s per endpoint)...\n`);
    for (const target of [baseline, ...targets]) await target.autocannon({ ...options, seconds: options.warmup });
    const rss = new Map<string, number>([
      ['baseline hello', await rssMb(hello.child.pid!)],
      ['bare node:http product bytes', await rssMb(bytes.child.pid!)],
    ]);
    for (const { name, server } of servers) rss.set(name, await rssMb(server.pid));

    const loadBefore = loadavg()[0]!;
    const autocannonResults = await measure('autocannon', baseline, targets, options);
    const useWrk = options.wrk && hasWrk();
    const wrkTargets = targets.filter((t) => t.wrk);
    const wrkResults = useWrk ? await measure('wrk', baseline, wrkTargets, options) : new Map<string, LoadResult>();
    const rssAfter = new Map<string, number>([
      ['baseline hello', await rssMb(hello.child.pid!)],
      ['bare node:http product bytes', await rssMb(bytes.child.pid!)],
    ]);
    for (const { name, server } of servers) rssAfter.set(name, await rssMb(server.pid));

    const loadAfter = loadavg()[0]!;
    const cpu = cpus();
    console.log(`\n## bench:server, ${new Date().toISOString()}`);
    console.log(`node ${process.version}, ${cpu.length} x ${cpu[0]?.model ?? 'unknown CPU'}; client and servers share these cores.`);
    console.log(`1-minute load average: ${fmt(loadBefore, 1)} before the runs, ${fmt(loadAfter, 1)} after (other work on the machine competes for the cores).`);
    console.log(
      `${options.connections} connections, ${options.seconds} s per run, ${options.rounds} interleaved rounds (median), ${options.warmup} s warm-up per endpoint.\n`,
    );
    console.log('| endpoint | tool | req/s | p50 ms | p99 ms | non-2xx/total |');
    console.log('|---|---|---:|---:|---:|---:|');
    for (const [label, result] of autocannonResults) console.log(row(label.endsWith('POST') ? 'node http, 1 IP per 15 adds' : 'autocannon', label, result));
    for (const [label, result] of wrkResults) console.log(row('wrk', label, result));
    const bare = autocannonResults.get(BYTES_LABEL);
    for (const { name } of servers) {
      const page = autocannonResults.get(`${name} product`);
      if (bare && page)
        console.log(
          `\n${name} product page: ${fmt((100 * page.rps) / bare.rps, 0)}% of the same-bytes node:http server's req/s (autocannon, medians), p99 ${fmt(page.p99, 2)} ms.`,
        );
      const shopper = autocannonResults.get(`${name} product, visitor with a cart`);
      if (page && shopper)
        console.log(
          `${name} product page for a visitor with a cart: ${fmt((100 * shopper.rps) / page.rps, 0)}% of the req/s without a cart (autocannon, medians).`,
        );
      const wrkPage = wrkResults.get(`${name} product`);
      const wrkBare = wrkResults.get(BYTES_LABEL);
      if (wrkPage && wrkBare)
        console.log(`${name} product page: ${fmt((100 * wrkPage.rps) / wrkBare.rps, 0)}% of the same-bytes node:http server's req/s (wrk, medians).`);
    }
    if (!useWrk) console.log(options.wrk ? '\n(wrk not installed: apt-get install -y wrk)' : '');
    console.log('\n| process | RSS after warm-up MB | RSS at end MB |');
    console.log('|---|---:|---:|');
    for (const [name, value] of rss) console.log(`| ${name} | ${fmt(value, 0)} | ${fmt(rssAfter.get(name)!, 0)} |`);
    const failed = [...autocannonResults, ...wrkResults].filter(([, r]) => r.failures > 0).map(([label]) => label);
    for (const { name, server } of servers) {
      if (!failed.some((label) => label.startsWith(`${name} `))) continue;
      console.log(`\nLast lines logged by the ${name} server (some responses were not 2xx):\n${server.output().trim().split('\n').slice(-15).join('\n')}`);
    }
  } finally {
    await Promise.all(servers.map(({ server }) => server.stop()));
    if (hello) await stopChild(hello.child);
    if (bytes) await stopChild(bytes.child);
    if (database) await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
