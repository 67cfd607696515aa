import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, crumbForHost } from '../../test-support/test-app.js';
import { orders, outbox, shippingOptions, variants } from '../db/schema.js';
import { addProduct, ADDRESS, createShop, PAY_DECLINED, PAY_OK, unlimitedStore, type Shop } from '../../test-support/commerce-test-kit.js';
import { SUBSCRIPTION_CHECKOUT_PATH, SUBSCRIPTION_PURCHASED_MESSAGE, SUBSCRIPTION_SHIPPING_PATH } from './index.js';

const SIX_MONTHS = { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 6 };
const WEEKLY_FOREVER = { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0 };

describe('subscription checkout (POST /api/commerce/checkout/subscription) and order status', () => {
  let shop: Shop;
  let box: { itemId: string };
  let beans: { itemId: string };

  beforeAll(async () => {
    shop = await createShop({ rateLimitStore: unlimitedStore, settings: { commerce: { testMode: true } } as never });
    box = await addProduct(shop.db, shop.site.id, {
      title: 'Seed box',
      isSubscribable: true,
      subscriptionPlan: SIX_MONTHS,
      variants: [{ sku: 'BOX', priceCents: 3200, qtyInStock: 5 }],
    });
    beans = await addProduct(shop.db, shop.site.id, {
      title: 'Beans',
      productType: 3,
      isSubscribable: true,
      subscriptionPlan: WEEKLY_FOREVER,
      variants: [{ sku: 'BEANS', priceCents: 900 }],
    } as never);
  });
  afterAll(() => shop.close());

  async function subscriptionToken(itemId: string, sku: string, visitor = shop.visitor()): Promise<string> {
    const response = await visitor.request('POST', '/api/3/commerce/cart/subscription', { itemId, sku, qty: 1, additionalFields: '' });
    expect(response.statusCode).toBe(200);
    return response.json().cartToken as string;
  }

  it('places a test-mode order recording the plan, takes stock once, and leaves the visitor cart alone', async () => {
    const visitor = shop.visitor();
    const plain = await addProduct(shop.db, shop.site.id, { title: 'Mug', variants: [{ sku: 'MUG-S', priceCents: 1200 }] });
    expect((await visitor.add(plain.itemId, 'MUG-S')).statusCode).toBe(200);
    const cartToken = await subscriptionToken(box.itemId, 'BOX', visitor);
    const body = { cartToken, email: 'ada@example.com', shippingAddress: ADDRESS, payment: PAY_OK };
    const response = await visitor.request('POST', SUBSCRIPTION_CHECKOUT_PATH, body, { headers: { 'idempotency-key': 'sub-key-000000000001' } });
    expect(response.statusCode, response.body).toBe(200);
    const { order, confirmationUrl, statusUrl } = response.json();
    expect(confirmationUrl).toBe(`/checkout/order-confirmed/${order.id}`);
    expect(statusUrl).toMatch(new RegExp(`^/checkout/order-status/${order.id}\\?token=[A-Za-z0-9_-]{32}$`));
    expect(order).toMatchObject({ testMode: true, subscription: SIX_MONTHS, items: [{ sku: 'BOX', quantity: 1 }], subtotal: { value: 3200 } });
    const [row] = await shop.db
      .select()
      .from(orders)
      .where(and(eq(orders.websiteId, shop.site.id), eq(orders.id, order.id)));
    expect(row!.subscription).toEqual(SIX_MONTHS);
    const [mail] = await shop.db.select().from(outbox).where(eq(outbox.websiteId, shop.site.id));
    expect(mail!.textBody).toContain('Subscription: ');
    expect(mail!.textBody).toContain('every month for 6 months');
    expect((await visitor.cart()).entries).toMatchObject([{ chosenVariant: { sku: 'MUG-S' } }]);

    const replay = await visitor.request('POST', SUBSCRIPTION_CHECKOUT_PATH, body, { headers: { 'idempotency-key': 'sub-key-000000000001' } });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().order.id).toBe(order.id);

    const changed = await visitor.request(
      'POST',
      SUBSCRIPTION_CHECKOUT_PATH,
      { ...body, email: 'other@example.com' },
      { headers: { 'idempotency-key': 'sub-key-000000000001' } },
    );
    expect(changed.statusCode).toBe(422);

    const again = await visitor.request('POST', SUBSCRIPTION_CHECKOUT_PATH, body, { headers: { 'idempotency-key': 'sub-key-000000000002' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SUBSCRIPTION_PURCHASED_MESSAGE);
    const [stock] = await shop.db
      .select()
      .from(variants)
      .where(and(eq(variants.websiteId, shop.site.id), eq(variants.sku, 'BOX')));
    expect(stock!.qtyInStock).toBe(4);
    const placed = await shop.db.select().from(orders).where(eq(orders.websiteId, shop.site.id));
    expect(placed.filter((o) => o.purchasedCartId === row!.purchasedCartId)).toHaveLength(1);
  });

  it('sets the subscription cart shipping by token and checks out with it; other sites and used tokens are 404', async () => {
    const [fast] = await shop.db
      .insert(shippingOptions)
      .values([{ websiteId: shop.site.id, name: 'Fast', priceCents: 1500, countries: ['US'], displayIndex: 0 }])
      .returning();
    const visitor = shop.visitor();
    const cartToken = await subscriptionToken(box.itemId, 'BOX', visitor);
    const set = await visitor.request('PUT', SUBSCRIPTION_SHIPPING_PATH, {
      cartToken,
      shippingLocation: { country: 'US', region: 'NY', postalCode: '12534' },
      shippingOptionId: fast!.id,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().shoppingCart).toMatchObject({
      shippingCostCents: 1500,
      selectedShippingOption: { id: fast!.id },
      entries: [{ chosenVariant: { sku: 'BOX' } }],
    });
    const other = await shop.newSite();
    expect((await shop.visitor(other).request('PUT', SUBSCRIPTION_SHIPPING_PATH, { cartToken, shippingOptionId: fast!.id })).statusCode).toBe(404);
    const placed = await visitor.request('POST', SUBSCRIPTION_CHECKOUT_PATH, {
      cartToken,
      email: 'a@example.com',
      shippingAddress: { ...ADDRESS, region: 'NY', postalCode: '12534' },
      shippingOptionId: fast!.id,
      payment: PAY_OK,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().order.shippingTotal.value).toBe(1500);
    expect((await visitor.request('PUT', SUBSCRIPTION_SHIPPING_PATH, { cartToken, shippingOptionId: fast!.id })).statusCode).toBe(404);
    await shop.db.delete(shippingOptions).where(eq(shippingOptions.id, fast!.id));
  });

  it('records an indefinite plan (numBillingCycles 0) for a service without shipping', async () => {
    const cartToken = await subscriptionToken(beans.itemId, 'BEANS');
    const response = await shop.visitor().request('POST', SUBSCRIPTION_CHECKOUT_PATH, { cartToken, email: 'bo@example.com', payment: PAY_OK });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().order.subscription).toEqual(WEEKLY_FOREVER);
  });

  it('refuses an unknown, malformed or other-site token (404), a declined card (cart kept) and a missing address', async () => {
    const other = await shop.newSite();
    const cartToken = await subscriptionToken(box.itemId, 'BOX');
    for (const [site, token] of [
      [shop.site, 'x'.repeat(32)],
      [shop.site, 'short'],
      [shop.site, undefined],
      [other, cartToken],
    ] as const) {
      const response = await shop
        .visitor(site)
        .request('POST', SUBSCRIPTION_CHECKOUT_PATH, { cartToken: token, email: 'a@example.com', shippingAddress: ADDRESS, payment: PAY_OK });
      expect(response.statusCode).toBe(404);
    }
    const noAddress = await shop.visitor().request('POST', SUBSCRIPTION_CHECKOUT_PATH, { cartToken, email: 'a@example.com', payment: PAY_OK });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().message).toBe('Please complete the shipping address.');
    const declined = await shop
      .visitor()
      .request('POST', SUBSCRIPTION_CHECKOUT_PATH, { cartToken, email: 'a@example.com', shippingAddress: ADDRESS, payment: PAY_DECLINED });
    expect(declined.statusCode).toBe(422);
    const ok = await shop
      .visitor()
      .request('POST', SUBSCRIPTION_CHECKOUT_PATH, { cartToken, email: 'a@example.com', shippingAddress: ADDRESS, payment: PAY_OK });
    expect(ok.statusCode).toBe(200);
  });
});

describe('subscription checkout and order status pages', () => {
  it('renders the subscription checkout (201) and the order status page (211) only with the right site and token', async () => {
    const t = await createTestApp({ pages: true });
    const site = await t.createSite({ identifier: `subpages-${process.pid}`, title: 'Sub pages', settings: { commerce: { testMode: true } } as never });
    const other = await t.createSite({ identifier: `subpages-other-${process.pid}`, title: 'Other', settings: {} });
    const box = await addProduct(t.testDb.db, site.id, {
      title: 'Seed box',
      isSubscribable: true,
      subscriptionPlan: SIX_MONTHS,
      variants: [{ sku: 'BOX', priceCents: 3200, unlimited: true }],
    });
    const host = t.hostOf(site);
    const crumb = await crumbForHost(t.app, host);
    const send = (method: 'GET' | 'POST', url: string, payload?: object, h = host) =>
      t.app.inject({
        method,
        url,
        headers: { host: h, cookie: `crumb=${crumb}`, 'x-csrf-token': crumb, accept: method === 'GET' ? 'text/html' : 'application/json' },
        ...(payload ? { payload } : {}),
      });
    const { cartToken } = (await send('POST', '/api/3/commerce/cart/subscription', { itemId: box.itemId, sku: 'BOX', qty: 1 })).json();

    const page = await send('GET', `/checkout/subscription?cartToken=${cartToken}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$32.00 every month for 6 months');
    expect(page.body).toContain('6 payments in all.');
    expect(page.body).toContain('Seed box');
    expect((await send('GET', `/checkout/subscription?cartToken=${cartToken}`, undefined, t.hostOf(other))).statusCode).toBe(404);
    expect((await send('GET', '/checkout/subscription?cartToken=nope')).statusCode).toBe(404);

    const placed = await send('POST', SUBSCRIPTION_CHECKOUT_PATH, { cartToken, email: 'ada@example.com', shippingAddress: ADDRESS, payment: PAY_OK });
    expect(placed.statusCode, placed.body).toBe(200);
    const { order, confirmationUrl, statusUrl } = placed.json();
    expect((await send('GET', `/checkout/subscription?cartToken=${cartToken}`)).statusCode).toBe(404);

    const confirmed = await send('GET', confirmationUrl);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(`<a href="${statusUrl}">View your order status</a>`);
    expect(confirmed.body).toContain('Subscription: $32.00 every month for 6 months. 6 payments in all.');

    const status = await send('GET', statusUrl);
    expect(status.statusCode).toBe(200);
    expect(status.body).toContain(`Order #${order.orderNumber}`);
    expect(status.body).toContain('>Paid<');
    expect(status.body).toContain('Subscription: $32.00 every month for 6 months. 6 payments in all.');
    const token = new URL(statusUrl, 'http://x').searchParams.get('token')!;
    const wrongToken = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await send('GET', `/checkout/order-status/${order.id}?token=${wrongToken}`)).statusCode).toBe(404);
    expect((await send('GET', `/checkout/order-status/${order.id}`)).statusCode).toBe(404);
    expect((await send('GET', statusUrl, undefined, t.hostOf(other))).statusCode).toBe(404);
    await t.close();
  });
});
