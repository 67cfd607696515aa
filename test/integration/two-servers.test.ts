import { connect } from 'node:net';
import pg from 'pg';
import { AddToCartMessages } from '@emporium/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserClient, type HttpAnswer } from './support/browser-client.js';
import { createFreshDatabase, type FreshDatabase } from './support/fresh-database.js';
import { runCli, startServer, type ServerProcess } from './support/server-process.js';
import { ADD_TO_CART_LIMIT } from '../../packages/server/src/cart/index.js';
import { RATE_LIMITED_MESSAGE } from '../../packages/server/src/http/rate-limit.js';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SITE_HOST = 'demo.localhost';
const LOW_STOCK_PRODUCT = '/shop/beeswax-taper-candles';
const PLENTIFUL_PRODUCT = '/shop/oat-honey-soap';
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', address1: '1 Main St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };
const PAY_OK = { provider: 'test', cardNumber: '4242 4242 4242 4242' };

if (!DATABASE_URL) {
  console.warn('[two-servers] skipped: DATABASE_URL is not set. Two server processes need one shared PostgreSQL (PGlite is single-process).');
}

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(2000, () => (socket.destroy(), resolve(false)));
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

interface ProductInfo {
  itemId: string;
  sku: string;
  qtyInStock: number;
}

async function productInfo(client: BrowserClient, port: number, path: string): Promise<ProductInfo> {
  const answer = await client.send(port, 'GET', `${path}?format=json`);
  expect(answer.status, answer.body).toBe(200);
  const item = answer.json().item;
  const variant = item.structuredContent.variants[0];
  return { itemId: item.id, sku: variant.sku, qtyInStock: variant.qtyInStock };
}

/**
 * The accent colour a browser applies to the page's root: the last top-level `:root` rule's
 * `--color-accent` (the system layer declares its default first, the theme's tweaked tokens
 * after it; colour themes and media queries are not top-level `:root` rules).
 */
