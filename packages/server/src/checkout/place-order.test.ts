import { AddToCartMessages } from '@emporium/commerce';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test-support/test-db.js';
import { addEntry } from '../cart/index.js';
import { addProduct } from '../../test-support/commerce-test-kit.js';
import { orders, variants } from '../db/schema.js';
import { TestPaymentProvider, type AuthorizationRequest, type PaymentProvider } from '../payments/index.js';
import { createWebsite } from '../sites/repository.js';
import type { Website } from '../sites/index.js';
import { readCheckoutInput } from './checkout-input.js';
import { CART_CHANGED_MESSAGE, placeOrder } from './place-order.js';

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
  email: 'a@example.com',
  shippingAddress: { firstName: 'A', lastName: 'B', address1: '1 St', city: 'C', postalCode: '1', country: 'US' },
  payment: { provider: 'test', cardNumber: '4242424242424242' },
});

describe('placeOrder', () => {
  let t: TestDb;
  let site: Website;
  let product: { itemId: string; variantIds: Record<string, string> };

  beforeAll(async () => {
    t = await createTestDb();
    site = await createWebsite(t.db, { identifier: `place-${process.pid}`, title: 'Place' });
    product = await addProduct(t.db, site.id, { title: 'Vase', variants: [{ sku: 'VASE', priceCents: 3000, qtyInStock: 20 }] });
  });
  afterAll(() => t.close());

  async function cartWith(quantity: number): Promise<string> {
    return (await addEntry(t.db, site, undefined, { itemId: product.itemId, sku: 'VASE', quantity, additionalFields: null })).cartId;
  }

  async function stock(): Promise<number> {
    const [row] = await t.db.select({ q: variants.qtyInStock }).from(variants).where(eq(variants.id, product.variantIds.VASE!));
    return row!.q;
  }

  it('refuses a cart that changed after pricing, voids the authorization and takes no stock', async () => {
    const cartId = await cartWith(1);
    const inner = new TestPaymentProvider();
    let authorizationId = '';
    const meddling: PaymentProvider = {
      id: 'test',
      testMode: true,
      authorize: async (request: AuthorizationRequest) => {
        await addEntry(t.db, site, cartId, { itemId: product.itemId, sku: 'VASE', quantity: 1, additionalFields: null });
        const result = await inner.authorize(request);
        if (result.ok) authorizationId = result.authorizationId;
        return result;
      },
      capture: (id) => inner.capture(id),
      void: (id) => inner.void(id),
      chargeSaved: (request) => inner.chargeSaved(request),
      refund: (request) => inner.refund(request),
    };
    const before = await stock();
    await expect(placeOrder({ db: t.db, providers: new Map([['test', meddling]]), log: silent }, site, cartId, INPUT, undefined)).rejects.toMatchObject({
      status: 409,
      message: CART_CHANGED_MESSAGE,
    });
    expect(inner.authorizations.get(authorizationId)?.state).toBe('voided');
    expect(await stock()).toBe(before);
  });

  it('voids the authorization when stock runs out inside the transaction', async () => {
    const cartId = await cartWith(2);
    const provider = new TestPaymentProvider();
    await t.db.update(variants).set({ qtyInStock: 1 }).where(eq(variants.id, product.variantIds.VASE!));
    await expect(placeOrder({ db: t.db, providers: new Map([['test', provider]]), log: silent }, site, cartId, INPUT, undefined)).rejects.toMatchObject({
      status: 409,
      message: AddToCartMessages.NOT_ENOUGH_STOCK,
    });
    expect([...provider.authorizations.values()].map((a) => a.state)).toEqual(['voided']);
    expect(await stock()).toBe(1);
    await t.db.update(variants).set({ qtyInStock: 20 }).where(eq(variants.id, product.variantIds.VASE!));
  });

  it('captures after commit, and marks the order PAYMENT_FAILED when capture fails', async () => {
    const provider = new TestPaymentProvider();
    const placed = await placeOrder({ db: t.db, providers: new Map([['test', provider]]), log: silent }, site, await cartWith(1), INPUT, undefined);
    expect([...provider.authorizations.values()].map((a) => [a.state, a.amount, a.orderId])).toEqual([['captured', 3000, placed.body.order.id]]);

    const failing: PaymentProvider = {
      ...provider,
      id: 'test',
      testMode: true,
      authorize: (r) => provider.authorize(r),
      capture: async () => {
        throw new Error('gateway down');
      },
      void: (id) => provider.void(id),
      chargeSaved: (request) => provider.chargeSaved(request),
      refund: (request) => provider.refund(request),
    };
    const result = await placeOrder({ db: t.db, providers: new Map([['test', failing]]), log: silent }, site, await cartWith(1), INPUT, undefined);
    const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, result.body.order.id));
    expect(row!.status).toBe('PAYMENT_FAILED');
  });

  it('numbers orders per site without gaps', async () => {
    const provider = new TestPaymentProvider();
    const deps = { db: t.db, providers: new Map([['test', provider]]), log: silent };
    const first = await placeOrder(deps, site, await cartWith(1), INPUT, undefined);
    const second = await placeOrder(deps, site, await cartWith(1), INPUT, undefined);
    expect(second.body.order.orderNumber).toBe(first.body.order.orderNumber + 1);
    const other = await createWebsite(t.db, { identifier: `place-other-${process.pid}`, title: 'Other' });
    const otherProduct = await addProduct(t.db, other.id, { title: 'Cup', variants: [{ sku: 'CUP', priceCents: 100 }] });
    const otherCart = (await addEntry(t.db, other, undefined, { itemId: otherProduct.itemId, sku: 'CUP', quantity: 1, additionalFields: null })).cartId;
    expect((await placeOrder(deps, other, otherCart, INPUT, undefined)).body.order.orderNumber).toBe(1);
  });
});
