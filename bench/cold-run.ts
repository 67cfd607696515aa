import { cpus, loadavg } from 'node:os';
import { BrowserClient } from '../test/integration/support/browser-client.js';
import { createFreshDatabase, type FreshDatabase } from '../test/integration/support/fresh-database.js';
import { buildServer, runCli, startServer, type ServerProcess } from '../test/integration/support/server-process.js';
import { coldPathBreakdown, STAGES, type Breakdown } from './cold-breakdown.js';
import { measureCase, productCases, type RateCase, type RateResult } from './cold-rates.js';
import { p50p99, rssAt, visitEverySite, type SiteVisits } from './cold-sites.js';
import { rssMb } from './load/stats.js';
import { seedManySites, type ManySites } from './seed-many-sites.js';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const PRODUCT = '/shop/linen-camp-shirt';

const USAGE = `Usage: npm run bench:cold -- [--quick] [--seconds N] [--warmup N] [--connections N] [--runs N] [--sites N] [--clients N] [--solo N]

On PostgreSQL (DATABASE_URL, default ${DEFAULT_DATABASE_URL}; fresh databases are created next to it
and dropped at the end), in one run:
 1. compiles the server as npm start does and starts it (node dist/cli.js serve) on a fresh database
    seeded with the demo, then measures the product page ${PRODUCT} with autocannon: cached (crumb cookie
    only; with _ga, _gid and _fbp added), uncached (a significant cookie bypasses the page cache), its
    ?format=json cached and uncached, and a unique query per request (a miss rendered and stored);
 2. stops it and times the stages of one uncached product page in-process on the same database
    (median of --runs runs, with warm caches and as a site's first visit);
 3. seeds --sites small sites into another fresh database in bulk SQL, starts the compiled server on it,
    visits every site's home page once in random order with --clients clients, and reports first-byte
    latency and the server's RSS after every tenth of the sites; then --solo more sites, one at a time
    (one client: the latency of a first visit without waiting behind other visits).

  --quick          a short smoke run: 2 s per case, 1 s warm-up, 10 runs, 500 sites, 100 solo
  --seconds N      length of each rate case (default 10)
  --warmup N       warm-up seconds per case before it is measured (default 2)
  --connections N  autocannon connections (default 16)
  --runs N         runs per column of the stage breakdown (default 50)
  --sites N        sites to seed and visit (default 10000)
  --clients N      concurrent clients visiting the sites (default 4)
  --solo N         sites visited afterwards by a single client (default 1000)
  --cpu-prof DIR   write a V8 CPU profile of each server process to DIR (read with bench/profile-summary.ts)`;

interface Options {
  seconds: number;
  warmup: number;
  connections: number;
  runs: number;
  sites: number;
  clients: number;
  solo: number;
  quick: boolean;
  cpuProf?: string;
}

function positiveInt(name: string, raw: string | undefined): number {
  if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`--${name} needs a positive integer, got '${raw ?? ''}'`);
  return Number(raw);
}

function parseOptions(argv: string[]): Options | null {
  const options: Options = { seconds: 10, warmup: 2, connections: 16, runs: 50, sites: 10_000, clients: 4, solo: 1000, quick: false };
  const given = new Set<string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return null;
    if (arg === '--quick') {
      options.quick = true;
      continue;
    }
    if (arg === '--cpu-prof') {
      const dir = argv[++i];
      if (!dir || dir.startsWith('--')) throw new Error(`--cpu-prof needs a folder\n\n${USAGE}`);
      options.cpuProf = dir;
      continue;
    }
    const name = arg.replace(/^--/, '') as keyof Options;
    if (!['seconds', 'warmup', 'connections', 'runs', 'sites', 'clients', 'solo'].includes(name)) throw new Error(`Unknown option ${arg}\n\n${USAGE}`);
    (options as unknown as Record<string, number>)[name] = positiveInt(name, argv[++i]);
    given.add(name);
  }
  if (options.quick) {
    const quick: Partial<Options> = { seconds: 2, warmup: 1, runs: 10, sites: 500, solo: 100 };
    for (const [key, value] of Object.entries(quick)) if (!given.has(key)) (options as unknown as Record<string, number>)[key] = value as number;
  }
  return options;
}

/** Things to undo at the end, newest first, even when the run fails or is interrupted. */
class Cleanup {
  private readonly steps: (() => Promise<unknown>)[] = [];
  private running: Promise<void> | undefined;
  /** Node flags of every server started (a CPU profile with --cpu-prof). */
  nodeArgs: string[] = [];

