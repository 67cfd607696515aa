import { AddToCartMessages } from '@emporium/commerce';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, giftCards, items, orders, outbox, shippingOptions, taxRules, variants } from '../db/schema.js';
import { loadOrderForPage } from '../orders/index.js';
import { ADDRESS, PAY_DECLINED, PAY_OK, WindowlessStore, addProduct, createShop, unlimitedStore, type Shop } from '../../test-support/commerce-test-kit.js';

async function stockOf(shop: Shop, variantId: string): Promise<number> {
  const [row] = await shop.db.select({ q: variants.qtyInStock }).from(variants).where(eq(variants.id, variantId));
  return row!.q;
}

describe('checkout API (test mode)', () => {
  let shop: Shop;
  let shirt: { itemId: string; variantIds: Record<string, string> };
  let gift: { itemId: string; variantIds: Record<string, string> };

  beforeAll(async () => {
    shop = await createShop({ rateLimitStore: unlimitedStore });
    shirt = await addProduct(shop.db, shop.site.id, { title: 'Linen shirt', variants: [{ sku: 'SHIRT', priceCents: 4500, qtyInStock: 50 }] });
    gift = await addProduct(shop.db, shop.site.id, {
      title: 'Gift card',
      productType: 4,
      variants: [
        { sku: 'GC25', priceCents: 2500, qtyInStock: 0 },
        { sku: 'GC100', priceCents: 10000, qtyInStock: 0 },
      ],
    });
  });
  afterAll(() => shop.close());

  it("says 'You have nothing in your shopping cart.' without a cart or with an empty one", async () => {
    const visitor = shop.visitor();
    const none = await visitor.checkout({ email: 'a@example.com', payment: PAY_OK });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('You have nothing in your shopping cart.');
    const entry = (await visitor.add(shirt.itemId, 'SHIRT')).json().newlyAdded;
    await visitor.request('DELETE', `/api/commerce/shopping-cart/entries/${entry.id}`);
    const empty = await visitor.checkout({ email: 'a@example.com', shippingAddress: ADDRESS, payment: PAY_OK });
    expect(empty.json().message).toBe(AddToCartMessages.CART_EMPTY);
  });

  it('checks email, shipping address and payment details', async () => {
    const visitor = shop.visitor();
    await visitor.add(shirt.itemId, 'SHIRT');
    const email = await visitor.checkout({ email: 'not-an-email', shippingAddress: ADDRESS, payment: PAY_OK });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toBe('Please enter a valid email');
    const noAddress = await visitor.checkout({ email: 'a@example.com', payment: PAY_OK });
    expect(noAddress.json().message).toBe('Please complete the shipping address.');
    const partial = await visitor.checkout({ email: 'a@example.com', shippingAddress: { ...ADDRESS, city: '' }, payment: PAY_OK });
    expect(partial.json()).toMatchObject({ message: 'Please complete the shipping address.', errors: { 'shippingAddress.city': 'Required' } });
    const noPayment = await visitor.checkout({ email: 'a@example.com', shippingAddress: ADDRESS });
    expect(noPayment.json().message).toBe('Payment details are required.');
    const unknown = await visitor.checkout({ email: 'a@example.com', shippingAddress: ADDRESS, payment: { provider: 'paypal' } });
    expect(unknown.json().message).toBe("Payment provider 'paypal' is not available.");
    const otherCard = await visitor.checkout({
      email: 'a@example.com',
      shippingAddress: ADDRESS,
      payment: { provider: 'test', cardNumber: '5555 5555 5555 4444' },
    });
    expect(otherCard.statusCode).toBe(422);
  });

  it('declines 4000 0000 0000 0002 without taking stock or closing the cart', async () => {
    const visitor = shop.visitor();
    await visitor.add(shirt.itemId, 'SHIRT', 2);
    const before = await stockOf(shop, shirt.variantIds.SHIRT!);
    const response = await visitor.checkout({ email: 'a@example.com', shippingAddress: ADDRESS, payment: PAY_DECLINED });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Your card was declined.');
    expect(await stockOf(shop, shirt.variantIds.SHIRT!)).toBe(before);
    expect((await visitor.cart()).totalQuantity).toBe(2);
  });

  it('places an order with 4242 4242 4242 4242: order written, stock taken, cart purchased, cookies cleared', async () => {
    const visitor = shop.visitor();
    const cartId = (await visitor.add(shirt.itemId, 'SHIRT', 2)).json().shoppingCart.id;
    const before = await stockOf(shop, shirt.variantIds.SHIRT!);
    const response = await visitor.checkout({ email: ' ada@example.com ', shippingAddress: ADDRESS, payment: PAY_OK });
    expect(response.statusCode).toBe(200);
    const { order, confirmationUrl } = response.json();
    expect(confirmationUrl).toBe(`/checkout/order-confirmed/${order.id}`);
    expect(order).toMatchObject({
      websiteId: shop.site.id,
      purchasedCartId: cartId,
      testMode: true,
      status: 'PAID',
      customerEmail: 'ada@example.com',
      currency: 'USD',
      items: [{ sku: 'SHIRT', productName: 'Linen shirt', quantity: 2, unitPrice: { value: 4500, currency: 'USD' } }],
      subtotal: { value: 9000, currency: 'USD' },
      grandTotal: { value: 9000, currency: 'USD' },
      shippingTotal: { value: 0, currency: 'USD' },
      taxTotal: { value: 0, currency: 'USD' },
      payment: { provider: 'test', cardLast4: '4242', amount: { value: 9000, currency: 'USD' } },
      shippingAddress: { ...ADDRESS },
    });
    expect(order.orderNumber).toBeGreaterThan(0);
    expect(await stockOf(shop, shirt.variantIds.SHIRT!)).toBe(before - 2);
    expect(visitor.cookies.has('emporium_cart')).toBe(false);
    expect(visitor.cookies.has('hasCart')).toBe(false);
    expect((await visitor.cart()).id).toBe('');
    expect(await loadOrderForPage(shop.db, shop.site.id, order.id)).toEqual(order);
    const other = await shop.newSite();
    expect(await loadOrderForPage(shop.db, other.id, order.id)).toBeNull();
    const mails = await shop.db.select().from(outbox).where(eq(outbox.websiteId, shop.site.id));
    expect(mails.some((m) => m.toAddress === 'ada@example.com' && m.subject.includes(`#${order.orderNumber}`))).toBe(true);
  });

  it('a second checkout of a purchased cart finds nothing in the cart', async () => {
    const visitor = shop.visitor();
    await visitor.add(shirt.itemId, 'SHIRT');
    const cartCookie = visitor.cookies.get('emporium_cart')!;
    expect((await visitor.checkout({ email: 'a@example.com', shippingAddress: ADDRESS, payment: PAY_OK })).statusCode).toBe(200);
    visitor.cookies.set('emporium_cart', cartCookie);
    const again = await visitor.checkout({ email: 'a@example.com', shippingAddress: ADDRESS, payment: PAY_OK });
    expect(again.json().message).toBe('You have nothing in your shopping cart.');
  });

  it('refuses an entry that became unavailable', async () => {
    const product = await addProduct(shop.db, shop.site.id, { title: 'Limited', variants: [{ sku: 'LIM', priceCents: 1000 }] });
    const visitor = shop.visitor();
    await visitor.add(product.itemId, 'LIM');
    await shop.db.update(items).set({ status: 'draft' }).where(eq(items.id, product.itemId));
    const response = await visitor.checkout({ email: 'a@example.com', shippingAddress: ADDRESS, payment: PAY_OK });
    expect(response.json().message).toBe(AddToCartMessages.VARIANT_UNAVAILABLE);
  });

  it('sells gift cards that become redeemable codes, and redeems them (partly and in full)', async () => {
    const buyer = shop.visitor();
    await buyer.add(gift.itemId, 'GC25', 2);
    const bought = await buyer.checkout({ email: 'giver@example.com', payment: PAY_OK });
    expect(bought.statusCode).toBe(200);
    const cards = bought.json().order.purchasedGiftCards as Array<{ code: string; amount: { value: number } }>;
    expect(cards).toHaveLength(2);
    expect(cards.every((c) => /^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/.test(c.code) && c.amount.value === 2500)).toBe(true);
    expect(bought.json().order.shippingAddress).toBeNull();

    const spender = shop.visitor();
    await spender.add(shirt.itemId, 'SHIRT');
    const partial = await spender.checkout({
      email: 'r@example.com',
      shippingAddress: ADDRESS,
      giftCardCode: cards[0]!.code.toLowerCase().replace(/-/g, ' '),
      payment: PAY_OK,
    });
    expect(partial.statusCode).toBe(200);
    expect(partial.json().order).toMatchObject({
      grandTotal: { value: 4500 },
      giftCardPayment: { codeEnding: cards[0]!.code.slice(-4), amount: { value: 2500 } },
      payment: { amount: { value: 2000 } },
    });
    const [card] = await shop.db.select().from(giftCards).where(eq(giftCards.code, cards[0]!.code));
    expect(card!.balanceCents).toBe(0);

    const spent = shop.visitor();
    await spent.add(shirt.itemId, 'SHIRT');
    const empty = await spent.checkout({ email: 'r@example.com', shippingAddress: ADDRESS, giftCardCode: cards[0]!.code, payment: PAY_OK });
    expect(empty.json().message).toBe('This gift card code is not valid.');

    const cheap = await addProduct(shop.db, shop.site.id, { title: 'Sticker', variants: [{ sku: 'STICK', priceCents: 500, unlimited: true }] });
    const full = shop.visitor();
    await full.add(cheap.itemId, 'STICK', 2);
    const covered = await full.checkout({ email: 'r@example.com', shippingAddress: ADDRESS, giftCardCode: cards[1]!.code });
    expect(covered.statusCode).toBe(200);
    expect(covered.json().order.payment.amount.value).toBe(0);
    const [rest] = await shop.db.select().from(giftCards).where(eq(giftCards.code, cards[1]!.code));
    expect(rest!.balanceCents).toBe(1500);

    const otherSite = await shop.newSite();
    const product = await addProduct(shop.db, otherSite.id, { title: 'Elsewhere', variants: [{ sku: 'E', priceCents: 100, unlimited: true }] });
    const foreign = shop.visitor(otherSite);
    await foreign.add(product.itemId, 'E');
    const refused = await foreign.checkout({ email: 'r@example.com', shippingAddress: ADDRESS, giftCardCode: cards[1]!.code, payment: PAY_OK });
    expect(refused.json().message).toBe('This gift card code is not valid.');
  });
});

