import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, websites } from '../db/index.js';
import { auditLog } from '../db/schema-owners.js';
import type { Website } from '../sites/index.js';
import { createCatalogueTestApp, shirtBody, type CatalogueTestApp } from '../../test-support/catalogue-test-kit.js';
import { CATALOGUE_MESSAGES } from './product-rules.js';

const PRODUCTS = '/api/owner/catalogue/products';

describe('owner catalogue API (issue 12)', () => {
  let t: CatalogueTestApp;
  let site: Website;
  let other: Website;
  beforeAll(async () => {
    t = await createCatalogueTestApp();
    site = (await t.shopSite('cat-a')).site;
    other = (await t.shopSite('cat-b')).site;
  });
  afterAll(() => t.close());

  const create = async (body: unknown, on = site) => {
    const response = await t.call(on, 'POST', PRODUCTS, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  it('refuses every call without an owner session (401)', async () => {
    for (const [method, url] of [
      ['GET', PRODUCTS],
      ['POST', PRODUCTS],
      ['GET', `${PRODUCTS}/x`],
      ['PUT', `${PRODUCTS}/x`],
      ['DELETE', `${PRODUCTS}/x?version=1`],
      ['POST', '/api/owner/catalogue/variants/prices'],
    ] as const) {
      const response = await t.call(site, method, url, method === 'GET' || method === 'DELETE' ? undefined : {}, { owner: false });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('creates a product with two options and six variants, urlId from the title, version 1', async () => {
    const product = await create(shirtBody('Linen Camp Shirt', 'LCS'));
    expect(product).toMatchObject({ version: 1, title: 'Linen Camp Shirt', urlId: 'linen-camp-shirt', visibility: 'published', productType: 1 });
    expect(product.options).toEqual([
      { name: 'Colour', values: ['Sage', 'Clay'] },
      { name: 'Size', values: ['S', 'M', 'L'] },
    ]);
    expect(product.variants).toHaveLength(6);
    expect(product.variants[0]).toMatchObject({ sku: 'LCS-SAGE-S', priceCents: 8800, optionValues: { Colour: 'Sage', Size: 'S' }, qtyInStock: 3 });
    const again = await create(shirtBody('Linen Camp Shirt', 'LCS2'));
    expect(again.urlId).toBe('linen-camp-shirt-1');
    const detail = await t.call(site, 'GET', `${PRODUCTS}/${product.id}`);
    expect(detail.json()).toEqual(product);
    expect(detail.headers['cache-control']).toBe('no-store, private');
  });

  it('explains mistakes per field: unknown option values, duplicate SKUs, sale price, schedule', async () => {
    const body = shirtBody('Bad', 'BAD');
    body.variants[1]!.optionValues = { Colour: 'Blue', Size: 'M' };
    body.variants[2]!.sku = body.variants[0]!.sku;
    const refused = await t.call(site, 'POST', PRODUCTS, { ...body, visibility: 'scheduled' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      message: CATALOGUE_MESSAGES.invalidProduct,
      fields: {
        'variants.1.optionValues.Colour': CATALOGUE_MESSAGES.unknownValue('Colour', 'Blue'),
        'variants.2.sku': CATALOGUE_MESSAGES.duplicateSku('BAD-SAGE-S'),
        publishOn: CATALOGUE_MESSAGES.scheduleNeedsDate,
      },
    });
    const sale = await t.call(site, 'POST', PRODUCTS, { title: 'Mug', variants: [{ sku: 'MUG-1', priceCents: 1000, salePriceCents: 1200, onSale: true }] });
    expect(sale.json().fields['variants.0.salePriceCents']).toBe(CATALOGUE_MESSAGES.salePriceNotBelow);
    const cents = await t.call(site, 'POST', PRODUCTS, { title: 'Mug', variants: [{ sku: 'MUG-1', priceCents: 10.5 }] });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().fields['variants.0.priceCents']).toMatch(/minor units/);
  });

  it('refuses a SKU another product uses (409) and leaves nothing behind', async () => {
    await create({ title: 'Tote', variants: [{ sku: 'TOTE-1', priceCents: 5000 }] });
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(items).where(eq(items.websiteId, site.id));
    const clash = await t.call(site, 'POST', PRODUCTS, { title: 'Tote two', variants: [{ sku: 'TOTE-1', priceCents: 5000 }] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields['variants.0.sku']).toBe(CATALOGUE_MESSAGES.duplicateSku('TOTE-1'));
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(items).where(eq(items.websiteId, site.id));
    expect(after[0]!.n).toBe(before[0]!.n);
    // Another site may use the same SKU.
    await create({ title: 'Tote', variants: [{ sku: 'TOTE-1', priceCents: 5000 }] }, other);
  });

  it('saves with the version read, moves it on, and refuses a stale version with a clear conflict (acceptance 6)', async () => {
    const product = await create(shirtBody('Field Jacket', 'FJ'));
    const { id, updatedAt: _u, ...fields } = product;
    const saved = await t.call(site, 'PUT', `${PRODUCTS}/${id}`, { ...fields, title: 'Field Jacket II' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, title: 'Field Jacket II', urlId: 'field-jacket' });
    const stale = await t.call(site, 'PUT', `${PRODUCTS}/${id}`, { ...fields, title: 'Lost edit' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'CONFLICT', message: CATALOGUE_MESSAGES.staleVersion(1, 2), currentVersion: 2 });
    expect((await t.call(site, 'GET', `${PRODUCTS}/${id}`)).json().title).toBe('Field Jacket II');
  });

  it('lets exactly one of two concurrent saves from the same version through (acceptance 6)', async () => {
    const product = await create(shirtBody('Overshirt', 'OS'));
    const { id, updatedAt: _u, ...fields } = product;
    const results = await Promise.all([
      t.call(site, 'PUT', `${PRODUCTS}/${id}`, { ...fields, title: 'Owner one' }),
      t.call(site, 'PUT', `${PRODUCTS}/${id}`, { ...fields, title: 'Owner two' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    const loser = results.find((r) => r.statusCode === 409)!.json();
    expect(loser.message).toBe(CATALOGUE_MESSAGES.staleVersion(1, 2));
    const now = (await t.call(site, 'GET', `${PRODUCTS}/${id}`)).json();
    expect(now).toMatchObject({ version: 2, title: winner.title });
  });

  it('changes, adds and removes variants on save, keeping stock of kept variants', async () => {
    const product = await create(shirtBody('Apron', 'AP'));
    const { id, updatedAt: _u, ...fields } = product;
    const kept = fields.variants.slice(0, 3).map((v: { qtyInStock: number }, i: number) => ({ ...v, priceCents: 9000 + i, qtyInStock: 99 }));
    const body = {
      ...fields,
      options: [{ name: 'Colour', values: ['Sage', 'Clay', 'Oat'] }, fields.options[1]],
      variants: [...kept, { sku: 'AP-OAT-S', priceCents: 7000, optionValues: { Colour: 'Oat', Size: 'S' }, qtyInStock: 4 }],
    };
    const saved = (await t.call(site, 'PUT', `${PRODUCTS}/${id}`, body)).json();
    expect(saved.variants.map((v: { sku: string; priceCents: number; qtyInStock: number }) => [v.sku, v.priceCents, v.qtyInStock])).toEqual([
      ['AP-SAGE-S', 9000, 3],
      ['AP-SAGE-M', 9001, 3],
      ['AP-SAGE-L', 9002, 3],
      ['AP-OAT-S', 7000, 4],
    ]);
    expect(saved.options[0].values).toEqual(['Sage', 'Clay', 'Oat']);
    const foreign = await t.call(site, 'PUT', `${PRODUCTS}/${id}`, { ...body, version: saved.version, variants: [{ ...kept[0], id: 'not-mine' }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields['variants.0.id']).toBe(CATALOGUE_MESSAGES.notAVariant('not-mine'));
  });

  it('pages, searches and filters the product list on the server', async () => {
    const shop = await t.shopSite('cat-list');
    for (const [i, title] of ['Bowl', 'Cup', 'Apron', 'Dish', 'Ewer'].entries()) {
      await create(
        { title, visibility: i % 2 ? 'draft' : 'published', variants: [{ sku: `L-${title}`, priceCents: 100 * (i + 1), qtyInStock: i }] },
        shop.site,
      );
    }
    const first = (await t.call(shop.site, 'GET', `${PRODUCTS}?limit=2`)).json();
    expect(first.products.map((p: { title: string }) => p.title)).toEqual(['Apron', 'Bowl']);
    expect(first.hasNextPage).toBe(true);
    const second = (await t.call(shop.site, 'GET', `${PRODUCTS}?limit=2&cursor=${first.nextPageCursor}`)).json();
    expect(second.products.map((p: { title: string }) => p.title)).toEqual(['Cup', 'Dish']);
    const last = (await t.call(shop.site, 'GET', `${PRODUCTS}?limit=2&cursor=${second.nextPageCursor}`)).json();
    expect(last).toMatchObject({ hasNextPage: false, nextPageCursor: null });
    expect(last.products[0]).toMatchObject({
      title: 'Ewer',
      variantCount: 1,
      minPriceCents: 500,
      maxPriceCents: 500,
      totalStock: 4,
      unlimited: false,
      version: 1,
    });
    const titles = async (query: string) => (await t.call(shop.site, 'GET', `${PRODUCTS}?${query}`)).json().products.map((p: { title: string }) => p.title);
    expect(await titles('q=ow')).toEqual(['Bowl']);
    expect(await titles('q=l-dish')).toEqual(['Dish']);
    expect(await titles('visibility=draft')).toEqual(['Cup', 'Dish']);
    expect(await titles('stock=out')).toEqual(['Bowl']);
    expect(await titles('stock=low&lowStockAt=1')).toEqual(['Bowl', 'Cup']);
    expect((await t.call(shop.site, 'GET', `${PRODUCTS}?cursor=nonsense`)).statusCode).toBe(400);
  });

  it('deletes with the current version only', async () => {
    const product = await create({ title: 'Candle', variants: [{ sku: 'CANDLE', priceCents: 1200 }] });
    expect((await t.call(site, 'DELETE', `${PRODUCTS}/${product.id}?version=0`)).statusCode).toBe(409);
    const deleted = await t.call(site, 'DELETE', `${PRODUCTS}/${product.id}?version=1`);
    expect(deleted.json()).toEqual({ id: product.id, deleted: true });
    expect((await t.call(site, 'GET', `${PRODUCTS}/${product.id}`)).statusCode).toBe(404);
  });

  it('changes many prices in one call, all or nothing, and moves the versions on', async () => {
    const a = await create(shirtBody('Bulk A', 'BA'));
    const b = await create({ title: 'Bulk B', variants: [{ sku: 'BB', priceCents: 500 }] });
    const changes = [
      ...a.variants.map((v: { id: string }) => ({ variantId: v.id, priceCents: 9900 })),
      { variantId: b.variants[0].id, priceCents: 800, salePriceCents: 600, onSale: true },
    ];
    const result = await t.call(site, 'POST', '/api/owner/catalogue/variants/prices', { changes });
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().updated).toBe(7);
    expect(result.json().products).toEqual(
      expect.arrayContaining([
        { id: a.id, version: 2 },
        { id: b.id, version: 2 },
      ]),
    );
    expect((await t.call(site, 'GET', `${PRODUCTS}/${a.id}`)).json().variants.every((v: { priceCents: number }) => v.priceCents === 9900)).toBe(true);
    const unknown = await t.call(site, 'POST', '/api/owner/catalogue/variants/prices', {
      changes: [
        { variantId: a.variants[0].id, priceCents: 1 },
        { variantId: 'nope', priceCents: 1 },
      ],
    });
    expect(unknown.statusCode).toBe(404);
    const badSale = await t.call(site, 'POST', '/api/owner/catalogue/variants/prices', { changes: [{ variantId: b.variants[0].id, priceCents: 500 }] });
    expect(badSale.statusCode).toBe(400);
    expect((await t.call(site, 'GET', `${PRODUCTS}/${a.id}`)).json().variants[0].priceCents).toBe(9900);
    expect((await t.call(site, 'GET', `${PRODUCTS}/${b.id}`)).json().variants[0]).toMatchObject({ priceCents: 800, salePriceCents: 600 });
    const stale = await t.call(site, 'PUT', `${PRODUCTS}/${a.id}`, { ...a, version: 1 });
    expect(stale.statusCode).toBe(409);
  });

  it('keeps sites apart: another site’s product is not found', async () => {
    const mine = await create({ title: 'Private', variants: [{ sku: 'PRIV', priceCents: 100 }] });
    expect((await t.call(other, 'GET', `${PRODUCTS}/${mine.id}`)).statusCode).toBe(404);
    expect((await t.call(other, 'PUT', `${PRODUCTS}/${mine.id}`, { ...mine, version: 1 })).statusCode).toBe(404);
    expect(
      (await t.call(other, 'POST', '/api/owner/catalogue/variants/prices', { changes: [{ variantId: mine.variants[0].id, priceCents: 1 }] })).statusCode,
    ).toBe(404);
  });

  it('makes cached storefront pages fresh: a catalogue change moves the page version (decision 0010)', async () => {
    const version = async () => (await t.db.select({ v: websites.pageVersion }).from(websites).where(eq(websites.id, site.id)))[0]!.v;
    const before = await version();
    const product = await create({ title: 'Fresh', variants: [{ sku: 'FRESH', priceCents: 100 }] });
    const afterCreate = await version();
    expect(afterCreate).toBeGreaterThan(before);
    await t.call(site, 'POST', '/api/owner/catalogue/variants/prices', { changes: [{ variantId: product.variants[0].id, priceCents: 200 }] });
    expect(await version()).toBeGreaterThan(afterCreate);
  });

  it('writes an audit entry with each change, in the same transaction', async () => {
    const product = await create({ title: 'Audited', variants: [{ sku: 'AUD', priceCents: 100 }] });
    await t.call(site, 'POST', '/api/owner/catalogue/variants/prices', { changes: [{ variantId: product.variants[0].id, priceCents: 150 }] });
    await t.call(site, 'DELETE', `${PRODUCTS}/${product.id}?version=2`);
    const entries = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.subjectId, product.id)).orderBy(auditLog.createdAt);
    expect(entries.map((e) => e.action)).toEqual(['product.create', 'product.prices', 'product.delete']);
  });
});