  add(step: () => Promise<unknown>): void {
    this.steps.push(step);
  }

  async database(adminUrl: string, prefix: string): Promise<FreshDatabase> {
    const database = await createFreshDatabase(adminUrl, prefix);
    this.add(() => database.drop());
    return database;
  }

  async server(env: Record<string, string | undefined>): Promise<ServerProcess> {
    const server = await startServer({ env, compiled: true, timeoutMs: 120_000, nodeArgs: this.nodeArgs });
    this.add(() => server.stop());
    return server;
  }

  /** Undoes every step; a second call (the run failing while an interrupt cleans up) waits for the same work. */
  run(): Promise<void> {
    this.running ??= (async () => {
      while (this.steps.length) {
        const step = this.steps.pop()!;
        await step().catch((error: unknown) => console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`));
      }
    })();
    return this.running;
  }
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const log = (line: string) => process.stderr.write(`${line}\n`);

interface Report {
  options: Options;
  databaseUrl: string;
  loadBefore: number;
  rates: { key: RateCase['key']; label: string; expected: string; result: RateResult }[];
  demoRss: { afterStart: number; afterRates: number };
  breakdown: Breakdown;
  /** The same stages for the home page of one of the many small sites. */
  siteBreakdown: Breakdown;
  seeded: ManySites;
  sitesRss: { afterStart: number };
  visits: SiteVisits;
  /** The sites visited afterwards by one client. */
  soloVisits: SiteVisits;
  loadAfter: number;
  minutes: number;
}

async function measureRates(server: ServerProcess, options: Options): Promise<Report['rates']> {
  const visitor = new BrowserClient({ siteHost: 'demo.localhost' });
  const home = await visitor.send(server.port, 'GET', '/');
  if (home.status !== 200 || !visitor.crumb) throw new Error(`GET / on the demo: HTTP ${home.status}, crumb ${visitor.crumb ?? 'missing'}`);
  const out: Report['rates'] = [];
  for (const rate of productCases(`demo.localhost:${server.port}`, visitor.crumb, PRODUCT)) {
    await measureCase(server.port, rate, { connections: options.connections, seconds: options.warmup });
    const result = await measureCase(server.port, rate, { connections: options.connections, seconds: options.seconds });
    log(`  ${rate.label}: x-page-cache ${result.probe}, ${fmt(result.rps, 0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`);
    out.push({ key: rate.key, label: rate.label, expected: rate.expected, result });
  }
  return out;
}

function printRates(report: Report): void {
  const { rates, options } = report;
  console.log(
    `\n### Product page ${PRODUCT} (autocannon, ${options.connections} connections, ${options.seconds} s per case after ${options.warmup} s warm-up)\n`,
  );
  console.log('| case | x-page-cache (probe) | req/s | p50 ms | p99 ms | non-2xx/total |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const { label, expected, result: r } of rates) {
    const probe = r.probe === expected ? r.probe : `**${r.probe}** (expected ${expected})`;
    console.log(`| ${label} | ${probe} | ${fmt(r.rps, 0)} | ${r.p50} | ${r.p99} | ${r.failures}/${r.total} |`);
  }
  const rps = (key: RateCase['key']) => rates.find((r) => r.key === key)?.result.rps ?? Number.NaN;
  const ratio = (part: RateCase['key'], whole: RateCase['key']) => `${fmt(rps(part) / rps(whole), 3)} (1 : ${fmt(rps(whole) / rps(part), 0)})`;
  console.log(
    `\nUncached/cached req/s: HTML ${ratio('uncached', 'cached')}, JSON ${ratio('uncachedJson', 'cachedJson')}; miss-and-store/cached ${ratio('missAndStore', 'cached')}.`,
  );
  console.log(`Foreign cookies (_ga, _gid, _fbp)/crumb only: ${fmt(rps('foreign') / rps('cached'), 2)}.`);
  console.log(`Server RSS: ${fmt(report.demoRss.afterStart, 0)} MB after start, ${fmt(report.demoRss.afterRates, 0)} MB after the rate cases.`);
}

function printBreakdown(title: string, b: Breakdown): void {
  console.log(`\n### ${title}: stages of one uncached page, ${b.host}${b.path} (in-process, median of ${b.runs} runs per column)\n`);
  console.log('| stage | warm caches ms | SQL | first visit of the site ms | SQL |');
  console.log('|---|---:|---:|---:|---:|');
  for (const stage of STAGES)
    console.log(`| ${stage} | ${fmt(b.warm.ms[stage], 2)} | ${b.warm.statements[stage]} | ${fmt(b.cold.ms[stage], 2)} | ${b.cold.statements[stage]} |`);
  console.log(`| sum of the stages above response (median of sums) | ${fmt(b.warm.handlerMs, 2)} | | ${fmt(b.cold.handlerMs, 2)} | |`);
  console.log(
    `| the route itself, app.inject wall (statements) | ${fmt(b.warm.routeMs, 2)} | ${b.warm.routeStatements} | ${fmt(b.cold.routeMs, 2)} | ${b.cold.routeStatements} |`,
  );
  console.log(
    `\nThe stages are the route's own (pages/page-stages.ts); statements outside them: ${b.warm.outsideStatements} warm, ${b.cold.outsideStatements} on a first visit. ` +
      `A page-cache miss also compresses the page to store it: ${fmt(b.compressMs, 2)} ms (brotli 5, on the thread pool, of ${fmt(b.htmlBytes / 1024, 0)} KB). React ${b.react} build.`,
  );
}

function printSites(report: Report): void {
  const { visits, soloVisits, options } = report;
  const count = visits.visits;
  const first = p50p99(visits.firstByteMs);
  const total = p50p99(visits.totalMs);
  console.log(`\n### ${count} sites in one process (home page of each, once, random order, ${options.clients} clients)\n`);
  console.log(
    `Seeded ${report.seeded.count} sites in ${fmt((report.seeded.templateMs + report.seeded.cloneMs) / 1000, 1)} s (template site ${fmt(report.seeded.templateMs / 1000, 1)} s, bulk copy ${fmt(report.seeded.cloneMs / 1000, 1)} s). ` +
      `Visited in ${fmt(visits.wallMs / 1000, 1)} s (${fmt(visits.visits / (visits.wallMs / 1000), 0)} sites/s). Statuses ${JSON.stringify(visits.statuses)}, x-page-cache ${JSON.stringify(visits.cache)}.`,
  );
  console.log(
    `First byte p50 ${fmt(first.p50, 1)} ms, p99 ${fmt(first.p99, 1)} ms, max ${fmt(visits.firstByteMs.at(-1)!, 1)} ms; whole response p50 ${fmt(total.p50, 1)} ms, p99 ${fmt(total.p99, 1)} ms.\n`,
  );
  console.log('| sites visited | server RSS MB |');
  console.log('|---:|---:|');
  console.log(`| 0 (after start) | ${fmt(report.sitesRss.afterStart, 0)} |`);
  for (const s of visits.rss.slice(1)) console.log(`| ${s.sites} | ${fmt(s.mb, 0)} |`);
  const tenth = rssAt(visits.rss, Math.round(count / 10));
  const half = rssAt(visits.rss, Math.round(count / 2));
  const all = rssAt(visits.rss, count);
  const growth = half && all ? (100 * (all.mb - half.mb)) / half.mb : Number.NaN;
  const rssTarget = 1024;
  console.log('\n| target | figure | met |');
  console.log('|---|---:|---|');
  console.log(
    `| RSS after all ${count} sites ≤ ${rssTarget} MB | ${fmt(all?.mb ?? Number.NaN, 0)} MB | ${(all?.mb ?? Infinity) <= rssTarget ? 'yes' : '**no**'} |`,
  );
  console.log(`| first-byte p99 ≤ 60 ms | ${fmt(first.p99, 1)} ms | ${first.p99 <= 60 ? 'yes' : '**no**'} |`);
  console.log(
    `| RSS flat within 10 % from site ${half?.sites ?? '?'} to ${all?.sites ?? '?'} | ${growth >= 0 ? '+' : ''}${fmt(growth, 1)} % (${fmt(half?.mb ?? Number.NaN, 0)} → ${fmt(all?.mb ?? Number.NaN, 0)} MB) | ${Math.abs(growth) <= 10 ? 'yes' : '**no**'} |`,
  );
  const solo = p50p99(soloVisits.firstByteMs);
  console.log(
    `\nThen ${soloVisits.visits} more sites, one client: first byte p50 ${fmt(solo.p50, 1)} ms, p99 ${fmt(solo.p99, 1)} ms, max ${fmt(soloVisits.firstByteMs.at(-1)!, 1)} ms ` +
      `(${fmt(soloVisits.visits / (soloVisits.wallMs / 1000), 0)} sites/s; statuses ${JSON.stringify(soloVisits.statuses)}); RSS ${fmt(soloVisits.rss.at(-1)!.mb, 0)} MB after them.`,
  );
  console.log(
    `RSS at ${tenth?.sites ?? '?'} sites: ${fmt(tenth?.mb ?? Number.NaN, 0)} MB, at ${half?.sites ?? '?'}: ${fmt(half?.mb ?? Number.NaN, 0)} MB, at ${all?.sites ?? '?'}: ${fmt(all?.mb ?? Number.NaN, 0)} MB.`,
  );
}

function printReport(report: Report): void {
  const cpu = cpus();
  console.log(`\n## bench:cold, ${new Date().toISOString()}${report.options.quick ? ' (--quick)' : ''}`);
  console.log(`node ${process.version}, ${cpu.length} x ${cpu[0]?.model ?? 'unknown CPU'}; client, server and PostgreSQL share these cores.`);
  console.log(
    `1-minute load average ${fmt(report.loadBefore, 1)} at the start, ${fmt(report.loadAfter, 1)} at the end; the whole run took ${fmt(report.minutes, 1)} min. ` +
      'PostgreSQL pool: 16 connections per process (EMPORIUM_DB_POOL_SIZE default).',
  );
  printRates(report);
  printBreakdown('Cold path, demo product page', report.breakdown);
  printSites(report);
  printBreakdown('Cold path, home page of a small site', report.siteBreakdown);
}

/** Runs the benchmark with command-line arguments `argv`. */
export async function main(argv: string[]): Promise<void> {
  const options = parseOptions(argv);
  if (!options) return void console.log(USAGE);
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const cleanup = new Cleanup();
  if (options.cpuProf) cleanup.nodeArgs = ['--cpu-prof', '--cpu-prof-dir', options.cpuProf];
  const interrupted = (signal: NodeJS.Signals) => {
    log(`\n${signal}: stopping the servers and dropping the databases...`);
    void cleanup.run().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const started = performance.now();
  const report = { options, databaseUrl, loadBefore: loadavg()[0]! } as Report;
  try {
    await buildServer();

    const demo = await cleanup.database(databaseUrl, 'emporium_cold');
    const demoEnv = { DATABASE_URL: demo.url, REDIS_URL: undefined };
    log(`seeding the demo into ${demo.name}...`);
    await runCli(['seed'], { env: demoEnv, compiled: true, timeoutMs: 180_000 });
    const server = await cleanup.server(demoEnv);
    report.demoRss = { afterStart: await rssMb(server.pid), afterRates: Number.NaN };
    log('rate cases:');
    report.rates = await measureRates(server, options);
    report.demoRss.afterRates = await rssMb(server.pid);
    await server.stop();

    log(`stage breakdown (${options.runs} runs per column)...`);
    report.breakdown = await coldPathBreakdown(demo.url, { runs: options.runs, path: PRODUCT, host: 'demo.localhost' });
    await demo.drop();

    const many = await cleanup.database(databaseUrl, 'emporium_cold_sites');
    log(`seeding ${options.sites + options.solo} sites into ${many.name}...`);
    report.seeded = await seedManySites(many.url, options.sites + options.solo);
    const sitesServer = await cleanup.server({ DATABASE_URL: many.url, REDIS_URL: undefined });
    report.sitesRss = { afterStart: await rssMb(sitesServer.pid) };
    log(`visiting ${options.sites} home pages...`);
    const identifiers = Array.from({ length: report.seeded.count }, (_, n) => report.seeded.identifierOf(n));
    report.visits = await visitEverySite({
      port: sitesServer.port,
      pid: sitesServer.pid,
      identifiers: identifiers.slice(0, options.sites),
      concurrency: options.clients,
      sampleEvery: Math.max(1, Math.round(options.sites / 10)),
      onSample: (s) => log(`  ${s.sites} sites: RSS ${fmt(s.mb, 0)} MB`),
    });
    log(`visiting ${options.solo} more, one at a time...`);
    report.soloVisits = await visitEverySite({
      port: sitesServer.port,
      pid: sitesServer.pid,
      identifiers: identifiers.slice(options.sites),
      concurrency: 1,
      sampleEvery: options.solo,
    });
    await sitesServer.stop();
    log("stage breakdown of a small site's home page...");
    report.siteBreakdown = await coldPathBreakdown(many.url, { runs: options.runs, path: '/', host: `${report.seeded.identifierOf(1)}.localhost` });
    report.loadAfter = loadavg()[0]!;
    report.minutes = (performance.now() - started) / 60_000;
    printReport(report);
  } finally {
    await cleanup.run();
  }
}
