import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crumbForHost } from '../../test-support/test-app.js';
import { cartEntries, carts, collections, shippingOptions, taxRules, variants, websites } from '../db/index.js';
import { readContentVersion, siteData } from './site-cache.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';

const OWNER_TOKEN = 'owner-token-for-site-cache-tests';

let t: PagesTestApp;
let siteId: string;
beforeAll(async () => {
  t = await createPagesTestApp({ config: { ownerToken: OWNER_TOKEN } });
  crumb = await crumbForHost(t.app, 'demo.localhost');
  siteId = (await t.context('demo', '/')).json.website.id as string;
});
afterAll(async () => {
  await t?.close();
});

let crumb = '';
const owner = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { host: 'demo.localhost', authorization: `Bearer ${OWNER_TOKEN}`, cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
    ...(payload ? { payload: payload as object } : {}),
  });

async function cartWith(itemId: string, quantity: number): Promise<string> {
  const [variant] = await t.testDb.db.select().from(variants).where(eq(variants.productId, itemId));
  const [cart] = await t.testDb.db.insert(carts).values({ websiteId: siteId }).returning();
  await t.testDb.db
    .insert(cartEntries)
    .values({ websiteId: siteId, cartId: cart!.id, itemId, variantId: variant!.id, sku: variant!.sku, quantity, purchasePriceCents: variant!.priceCents });
  return cart!.id;
}

async function cartOf(path: string, cartId: string): Promise<Record<string, any>> {
  const res = await t.get('demo', `${path}?format=json`, { cookie: `emporium_cart=${cartId}` });
  expect(res.statusCode).toBe(200);
  return JSON.parse(res.body).cart;
}

describe('site cache (per site content version)', () => {
  it('serves site-wide rows from memory at one version and bumps the version on every write to them', async () => {
    const db = t.testDb.db;
    const first = await siteData(db, siteId);
    const again = await siteData(db, siteId);
    expect(again.version).toBe(first.version);
    expect(await again.collections()).toBe(await first.collections());
    const [shop] = await db
      .select()
      .from(collections)
      .where(and(eq(collections.websiteId, siteId), eq(collections.urlId, 'shop')));
    await db.update(collections).set({ title: 'The Shop' }).where(eq(collections.id, shop!.id));
    const after = await siteData(db, siteId);
    expect(after.version).toBeGreaterThan(first.version);
    expect((await after.collections()).find((c) => c.id === shop!.id)?.title).toBe('The Shop');
    const [other] = await db.select({ v: websites.contentVersion, id: websites.id }).from(websites).where(eq(websites.identifier, 'journal'));
    expect(await readContentVersion(db, other!.id)).toBe(other!.v);
    await db.update(collections).set({ title: shop!.title }).where(eq(collections.id, shop!.id));
    expect(await readContentVersion(db, other!.id)).toBe(other!.v);
    expect(await readContentVersion(db, 'no-such-site')).toBe(-1);
  });

  it('shows a form changed through the owner API on the next page', async () => {
    const before = (await t.context('demo', '/shop')).json.footer.newsletter;
    expect(before.form.submitButtonText ?? before.form.submitLabel).toBeDefined();
    const listed = await owner('GET', '/api/owner/forms');
    expect(listed.statusCode, listed.body).toBe(200);
    const stored = (listed.json().forms as any[]).find((f) => f.id === before.formId);
    const { id: _id, websiteId: _w, createdAt: _c, updatedAt: _u, ...definition } = stored;
    const put = await owner('PUT', `/api/owner/forms/${before.formId}`, { ...definition, submitLabel: 'Count me in' });
    expect(put.statusCode, put.body).toBe(200);
    const after = (await t.context('demo', '/shop')).json.footer.newsletter;
    expect(JSON.stringify(after.form)).toContain('Count me in');
    expect(JSON.stringify(before.form)).not.toContain('Count me in');
  });

  it('never shows a stale price or stock: product pages and carts read them on every request', async () => {
    const soap = (await t.context('demo', '/shop/oat-honey-soap')).json.item;
    const cartId = await cartWith(soap.id, 1);
    const cart = await cartOf('/shop', cartId);
    const [variant] = await t.testDb.db.select().from(variants).where(eq(variants.productId, soap.id));
    expect(cart.entries[0].purchasePriceCents).toBe(variant!.priceCents);
    const version = await readContentVersion(t.testDb.db, siteId);
    await t.testDb.db
      .update(variants)
      .set({ priceCents: variant!.priceCents + 111, qtyInStock: 3, unlimited: false })
      .where(eq(variants.id, variant!.id));
    expect(await readContentVersion(t.testDb.db, siteId)).toBe(version);
    const next = await cartOf('/shop', cartId);
    expect(next.entries[0].purchasePriceCents).toBe(variant!.priceCents + 111);
    expect(next.subtotalCents).toBe(variant!.priceCents + 111);
    const page = (await t.context('demo', '/shop/oat-honey-soap')).json.item;
    const shown = (page.structuredContent.variants as any[]).find((v) => v.sku === variant!.sku);
    expect(shown.qtyInStock).toBe(3);
    expect(JSON.stringify(shown.price ?? shown)).toContain(String(variant!.priceCents + 111));
  });

  it('prices the next page with shipping options and tax rules the owner just added', async () => {
    const soap = (await t.context('demo', '/shop/oat-honey-soap')).json.item;
    const cartId = await cartWith(soap.id, 2);
    const before = await cartOf('/cart', cartId);
    await t.testDb.db.insert(shippingOptions).values({ websiteId: siteId, name: 'Pigeon post', priceCents: 777, displayIndex: -1 });
    await t.testDb.db.insert(taxRules).values({ websiteId: siteId, name: 'Cache tax', country: '', region: '', rateThousandths: 10000 });
    const after = await cartOf('/cart', cartId);
    expect(before.shippingOptions.map((o: any) => o.name)).not.toContain('Pigeon post');
    expect(after.shippingOptions.map((o: any) => o.name)).toContain('Pigeon post');
    expect(after.applicableTaxRules.map((r: any) => r.name)).toContain('Cache tax');
    expect(after.taxCents).toBeGreaterThan(before.taxCents);
    await t.testDb.db.delete(taxRules).where(eq(taxRules.name, 'Cache tax'));
    const removed = await cartOf('/cart', cartId);
    expect(removed.applicableTaxRules.map((r: any) => r.name)).not.toContain('Cache tax');
  });

  it('an empty cart reads no tax rules and lists none', async () => {
    const cart = (await t.context('demo', '/shop')).json.cart;
    expect(cart.entries).toEqual([]);
    expect(cart.applicableTaxRules).toEqual([]);
    expect(cart.taxCents).toBe(0);
  });
});
