import { AddToCartMessages } from '@emporium/commerce';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects, createTestDb } from '../../test-support/test-db.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { ADDRESS, PAY_OK, Visitor, addProduct } from '../../test-support/commerce-test-kit.js';
import { orders, variants } from '../db/schema.js';
import type { Website } from '../sites/index.js';

const BUYERS = 200;
const UNITS = 10;
const DUPLICATES = 20;

/** A distinct loopback address per visitor, so the production per-IP limits stay in force and are never hit. */
function address(range: number, index: number): string {
  return `10.${range}.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

describe.each(availableDialects())('checkout at scale on %s (production rate limits, one address per visitor)', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let site: Website;

  beforeAll(async () => {
    const testDb = await createTestDb({ dialect, maxConnections: 20 });
    t = await createTestApp({
      testDb,
    });
    app = t.app;
    site = await t.createSite({ identifier: `scale-${dialect}-${process.pid}`, title: 'Scale' });
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.close();
  });

  async function stock(variantId: string): Promise<number> {
    const [row] = await t.testDb.db.select({ q: variants.qtyInStock }).from(variants).where(eq(variants.id, variantId));
    return row!.q;
  }

  it(`${BUYERS} concurrent checkouts of ${BUYERS} distinct carts for ${UNITS} units: exactly ${UNITS} orders, stock 0 and never below, no 5xx`, async () => {
    const product = await addProduct(t.testDb.db, site.id, { title: 'Rare', variants: [{ sku: 'RARE', priceCents: 1500, qtyInStock: UNITS }] });
    const variantId = product.variantIds.RARE!;
    const visitors = Array.from({ length: BUYERS }, (_, i) => new Visitor(app, t.hostOf(site), address(21, i)));
    for (let i = 0; i < BUYERS; i += 20) {
      const adds = await Promise.all(visitors.slice(i, i + 20).map((v) => v.add(product.itemId, 'RARE')));
      expect(adds.map((r) => r.statusCode)).toEqual(adds.map(() => 200));
    }
    expect(new Set(visitors.map((v) => v.cookies.get('emporium_cart'))).size).toBe(BUYERS);

    let lowest = Number.POSITIVE_INFINITY;
    let running = true;
    const watcher = (async () => {
      while (running) {
        lowest = Math.min(lowest, await stock(variantId));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const started = performance.now();
    const responses = await Promise.all(visitors.map((v, i) => v.checkout({ email: `buyer${i}@example.com`, shippingAddress: ADDRESS, payment: PAY_OK })));
    const elapsed = performance.now() - started;
    running = false;
    await watcher;
    lowest = Math.min(lowest, await stock(variantId));

    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const placed = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(placed).toHaveLength(UNITS);
    expect(refused.map((r) => r.statusCode)).toEqual(refused.map(() => 409));
    expect(new Set(refused.map((r) => r.json().message))).toEqual(new Set([AddToCartMessages.NOT_ENOUGH_STOCK]));
    expect(AddToCartMessages.NOT_ENOUGH_STOCK).toBe('Sorry, we do not have enough of that item available.');
    expect(await stock(variantId)).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(0);
    const written = await t.testDb.db.select().from(orders).where(eq(orders.websiteId, site.id));
    expect(written).toHaveLength(UNITS);
    expect(new Set(written.map((o) => o.orderNumber)).size).toBe(UNITS);
    expect(new Set(placed.map((r) => r.json().order.id))).toEqual(new Set(written.map((o) => o.id)));
    console.info(
      `[${dialect}] ${BUYERS} concurrent checkouts for ${UNITS} units: ${placed.length} placed, ${refused.length} refused, lowest stock seen ${lowest}, ${elapsed.toFixed(0)} ms`,
    );
  }, 120_000);

  it(`${DUPLICATES} concurrent submissions of one checkout with one Idempotency-Key: one order, identical responses`, async () => {
    const product = await addProduct(t.testDb.db, site.id, { title: 'Once', variants: [{ sku: 'ONCE', priceCents: 4200, qtyInStock: 50 }] });
    const owner = new Visitor(app, t.hostOf(site), address(22, 0));
    expect((await owner.add(product.itemId, 'ONCE', 3)).statusCode).toBe(200);
    const cartCookie = owner.cookies.get('emporium_cart')!;
    const body = { email: 'once@example.com', shippingAddress: ADDRESS, payment: PAY_OK };
    const key = `scale-${dialect}-${process.pid}`;
    const started = performance.now();
    const responses = await Promise.all(
      Array.from({ length: DUPLICATES }, (_, i) => {
        const tab = new Visitor(app, t.hostOf(site), address(22, i + 1));
        tab.cookies.set('emporium_cart', cartCookie);
        return tab.checkout(body, { 'idempotency-key': key });
      }),
    );
    const elapsed = performance.now() - started;
    expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 200));
    const bodies = new Set(responses.map((r) => r.body));
    expect(bodies.size).toBe(1);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(DUPLICATES - 1);
    const order = responses[0]!.json().order;
    const written = await t.testDb.db.select().from(orders).where(eq(orders.purchasedCartId, order.purchasedCartId));
    expect(written.map((o) => o.id)).toEqual([order.id]);
    expect(await stock(product.variantIds.ONCE!)).toBe(47);
    console.info(`[${dialect}] ${DUPLICATES} concurrent submissions with one key: 1 order, ${bodies.size} distinct body, ${elapsed.toFixed(0)} ms`);
  }, 60_000);
});
