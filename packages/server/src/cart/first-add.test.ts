import { AddToCartMessages } from '@emporium/commerce';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartEntries, carts } from '../db/schema.js';
import type { Website } from '../sites/index.js';
import { addProduct, createShop, unlimitedStore, type Shop } from '../../test-support/commerce-test-kit.js';

// A visitor's first add is one statement that reads the product and makes the cart when the add
// plainly passes (cart/add-entry.ts); every other first add is checked and made as before.
// What a shopper sees must be the same either way, and a refused add must leave no cart behind.

describe('first add to cart', () => {
  let shop: Shop;
  let strict: Website;
  const products: Record<string, { itemId: string }> = {};

  const cartRows = async (siteId: string) => (await shop.db.select({ n: count() }).from(carts).where(eq(carts.websiteId, siteId)))[0]!.n;

  beforeAll(async () => {
    shop = await createShop({ rateLimitStore: unlimitedStore });
    strict = await shop.newSite({ commerce: { multipleQuantityAllowedForServices: false } });
    const site = shop.site.id;
    products.mug = await addProduct(shop.db, site, {
      title: 'Mug',
      variants: [{ sku: 'MUG', priceCents: 1800, qtyInStock: 4, onSale: true, salePriceCents: 1200 }],
    });
    products.plan = await addProduct(shop.db, site, {
      title: 'Coffee plan',
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
      variants: [{ sku: 'PLAN', priceCents: 2500 }],
    });
    products.members = await addProduct(shop.db, site, { title: 'Members', productType: 5, variants: [{ sku: 'PAY', priceCents: 100 }] });
    products.draft = await addProduct(shop.db, site, { title: 'Draft', status: 'draft', variants: [{ sku: 'DRAFT', priceCents: 100 }] });
    products.ebook = await addProduct(shop.db, site, { title: 'E-book', productType: 2, variants: [{ sku: 'EBOOK', priceCents: 900, qtyInStock: 0 }] });
    products.lesson = await addProduct(shop.db, site, { title: 'Lesson', productType: 3, variants: [{ sku: 'LESSON', priceCents: 5000, qtyInStock: 10 }] });
    products.strictLesson = await addProduct(shop.db, strict.id, {
      title: 'Lesson',
      productType: 3,
      variants: [{ sku: 'LESSON', priceCents: 5000, qtyInStock: 10 }],
    });
  });
  afterAll(() => shop.close());

  it('makes one cart with one entry at the sale price, the same cart a fresh read gives', async () => {
    const before = await cartRows(shop.site.id);
    const visitor = shop.visitor();
    const added = await visitor.add(products.mug!.itemId, 'MUG', 2);
    expect(added.statusCode).toBe(200);
    expect(added.json().newlyAdded).toMatchObject({ quantity: 2, purchasePriceCents: 1200, subTotal: 2400, chosenVariant: { sku: 'MUG' } });
    expect(added.json().shoppingCart).toEqual(await visitor.cart());
    expect(await cartRows(shop.site.id)).toBe(before + 1);
    const cartId = added.json().shoppingCart.id as string;
    const entries = await shop.db.select().from(cartEntries).where(eq(cartEntries.cartId, cartId));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ sku: 'MUG', quantity: 2, purchasePriceCents: 1200 });
  });

  it.each([
    ['more than the stock', 'mug', 'MUG', 5, 'shop', AddToCartMessages.NOT_ENOUGH_STOCK],
    ['an unknown sku', 'mug', 'NO-SUCH', 1, 'shop', AddToCartMessages.VARIANT_UNAVAILABLE],
    ['a subscription product', 'plan', 'PLAN', 1, 'shop', 'This product is sold as a subscription.'],
    ['a paywall item', 'members', 'PAY', 1, 'shop', 'This item cannot be added to the cart.'],
    ['a draft item', 'draft', 'DRAFT', 1, 'shop', 'Not found'],
    ['two units of a service where only one is allowed', 'strictLesson', 'LESSON', 2, 'strict', 'Only one of this item can be in the cart.'],
  ] as const)('refuses %s and makes no cart', async (_name, product, sku, quantity, siteName, message) => {
    const site = siteName === 'strict' ? strict : shop.site;
    const before = await cartRows(site.id);
    const response = await shop.visitor(site).add(products[product]!.itemId, sku, quantity);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json().message).toBe(message);
    expect(await cartRows(site.id)).toBe(before);
  });

  it.each([
    ['no sku on a product with one variant', 'mug', null, 1],
    ['a digital good beyond its stock count (not stocked)', 'ebook', 'EBOOK', 3],
    ['two units of a service where the store allows it', 'lesson', 'LESSON', 2],
  ] as const)('adds %s, which the one statement leaves to the checks', async (_name, product, sku, quantity) => {
    const visitor = shop.visitor();
    const added = await visitor.add(products[product]!.itemId, sku, quantity);
    expect(added.statusCode).toBe(200);
    expect(added.json().newlyAdded.quantity).toBe(quantity);
    expect(added.json().shoppingCart).toEqual(await visitor.cart());
  });
});
