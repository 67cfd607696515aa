import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../packages/server/src/db/index.js';
import { OWNER_ORDERS_PATH } from '../packages/server/src/orders/index.js';
import { orderPageQuery } from '../packages/server/src/orders/order-list-repository.js';
import { createTestApp } from '../packages/server/test-support/test-app.js';
import { createTestDb } from '../packages/server/test-support/test-db.js';

const USAGE = `Usage: DATABASE_URL=postgres://... npm run bench:orders -- [--orders N] [--runs N] [--explain]

The owner's order list on PostgreSQL: fills a private schema with N synthetic orders of one
site (default 100,000, one line each, spread over a year, a few statuses, 2,000 distinct
customer names; 20 first names x 100 last names) and 20,000 of a second site, runs ANALYZE, then times GET /api/owner/orders
in process (owner token, no network) for: the first page, a status filter, searches by full
name, last name, a one-letter prefix, email and order number, a search with status and days,
and page 20 of the list. Each case runs --runs times (default 200) after 20 warm-up calls;
prints p50 and p95 in ms. --explain also prints EXPLAIN ANALYZE of the list query for the
first page, a name search and a one-letter search.`;

interface Options {
  orders: number;
  runs: number;
  explain: boolean;
}

function parseArgs(argv: string[]): Options | undefined {
  const options: Options = { orders: 100_000, runs: 200, explain: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return undefined;
    if (arg === '--explain') {
      options.explain = true;
      continue;
    }
    const value = argv[i + 1];
    const n = value && /^\d+$/.test(value) ? Number(value) : NaN;
    if (arg === '--orders' && n > 0) options.orders = n;
    else if (arg === '--runs' && n > 0) options.runs = n;
    else throw new Error(`Unknown or incomplete argument: ${arg}\n\n${USAGE}`);
    i++;
  }
  return options;
}

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'John',
  'Margaret',
  'Ken',
  'Radia',
  'Tim',
  'Sophie',
  'Linus',
  'Hedy',
  'Dennis',
  'Karen',
  'Niklaus',
  'Shafi',
  'Tony',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'McCarthy',
  'Hamilton',
  'Thompson',
  'Perlman',
  'Berners-Lee',
  'Wilson',
  'Torvalds',
  'Lamarr',
  'Ritchie',
  'Jones',
  'Wirth',
  'Goldwasser',
  'Hoare',
  'Backus',
  'Kay',
  'Cerf',
  'Kahn',
  'Naur',
  'Floyd',
  'Rivest',
  'Shamir',
  'Adleman',
  'Diffie',
  'Hellman',
  'Merkle',
  'Lamport',
  'Milner',
  'Scott',
  'Rabin',
  'Hartmanis',
  'Stearns',
  'Cook',
  'Karp',
  'Valiant',
  'Pnueli',
  'Sifakis',
  'Clarke',
  'Emerson',
  'Gray',
  'Codd',
  'Bachman',
  'Stonebraker',
  'Feigenbaum',
  'Reddy',
  'Engelbart',
  'Sutherland',
  'Minsky',
  'Newell',
  'Simon',
  'Wilkes',
  'Hamming',
  'Perlis',
  'Corbato',
  'Iverson',
  'Lampson',
  'Kahan',
  'Tarjan',
  'Hopcroft',
  'Yao',
  'Blum',
  'Sussman',
  'Steele',
  'Liskova',
  'Patterson',
  'Hennessy',
  'Dongarra',
  'Pearl',
  'Bengio',
  'Hinton',
  'LeCun',
  'Aho',
  'Ullman',
  'Catmull',
  'Hanrahan',
  'Metcalfe',
  'Hellerstein',
  'Fox',
  'Lynch',
  'Mead',
  'Conway',
  'Brooks',
  'Parnas',
  'Dahl',
  'Nygaard',
  'Kernighan',
  'Pike',
  'Stroustrup',
  'Gosling',
  'Eich',
  'Matsumoto',
  'vanRossum',
  'Wall',
  'Hickey',
];

