import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { closeDatabase, openDatabase, type Db } from '../packages/server/src/db/index.js';
import type { RateLimitStore } from '../packages/server/src/http/rate-limit.js';
import { analyticsReport } from '../packages/server/src/analytics/index.js';
import { createWebsite } from '../packages/server/src/sites/repository.js';
import { createTestDb } from '../packages/server/test-support/test-db.js';

const USAGE = `Usage: npm run bench:ingest -- [--seconds N] [--concurrency N] [--sites N] [--events-per-site N] [--queries N] [--kill-after S]

Analytics ingestion and report figures (issue 13), on PGlite and, when DATABASE_URL is set, on
PostgreSQL:
1. Sustained events/s: page-view events (POST /api/v1/clanker/events, as text/plain beacons)
   sent in-process (app.inject) by --concurrency callers for --seconds; an event counts only
   when the call answered 202 with accepted 1 (stored and committed).
2. Durability: a child process ingests into an on-disk PGlite folder or a PostgreSQL schema
   and prints each acknowledged event; it is killed with SIGKILL after --kill-after seconds,
   then the events it acknowledged are looked up: lost = acknowledged but not stored.
3. Report latency (PostgreSQL only): rollups standing for --events-per-site page views on each
   of --sites sites over 30 days are generated, then --queries reports of 30 days for random
   sites are timed (p50, p95).
--report-only runs step 3 alone.
Defaults: 10 s, 16 callers, 1000 sites, 10000 events a site, 200 queries, kill after 4 s.`;

interface Options {
  seconds: number;
  concurrency: number;
  sites: number;
  eventsPerSite: number;
  queries: number;
  killAfter: number;
  reportOnly: boolean;
}

function parseArgs(argv: string[]): Options | undefined {
  const options: Options = { seconds: 10, concurrency: 16, sites: 1000, eventsPerSite: 10_000, queries: 200, killAfter: 4, reportOnly: false };
  const flags: Record<string, Exclude<keyof Options, 'reportOnly'>> = {
    '--seconds': 'seconds',
    '--concurrency': 'concurrency',
    '--sites': 'sites',
    '--events-per-site': 'eventsPerSite',
    '--queries': 'queries',
    '--kill-after': 'killAfter',
  };
  for (let i = 0; i < argv.length; i += 2) {
    if (argv[i] === '--help' || argv[i] === '-h') return undefined;
    if (argv[i] === '--report-only') {
      options.reportOnly = true;
      i -= 1;
      continue;
    }
    const key = flags[argv[i]!];
    const n = Number(argv[i + 1]);
    if (!key || !(n > 0)) throw new Error(`Unknown or incomplete argument: ${argv[i]}\n\n${USAGE}`);
    options[key] = n;
  }
  return options;
}

/** Rate-limit counters that never refuse: the bench measures storage, not the limiter. */
const unlimited: RateLimitStore = { hit: async () => 1, close: async () => {} };

const SITE = 'ingest-bench';
const HOST = `${SITE}.localhost`;

async function appOn(db: Db) {
  const app = await buildApp({ db, pages: false, rateLimitStore: unlimited, config: loadConfig({ LOG_LEVEL: 'silent' }) });
  await app.ready();
  return app;
}

function pageView(n: number, path = `/p/${n % 50}`): string {
  return JSON.stringify({
    eventSchemaName: 'page_view',
    eventContent: JSON.stringify({
      page_host: HOST,
      page_path: path,
      session_id: `s-${n % 500}`,
      event_occurrence_timestamp: Date.now(),
      page_referrer_url: n % 3 === 0 ? 'https://news.example/' : '',
    }),
  });
}

type App = Awaited<ReturnType<typeof appOn>>;

async function sendOne(app: App, n: number, path?: string): Promise<boolean> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/clanker/events',
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    headers: {
      host: HOST,
      'content-type': 'text/plain;charset=UTF-8',
      'sec-fetch-site': 'same-origin',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
    },
    payload: pageView(n, path),
  });
  return response.statusCode === 202 && response.json().accepted === 1;
}

async function throughput(name: string, db: Db, options: Options): Promise<void> {
  await createWebsite(db, { identifier: SITE, title: 'Bench' });
  const app = await appOn(db);
  let next = 0;
  let accepted = 0;
  let refused = 0;
  const warmEnd = Date.now() + 1000;
  while (Date.now() < warmEnd) await sendOne(app, next++);
  const start = Date.now();
  const end = start + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (Date.now() < end) {
        if (await sendOne(app, next++)) accepted++;
        else refused++;
      }
    }),
  );
  const seconds = (Date.now() - start) / 1000;
  console.log(
    `${name}: ${Math.round(accepted / seconds)} events/s accepted and committed (${accepted} in ${seconds.toFixed(1)} s, ${options.concurrency} callers, ${refused} not accepted)`,
  );
  await app.close();
}

