import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects, createTestDb } from '../../test-support/test-db.js';
import { cookieFrom, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { closeDatabase, openDatabase } from '../db/index.js';
import { cartEntries, carts, idempotencyKeys } from '../db/schema.js';
import type { Website } from '../sites/index.js';
import { Visitor, addProduct, unlimitedStore } from '../../test-support/commerce-test-kit.js';

const MISMATCH = 'This Idempotency-Key was already used with a different request.';

describe.each(availableDialects())('idempotent add-to-cart (double adds) on %s', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let site: Website;
  let shirt: { itemId: string };
  let ip = 0;

  beforeAll(async () => {
    const testDb = await createTestDb({ dialect, maxConnections: 20 });
    t = await createTestApp({
      testDb,
      rateLimitStore: unlimitedStore,
    });
    app = t.app;
    site = await t.createSite({ identifier: `idem-${dialect}-${process.pid}`, title: 'Idempotent adds' });
    shirt = await addProduct(t.testDb.db, site.id, { title: 'Shirt', variants: [{ sku: 'SHIRT', priceCents: 4500, qtyInStock: 50 }] });
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.close();
  });

  function visitor(on: FastifyInstance = app): Visitor {
    ip += 1;
    return new Visitor(on, t.hostOf(site), `10.9.${Math.floor(ip / 250)}.${(ip % 250) + 1}`);
  }

  /** A visitor with the same cookies (a second tab, or the same click sent twice). */
  function twin(of: Visitor, on: FastifyInstance = app): Visitor {
    const copy = new Visitor(on, of.host);
    for (const [name, value] of of.cookies) copy.cookies.set(name, value);
    return copy;
  }

  function keyedAdd(v: Visitor, key: string, quantity = 1, itemId = shirt.itemId, sku = 'SHIRT') {
    return v.request('POST', '/api/commerce/shopping-cart/entries', { itemId, sku, quantity, additionalFields: null }, { headers: { 'idempotency-key': key } });
  }

  async function quantityIn(cartId: string): Promise<number> {
    const rows = await t.testDb.db.select({ q: cartEntries.quantity }).from(cartEntries).where(eq(cartEntries.cartId, cartId));
    return rows.reduce((s, r) => s + r.q, 0);
  }

  async function cartCount(): Promise<number> {
    return (await t.testDb.db.select({ id: carts.id }).from(carts).where(eq(carts.websiteId, site.id))).length;
  }

  /** What a client sees of an answer: status, content type and the body's exact bytes. */
  function answer(r: LightMyRequestResponse) {
    return { status: r.statusCode, type: r.headers['content-type'], body: r.body };
  }

  it('two identical concurrent adds with one key add once and get the same answer', async () => {
    const v = visitor();
    expect((await v.add(shirt.itemId, 'SHIRT', 1)).statusCode).toBe(200);
    const cartId = v.cookies.get('emporium_cart')!;
    const key = `same-${dialect}`;
    const [a, b] = await Promise.all([keyedAdd(twin(v), key), keyedAdd(twin(v), key)]);
    expect(answer(a)).toEqual(answer(b));
    expect(answer(a)).toMatchObject({ status: 200, type: 'application/json; charset=utf-8' });
    expect(a.json().newlyAdded.quantity).toBe(2);
    expect(await quantityIn(cartId)).toBe(2);
    expect([a, b].filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(1);

    const later = await keyedAdd(v, key);
    expect(answer(later)).toEqual(answer(a));
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(await quantityIn(cartId)).toBe(2);
  });

  it('a new visitor sending two concurrent keyed adds gets one cart, and both answers set its cookie', async () => {
    const before = await cartCount();
    const v = visitor();
    const key = `new-visitor-${dialect}`;
    const [a, b] = await Promise.all([keyedAdd(twin(v), key, 2), keyedAdd(twin(v), key, 2)]);
    expect(answer(a)).toEqual(answer(b));
    expect(a.statusCode).toBe(200);
    expect(await cartCount()).toBe(before + 1);
    const cartId = a.json().shoppingCart.id;
    expect(cookieFrom(a, 'emporium_cart')).toBe(cartId);
    expect(cookieFrom(b, 'emporium_cart')).toBe(cartId);
    // The marker holds the cart's item count (decision 0022).
    expect(cookieFrom(a, 'hasCart')).toBe('2');
    expect(cookieFrom(b, 'hasCart')).toBe('2');
    expect(await quantityIn(cartId)).toBe(2);
    v.cookies.set('emporium_cart', cartId);
    expect(a.json().shoppingCart).toEqual(await v.cart());
  });

  it('a retry that carries the cookie the first answer set is answered from the first add', async () => {
    const v = visitor();
    const key = `cookie-retry-${dialect}`;
    const first = await keyedAdd(v, key);
    expect(v.cookies.get('emporium_cart')).toBe(first.json().shoppingCart.id);
    const retry = await keyedAdd(v, key);
    expect(answer(retry)).toEqual(answer(first));
    expect(await quantityIn(first.json().shoppingCart.id)).toBe(1);
  });

  it('refuses the same key with a different body, changing nothing', async () => {
    const v = visitor();
    const key = `mismatch-${dialect}`;
    const first = await keyedAdd(v, key, 1);
    const cartId = first.json().shoppingCart.id;
    const other = await keyedAdd(v, key, 3);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(MISMATCH);
    expect(await quantityIn(cartId)).toBe(1);
  });

  it('refuses the same key from another cart without showing the first cart', async () => {
    const owner = visitor();
    const key = `other-cart-${dialect}`;
    const first = await keyedAdd(owner, key);
    const stranger = visitor();
    await stranger.add(shirt.itemId, 'SHIRT', 1);
    const reused = await keyedAdd(stranger, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(MISMATCH);
    expect(reused.headers['set-cookie']).toBeUndefined();
    expect(await quantityIn(stranger.cookies.get('emporium_cart')!)).toBe(1);
    expect(await quantityIn(first.json().shoppingCart.id)).toBe(1);
  });

  it('keeps adds without a key working as before (each one adds)', async () => {
    const v = visitor();
    await v.add(shirt.itemId, 'SHIRT', 1);
    const [a, b] = await Promise.all([twin(v).add(shirt.itemId, 'SHIRT', 1), twin(v).add(shirt.itemId, 'SHIRT', 1)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await quantityIn(v.cookies.get('emporium_cart')!)).toBe(3);
  });

  it('does not burn the key of a refused add, and refuses a malformed key with 400', async () => {
    const scarce = await addProduct(t.testDb.db, site.id, { title: 'Scarce', variants: [{ sku: 'SCARCE', priceCents: 100, qtyInStock: 1 }] });
    const v = visitor();
    const key = `refused-${dialect}`;
    const over = await keyedAdd(v, key, 2, scarce.itemId, 'SCARCE');
    expect(over.statusCode).toBe(409);
    const ok = await keyedAdd(v, key, 1, scarce.itemId, 'SCARCE');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['idempotent-replayed']).toBeUndefined();
    const bad = await keyedAdd(v, 'has space');
    expect(bad.statusCode).toBe(400);
  });

  it('forgets a key after 24 hours and prunes expired add keys, leaving checkout keys alone', async () => {
    const v = visitor();
    const key = `expired-${dialect}`;
    const first = await keyedAdd(v, key);
    const cartId = first.json().shoppingCart.id;
    const dayAgo = sql`now() - interval '25 hours'`;
    await t.testDb.db
      .update(idempotencyKeys)
      .set({ createdAt: dayAgo })
      .where(and(eq(idempotencyKeys.websiteId, site.id), eq(idempotencyKeys.key, key)));
    await t.testDb.db.insert(idempotencyKeys).values([
      { websiteId: site.id, scope: 'cart-add', key: `stale-${dialect}`, requestHash: 'x', responseStatus: 200, responseBody: {}, createdAt: dayAgo },
      {
        websiteId: site.id,
        scope: `checkout:${cartId}`,
        key: `old-checkout-${dialect}`,
        requestHash: 'x',
        responseStatus: 200,
        responseBody: {},
        createdAt: dayAgo,
      },
    ] as never);
    const again = await keyedAdd(v, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await quantityIn(cartId)).toBe(2);
    const left = await t.testDb.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.websiteId, site.id));
    const names = left.map((r) => r.key);
    expect(names).not.toContain(`stale-${dialect}`);
    expect(names).toContain(`old-checkout-${dialect}`);
    expect(names).toContain(key);
  });

  it.runIf(dialect === 'pg')('two app instances with their own pools on one PostgreSQL add once per key', async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: `-c search_path=${t.testDb.schemaName}` });
    const secondDb = await openDatabase({ pool });
    const second = await createTestApp({
      testDb: { db: secondDb, dialect: 'pg', schemaName: t.testDb.schemaName, close: async () => {} },
      rateLimitStore: unlimitedStore,
    });
    try {
      const before = await cartCount();
      const newcomers = Array.from({ length: 5 }, (_, i) => ({ v: visitor(), key: `two-apps-${i}` }));
      const answers = await Promise.all(
        newcomers.flatMap(({ v, key }) => [keyedAdd(twin(v, app), key), keyedAdd(twin(v, second.app), key), keyedAdd(twin(v, second.app), key)]),
      );
      expect(answers.every((r) => r.statusCode === 200)).toBe(true);
      expect(await cartCount()).toBe(before + 5);
      for (let i = 0; i < 5; i += 1) {
        const [a, b, c] = answers.slice(i * 3, i * 3 + 3);
        expect(answer(b!)).toEqual(answer(a!));
        expect(answer(c!)).toEqual(answer(a!));
        expect(await quantityIn(a!.json().shoppingCart.id)).toBe(1);
      }
    } finally {
      await second.close();
      await closeDatabase(secondDb);
      await pool.end();
    }
  });
});