/** Inserts `count` orders (one line each) of a site in one statement per table. */
async function fill(db: Db, websiteId: string, count: number, offset: number): Promise<void> {
  const firsts = `ARRAY[${FIRST.map((n) => `'${n}'`).join(',')}]`;
  const lasts = `ARRAY[${LAST.map((n) => `'${n}'`).join(',')}]`;
  await db.execute(
    sql.raw(`
    INSERT INTO orders (id, website_id, order_number, test_mode, status, customer_email, shipping_address, currency,
                        subtotal_cents, grand_total_cents, created_at)
    SELECT md5('${websiteId}' || g::text), '${websiteId}', g, true,
           (ARRAY['PAID','PAID','PAID','FULFILLED','FULFILLED','FULFILLED','FULFILLED','CANCELLED','PAYMENT_FAILED','PENDING'])[1 + g % 10],
           lower((${firsts})[1 + g % ${FIRST.length}] || '.' || (${lasts})[1 + (g / ${FIRST.length}) % ${LAST.length}]) || (g % 7)::text || '@example.com',
           jsonb_build_object('firstName', (${firsts})[1 + g % ${FIRST.length}], 'lastName', (${lasts})[1 + (g / ${FIRST.length}) % ${LAST.length}],
                              'address1', g::text || ' High Street', 'city', 'Leeds', 'postalCode', 'LS1 1AA', 'country', 'GB'),
           'USD', 1000 + g % 9000, 1000 + g % 9000,
           timestamptz '2025-11-24 00:00:00+00' + (g * (365 * 86400.0 / ${count + offset})) * interval '1 second'
    FROM generate_series(${offset + 1}, ${offset + count}) AS g`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO order_items (website_id, order_id, item_id, sku, product_name, quantity, unit_price_cents)
    SELECT '${websiteId}', md5('${websiteId}' || g::text), 'item', 'SKU-' || (g % 50)::text, 'Product ' || (g % 50)::text, 1 + g % 3, 1000
    FROM generate_series(${offset + 1}, ${offset + count}) AS g`),
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (!options) return console.log(USAGE);
  if (!process.env.DATABASE_URL) throw new Error(`bench:orders needs DATABASE_URL (PostgreSQL).\n\n${USAGE}`);
  const testDb = await createTestDb({ dialect: 'pg' });
  const t = await createTestApp({ testDb, config: { ownerToken: 'bench-owner-token' } });
  try {
    const site = await t.createSite({ identifier: 'bench-orders', title: 'Bench orders' });
    const other = await t.createSite({ identifier: 'bench-orders-other', title: 'Other' });
    const started = performance.now();
    await fill(testDb.db, site.id, options.orders, 0);
    await fill(testDb.db, other.id, 20_000, options.orders);
    await testDb.db.execute(sql.raw('ANALYZE orders; ANALYZE order_items; ANALYZE order_refunds'));
    console.log(
      `filled ${options.orders.toLocaleString('en-US')} + 20,000 orders in ${((performance.now() - started) / 1000).toFixed(1)} s (PostgreSQL, schema ${testDb.schemaName})`,
    );

    const get = async (url: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { host: t.hostOf(site), accept: 'application/json', authorization: 'Bearer bench-owner-token' },
      });
      if (response.statusCode !== 200) throw new Error(`GET ${url}: HTTP ${response.statusCode} ${response.body}`);
      return response.json() as { orders: unknown[]; nextPageCursor: string | null };
    };
    let cursor = '';
    for (let i = 0; i < 19; i++) cursor = (await get(`${OWNER_ORDERS_PATH}?cursor=${cursor}`)).nextPageCursor!;
    const cases: Array<[string, string]> = [
      ['first page (50 newest)', OWNER_ORDERS_PATH],
      ['status FULFILLED', `${OWNER_ORDERS_PATH}?status=FULFILLED`],
      ['search name "grace hop"', `${OWNER_ORDERS_PATH}?q=grace%20hop`],
      ['search last name "turing"', `${OWNER_ORDERS_PATH}?q=turing`],
      ['search "a" (broad prefix)', `${OWNER_ORDERS_PATH}?q=a`],
      ['search email "ada.love"', `${OWNER_ORDERS_PATH}?q=ada.love`],
      ['search order number', `${OWNER_ORDERS_PATH}?q=%23${Math.floor(options.orders / 2)}`],
      ['search + status + days', `${OWNER_ORDERS_PATH}?q=k&status=PAID&from=2026-03-01&to=2026-06-30`],
      ['page 20 (cursor)', `${OWNER_ORDERS_PATH}?cursor=${cursor}`],
    ];
    console.log(`\n${'case'.padEnd(28)} ${'rows'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
    for (const [name, url] of cases) {
      for (let i = 0; i < 20; i++) await get(url);
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < options.runs; i++) {
        const t0 = performance.now();
        rows = (await get(url)).orders.length;
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${name.padEnd(28)} ${String(rows).padStart(5)} ${percentile(times, 50).toFixed(2).padStart(8)} ${percentile(times, 95).toFixed(2).padStart(8)}`,
      );
    }
    if (options.explain) {
      const client = (testDb.db as unknown as { $client: { query: (text: string, params: unknown[]) => Promise<{ rows: Array<Record<string, string>> }> } })
        .$client;
      for (const search of [undefined, 'grace hop', 'a']) {
        const query = orderPageQuery(testDb.db, site.id, { search }, undefined, 50).toSQL();
        const plan = await client.query(`EXPLAIN ANALYZE ${query.sql}`, query.params);
        console.log(`\nEXPLAIN ANALYZE (search: ${search ?? 'none'})\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
  } finally {
    await t.close();
    await testDb.close();
  }
}

await main();
