import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test-support/test-db.js';
import { addEntry } from '../cart/index.js';
import { readCheckoutInput } from '../checkout/checkout-input.js';
import { placeOrder } from '../checkout/place-order.js';
import { addProduct } from '../../test-support/commerce-test-kit.js';
import { stockMovements } from '../db/schema-catalogue.js';
import { cancelOrder } from '../orders/order-actions.js';
import { TestPaymentProvider } from '../payments/index.js';
import { createWebsite } from '../sites/repository.js';

const silent = {
  error: () => {},
  warn: () => {},
  info: () => {},
  debug: () => {},
  trace: () => {},
  fatal: () => {},
  child: () => silent,
  level: 'silent',
  silent: () => {},
} as never;
const INPUT = readCheckoutInput({
  email: 'buyer@example.com',
  shippingAddress: { firstName: 'A', lastName: 'B', address1: '1 St', city: 'C', postalCode: '1', country: 'US' },
  payment: { provider: 'test', cardNumber: '4242424242424242' },
});

describe('stock history of orders and cancellations (issue 12)', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());

  it('records the units an order takes and the units a cancellation puts back, with the order id', async () => {
    const site = await createWebsite(t.db, { identifier: `stock-history-${process.pid}`, title: 'History' });
    const product = await addProduct(t.db, site.id, { title: 'Bowl', variants: [{ sku: 'HIST-BOWL', priceCents: 2000, qtyInStock: 10 }] });
    const variantId = product.variantIds['HIST-BOWL']!;
    const { cartId } = await addEntry(t.db, site, undefined, { itemId: product.itemId, sku: 'HIST-BOWL', quantity: 3, additionalFields: null });
    const placed = await placeOrder({ db: t.db, providers: new Map([['test', new TestPaymentProvider()]]), log: silent }, site, cartId, INPUT, undefined);
    const orderId = placed.body.order.id;
    await cancelOrder(t.db, site.id, orderId, 'changed mind', { ownerId: null, email: 'owner@example.com' });
    const rows = await t.db
      .select({
        reason: stockMovements.reason,
        change: stockMovements.change,
        qtyAfter: stockMovements.qtyAfter,
        orderId: stockMovements.orderId,
        actorEmail: stockMovements.actorEmail,
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.websiteId, site.id), eq(stockMovements.variantId, variantId)))
      .orderBy(desc(stockMovements.id));
    expect(rows).toEqual([
      { reason: 'cancel', change: 3, qtyAfter: 10, orderId, actorEmail: 'owner@example.com' },
      { reason: 'order', change: -3, qtyAfter: 7, orderId, actorEmail: null },
    ]);
  });
});
