import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections } from '../db/index.js';
import { productReviewsPath } from '../reviews/index.js';
import type { Website } from '../sites/index.js';
import { makeOwner, signInOwner } from '../../test-support/owners.js';
import { createCatalogueTestApp, type CatalogueTestApp } from '../../test-support/catalogue-test-kit.js';
import { CATALOGUE_MESSAGES } from './product-rules.js';

const PRODUCTS = '/api/owner/catalogue/products';
const COLLECTIONS = '/api/owner/catalogue/collections';

const mug = (sku: string, extra: Record<string, unknown> = {}) => ({
  title: `Mug ${sku}`,
  visibility: 'published' as const,
  variants: [{ sku, priceCents: 2400, qtyInStock: 3 }],
  ...extra,
});

describe('stores, reviews and categories a new owner sets in the product editor (#24)', () => {
  let t: CatalogueTestApp;
  let site: Website;
  let shopId: string;
  let otherStoreId: string;
  let blogId: string;
  let newStore: { id: string; urlId: string };
  beforeAll(async () => {
    t = await createCatalogueTestApp({ pages: true });
    ({ site, storeId: shopId } = await t.shopSite('assign-a'));
    ({ storeId: otherStoreId } = await t.shopSite('assign-b'));
    const [blog] = await t.db
      .insert(collections)
      .values({ websiteId: site.id, type: 1, urlId: 'journal', title: 'Journal', displayIndex: 5, settings: { kind: 'blog' } })
      .returning({ id: collections.id });
    blogId = blog!.id;
    const created = await t.call(site, 'POST', `/api/content-service/product/1.1/websites/${site.id}/products`, { title: 'Winter Market' });
    expect(created.statusCode, created.body).toBe(201);
    newStore = created.json();
  });
  afterAll(() => t.close());

  const create = async (body: unknown) => {
    const response = await t.call(site, 'POST', PRODUCTS, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const save = (product: { id: string; version: number }, body: Record<string, unknown>) =>
    t.call(site, 'PUT', `${PRODUCTS}/${product.id}`, { ...body, version: product.version });
  const storePage = async (urlId: string, query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/${urlId}?format=json${query}`, headers: { host: t.hostOf(site), accept: 'application/json' } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { collection: { categories: string[] }; items: { title: string }[] };
  };

  it('#24 lists the site’s collections by name and kind, for owners only', async () => {
    const response = await t.call(site, 'GET', COLLECTIONS);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store, private');
    const listed = response.json().collections as { id: string; kind: string; title: string }[];
    expect(listed).toEqual(
      expect.arrayContaining([
        { id: shopId, kind: 'store', title: 'Shop', urlId: 'shop', passwordProtected: false },
        { id: newStore.id, kind: 'store', title: 'Winter Market', urlId: newStore.urlId, passwordProtected: false },
        { id: blogId, kind: 'blog', title: 'Journal', urlId: 'journal', passwordProtected: false },
      ]),
    );
    expect(listed.map((c) => c.id)).not.toContain(otherStoreId);
    const anonymous = await t.call(site, 'GET', COLLECTIONS, undefined, { owner: false });
    expect([401, 403], anonymous.body).toContain(anonymous.statusCode);
    expect(anonymous.json().collections).toBeUndefined();
  });

  it.each([
    ['website-manager', 200],
    ['reporting', 200],
    ['editor', 403],
  ] as const)('#24 lets a %s list the collections: %i (settings or catalogue read)', async (role, status) => {
    const email = `${role}@example.com`;
    await makeOwner(t.db, site.id, email, role);
    const owner = await signInOwner(t.app, t.hostOf(site), email);
    const response = await owner.call('GET', COLLECTIONS);
    expect(response.statusCode, response.body).toBe(status);
  });

  it('#24 puts a product in a new store and moves it between stores; the store pages show it', async () => {
    const product = await create(mug('WM-1', { collectionId: newStore.id }));
    expect(product.collectionId).toBe(newStore.id);
    expect((await storePage(newStore.urlId)).items.map((i) => i.title)).toEqual(['Mug WM-1']);
    const moved = await save(product, { ...mug('WM-1'), collectionId: shopId, variants: [{ id: product.variants[0].id, sku: 'WM-1', priceCents: 2400 }] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().collectionId).toBe(shopId);
    expect((await storePage(newStore.urlId)).items).toEqual([]);
    expect((await storePage('shop')).items.map((i) => i.title)).toContain('Mug WM-1');
  });

  it('#24 refuses a store of another site, or a collection that is not a store (404, nothing saved)', async () => {
    for (const collectionId of [otherStoreId, blogId, 'no-such-store']) {
      const refused = await t.call(site, 'POST', PRODUCTS, mug(`BAD-${collectionId.slice(0, 8)}`, { collectionId }));
      expect(refused.statusCode, collectionId).toBe(404);
      expect(refused.json().message).toBe(CATALOGUE_MESSAGES.storeNotFound);
    }
    const product = await create(mug('STAY-1', { collectionId: newStore.id }));
    const refused = await save(product, {
      ...mug('STAY-1'),
      collectionId: otherStoreId,
      variants: [{ id: product.variants[0].id, sku: 'STAY-1', priceCents: 2400 }],
    });
    expect(refused.statusCode).toBe(404);
    const after = (await t.call(site, 'GET', `${PRODUCTS}/${product.id}`)).json();
    expect(after).toMatchObject({ collectionId: newStore.id, version: 1 });
  });

  it('#24 switches reviews on for a product: shoppers may review it; a save without the switch keeps it', async () => {
    const product = await create(mug('REV-1'));
    expect(product.merchandising.nativeReviewsDisplayEnabled).toBe(false);
    expect((await t.call(site, 'GET', productReviewsPath(product.id))).statusCode).toBe(403);
    const on = await save(product, {
      ...mug('REV-1'),
      variants: [{ id: product.variants[0].id, sku: 'REV-1', priceCents: 2400 }],
      merchandising: { nativeReviewsDisplayEnabled: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().merchandising.nativeReviewsDisplayEnabled).toBe(true);
    expect((await t.call(site, 'GET', productReviewsPath(product.id))).statusCode).toBe(200);
    const kept = await save(on.json(), { ...mug('REV-1'), variants: [{ id: product.variants[0].id, sku: 'REV-1', priceCents: 2500 }], merchandising: {} });
    expect(kept.json().merchandising.nativeReviewsDisplayEnabled).toBe(true);
    const off = await save(kept.json(), {
      ...mug('REV-1'),
      variants: [{ id: product.variants[0].id, sku: 'REV-1', priceCents: 2500 }],
      merchandising: { nativeReviewsDisplayEnabled: false },
    });
    expect(off.json().merchandising.nativeReviewsDisplayEnabled).toBe(false);
    expect((await t.call(site, 'GET', productReviewsPath(product.id))).statusCode).toBe(403);
  });

  it('#24 lists the categories typed on products as the store page’s category filter, and filters by them', async () => {
    await create(mug('CAT-1', { collectionId: newStore.id, categories: ['Stoneware', 'Gifts for the kitchen table'] }));
    await create(mug('CAT-2', { collectionId: newStore.id, categories: ['Linen'] }));
    await create(mug('CAT-3', { collectionId: newStore.id, categories: ['Hidden'], visibility: 'draft' }));
    const page = await storePage(newStore.urlId);
    expect(page.collection.categories).toEqual(['Gifts for the kitchen table', 'Linen', 'Stoneware']);
    const filtered = await storePage(newStore.urlId, `&category=${encodeURIComponent('Gifts for the kitchen table')}`);
    expect(filtered.items.map((i) => i.title)).toEqual(['Mug CAT-1']);
  });
});
