import { AddToCartMessages } from '@emporium/commerce';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects, createTestDb } from '../../test-support/test-db.js';
import { createTestApp } from '../../test-support/test-app.js';
import { idempotencyKeys, orders, variants } from '../db/schema.js';
import { ADDRESS, PAY_OK, Visitor, addProduct, unlimitedStore } from '../../test-support/commerce-test-kit.js';
import pg from 'pg';
import { closeDatabase, openDatabase } from '../db/index.js';
import type { FastifyInstance } from 'fastify';
import type { Website } from '../sites/index.js';
import type { TestApp } from '../../test-support/test-app.js';

describe.each(availableDialects())('checkout under concurrency on %s', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let site: Website;

  beforeAll(async () => {
    const testDb = await createTestDb({ dialect, maxConnections: 20 });
    t = await createTestApp({
      testDb,
      rateLimitStore: unlimitedStore,
    });
    app = t.app;
    site = await t.createSite({ identifier: `conc-${dialect}-${process.pid}`, title: 'Concurrency' });
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.close();
  });

  async function stock(variantId: string): Promise<number> {
    const [row] = await t.testDb.db.select({ q: variants.qtyInStock }).from(variants).where(eq(variants.id, variantId));
    return row!.q;
  }

  it('20 concurrent checkouts for 5 units: exactly 5 orders, 15 refusals, stock 0, never below', async () => {
    const product = await addProduct(t.testDb.db, site.id, { title: 'Scarce', variants: [{ sku: 'SCARCE', priceCents: 1000, qtyInStock: 5 }] });
    const visitors = Array.from({ length: 20 }, (_, i) => new Visitor(app, t.hostOf(site), `10.1.0.${i + 1}`));
    for (const v of visitors) expect((await v.add(product.itemId, 'SCARCE')).statusCode).toBe(200);
    const started = performance.now();
    const responses = await Promise.all(visitors.map((v) => v.checkout({ email: 'buyer@example.com', shippingAddress: ADDRESS, payment: PAY_OK })));
    const elapsed = performance.now() - started;
    const ok = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    expect(refused.every((r) => r.json().message === AddToCartMessages.NOT_ENOUGH_STOCK)).toBe(true);
    expect(await stock(product.variantIds.SCARCE!)).toBe(0);
    const placed = await t.testDb.db.select().from(orders).where(eq(orders.websiteId, site.id));
    expect(placed).toHaveLength(5);
    expect(new Set(placed.map((o) => o.orderNumber)).size).toBe(5);
    console.info(`[${dialect}] 20 concurrent checkouts for 5 units: ${ok.length} placed, ${refused.length} refused in ${elapsed.toFixed(0)} ms`);
  });

  it.runIf(dialect === 'pg')('two app instances with their own pools on one PostgreSQL never oversell', async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: `-c search_path=${t.testDb.schemaName}` });
    const secondDb = await openDatabase({ pool });
    const secondApp = await createTestApp({
      testDb: { db: secondDb, dialect: 'pg', schemaName: t.testDb.schemaName, close: async () => {} },
      rateLimitStore: unlimitedStore,
    });
    try {
      const product = await addProduct(t.testDb.db, site.id, { title: 'Shared', variants: [{ sku: 'SHARED', priceCents: 1000, qtyInStock: 5 }] });
      const visitors = Array.from({ length: 20 }, (_, i) => new Visitor(i % 2 ? secondApp.app : app, t.hostOf(site), `10.4.0.${i + 1}`));
      for (const v of visitors) expect((await v.add(product.itemId, 'SHARED')).statusCode).toBe(200);
      const responses = await Promise.all(visitors.map((v) => v.checkout({ email: 'b@example.com', shippingAddress: ADDRESS, payment: PAY_OK })));
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(5);
      expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(15);
      expect(await stock(product.variantIds.SHARED!)).toBe(0);
    } finally {
      await secondApp.close();
      await closeDatabase(secondDb);
      await pool.end();
    }
  });

  it('the same Idempotency-Key returns the same order, sequentially and concurrently, taking stock once', async () => {
    const product = await addProduct(t.testDb.db, site.id, { title: 'Keyed', variants: [{ sku: 'KEYED', priceCents: 2500, qtyInStock: 10 }] });
    const visitor = new Visitor(app, t.hostOf(site), '10.2.0.1');
    await visitor.add(product.itemId, 'KEYED', 2);
    const cartCookie = visitor.cookies.get('emporium_cart')!;
    const body = { email: 'k@example.com', shippingAddress: ADDRESS, payment: PAY_OK };
    const key = `key-${dialect}-1`;
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () => {
        const clone = new Visitor(app, t.hostOf(site), '10.2.0.1');
        clone.cookies.set('emporium_cart', cartCookie);
        return clone.checkout(body, { 'idempotency-key': key });
      }),
    );
    expect(attempts.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(attempts.map((r) => r.json().order.id));
    expect(ids.size).toBe(1);
    expect(attempts.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    const retry = await visitor.checkout(body, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().order.id).toBe([...ids][0]);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await stock(product.variantIds.KEYED!)).toBe(8);
    const placed = await t.testDb.db.select().from(orders).where(eq(orders.purchasedCartId, attempts[0]!.json().order.purchasedCartId));
    expect(placed).toHaveLength(1);

    visitor.cookies.set('emporium_cart', cartCookie);
    const changed = await visitor.checkout({ ...body, email: 'other@example.com' }, { 'idempotency-key': key });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().message).toBe('This Idempotency-Key was already used with a different request.');
    const bad = await visitor.checkout(body, { 'idempotency-key': 'has space' });
    expect(bad.statusCode).toBe(400);
  });

  it('a failed attempt does not burn its key: the retry with the same key can succeed', async () => {
    const product = await addProduct(t.testDb.db, site.id, { title: 'Retry', variants: [{ sku: 'RETRY', priceCents: 2500, qtyInStock: 1 }] });
    const visitor = new Visitor(app, t.hostOf(site), '10.3.0.1');
    await visitor.add(product.itemId, 'RETRY');
    const key = `key-${dialect}-2`;
    const declined = await visitor.checkout(
      { email: 'k@example.com', shippingAddress: ADDRESS, payment: { provider: 'test', cardNumber: '4000000000000002' } },
      { 'idempotency-key': key },
    );
    expect(declined.statusCode).toBe(422);
    const keys = await t.testDb.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(keys).toHaveLength(0);
    const paid = await visitor.checkout({ email: 'k@example.com', shippingAddress: ADDRESS, payment: PAY_OK }, { 'idempotency-key': key });
    expect(paid.statusCode).toBe(200);
  });
});
