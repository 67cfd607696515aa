import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects, createTestDb, type TestDb } from '../../test-support/test-db.js';
import { createCatalogueTestApp, shirtBody, type CatalogueTestApp } from '../../test-support/catalogue-test-kit.js';
import type { Website } from '../sites/index.js';

const VARIANTS = '/api/owner/inventory/variants';

interface Row {
  variantId: string;
  sku: string;
  qtyInStock: number;
  unlimited: boolean;
  productId: string;
  productTitle: string;
  optionValues: Record<string, string>;
}

describe.each(availableDialects())('paged variant stock for the Inventory screen on %s', (dialect) => {
  let testDb: TestDb;
  let t: CatalogueTestApp;
  let site: Website;
  let other: Website;
  const product = async (body: unknown, on = site) => {
    const response = await t.call(on, 'POST', '/api/owner/catalogue/products', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const list = async (query: string, on = site) => {
    const response = await t.call(on, 'GET', `${VARIANTS}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Promise<{ variants: Row[]; hasNextPage: boolean; nextPageCursor: string | null }>;
  };
  const everyPage = async (query: string, limit: number) => {
    const seen: Row[] = [];
    let cursor = '';
    for (let n = 0; n < 50; n++) {
      const page = await list(`?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.variants);
      if (!page.hasNextPage) return seen;
      cursor = page.nextPageCursor!;
    }
    throw new Error('paging did not end');
  };

  beforeAll(async () => {
    testDb = await createTestDb({ dialect });
    t = await createCatalogueTestApp({ testDb });
    site = (await t.shopSite('variant-stock-a')).site;
    other = (await t.shopSite('variant-stock-b')).site;
    await product(shirtBody('Linen Shirt', 'SHIRT'));
    await product({ title: 'Apron', variants: [{ sku: 'APRON-1', priceCents: 5000, qtyInStock: 2 }] });
    await product({ title: 'Apron', variants: [{ sku: 'APRON-2', priceCents: 5000, qtyInStock: 0 }] });
    await product({ title: 'Zine', productType: 2, variants: [{ sku: 'ZINE', priceCents: 800, unlimited: true }] });
    await product({ title: 'Apron', variants: [{ sku: 'OTHER-APRON', priceCents: 5000, qtyInStock: 1 }] }, other);
  });
  afterAll(async () => {
    await t.close();
    await testDb.close();
  });

  it('walks every variant of the site once, by product title, product and variant order, with product title, SKU, options and stock', async () => {
    const all = await everyPage('', 3);
    expect(all).toHaveLength(9);
    expect(new Set(all.map((r) => r.variantId)).size).toBe(9);
    expect(all.map((r) => r.productTitle)).toEqual(['Apron', 'Apron', ...Array(6).fill('Linen Shirt'), 'Zine']);
    const aprons = all.slice(0, 2);
    expect(aprons[0]!.productId < aprons[1]!.productId).toBe(true);
    expect(all.slice(2, 8).map((r) => r.sku)).toEqual(['SHIRT-SAGE-S', 'SHIRT-SAGE-M', 'SHIRT-SAGE-L', 'SHIRT-CLAY-S', 'SHIRT-CLAY-M', 'SHIRT-CLAY-L']);
    expect(all[2]).toMatchObject({ optionValues: { Colour: 'Sage', Size: 'S' }, qtyInStock: 3, unlimited: false });
    expect(all[8]).toMatchObject({ sku: 'ZINE', unlimited: true, optionValues: {} });
    expect(all.some((r) => r.sku === 'OTHER-APRON')).toBe(false);
    const onePage = await list('');
    expect(onePage).toMatchObject({ hasNextPage: false, nextPageCursor: null });
    expect(onePage.variants).toEqual(all);
  });

  it('keeps its place when a stock change happens between pages', async () => {
    const first = await list('?limit=4');
    const shirt = first.variants[3]!;
    expect((await t.call(site, 'PUT', `/api/owner/inventory/variants/${shirt.variantId}/stock`, { qtyInStock: 0 })).statusCode).toBe(200);
    const rest = await list(`?limit=10&cursor=${first.nextPageCursor}`);
    expect([...first.variants, ...rest.variants].map((r) => r.sku)).toEqual((await list('')).variants.map((r) => r.sku));
    expect(rest.variants).toHaveLength(5);
  });

  it('searches product titles and SKUs, filters low and in-stock variants, across pages', async () => {
    // The two aprons share a title; their product ids (random) order them.
    const aprons = (await everyPage('&q=apron', 1)).map((r) => r.sku);
    expect([...aprons].sort()).toEqual(['APRON-1', 'APRON-2']);
    expect((await list('?q=apron')).variants.map((r) => r.sku)).toEqual(aprons);
    expect((await list('?q=clay-m')).variants.map((r) => r.sku)).toEqual(['SHIRT-CLAY-M']);
    expect((await list('?q=100%25')).variants).toEqual([]);
    expect((await everyPage('&low=2', 2)).map((r) => r.sku)).toEqual([...aprons, 'SHIRT-SAGE-M']);
    expect((await list('?low=0')).variants.map((r) => r.sku)).toEqual(['APRON-2', 'SHIRT-SAGE-M']);
    const buyable = await list('?inStock=true');
    expect(buyable.variants.map((r) => r.sku)).not.toContain('APRON-2');
    expect(buyable.variants.map((r) => r.sku)).toContain('ZINE');
    expect(buyable.variants).toHaveLength(7);
  });

  it('refuses a malformed cursor, limit or low, and callers without a session', async () => {
    for (const query of ['?cursor=nonsense', `?cursor=${Buffer.from('["a","b"]').toString('base64url')}`, '?limit=0', '?low=-1', '?low=x']) {
      expect((await t.call(site, 'GET', `${VARIANTS}${query}`)).statusCode, query).toBe(400);
    }
    expect((await list('?limit=500')).variants).toHaveLength(9);
    expect((await t.call(site, 'GET', VARIANTS, undefined, { owner: false })).statusCode).toBe(401);
  });
});
