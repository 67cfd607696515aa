import { AddToCartMessages } from '@emporium/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSubscriptionCart, NOT_SUBSCRIBABLE_MESSAGE } from './index.js';
import { addProduct, createShop, unlimitedStore, type Shop } from '../../test-support/commerce-test-kit.js';

const MONTHLY = { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 };

describe('subscription cart (POST /api/3/commerce/cart/subscription)', () => {
  let shop: Shop;
  let box: { itemId: string };
  let plain: { itemId: string };

  beforeAll(async () => {
    shop = await createShop({ rateLimitStore: unlimitedStore });
    box = await addProduct(shop.db, shop.site.id, {
      title: 'Coffee box',
      isSubscribable: true,
      subscriptionPlan: MONTHLY,
      variants: [
        { sku: 'BOX-S', priceCents: 1800, qtyInStock: 2, attributes: { Size: 'S' } },
        { sku: 'BOX-L', priceCents: 3000, qtyInStock: 0, attributes: { Size: 'L' } },
      ],
    });
    plain = await addProduct(shop.db, shop.site.id, { title: 'Mug', variants: [{ sku: 'MUG', priceCents: 1200 }] });
  });
  afterAll(() => shop.close());

  it('returns a cart token whose cart holds the one entry and the plan', async () => {
    const visitor = shop.visitor();
    const response = await visitor.request('POST', '/api/3/commerce/cart/subscription', {
      itemId: box.itemId,
      sku: 'BOX-S',
      qty: 1,
      additionalFields: JSON.stringify({ grind: 'fine' }),
    });
    expect(response.statusCode).toBe(200);
    const { cartToken } = response.json();
    expect(cartToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(response.headers['set-cookie']).toBeUndefined();
    const loaded = await loadSubscriptionCart(shop.db, shop.site, cartToken);
    expect(loaded?.plan).toEqual(MONTHLY);
    expect(loaded?.cart.entries).toMatchObject([{ itemId: box.itemId, quantity: 1, chosenVariant: { sku: 'BOX-S' }, additionalFields: { grind: 'fine' } }]);
    const other = await shop.newSite();
    expect(await loadSubscriptionCart(shop.db, other, cartToken)).toBeNull();
    expect((await visitor.cart()).entries).toEqual([]);
  });

  it.each([
    ['a product that is not subscribable', 'plain', 'MUG', 1, NOT_SUBSCRIBABLE_MESSAGE, 400],
    ['no variant chosen', 'box', null, 1, 'Please select the Size option.', 400],
    ['an unknown sku', 'box', 'BOX-XL', 1, AddToCartMessages.VARIANT_UNAVAILABLE, 400],
    ['a sold-out variant', 'box', 'BOX-L', 1, AddToCartMessages.NOT_ENOUGH_STOCK, 409],
    ['more than the stock', 'box', 'BOX-S', 3, AddToCartMessages.NOT_ENOUGH_STOCK, 409],
    ['a fractional qty', 'box', 'BOX-S', 1.5, AddToCartMessages.QUANTITY_NOT_WHOLE, 400],
  ])('refuses %s', async (_name, product, sku, qty, message, status) => {
    const itemId = product === 'box' ? box.itemId : plain.itemId;
    const response = await shop.visitor().request('POST', '/api/3/commerce/cart/subscription', { itemId, sku, qty, additionalFields: '' });
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
  });

  it('refuses subscribable products on the ordinary add-to-cart call', async () => {
    const response = await shop.visitor().add(box.itemId, 'BOX-S');
    expect(response.json().message).toBe('This product is sold as a subscription.');
  });
});
