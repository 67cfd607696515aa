import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test-support/test-db.js';
import { giftCards, orderCheckoutDetails, orderItems, orders } from '../db/schema.js';
import { createWebsite } from '../sites/repository.js';
import { loadOrderForPage } from './order-json.js';

describe('loadOrderForPage', () => {
  let t: TestDb;
  let siteA: string;
  let siteB: string;
  const orderId = 'a'.repeat(32);

  beforeAll(async () => {
    t = await createTestDb();
    siteA = (await createWebsite(t.db, { identifier: `orders-a-${process.pid}`, title: 'A' })).id;
    siteB = (await createWebsite(t.db, { identifier: `orders-b-${process.pid}`, title: 'B' })).id;
    await t.db.insert(orders).values({
      id: orderId,
      websiteId: siteA,
      orderNumber: 7,
      purchasedCartId: 'c'.repeat(32),
      testMode: true,
      status: 'PAID',
      customerEmail: 'x@example.com',
      currency: 'GBP',
      subtotalCents: 3000,
      taxCents: 600,
      shippingCents: 500,
      discountCents: 300,
      grandTotalCents: 3800,
    });
    await t.db.insert(orderItems).values([
      { websiteId: siteA, orderId, itemId: 'i1', sku: 'B', productName: 'Bowl', quantity: 2, unitPriceCents: 1000 },
      { websiteId: siteA, orderId, itemId: 'i2', sku: 'G', productName: 'Gift card', quantity: 1, unitPriceCents: 1000 },
    ]);
    await t.db
      .insert(orderCheckoutDetails)
      .values({ websiteId: siteA, orderId, giftCardCode: 'ABCD-EFGH-JKLM-NPQR', giftCardCents: 800, payment: { provider: 'test' } });
    await t.db
      .insert(giftCards)
      .values({ websiteId: siteA, code: 'WXYZ-WXYZ-WXYZ-WXYZ', currency: 'GBP', initialCents: 1000, balanceCents: 1000, sourceOrderId: orderId });
  });
  afterAll(() => t.close());

  it('reads the order with its lines, totals in minor units, gift cards bought and the masked gift card used', async () => {
    const order = await loadOrderForPage(t.db, siteA, orderId);
    expect(order).toMatchObject({
      id: orderId,
      orderNumber: 7,
      websiteId: siteA,
      testMode: true,
      status: 'PAID',
      currency: 'GBP',
      items: [
        { productName: 'Bowl', sku: 'B', quantity: 2, unitPrice: { value: 1000, currency: 'GBP' }, lineTotal: { value: 2000, currency: 'GBP' } },
        { productName: 'Gift card', quantity: 1 },
      ],
      subtotal: { value: 3000 },
      taxTotal: { value: 600 },
      shippingTotal: { value: 500 },
      discountTotal: { value: 300 },
      grandTotal: { value: 3800 },
      giftCardPayment: { codeEnding: 'NPQR', amount: { value: 800, currency: 'GBP' } },
      purchasedGiftCards: [{ code: 'WXYZ-WXYZ-WXYZ-WXYZ', amount: { value: 1000, currency: 'GBP' } }],
      payment: { provider: 'test' },
    });
    expect(JSON.stringify(order)).not.toContain('ABCD-EFGH');
  });

  it.each([
    ['another site', () => siteB, orderId],
    ['an unknown id', () => siteA, 'b'.repeat(32)],
    ['a malformed id', () => siteA, "x' or 1=1"],
  ])('returns null for %s', async (_name, site, id) => {
    expect(await loadOrderForPage(t.db, site(), id)).toBeNull();
  });
});