describe('checkout pricing: minimum subtotal, shipping options, tax rules, coupons', () => {
  let shop: Shop;
  let lamp: { itemId: string };
  let ebook: { itemId: string };

  beforeAll(async () => {
    shop = await createShop({ rateLimitStore: unlimitedStore, settings: { commerce: { checkoutMinimumCents: 5000 } } });
    lamp = await addProduct(shop.db, shop.site.id, { title: 'Lamp', variants: [{ sku: 'LAMP', priceCents: 4000, qtyInStock: 100 }] });
    ebook = await addProduct(shop.db, shop.site.id, { title: 'E-book', productType: 2, variants: [{ sku: 'EBOOK', priceCents: 6000, qtyInStock: 0 }] });
    await shop.db.insert(shippingOptions).values([
      { websiteId: shop.site.id, name: 'Standard', priceCents: 800, freeOverCents: 20000, displayIndex: 0 },
      { websiteId: shop.site.id, name: 'Express', priceCents: 2500, displayIndex: 1 },
      { websiteId: shop.site.id, name: 'Canada post', priceCents: 1500, countries: ['CA'], displayIndex: 2 },
    ]);
    await shop.db.insert(taxRules).values([
      { websiteId: shop.site.id, name: 'Illinois', country: 'US', region: 'IL', rateThousandths: 6250 },
      { websiteId: shop.site.id, name: 'Chicago', country: 'US', region: 'IL', rateThousandths: 1000, appliesToShipping: true },
      { websiteId: shop.site.id, name: 'Ontario', country: 'CA', region: 'ON', rateThousandths: 13000 },
    ]);
    await shop.db.insert(coupons).values([
      { websiteId: shop.site.id, code: 'TENOFF', kind: 'PERCENT', amount: 10 },
      { websiteId: shop.site.id, code: 'shipfree', kind: 'FREE_SHIPPING' },
      { websiteId: shop.site.id, code: 'ONCE', kind: 'FIXED', amount: 1000, maxUses: 1 },
      { websiteId: shop.site.id, code: 'OLD', kind: 'FIXED', amount: 1000, endsAt: new Date('2020-01-01T00:00:00Z') },
      { websiteId: shop.site.id, code: 'BIG', kind: 'FIXED', amount: 1000, minSubtotalCents: 100000 },
    ]);
  });
  afterAll(() => shop.close());

  it("refuses a subtotal under the store minimum: 'To check out, your order subtotal must be $50.00 or more.'", async () => {
    const visitor = shop.visitor();
    await visitor.add(lamp.itemId, 'LAMP');
    const response = await visitor.checkout({ email: 'a@example.com', shippingAddress: ADDRESS, payment: PAY_OK });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('To check out, your order subtotal must be $50.00 or more.');
  });

  it('answers an add with the cart a fresh read gives: shipping, tax and coupons included, and sees a new shipping option at once', async () => {
    const visitor = shop.visitor();
    await visitor.add(lamp.itemId, 'LAMP', 1);
    await visitor.request('PUT', '/api/commerce/shopping-cart/shipping', { shippingLocation: { country: 'us', region: 'il', postalCode: '60601' } });
    await visitor.request('POST', '/api/commerce/shopping-cart/coupons', { code: 'tenoff' });
    const added = await visitor.add(ebook.itemId, null);
    expect(added.json().shoppingCart).toEqual(await visitor.cart());
    expect(added.json().shoppingCart).toMatchObject({ subtotalCents: 10000, discountCents: 1000, shippingCostCents: 800 });
    expect(added.json().shoppingCart.taxCents).toBeGreaterThan(0);
    const [pigeon] = await shop.db.insert(shippingOptions).values({ websiteId: shop.site.id, name: 'Pigeon', priceCents: 100, displayIndex: -1 }).returning();
    try {
      const again = await visitor.add(lamp.itemId, 'LAMP', 1);
      expect(again.json().shoppingCart.shippingOptions[0]).toMatchObject({ name: 'Pigeon' });
      expect(again.json().shoppingCart).toEqual(await visitor.cart());
    } finally {
      await shop.db.delete(shippingOptions).where(eq(shippingOptions.id, pigeon!.id));
    }
  });

  it('prices the cart for the shipping location: options, selected option, tax rules, coupons', async () => {
    const visitor = shop.visitor();
    await visitor.add(lamp.itemId, 'LAMP', 2);
    await visitor.add(ebook.itemId, null);
    let cart = await visitor.cart();
    expect(cart.shippingOptions.map((o: { name: string }) => o.name)).toEqual(['Standard', 'Express', 'Canada post']);
    expect(cart).toMatchObject({ subtotalCents: 14000, shippingCostCents: 800, taxCents: 0, grandTotalCents: 14800, hasDigital: true, requiresShipping: true });

    const express = cart.shippingOptions[1].id;
    const set = await visitor.request('PUT', '/api/commerce/shopping-cart/shipping', {
      shippingLocation: { country: 'us', region: 'il', postalCode: '60601' },
      shippingOptionId: express,
    });
    expect(set.statusCode).toBe(200);
    cart = set.json().shoppingCart;
    expect(cart.shippingOptions.map((o: { name: string }) => o.name)).toEqual(['Standard', 'Express']);
    expect(cart.selectedShippingOption).toEqual({ id: express, name: 'Express', costCents: 2500 });
    expect(cart.applicableTaxRules.map((r: { name: string }) => r.name).sort()).toEqual(['Chicago', 'Illinois']);
    // 6.25 % of 14000 = 875; 1 % of (14000 + 2500) = 165
    expect(cart).toMatchObject({ shippingCostCents: 2500, taxCents: 1040, grandTotalCents: 14000 + 2500 + 1040 });

    for (const code of ['tenoff', 'OLD', 'BIG', 'NOPE']) {
      expect((await visitor.request('POST', '/api/commerce/shopping-cart/coupons', { code })).statusCode).toBe(200);
    }
    cart = await visitor.cart();
    expect(cart.coupons).toEqual(['TENOFF', 'OLD', 'BIG', 'NOPE']);
    expect(cart.validCoupons).toEqual([{ code: 'TENOFF', kind: 'PERCENT', amount: 10, discountCents: 1400 }]);
    expect(cart.invalidCoupons).toEqual([
      { code: 'OLD', reason: 'This coupon has expired.' },
      { code: 'BIG', reason: 'Your order does not meet the minimum for this coupon.' },
      { code: 'NOPE', reason: 'This coupon code is not valid.' },
    ]);
    // taxable goods 14000 - 1400 = 12600: 6.25 % -> 788 (787.5 rounded up), 1 % of 12600 + 2500 -> 151
    expect(cart).toMatchObject({ discountCents: 1400, taxCents: 939, grandTotalCents: 14000 - 1400 + 2500 + 939 });

    const withInvalid = await visitor.checkout({
      email: 'a@example.com',
      shippingAddress: { ...ADDRESS, city: 'Chicago' },
      shippingOptionId: express,
      payment: PAY_OK,
    });
    expect(withInvalid.statusCode).toBe(400);
    expect(withInvalid.json().message).toBe('OLD: This coupon has expired.');

    const placed = await visitor.checkout({
      email: 'a@example.com',
      shippingAddress: { ...ADDRESS, city: 'Chicago' },
      shippingOptionId: express,
      couponCodes: ['tenoff', 'shipfree'],
      payment: PAY_OK,
    });
    expect(placed.statusCode).toBe(200);
    // free shipping: tax 6.25 % of 12600 = 788, 1 % of 12600 = 126
    expect(placed.json().order).toMatchObject({
      subtotal: { value: 14000 },
      discountTotal: { value: 1400 },
      shippingTotal: { value: 0 },
      taxTotal: { value: 914 },
      grandTotal: { value: 14000 - 1400 + 914 },
      shippingOption: { id: express, name: 'Express', costCents: 0 },
    });
    const used = await shop.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.websiteId, shop.site.id), eq(coupons.code, 'TENOFF')));
    expect(used[0]!.timesUsed).toBe(1);
  });

  it('refuses a country no option serves, and an option that does not serve the address', async () => {
    const site = await shop.newSite();
    const product = await addProduct(shop.db, site.id, { title: 'Canoe', variants: [{ sku: 'CANOE', priceCents: 90000 }] });
    const [canada] = await shop.db
      .insert(shippingOptions)
      .values({ websiteId: site.id, name: 'Canada post', priceCents: 1500, countries: ['CA'] })
      .returning();
    const visitor = shop.visitor(site);
    await visitor.add(product.itemId, 'CANOE');
    const nowhere = await visitor.checkout({ email: 'a@example.com', shippingAddress: ADDRESS, payment: PAY_OK });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().message).toBe('Sorry, we do not ship to this country.');
    expect((await visitor.cart()).shippingOptions).toEqual([]);
    const toCanada = await visitor.checkout({ email: 'a@example.com', shippingAddress: { ...ADDRESS, country: 'CA', region: 'ON' }, payment: PAY_OK });
    expect(toCanada.statusCode).toBe(200);
    expect(toCanada.json().order.shippingTotal.value).toBe(1500);

    const here = shop.visitor();
    await here.add(lamp.itemId, 'LAMP', 2);
    const foreignOption = await here.checkout({ email: 'a@example.com', shippingAddress: ADDRESS, shippingOptionId: canada!.id, payment: PAY_OK });
    expect(foreignOption.json().message).toBe('Please choose a shipping option for this address.');
  });

  it('counts a limited coupon once: the second order is refused', async () => {
    const first = shop.visitor();
    await first.add(lamp.itemId, 'LAMP', 2);
    expect((await first.checkout({ email: 'a@example.com', shippingAddress: ADDRESS, couponCodes: ['ONCE'], payment: PAY_OK })).statusCode).toBe(200);
    const second = shop.visitor();
    await second.add(lamp.itemId, 'LAMP', 2);
    const refused = await second.checkout({ email: 'a@example.com', shippingAddress: ADDRESS, couponCodes: ['ONCE'], payment: PAY_OK });
    expect(refused.json().message).toBe('ONCE: This coupon is no longer available.');
  });

  it('uses the store tax rate and flat shipping from settings when the site has no rules', async () => {
    const site = await shop.newSite({ commerce: { taxRatePercent: 8.25, flatShippingCents: 599 } });
    const product = await addProduct(shop.db, site.id, { title: 'Mug', variants: [{ sku: 'MUG', priceCents: 1000 }] });
    const visitor = shop.visitor(site);
    const cart = (await visitor.add(product.itemId, 'MUG', 3)).json().shoppingCart;
    expect(cart).toMatchObject({ subtotalCents: 3000, shippingCostCents: 599, taxCents: 248, grandTotalCents: 3847 });
    expect(cart.shippingOptions).toEqual([{ id: 'flat-rate', name: 'Standard shipping', costCents: 599 }]);
    expect(cart.applicableTaxRules).toEqual([{ id: 'store-rate', name: 'Tax', country: '', region: '', rateBasisPoints: 825, taxCents: 248 }]);
  });

  it('refuses test cards when the store is not in test mode', async () => {
    const site = await shop.newSite({ commerce: { testMode: false } });
    const product = await addProduct(shop.db, site.id, { title: 'Mug', variants: [{ sku: 'MUG', priceCents: 1000 }] });
    const visitor = shop.visitor(site);
    await visitor.add(product.itemId, 'MUG');
    const response = await visitor.checkout({ email: 'a@example.com', shippingAddress: ADDRESS, payment: PAY_OK });
    expect(response.json().message).toBe('Test payments are not accepted by this store.');
    const count = await shop.db.select().from(orders).where(eq(orders.websiteId, site.id));
    expect(count).toHaveLength(0);
  });
});

