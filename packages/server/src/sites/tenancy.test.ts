import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, items } from '../db/schema.js';
import { getStock } from '../db/stock.js';
import { createProductFixture, type ProductFixture } from '../../test-support/fixtures.js';
import { createTestApp, fetchCrumb, type TestApp } from '../../test-support/test-app.js';
import type { Website } from './website.js';

const NEVER_ID = 'f'.repeat(32);

/** One request that names an id of another site; `{id}` and `{sku}` are filled in. */
interface Probe {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
}

const PROBES: Probe[] = [
  { name: 'stock of an item', method: 'GET', url: '/api/commerce/inventory/stock/?itemId={id}' },
  { name: 'add to cart', method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId: '{id}', sku: '{sku}', quantity: 1 } },
  { name: 'subscription cart', method: 'POST', url: '/api/3/commerce/cart/subscription', payload: { itemId: '{id}', sku: '{sku}', qty: 1 } },
  { name: 'likes of an item', method: 'GET', url: '/api/content/items/{id}/like' },
  { name: 'like an item', method: 'PUT', url: '/api/content/items/{id}/like' },
  { name: 'comments of an item', method: 'GET', url: '/api/content/items/{id}/comments' },
  { name: 'reviews of a product', method: 'GET', url: '/api/content/products/{id}/reviews' },
  { name: 'test route: variant stock', method: 'GET', url: '/api/test/variants/{variant}' },
];

function fill(text: string, ids: { id: string; sku: string; variant: string }): string {
  return text.replaceAll('{id}', ids.id).replaceAll('{sku}', ids.sku).replaceAll('{variant}', ids.variant);
}

function scrub(body: string): string {
  return body.replace(/"(id|cartToken|requestId|entryId|created)":"[^"]*"/g, '"$1":"*"');
}

describe('tenancy: a site asked for ids of another site answers as if they did not exist', () => {
  let t: TestApp;
  let siteA: Website;
  let siteB: Website;
  let productA: ProductFixture;
  let productB: ProductFixture;
  let hostA: string;
  let crumbA: string;
  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) => {
        app.get<{ Params: { id: string } }>('/api/test/variants/:id', async (request, reply) => {
          const stock = await getStock(app.emporium.db, request.site!.id, request.params.id);
          return stock ? stock : reply.code(404).send({ error: 'NOT_FOUND', message: 'Not found' });
        });
      },
    });
    siteA = await t.createSite({ identifier: 'tenant-a', title: 'A', domains: ['shop-a.example.com'] });
    siteB = await t.createSite({ identifier: 'tenant-b', title: 'B', domains: ['shop-b.example.com'] });
    productA = await createProductFixture(t.testDb.db, siteA.id, { qtyInStock: 5 });
    productB = await createProductFixture(t.testDb.db, siteB.id, { qtyInStock: 5, title: 'Secret B product' });
    hostA = t.hostOf(siteA);
    crumbA = await fetchCrumb(t.app, hostA, '/missing-page');
  });
  afterAll(() => t.close());

  it('resolves each host and custom domain to its own site', async () => {
    expect((await t.app.emporium.resolver.resolve('tenant-a.localhost:3000')).kind).toBe('site');
    const byDomain = await t.app.emporium.resolver.resolve('SHOP-B.example.com');
    expect(byDomain.kind === 'site' && byDomain.website.id).toBe(siteB.id);
    const a = await t.app.emporium.resolver.resolve('shop-a.example.com:443');
    expect(a.kind === 'site' && a.website.id).toBe(siteA.id);
  });

  it('answers the same probes for its own ids (control: the routes exist and work)', async () => {
    const headers = { host: hostA, cookie: `crumb=${crumbA}`, 'x-csrf-token': crumbA };
    const stock = await t.app.inject({ url: `/api/commerce/inventory/stock/?itemId=${productA.itemId}`, headers });
    expect(stock.statusCode, stock.body).toBe(200);
    expect(stock.body).toContain('"qtyInStock":5');
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      headers,
      payload: { itemId: productA.itemId, sku: productA.sku, quantity: 1 },
    });
    expect(add.statusCode, add.body).toBe(200);
    const variant = await t.app.inject({ url: `/api/test/variants/${productA.variantId}`, headers });
    expect(variant.json()).toEqual({ unlimited: false, qtyInStock: 5 });
  });

  it.each(PROBES.map((p) => [p.name, p] as const))('%s', async (_name, probe) => {
    const ask = (ids: { id: string; sku: string; variant: string }) =>
      t.app.inject({
        method: probe.method,
        url: fill(probe.url, ids),
        headers: { host: hostA, cookie: `crumb=${crumbA}`, 'x-csrf-token': crumbA },
        ...(probe.payload ? { payload: JSON.parse(fill(JSON.stringify(probe.payload), ids)) } : {}),
      });
    const foreign = await ask({ id: productB.itemId, sku: productB.sku, variant: productB.variantId });
    const never = await ask({ id: NEVER_ID, sku: 'NO-SUCH-SKU', variant: NEVER_ID });
    expect(foreign.statusCode, foreign.body).toBeLessThan(500);
    expect(foreign.statusCode).toBe(never.statusCode);
    expect(scrub(foreign.body.replaceAll(productB.itemId, NEVER_ID).replaceAll(productB.sku, 'NO-SUCH-SKU').replaceAll(productB.variantId, NEVER_ID))).toBe(
      scrub(never.body),
    );
    expect(foreign.body).not.toContain('Secret B product');
    expect(foreign.body).not.toContain(siteB.id);
  });

  it("leaves the other site's stock untouched", async () => {
    expect(await getStock(t.testDb.db, siteB.id, productB.variantId)).toEqual({ unlimited: false, qtyInStock: 5 });
  });

  it("refuses at the database level to attach a row to another site's parent", async () => {
    await expect(
      t.testDb.db.insert(items).values({ websiteId: siteA.id, collectionId: productB.collectionId, recordType: 1, urlId: 'sneaky' }),
    ).rejects.toThrow();
    await expect(t.testDb.db.insert(collections).values({ websiteId: 'no-such-site', type: 1, urlId: 'x', title: 'x' })).rejects.toThrow();
  });
});
