import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { BrowserClient } from '../test/integration/support/browser-client.js';
import { createFreshDatabase, type FreshDatabase } from '../test/integration/support/fresh-database.js';
import { buildServer, runCli, startServer, type ServerProcess } from '../test/integration/support/server-process.js';
import { percentile } from './load/stats.js';
import { BENCH_PATHS } from './load/targets.js';

const USAGE = `Usage: DATABASE_URL=postgres://… npm run bench:checkout -- [--seconds N] [--workers N]

Checkout throughput and latency on PostgreSQL with the built-in test provider: seeds the demo
store in a fresh database, gives its product enough stock, starts one server process, then runs
N shoppers in a closed loop, each: add the product to a new cart, then POST /api/commerce/checkout
with the test card 4242 4242 4242 4242 and an Idempotency-Key. Each shopper comes from its own
loopback address for at most 8 checkouts (the per-IP checkout limit is 10 a minute). Prints
checkouts per second, p50 and p99 of the checkout call, and the add-to-cart figures of the same
run. Defaults: 20 s, 16 shoppers.`;

const SITE_HOST = 'demo.localhost';
const PER_ADDRESS = 8;
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', address1: '1 Main St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };

function parseArgs(argv: string[]): { seconds: number; workers: number } | undefined {
  const options = { seconds: 20, workers: 16 };
  for (let i = 0; i < argv.length; i += 2) {
    const n = Number(argv[i + 1]);
    if (argv[i] === '--help' || argv[i] === '-h') return undefined;
    if (argv[i] === '--seconds' && n > 0) options.seconds = n;
    else if (argv[i] === '--workers' && n > 0) options.workers = n;
    else throw new Error(`Unknown or incomplete argument: ${argv[i]}\n\n${USAGE}`);
  }
  return options;
}

let nextAddress = 0;
function freshAddress(): string {
  nextAddress += 1;
  return `127.61.${(nextAddress >> 8) & 255}.${nextAddress & 255 || 1}`;
}

interface Sample {
  checkoutMs: number;
  addMs: number;
  ok: boolean;
  status: number;
}

async function shopper(port: number, product: { itemId: string; sku: string }, until: number, samples: Sample[]): Promise<void> {
  while (Date.now() < until) {
    const client = new BrowserClient({ siteHost: SITE_HOST, localAddress: freshAddress() });
    await client.send(port, 'GET', BENCH_PATHS.home);
    for (let i = 0; i < PER_ADDRESS && Date.now() < until; i += 1) {
      const addStart = performance.now();
      const add = await client.send(port, 'POST', BENCH_PATHS.entries, { ...product, quantity: 1 });
      const addMs = performance.now() - addStart;
      if (add.status !== 200) {
        samples.push({ checkoutMs: 0, addMs, ok: false, status: add.status });
        continue;
      }
      const start = performance.now();
      const answer = await client.send(
        port,
        'POST',
        '/api/commerce/checkout',
        { email: 'bench@example.com', shippingAddress: ADDRESS, billingAddress: ADDRESS, payment: { provider: 'test', cardNumber: '4242 4242 4242 4242' } },
        { 'idempotency-key': `bench-${nextAddress}-${i}-${Date.now()}` },
      );
      samples.push({ checkoutMs: performance.now() - start, addMs, ok: answer.status === 200, status: answer.status });
      if (answer.status !== 200 && samples.filter((s) => !s.ok).length === 1)
        process.stderr.write(`first failed checkout: HTTP ${answer.status} ${answer.body.slice(0, 300)}\n`);
    }
  }
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (!options) return void console.log(USAGE);
  if (!process.env.DATABASE_URL) throw new Error(`bench:checkout runs on PostgreSQL: set DATABASE_URL.\n\n${USAGE}`);
  await buildServer();
  let database: FreshDatabase | undefined;
  let server: ServerProcess | undefined;
  try {
    database = await createFreshDatabase(process.env.DATABASE_URL, 'emporium_bench_checkout');
    const env = { DATABASE_URL: database.url, REDIS_URL: undefined };
    await runCli(['seed'], { env });
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    await sql.query('UPDATE variants SET qty_in_stock = 10000000');
    await sql.end();
    server = await startServer({ env, compiled: true });
    const probe = new BrowserClient({ siteHost: SITE_HOST, localAddress: '127.61.255.1' });
    const page = await probe.send(server.port, 'GET', `${BENCH_PATHS.addProduct}?format=json`);
    const item = page.json().item;
    const product = { itemId: item.id as string, sku: item.structuredContent.variants[0].sku as string };
    // Warm-up: a few checkouts through the same paths.
    await Promise.all(Array.from({ length: 2 }, () => shopper(server!.port, product, Date.now() + 3000, [])));

    const samples: Sample[] = [];
    const loadBefore = loadavg()[0]!;
    const started = Date.now();
    await Promise.all(Array.from({ length: options.workers }, () => shopper(server!.port, product, started + options.seconds * 1000, samples)));
    const elapsed = (Date.now() - started) / 1000;
    const ok = samples.filter((s) => s.ok);
    const checkout = ok.map((s) => s.checkoutMs).sort((a, b) => a - b);
    const adds = samples.map((s) => s.addMs).sort((a, b) => a - b);
    const statuses: Record<string, number> = {};
    for (const s of samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
    console.log(`\n## bench:checkout, ${new Date().toISOString()}`);
    console.log(
      `node ${process.version}, ${cpus().length} cores shared by client, server and PostgreSQL; 1-minute load ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after.`,
    );
    console.log(`${options.workers} shoppers in a closed loop for ${options.seconds} s, each checkout after its own add to a new cart; test provider.\n`);
    console.log('| step | per second | p50 ms | p99 ms | non-2xx/total |');
    console.log('|---|---:|---:|---:|---:|');
    console.log(
      `| checkout | ${(ok.length / elapsed).toFixed(1)} | ${percentile(checkout, 50).toFixed(1)} | ${percentile(checkout, 99).toFixed(1)} | ${samples.length - ok.length}/${samples.length} |`,
    );
    console.log(
      `| add to cart (same loop) | ${(samples.length / elapsed).toFixed(1)} | ${percentile(adds, 50).toFixed(1)} | ${percentile(adds, 99).toFixed(1)} | |`,
    );
    console.log(`\nstatuses: ${JSON.stringify(statuses)}`);
    if (ok.length < samples.length) process.exitCode = 1;
  } finally {
    await server?.stop();
    await database?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
