import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, websites } from '../db/index.js';
import type { Website } from '../sites/index.js';
import { makeOwner, signInOwner } from '../../test-support/owners.js';
import { createCatalogueTestApp, type CatalogueTestApp } from '../../test-support/catalogue-test-kit.js';
import { NO_MAIN_NAVIGATION, ROOT_CATEGORY_EXISTS } from './store-repository.js';

const storesOf = (site: Website) => `/api/content-service/product/1.1/websites/${site.id}/products`;

describe('store creation (spec 3 "Store setup entities", spec 4 "Store creation order", spec 5 "Store setup", spec 7)', () => {
  let t: CatalogueTestApp;
  let site: Website;
  beforeAll(async () => {
    t = await createCatalogueTestApp();
    site = await t.createSite({
      identifier: 'stores-a',
      title: 'A',
      settings: { navigation: { mainNavigation: { items: [{ collectionId: 'about' }, { externalLink: '/search', title: 'Search' }] } } },
    });
  });
  afterAll(() => t.close());

  const createStore = async (body: Record<string, unknown>, on = site) => {
    const response = await t.call(on, 'POST', storesOf(on), body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  it('spec 3/7: creates an enabled store from navigationTitle, title, urlId, description and answers its id', async () => {
    const store = await createStore({ navigationTitle: 'Shop', title: 'Summer Shop', description: 'Things for summer', enabled: true });
    expect(store).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      navigationTitle: 'Shop',
      title: 'Summer Shop',
      urlId: 'summer-shop',
      description: 'Things for summer',
      enabled: true,
    });
    const [row] = await t.db.select().from(collections).where(eq(collections.id, store.id));
    expect(row).toMatchObject({ websiteId: site.id, type: 13, urlId: 'summer-shop', enabled: true, navigationTitle: 'Shop' });
  });

  it('spec 5: derives the urlId from the title, with the fallback title when under 3 characters and -1, -2 … on a collision', async () => {
    expect((await createStore({ title: 'Gifts' })).urlId).toBe('gifts');
    expect((await createStore({ title: 'Gifts' })).urlId).toBe('gifts-1');
    expect((await createStore({ title: 'Gifts' })).urlId).toBe('gifts-2');
    expect((await createStore({ title: '' })).urlId).toBe('store');
    expect((await createStore({ title: 'AB' })).urlId).toBe('store-1');
    expect((await createStore({ title: 'Cart' })).urlId).toBe('cart-1');
    const concurrent = await Promise.all([createStore({ title: 'Rush' }), createStore({ title: 'Rush' }), createStore({ title: 'Rush' })]);
    expect(concurrent.map((s) => s.urlId).sort()).toEqual(['rush', 'rush-1', 'rush-2']);
  });

  it('spec 3: creates the root category (parentCategoryId empty, type ROOT, pageRendering LIST_VIEW, displayIndex 1), once per store', async () => {
    const store = await createStore({ title: 'Root Test' });
    const body = { displayName: 'Root Test', parentCategoryId: '', type: 'ROOT', pageRendering: 'LIST_VIEW', displayIndex: 1 };
    const created = await t.call(site, 'POST', `${storesOf(site)}/${store.id}/categories`, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(String), collectionId: store.id, ...body });
    const twice = await t.call(site, 'POST', `${storesOf(site)}/${store.id}/categories`, body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ROOT_CATEGORY_EXISTS);
    expect((await t.call(site, 'POST', `${storesOf(site)}/missing/categories`, body)).statusCode).toBe(404);
    expect((await t.call(site, 'POST', `${storesOf(site)}/${store.id}/categories`, { ...body, type: 'LEAF' })).statusCode).toBe(400);
  });

  it('spec 4: places the new store first in the main navigation, followed by the existing links', async () => {
    const store = await createStore({ title: 'Nav Store' });
    const placed = await t.call(site, 'POST', `/api/owner/catalogue/stores/${store.id}/main-navigation`);
    expect(placed.statusCode, placed.body).toBe(200);
    const expected = [{ collectionId: store.id }, { collectionId: 'about' }, { externalLink: '/search', title: 'Search' }];
    expect(placed.json().items).toEqual(expected);
    expect((await t.call(site, 'POST', `/api/owner/catalogue/stores/${store.id}/main-navigation`)).json().items).toEqual(expected);
    const [row] = await t.db.select({ settings: websites.settings }).from(websites).where(eq(websites.id, site.id));
    expect((row!.settings.navigation as { mainNavigation: { items: unknown[] } }).mainNavigation.items).toEqual(expected);
  });

  it("spec 4/8: a site without a main navigation answers 'Unable to find site main navigation'", async () => {
    const bare = await t.createSite({ identifier: 'stores-bare', title: 'Bare' });
    const store = await createStore({ title: 'Lonely' }, bare);
    const refused = await t.call(bare, 'POST', `/api/owner/catalogue/stores/${store.id}/main-navigation`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(NO_MAIN_NAVIGATION);
    expect(NO_MAIN_NAVIGATION).toBe('Unable to find site main navigation');
  });

  it('needs an owner session of the site named in the path', async () => {
    const other = await t.createSite({ identifier: 'stores-b', title: 'B' });
    expect((await t.call(site, 'POST', storesOf(site), { title: 'X' }, { owner: false })).statusCode).toBe(401);
    expect((await t.call(site, 'POST', storesOf(other), { title: 'X' })).statusCode).toBe(404);
  });

  it('#24 the main-navigation call needs the content permission, not the catalogue one', async () => {
    const store = await createStore({ title: 'Roles Nav' });
    const url = `/api/owner/catalogue/stores/${store.id}/main-navigation`;
    await makeOwner(t.db, site.id, 'nav-manager@example.com', 'store-manager');
    await makeOwner(t.db, site.id, 'nav-editor@example.com', 'editor');
    const manager = await signInOwner(t.app, t.hostOf(site), 'nav-manager@example.com');
    const refused = await manager.call('POST', url, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('content:write');
    const editor = await signInOwner(t.app, t.hostOf(site), 'nav-editor@example.com');
    const placed = await editor.call('POST', url, {});
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().items[0]).toEqual({ collectionId: store.id });
  });
});
