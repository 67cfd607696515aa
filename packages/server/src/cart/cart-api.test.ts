import { AddToCartMessages } from '@emporium/commerce';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_COOKIE, cartJson, loadPricedCart } from './index.js';
import { items, shippingOptions, variants } from '../db/schema.js';
import { CRUMB_EXPIRED_MESSAGE, CRUMB_NO_COOKIES_MESSAGE } from '../http/crumb.js';
import { WindowlessStore, addProduct, createShop, unlimitedStore, type Shop } from '../../test-support/commerce-test-kit.js';

const CART_KEYS = [
  'applicableTaxRules',
  'coupons',
  'created',
  'discountCents',
  'entries',
  'grandTotalCents',
  'hasDigital',
  'id',
  'invalidCoupons',
  'isPurchased',
  'orderId',
  'purelyDigital',
  'requiresShipping',
  'selectedShippingOption',
  'shippingCostCents',
  'shippingLocation',
  'shippingOptions',
  'subtotalAmount',
  'subtotalCents',
  'taxCents',
  'totalQuantity',
  'validCoupons',
  'websiteId',
].sort();

describe('shopping cart API', () => {
  let shop: Shop;
  let shirt: { itemId: string };
  let tee: { itemId: string };
  let jacket: { itemId: string };
  let gift: { itemId: string };
  let ebook: { itemId: string };

  beforeAll(async () => {
    shop = await createShop({ rateLimitStore: unlimitedStore });
    shirt = await addProduct(shop.db, shop.site.id, { title: 'Linen shirt', variants: [{ sku: 'SHIRT', priceCents: 4500, qtyInStock: 3 }] });
    tee = await addProduct(shop.db, shop.site.id, {
      title: 'Tee',
      variantOptionOrdering: ['Size', 'Color'],
      variants: [
        { sku: 'TEE-S-RED', priceCents: 2000, attributes: { Size: 'S', Color: 'Red' } },
        { sku: 'TEE-M-RED', priceCents: 2000, attributes: { Size: 'M', Color: 'Red' }, onSale: true, salePriceCents: 1500 },
      ],
    });
    jacket = await addProduct(shop.db, shop.site.id, {
      title: 'Jacket',
      variantOptionOrdering: ['Size', 'Color', 'Fit'],
      variants: [
        { sku: 'J1', priceCents: 9000, attributes: { Size: 'S', Color: 'Red', Fit: 'Slim' } },
        { sku: 'J2', priceCents: 9000, attributes: { Size: 'M', Color: 'Blue', Fit: 'Loose' } },
      ],
    });
    gift = await addProduct(shop.db, shop.site.id, {
      title: 'Gift card',
      productType: 4,
      variants: [
        { sku: 'GC25', priceCents: 2500, qtyInStock: 0 },
        { sku: 'GC50', priceCents: 5000, qtyInStock: 0 },
      ],
    });
    ebook = await addProduct(shop.db, shop.site.id, { title: 'E-book', productType: 2, variants: [{ sku: 'EBOOK', priceCents: 900, qtyInStock: 0 }] });
  });
  afterAll(() => shop.close());

  it('returns an empty cart in the spec 3 shape without setting cookies', async () => {
    const visitor = shop.visitor();
    const response = await visitor.request('GET', '/api/commerce/shopping-cart?calculateSubtotal=true&mock=false&timecode=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['cache-control']).toContain('no-store');
    const cart = response.json();
    expect(Object.keys(cart).sort()).toEqual(CART_KEYS);
    expect(cart).toMatchObject({
      id: '',
      websiteId: shop.site.id,
      isPurchased: false,
      entries: [],
      subtotalCents: 0,
      taxCents: 0,
      shippingCostCents: 0,
      discountCents: 0,
      grandTotalCents: 0,
      totalQuantity: 0,
      subtotalAmount: { value: 0, currency: 'USD' },
      hasDigital: false,
      purelyDigital: false,
      requiresShipping: false,
      coupons: [],
      validCoupons: [],
      invalidCoupons: [],
    });
  });

  it('adds an entry, sets the httpOnly cart cookie and the readable marker, and returns newlyAdded', async () => {
    const visitor = shop.visitor();
    const response = await visitor.add(shirt.itemId, 'SHIRT', 2, JSON.stringify({ note: 'gift wrap' }));
    expect(response.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(cookies.find((c) => c.startsWith('emporium_cart='))).toMatch(/HttpOnly/);
    expect(cookies.find((c) => c.startsWith('hasCart='))).not.toMatch(/HttpOnly/);
    const { shoppingCart, newlyAdded } = response.json();
    expect(newlyAdded).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      itemId: shirt.itemId,
      quantity: 2,
      chosenVariant: { sku: 'SHIRT', attributes: {} },
      title: 'Linen shirt',
      subTotal: 9000,
      purchasePriceCents: 4500,
      productType: 1,
      additionalFields: { note: 'gift wrap' },
    });
    expect(Object.keys(shoppingCart).sort()).toEqual(CART_KEYS);
    expect(shoppingCart).toMatchObject({ subtotalCents: 9000, grandTotalCents: 9000, totalQuantity: 2, requiresShipping: true, hasDigital: false });
    expect(shoppingCart.id).toMatch(/^[0-9a-f]{32}$/);
    expect((await visitor.cart()).id).toBe(shoppingCart.id);
  });

  it('merges the same variant and refuses more than the stock, counting units already in the cart', async () => {
    const visitor = shop.visitor();
    expect((await visitor.add(shirt.itemId, 'SHIRT', 2)).statusCode).toBe(200);
    const again = await visitor.add(shirt.itemId, 'SHIRT', 1);
    expect(again.json().newlyAdded.quantity).toBe(3);
    expect(again.json().shoppingCart.entries).toHaveLength(1);
    const over = await visitor.add(shirt.itemId, 'SHIRT', 1);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Sorry, we do not have enough of that item available.');
    expect((await visitor.cart()).totalQuantity).toBe(3);
  });

  it('answers an add with the same cart a fresh read gives (the response is priced from what the add read)', async () => {
    const visitor = shop.visitor();
    const first = await visitor.add(shirt.itemId, 'SHIRT', 1);
    expect(first.json().shoppingCart).toEqual(await visitor.cart());
    const second = await visitor.add(tee.itemId, 'TEE-M-RED', 2);
    const third = await visitor.add(shirt.itemId, 'SHIRT', 1);
    expect(second.json().shoppingCart.entries).toHaveLength(2);
    expect(third.json().newlyAdded.quantity).toBe(2);
    expect(third.json().shoppingCart).toEqual(await visitor.cart());
    expect(third.json().shoppingCart).toMatchObject({ totalQuantity: 4, subtotalCents: 2 * 4500 + 2 * 1500 });
  });

  it.each([
    ['tee', null, 'Please select the Size and Color options.'],
    ['jacket', null, 'Please select the Size, Color and Fit options.'],
    ['tee', 'NO-SUCH-SKU', AddToCartMessages.VARIANT_UNAVAILABLE],
    ['gift', null, 'Select a denomination for the Gift Card'],
  ])('refuses %s with sku %s: %s', async (product, sku, message) => {
    const itemId = { tee: tee.itemId, jacket: jacket.itemId, gift: gift.itemId }[product]!;
    const response = await shop.visitor().add(itemId, sku);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('asks for the one missing option in the singular form', async () => {
    const single = await addProduct(shop.db, shop.site.id, {
      title: 'Cap',
      variants: [
        { sku: 'CAP-S', priceCents: 1000, attributes: { Size: 'S' } },
        { sku: 'CAP-L', priceCents: 1000, attributes: { Size: 'L' } },
      ],
    });
    const response = await shop.visitor().add(single.itemId, null);
    expect(response.json().message).toBe('Please select the Size option.');
  });

  it.each([
    ['abc', 'Quantity must be a number.'],
    [{ n: 1 }, 'Quantity must be a number.'],
    [1.5, 'Quantity must be a whole number'],
    ['2.5', 'Quantity must be a whole number'],
  ])('refuses quantity %j: %s', async (quantity, message) => {
    const response = await shop.visitor().add(shirt.itemId, 'SHIRT', quantity);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('uses the sale price, never sells out gift cards or digital goods, and flags digital carts', async () => {
    const visitor = shop.visitor();
    const sale = await visitor.add(tee.itemId, 'TEE-M-RED', 2);
    expect(sale.json().newlyAdded).toMatchObject({
      purchasePriceCents: 1500,
      subTotal: 3000,
      chosenVariant: { sku: 'TEE-M-RED', attributes: { Size: 'M', Color: 'Red' } },
    });
    const digital = shop.visitor();
    expect((await digital.add(gift.itemId, 'GC50', 2)).statusCode).toBe(200);
    const added = await digital.add(ebook.itemId, null, 1);
    expect(added.statusCode).toBe(200);
    expect(added.json().shoppingCart).toMatchObject({ hasDigital: true, purelyDigital: false, requiresShipping: false, subtotalCents: 10900 });
  });

  it('refuses bad additionalFields and unknown or draft items (404 without detail)', async () => {
    const visitor = shop.visitor();
    const bad = await visitor.add(shirt.itemId, 'SHIRT', 1, '{not json');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('additionalFields must be a JSON string.');
    const draft = await addProduct(shop.db, shop.site.id, { title: 'Hidden', status: 'draft', variants: [{ sku: 'HID', priceCents: 100 }] });
    for (const itemId of [draft.itemId, '0'.repeat(32)]) {
      const response = await visitor.add(itemId, null);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Not found' });
    }
    const missing = await visitor.request('POST', '/api/commerce/shopping-cart/entries', { sku: null, quantity: 1 });
    expect(missing.json().message).toBe('itemId is required.');
  });

  it('updates additional fields (PUT .../additionalFields -> shoppingCart, updatedEntry)', async () => {
    const visitor = shop.visitor();
    const entry = (await visitor.add(shirt.itemId, 'SHIRT', 1, JSON.stringify({ a: 1 }))).json().newlyAdded;
    const url = `/api/commerce/shopping-cart/entries/${entry.id}/additionalFields`;
    const response = await visitor.request('PUT', url, { itemId: shirt.itemId, sku: 'SHIRT', additionalFields: JSON.stringify({ a: 2 }) });
    expect(response.statusCode).toBe(200);
    expect(response.json().updatedEntry).toMatchObject({ id: entry.id, additionalFields: { a: 2 } });
    expect(response.json().shoppingCart.entries[0].additionalFields).toEqual({ a: 2 });
    expect(response.json().shoppingCart).toEqual(await visitor.cart());
    const wrongItem = await visitor.request('PUT', url, { itemId: tee.itemId, sku: null, additionalFields: '{}' });
    expect(wrongItem.statusCode).toBe(404);
    const wrongSku = await visitor.request('PUT', url, { itemId: shirt.itemId, sku: 'TEE-S-RED', additionalFields: '{}' });
    expect(wrongSku.json().message).toBe(AddToCartMessages.VARIANT_UNAVAILABLE);
  });

  it('changes quantity (PUT entries/{id}), removes at 0 and with DELETE', async () => {
    const visitor = shop.visitor();
    const a = (await visitor.add(tee.itemId, 'TEE-S-RED', 1)).json().newlyAdded;
    const b = (await visitor.add(shirt.itemId, 'SHIRT', 1)).json().newlyAdded;
    const up = await visitor.request('PUT', `/api/commerce/shopping-cart/entries/${a.id}`, { quantity: 4 });
    expect(up.statusCode).toBe(200);
    expect(up.json().updatedEntry).toMatchObject({ quantity: 4, subTotal: 8000 });
    expect(up.json().shoppingCart.totalQuantity).toBe(5);
    expect(up.json().shoppingCart).toEqual(await visitor.cart());
    const tooMany = await visitor.request('PUT', `/api/commerce/shopping-cart/entries/${b.id}`, { quantity: 4 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(AddToCartMessages.NOT_ENOUGH_STOCK);
    const notNumber = await visitor.request('PUT', `/api/commerce/shopping-cart/entries/${b.id}`, { quantity: 'x' });
    expect(notNumber.json().message).toBe('Quantity must be a number.');
    const zero = await visitor.request('PUT', `/api/commerce/shopping-cart/entries/${a.id}`, { quantity: 0 });
    expect(zero.json().updatedEntry).toBeNull();
    expect(zero.json().shoppingCart.entries.map((e: { id: string }) => e.id)).toEqual([b.id]);
    expect(zero.json().shoppingCart).toEqual(await visitor.cart());
    const removed = await visitor.request('DELETE', `/api/commerce/shopping-cart/entries/${b.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().shoppingCart).toMatchObject({ entries: [], totalQuantity: 0 });
    expect(removed.json().shoppingCart).toEqual(await visitor.cart());
    const again = await visitor.request('DELETE', `/api/commerce/shopping-cart/entries/${b.id}`);
    expect(again.statusCode).toBe(404);
  });

  it("keeps the readable cart marker at the cart's item count through adds, changes, removals and reads (decision 0022)", async () => {
    const visitor = shop.visitor();
    const a = (await visitor.add(tee.itemId, 'TEE-S-RED', 2)).json().newlyAdded;
    expect(visitor.cookies.get('hasCart')).toBe('2');
    const b = (await visitor.add(shirt.itemId, 'SHIRT', 1)).json().newlyAdded;
    expect(visitor.cookies.get('hasCart')).toBe('3');
    await visitor.request('PUT', `/api/commerce/shopping-cart/entries/${a.id}`, { quantity: 5 });
    expect(visitor.cookies.get('hasCart')).toBe('6');
    await visitor.request('DELETE', `/api/commerce/shopping-cart/entries/${b.id}`);
    expect(visitor.cookies.get('hasCart')).toBe('5');
    // A stale marker (another tab, an old cookie) is put right by the next read of the cart.
    visitor.cookies.set('hasCart', '1');
    const read = await visitor.request('GET', '/api/commerce/shopping-cart');
    expect(read.json().totalQuantity).toBe(5);
    expect(visitor.cookies.get('hasCart')).toBe('5');
    // A read that agrees with the marker sets no cookie.
    const again = await visitor.request('GET', '/api/commerce/shopping-cart');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('keeps sites apart: items, entries and carts of another site are 404 or invisible', async () => {
    const other = await shop.newSite();
    const foreign = await addProduct(shop.db, other.id, { title: 'Foreign', variants: [{ sku: 'F', priceCents: 100 }] });
    const visitor = shop.visitor();
    const entry = (await visitor.add(shirt.itemId, 'SHIRT', 1)).json().newlyAdded;
    const foreignAdd = await visitor.add(foreign.itemId, 'F');
    expect(foreignAdd.statusCode).toBe(404);
    expect(foreignAdd.json()).toEqual({ error: 'NOT_FOUND', message: 'Not found' });
    const stranger = shop.visitor();
    await stranger.add(tee.itemId, 'TEE-S-RED');
    for (const [method, url, body] of [
      ['PUT', `/api/commerce/shopping-cart/entries/${entry.id}`, { quantity: 2 }],
      ['DELETE', `/api/commerce/shopping-cart/entries/${entry.id}`, undefined],
      ['PUT', `/api/commerce/shopping-cart/entries/${entry.id}/additionalFields`, { itemId: shirt.itemId, sku: 'SHIRT', additionalFields: '{}' }],
    ] as const) {
      const response = await stranger.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Not found' });
    }
    const onOtherHost = shop.visitor(other);
    onOtherHost.cookies.set('emporium_cart', visitor.cookies.get('emporium_cart')!);
    const cart = await onOtherHost.cart();
    expect(cart).toMatchObject({ id: '', entries: [], websiteId: other.id });
    const stock = await visitor.request('GET', `/api/commerce/inventory/stock/?itemId=${foreign.itemId}`);
    expect(stock.statusCode).toBe(404);
    expect((await visitor.cart()).entries).toHaveLength(1);
  });

  it('requires the crumb on every state-changing call', async () => {
    const visitor = shop.visitor();
    const noHeader = await visitor.request(
      'POST',
      '/api/commerce/shopping-cart/entries',
      { itemId: shirt.itemId, sku: 'SHIRT', quantity: 1 },
      { crumb: false },
    );
    expect(noHeader.statusCode).toBe(401);
    expect(noHeader.json()).toMatchObject({ crumbFail: true, message: CRUMB_EXPIRED_MESSAGE });
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/commerce/checkout',
      headers: { host: shop.host },
      payload: { email: 'a@b.co' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(CRUMB_NO_COOKIES_MESSAGE);
    for (const [method, url] of [
      ['PUT', '/api/commerce/shopping-cart/entries/0123456789abcdef0123456789abcdef'],
      ['DELETE', '/api/commerce/shopping-cart/entries/0123456789abcdef0123456789abcdef'],
      ['PUT', '/api/commerce/shopping-cart/entries/0123456789abcdef0123456789abcdef/additionalFields'],
      ['POST', '/api/3/commerce/cart/subscription'],
      ['POST', '/api/commerce/checkout'],
      ['POST', '/api/commerce/shopping-cart/coupons'],
      ['PUT', '/api/commerce/shopping-cart/shipping'],
    ] as const) {
      const refused = await visitor.request(method, url, {}, { crumb: false });
      expect(refused.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('reports stock per variant (GET /api/commerce/inventory/stock/?itemId=)', async () => {
    const unlimited = await addProduct(shop.db, shop.site.id, { title: 'Poster', variants: [{ sku: 'POSTER', priceCents: 100, unlimited: true }] });
    const visitor = shop.visitor();
    const response = await visitor.request('GET', `/api/commerce/inventory/stock/?itemId=${tee.itemId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [
        { unlimited: false, qtyInStock: 10 },
        { unlimited: false, qtyInStock: 10 },
      ],
    });
    expect((await visitor.request('GET', `/api/commerce/inventory/stock/?itemId=${unlimited.itemId}`)).json()).toEqual({
      results: [{ unlimited: true, qtyInStock: 0 }],
    });
    expect((await visitor.request('GET', '/api/commerce/inventory/stock/')).statusCode).toBe(400);
    expect((await visitor.request('GET', `/api/commerce/inventory/stock/?itemId=${'f'.repeat(32)}`)).statusCode).toBe(404);
  });

  it('clears stale cart cookies when the cart is gone', async () => {
    const visitor = shop.visitor();
    visitor.cookies.set('emporium_cart', 'a'.repeat(32));
    visitor.cookies.set('hasCart', '1');
    const response = await visitor.request('GET', '/api/commerce/shopping-cart');
    expect(response.json().id).toBe('');
    expect(visitor.cookies.has('hasCart')).toBe(false);
  });

  it('applies the quantity rules: at most 9999 per entry, one of a service when the store says so, no paywall items', async () => {
    const poster = await addProduct(shop.db, shop.site.id, { title: 'Poster', variants: [{ sku: 'BIGPOSTER', priceCents: 100, unlimited: true }] });
    const visitor = shop.visitor();
    expect((await visitor.add(poster.itemId, 'BIGPOSTER', 99999)).json().newlyAdded.quantity).toBe(9999);
    const more = await visitor.add(poster.itemId, 'BIGPOSTER', 1);
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe('Quantity must be 9999 or less.');
    const paywall = await addProduct(shop.db, shop.site.id, { title: 'Members', productType: 5, variants: [{ sku: 'PAY', priceCents: 100 }] });
    expect((await visitor.add(paywall.itemId, null)).json().message).toBe('This item cannot be added to the cart.');

    const strict = await shop.newSite({ commerce: { multipleQuantityAllowedForServices: false } });
    const lesson = await addProduct(shop.db, strict.id, { title: 'Lesson', productType: 3, variants: [{ sku: 'LESSON', priceCents: 5000, qtyInStock: 10 }] });
    const learner = shop.visitor(strict);
    expect((await learner.add(lesson.itemId, null, 2)).json().message).toBe('Only one of this item can be in the cart.');
    expect((await learner.add(lesson.itemId, null, 1)).statusCode).toBe(200);
    expect((await learner.add(lesson.itemId, null, 1)).json().message).toBe('Only one of this item can be in the cart.');
  });

  it('reads the cart as a fresh full read does, and sees price and shipping changes at once (one-statement cart read)', async () => {
    const product = await addProduct(shop.db, shop.site.id, { title: 'Candle', variants: [{ sku: 'CANDLE', priceCents: 1200 }] });
    const visitor = shop.visitor();
    await visitor.add(product.itemId, 'CANDLE', 2);
    await visitor.add(tee.itemId, 'TEE-M-RED', 1);
    const cartId = visitor.cookies.get(CART_COOKIE)!;
    const full = async () => cartJson(await loadPricedCart(shop.db, shop.site, cartId), shop.site.id);
    expect(await visitor.cart()).toEqual(await full());
    await shop.db.update(variants).set({ priceCents: 1300 }).where(eq(variants.id, product.variantIds.CANDLE!));
    expect((await visitor.cart()).subtotalCents).toBe(2 * 1300 + 1500);
    const [option] = await shop.db.insert(shippingOptions).values({ websiteId: shop.site.id, name: 'Courier', priceCents: 800 }).returning();
    const withShipping = await visitor.cart();
    expect(withShipping.shippingOptions.map((o: { id: string }) => o.id)).toContain(option!.id);
    expect(withShipping).toEqual(await full());
    await shop.db.delete(shippingOptions).where(eq(shippingOptions.id, option!.id));
    expect((await visitor.cart()).shippingOptions.map((o: { id: string }) => o.id)).not.toContain(option!.id);
  });

  it('treats an unpublished item in the cart as unavailable', async () => {
    const product = await addProduct(shop.db, shop.site.id, { title: 'Seasonal', variants: [{ sku: 'SEASON', priceCents: 700 }] });
    const visitor = shop.visitor();
    await visitor.add(product.itemId, 'SEASON');
    await shop.db.update(items).set({ status: 'draft' }).where(eq(items.id, product.itemId));
    expect((await visitor.cart()).entries).toEqual([]);
  });
});

describe('add-to-cart rate limit', () => {
  let shop: Shop;
  afterAll(() => shop.close());

  it("answers 429 'Please try again in a few seconds.' past 20 adds in 10 s from one IP, per site", async () => {
    const store = new WindowlessStore();
    shop = await createShop({ rateLimitStore: store });
    const product = await addProduct(shop.db, shop.site.id, { title: 'Pin', variants: [{ sku: 'PIN', priceCents: 100, unlimited: true }] });
    const visitor = shop.visitor(shop.site, '10.0.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await visitor.add(product.itemId, 'PIN')).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    const limited = await visitor.add(product.itemId, 'PIN');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Please try again in a few seconds.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const otherIp = shop.visitor(shop.site, '10.0.0.2');
    expect((await otherIp.add(product.itemId, 'PIN')).statusCode).toBe(200);
    const otherSite = await shop.newSite();
    const elsewhere = await addProduct(shop.db, otherSite.id, { title: 'Pin', variants: [{ sku: 'PIN', priceCents: 100, unlimited: true }] });
    expect((await shop.visitor(otherSite, '10.0.0.1').add(elsewhere.itemId, 'PIN')).statusCode).toBe(200);
    expect([...store.counts.keys()].every((k) => k.startsWith('cart-add:'))).toBe(true);
    store.reset();
    expect((await visitor.add(product.itemId, 'PIN')).statusCode).toBe(200);
  });
});