function accentInForce(html: string): string | undefined {
  return [...html.matchAll(/(?:^|[>}])\s*:root\s*\{[^}]*?--color-accent:\s*(#[0-9a-f]+)/gi)].at(-1)?.[1];
}

/** Waits until the current fixed rate-limit window has at least `needMs` left. */
async function atWindowStart(windowMs: number, needMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe.skipIf(!DATABASE_URL)('two emporium serve processes on one PostgreSQL and one Redis', () => {
  let database: FreshDatabase;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    if (!(await reachable(REDIS_URL))) throw new Error(`Redis is not reachable at ${REDIS_URL}; start it or set REDIS_URL`);
    database = await createFreshDatabase(DATABASE_URL!);
    const env = { DATABASE_URL: database.url, REDIS_URL, EMPORIUM_DATA_DIR: undefined };
    await runCli(['seed'], { env });
    servers = await Promise.all([startServer({ env }), startServer({ env })]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (database) await database.drop();
  });

  it('runs two separate processes, each serving the seeded demo site', async () => {
    expect(servers).toHaveLength(2);
    expect(servers[0]!.pid).not.toBe(servers[1]!.pid);
    expect(servers[0]!.port).not.toBe(servers[1]!.port);
    const client = new BrowserClient({ siteHost: SITE_HOST });
    for (const server of servers) {
      const home = await client.send(server.port, 'GET', '/');
      expect(home.status).toBe(200);
      expect(home.body).toContain('Fern &amp; Field');
    }
  });

  it('shows a style change (the accent colour) and a theme switch on the next page of both processes', async () => {
    const client = new BrowserClient({ siteHost: SITE_HOST });
    for (const server of servers) expect(accentInForce((await client.send(server.port, 'GET', '/')).body)).toBe('#24513d');
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    try {
      const accent = JSON.stringify({ default: { accentColor: '#7a2e8c' } });
      await sql.query(`UPDATE websites SET settings = settings || jsonb_build_object('themeTweaks', $1::jsonb) WHERE identifier = 'demo'`, [accent]);
      for (const server of servers) {
        const home = await client.send(server.port, 'GET', '/');
        expect(accentInForce(home.body)).toBe('#7a2e8c');
      }
      await sql.query(`UPDATE websites SET settings = settings || '{"theme":"magazine"}'::jsonb WHERE identifier = 'demo'`);
      for (const server of servers) expect((await client.send(server.port, 'GET', '/journal')).body).toContain('class="masthead');
    } finally {
      await sql.query(`UPDATE websites SET settings = (settings - 'themeTweaks') || '{"theme":"default"}'::jsonb WHERE identifier = 'demo'`);
      await sql.end();
    }
  });

  it('never oversells: 16 buyers split over both processes, 3 in stock -> 3 orders, 13 refusals, stock 0', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const product = await productInfo(new BrowserClient({ siteHost: SITE_HOST }), a.port, LOW_STOCK_PRODUCT);
    expect(product.qtyInStock).toBe(3);

    const buyers = Array.from({ length: 16 }, (_, i) => new BrowserClient({ siteHost: SITE_HOST, localAddress: `127.0.1.${i + 1}` }));
    const addOn = (i: number) => (i % 2 === 0 ? a : b);
    const payOn = (i: number) => (i % 2 === 0 ? b : a);
    await Promise.all(
      buyers.map(async (buyer, i) => {
        const page = await buyer.send(addOn(i).port, 'GET', LOW_STOCK_PRODUCT);
        expect(page.status).toBe(200);
        expect(buyer.crumb, 'a page GET issues the crumb cookie').toMatch(/^[A-Za-z0-9_-]{16,}$/);
        const added = await buyer.send(addOn(i).port, 'POST', '/api/commerce/shopping-cart/entries', {
          itemId: product.itemId,
          sku: product.sku,
          quantity: 1,
        });
        expect(added.status, added.body).toBe(200);
        expect(buyer.cookies.get('emporium_cart')).toMatch(/^[0-9a-f]{32}$/);
      }),
    );

    const started = performance.now();
    const answers: HttpAnswer[] = await Promise.all(
      buyers.map((buyer, i) =>
        buyer.send(payOn(i).port, 'POST', '/api/commerce/checkout', { email: `buyer${i}@example.com`, shippingAddress: ADDRESS, payment: PAY_OK }),
      ),
    );
    const elapsed = performance.now() - started;
    const placed = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 409);
    expect(answers.map((r) => r.status).sort(), answers.map((r) => r.body).join('\n')).toEqual([...Array(3).fill(200), ...Array(13).fill(409)]);
    expect(refused.every((r) => r.json().message === AddToCartMessages.NOT_ENOUGH_STOCK)).toBe(true);
    expect(answers.filter((_, i) => payOn(i) === a)).toHaveLength(8);

    for (const server of servers) {
      const stock = await new BrowserClient({ siteHost: SITE_HOST }).send(server.port, 'GET', `/api/commerce/inventory/stock/?itemId=${product.itemId}`);
      expect(stock.json().results).toEqual([{ unlimited: false, qtyInStock: 0 }]);
    }
    const [variant] = await database.query('SELECT qty_in_stock FROM variants WHERE sku = $1', [product.sku]);
    expect(variant.qty_in_stock).toBe(0);
    const orders = await database.query('SELECT id, order_number FROM orders');
    expect(orders).toHaveLength(3);
    expect(new Set(orders.map((o) => o.order_number)).size).toBe(3);
    expect(new Set(placed.map((r) => r.json().order.id))).toEqual(new Set(orders.map((o) => o.id)));
    console.info(
      `[two-servers] 16 concurrent checkouts over 2 processes for 3 units: ${placed.length} placed, ${refused.length} refused in ${elapsed.toFixed(0)} ms`,
    );
  });

  it('shares the add-to-cart rate limit: 30 adds alternating over both processes -> the first 20 accepted, then 429 with Retry-After', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const visitor = new BrowserClient({ siteHost: SITE_HOST, localAddress: '127.0.2.1' });
    const product = await productInfo(visitor, a.port, PLENTIFUL_PRODUCT);
    expect(visitor.crumb).toBeUndefined();
    const page = await visitor.send(b.port, 'GET', PLENTIFUL_PRODUCT);
    expect(page.status).toBe(200);
    expect(visitor.crumb).toBeDefined();

    await atWindowStart(ADD_TO_CART_LIMIT.windowMs, 6_000);
    const results: { server: ServerProcess; answer: HttpAnswer }[] = [];
    for (let i = 0; i < 30; i += 1) {
      const server = i % 2 === 0 ? a : b;
      visitor.cookies.delete('emporium_cart');
      const answer = await visitor.send(server.port, 'POST', '/api/commerce/shopping-cart/entries', { itemId: product.itemId, sku: product.sku, quantity: 1 });
      results.push({ server, answer });
    }
    const statuses = results.map((r) => r.answer.status);
    expect(statuses, `statuses by port: ${results.map((r) => `${r.server.port}:${r.answer.status}`).join(' ')}`).toEqual([
      ...Array(ADD_TO_CART_LIMIT.max).fill(200),
      ...Array(30 - ADD_TO_CART_LIMIT.max).fill(429),
    ]);
    for (const server of servers) {
      const own = results.filter((r) => r.server === server);
      expect(own).toHaveLength(15);
      expect(own.length, 'alone, neither process saw more adds than the limit').toBeLessThanOrEqual(ADD_TO_CART_LIMIT.max);
      expect(
        own.filter((r) => r.answer.status === 429),
        'yet each process refused some: the counter is shared',
      ).toHaveLength(5);
    }
    for (const { answer } of results.filter((r) => r.answer.status === 429)) {
      expect(answer.json().message).toBe(RATE_LIMITED_MESSAGE);
      const retryAfter = Number(answer.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(ADD_TO_CART_LIMIT.windowMs / 1000);
    }
    expect(results[ADD_TO_CART_LIMIT.max - 1]!.answer.headers['ratelimit-remaining']).toBe('0');

    const other = new BrowserClient({ siteHost: SITE_HOST, localAddress: '127.0.2.2' });
    await other.send(a.port, 'GET', PLENTIFUL_PRODUCT);
    const elsewhere = await other.send(b.port, 'POST', '/api/commerce/shopping-cart/entries', { itemId: product.itemId, sku: product.sku, quantity: 1 });
    expect(elsewhere.status, 'the limit is per visitor IP, not global').toBe(200);
  });
});