/** Child: ingest until killed, printing `ACK n` after each acknowledged event. */
async function child(dialect: string, target: string): Promise<void> {
  const db =
    dialect === 'pglite'
      ? await openDatabase({ dataDir: target })
      : await openDatabase({ pool: new pg.Pool({ connectionString: process.env.DATABASE_URL, options: `-c search_path=${target}` }) });
  await createWebsite(db, { identifier: SITE, title: 'Kill' });
  const app = await appOn(db);
  console.log('READY');
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (;;) {
        const n = next++;
        if (await sendOne(app, n, `/ack/${n}`)) console.log(`ACK ${n}`);
      }
    }),
  );
}

async function durability(dialect: 'pglite' | 'pg', options: Options): Promise<void> {
  let target: string;
  let folder: string | undefined;
  if (dialect === 'pglite') {
    folder = await mkdtemp(join(tmpdir(), 'ingest-kill-'));
    target = folder;
  } else {
    target = `bench_kill_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${target}`);
    await admin.end();
  }
  const proc = spawn(process.execPath, [...process.execArgv, process.argv[1]!, '--child', dialect, target], { stdio: ['ignore', 'pipe', 'inherit'] });
  const acked = new Set<string>();
  let killedAt = 0;
  await new Promise<void>((resolve) => {
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      if (line === 'READY') {
        setTimeout(() => {
          killedAt = acked.size;
          proc.kill('SIGKILL');
        }, options.killAfter * 1000);
      } else if (line.startsWith('ACK ')) acked.add(`/ack/${line.slice(4)}`);
    });
    proc.on('exit', () => resolve());
  });
  const db =
    dialect === 'pglite'
      ? await openDatabase({ dataDir: target })
      : await openDatabase({ pool: new pg.Pool({ connectionString: process.env.DATABASE_URL, options: `-c search_path=${target}` }) });
  const result = (await db.execute(sql`SELECT path FROM analytics_events WHERE path LIKE '/ack/%'`)) as unknown as { rows: Array<{ path: string }> };
  const stored = new Set(result.rows.map((r) => r.path));
  const lost = [...acked].filter((path) => !stored.has(path)).length;
  console.log(
    `${dialect}: SIGKILL after ${options.killAfter} s: ${acked.size} events acknowledged (${killedAt} when the kill was sent), ${stored.size} stored, ${lost} acknowledged events lost`,
  );
  await closeDatabase(db);
  if (folder) await rm(folder, { recursive: true, force: true });
  else {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA ${target} CASCADE`);
    await admin.end();
  }
}

/** Generates rollups standing for `eventsPerSite` page views on each site over the 30 days before today. */
async function seedRollups(db: Db, options: Options): Promise<string[]> {
  const { sites, eventsPerSite } = options;
  await db.execute(sql`INSERT INTO websites (identifier, title) SELECT 'r' || i, 'Site ' || i FROM generate_series(1, ${sites}) AS i`);
  const ids = ((await db.execute(sql`SELECT id FROM websites WHERE identifier LIKE 'r%'`)) as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
  const combos = 4;
  const perRow = Math.max(1, Math.round(eventsPerSite / (720 * combos)));
  const sessions = Math.max(1, Math.round(eventsPerSite / 3));
  const start = sql`(date_trunc('day', now()) - interval '29 days')`;
  await db.execute(sql`INSERT INTO analytics_hourly (website_id, hour, page_type, referrer, utm_source, utm_medium, utm_campaign, device, browser, page_views, entries)
    SELECT w.id, ${start} + h * interval '1 hour', (ARRAY['home','item','collection','cart'])[c], CASE WHEN c = 1 THEN 'news.example' ELSE '' END, '', '', '', (ARRAY['desktop','phone','tablet','desktop'])[c], 'Chrome', ${perRow}, ${Math.max(1, Math.round(perRow / 3))}
    FROM websites w, generate_series(0, 719) AS h, generate_series(1, ${combos}) AS c WHERE w.identifier LIKE 'r%'`);
  await db.execute(sql`INSERT INTO analytics_sessions (website_id, session_hash, day, visitor_hash, started_at, last_seen_at, page_views)
    SELECT w.id, md5(w.id || s), (${start} + (s % 30) * interval '1 day')::date, md5(w.id || (s / 2)), ${start} + (s % 30) * interval '1 day', ${start} + (s % 30) * interval '1 day' + interval '5 minutes', 1 + s % 4
    FROM websites w, generate_series(1, ${sessions}) AS s WHERE w.identifier LIKE 'r%'`);
  await db.execute(sql`INSERT INTO analytics_daily_pages (website_id, day, path, page_type, views)
    SELECT w.id, (${start} + d * interval '1 day')::date, '/p/' || p, 'item', ${Math.max(1, Math.round(eventsPerSite / 30 / 50))}
    FROM websites w, generate_series(0, 29) AS d, generate_series(1, 50) AS p WHERE w.identifier LIKE 'r%'`);
  await db.execute(sql`INSERT INTO analytics_daily_products (website_id, day, item_id, views)
    SELECT w.id, (${start} + d * interval '1 day')::date, 'item' || p, 3 FROM websites w, generate_series(0, 29) AS d, generate_series(1, 20) AS p WHERE w.identifier LIKE 'r%'`);
  await db.execute(sql`INSERT INTO analytics_vitals (website_id, day, page_type, metric, bucket, count)
    SELECT w.id, (${start} + d * interval '1 day')::date, (ARRAY['home','item','collection'])[t], (ARRAY['lcp','fcp','cls','inp','ttfb'])[m], 120 + b, 5
    FROM websites w, generate_series(0, 29) AS d, generate_series(1, 3) AS t, generate_series(1, 5) AS m, generate_series(1, 8) AS b WHERE w.identifier LIKE 'r%'`);
  await db.execute(sql`INSERT INTO analytics_errors (website_id, fingerprint, error_type, message, example_stack, count, first_seen, last_seen)
    SELECT w.id, md5(w.id || e), 'TypeError', 'x is undefined ' || e, 'at f', 30, ${start}, now() FROM websites w, generate_series(1, 5) AS e WHERE w.identifier LIKE 'r%'`);
  await db.execute(sql`INSERT INTO analytics_error_days (website_id, fingerprint, day, count)
    SELECT e.website_id, e.fingerprint, (${start} + d * interval '1 day')::date, 1 FROM analytics_errors e, generate_series(0, 29) AS d`);
  await db.execute(sql`ANALYZE`);
  return ids;
}

async function reportLatency(options: Options): Promise<void> {
  const testDb = await createTestDb({ dialect: 'pg' });
  try {
    const seedStart = Date.now();
    const ids = await seedRollups(testDb.db, options);
    const counted = (await testDb.db.execute(
      sql`SELECT (SELECT count(*) FROM analytics_hourly) AS hourly, (SELECT count(*) FROM analytics_sessions) AS sessions, (SELECT coalesce(sum(page_views), 0) FROM analytics_hourly) AS views`,
    )) as unknown as { rows: Array<Record<string, string>> };
    const c = counted.rows[0]!;
    console.log(
      `postgresql: ${ids.length} sites, ${c.views} page views in hourly rollups (${c.hourly} hourly rows, ${c.sessions} sessions), generated in ${((Date.now() - seedStart) / 1000).toFixed(0)} s`,
    );
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    const times: number[] = [];
    for (let i = 0; i < options.queries; i++) {
      const site = ids[Math.floor(Math.random() * ids.length)]!;
      const t0 = performance.now();
      await analyticsReport(testDb.db, site, { from, to });
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(times.length * q) - 1)]!.toFixed(1);
    console.log(`postgresql: 30-day report for a random site, ${options.queries} queries: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
  } finally {
    await testDb.close();
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv[0] === '--child') return child(argv[1]!, argv[2]!);
  const options = parseArgs(argv);
  if (!options) {
    console.log(USAGE);
    return;
  }
  if (options.reportOnly) {
    if (!process.env.DATABASE_URL) throw new Error('--report-only needs DATABASE_URL');
    return reportLatency(options);
  }
  const pglite = await createTestDb({ dialect: 'pglite' });
  await throughput('pglite', pglite.db, options);
  await pglite.close();
  if (process.env.DATABASE_URL) {
    const postgres = await createTestDb({ dialect: 'pg', maxConnections: 10 });
    await throughput('postgresql', postgres.db, options);
    await postgres.close();
  }
  await durability('pglite', options);
  if (process.env.DATABASE_URL) {
    await durability('pg', options);
    await reportLatency(options);
  } else {
    console.log('report latency: set DATABASE_URL to measure it on PostgreSQL');
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