describe('checkout and coupon rate limits', () => {
  let shop: Shop;
  afterAll(() => shop.close());

  it("answers 429 'Please try again in a few seconds.' past 10 checkouts or 10 coupon codes a minute from one IP", async () => {
    const store = new WindowlessStore();
    shop = await createShop({ rateLimitStore: store });
    const product = await addProduct(shop.db, shop.site.id, { title: 'Pen', variants: [{ sku: 'PEN', priceCents: 100, unlimited: true }] });
    const visitor = shop.visitor(shop.site, '10.5.0.1');
    await visitor.add(product.itemId, 'PEN');
    const declined: number[] = [];
    for (let i = 0; i < 10; i += 1)
      declined.push((await visitor.checkout({ email: 'a@example.com', shippingAddress: ADDRESS, payment: PAY_DECLINED })).statusCode);
    expect(declined.every((s) => s === 422)).toBe(true);
    const limited = await visitor.checkout({ email: 'a@example.com', shippingAddress: ADDRESS, payment: PAY_OK });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Please try again in a few seconds.');
    const coupons: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      coupons.push((await visitor.request('POST', '/api/commerce/shopping-cart/coupons', { code: `GUESS${i}` })).statusCode);
      await visitor.request('DELETE', `/api/commerce/shopping-cart/coupons/GUESS${i}`);
    }
    expect(coupons.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(coupons[10]).toBe(429);
    store.reset();
    for (let i = 0; i < 5; i += 1) expect((await visitor.request('POST', '/api/commerce/shopping-cart/coupons', { code: `KEEP${i}` })).statusCode).toBe(200);
    const sixth = await visitor.request('POST', '/api/commerce/shopping-cart/coupons', { code: 'KEEP5' });
    expect(sixth.json().message).toBe('A cart can hold at most 5 coupons.');
    expect((await visitor.request('POST', '/api/commerce/shopping-cart/coupons', { code: ' ' })).json().message).toBe('Please enter a coupon code.');
  });
});
