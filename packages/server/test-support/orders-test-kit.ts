import type { LightMyRequestResponse } from 'fastify';
import { addEntry } from '../src/cart/index.js';
import { placeOrder, readCheckoutInput } from '../src/checkout/index.js';
import type { Website } from '../src/sites/index.js';
import { createProductFixture } from './fixtures.js';
import { createTestApp, type CreateTestAppOptions, type TestApp } from './test-app.js';

/** Owner token of the order tests' app (sent as `Authorization: Bearer`). */
export const ORDERS_OWNER_TOKEN = 'owner-token-for-order-desk-tests';

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

/** A test app with helpers to place real orders and to call the owner's order desk. */
export interface OrdersTestApp extends TestApp {
  /** An owner call to a site (crumb and owner token), or a visitor's when `owner` is false. */
  call: (
    site: Website,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    options?: { owner?: boolean },
  ) => Promise<LightMyRequestResponse>;
  /** A product with one variant of `qtyInStock` units at `priceCents`. */
  addProduct: (site: Website, title: string, priceCents: number, qtyInStock: number) => Promise<{ itemId: string; variantId: string; sku: string }>;
  /** Places an order through the real checkout (test card, paid to the app's own test provider), returning its id. */
  placeOrder: (
    site: Website,
    product: { itemId: string; sku: string },
    quantity: number,
    customer: { email: string; firstName: string; lastName: string },
  ) => Promise<string>;
}

/** Builds an {@link OrdersTestApp} over a fresh test database; `options` go to the app (its payment providers, job work, configuration). */
export async function createOrdersTestApp(options: CreateTestAppOptions = {}): Promise<OrdersTestApp> {
  const test = await createTestApp({ ...options, config: { outboxPollMs: 3_600_000, ...options.config, ownerToken: ORDERS_OWNER_TOKEN } });
  const crumbs = new Map<string, string>();
  const crumbOf = (site: Website) => crumbs.get(site.id) ?? crumbs.set(site.id, test.app.emporium.crumbs.issue(site.id)).get(site.id)!;
  return {
    ...test,
    call: (site, method, url, body, options = {}) =>
      test.app.inject({
        method,
        url,
        headers: {
          host: test.hostOf(site),
          accept: 'application/json',
          cookie: `crumb=${crumbOf(site)}`,
          'x-csrf-token': crumbOf(site),
          ...(options.owner === false ? {} : { authorization: `Bearer ${ORDERS_OWNER_TOKEN}` }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
    addProduct: async (site, title, priceCents, qtyInStock) => {
      const product = await createProductFixture(test.testDb.db, site.id, { title, priceCents, qtyInStock });
      return { itemId: product.itemId, variantId: product.variantId, sku: product.sku };
    },
    placeOrder: async (site, product, quantity, customer) => {
      const { cartId } = await addEntry(test.testDb.db, site, undefined, { itemId: product.itemId, sku: product.sku, quantity, additionalFields: null });
      const input = readCheckoutInput({
        email: customer.email,
        shippingAddress: {
          firstName: customer.firstName,
          lastName: customer.lastName,
          address1: '1 High Street',
          city: 'Leeds',
          postalCode: 'LS1 1AA',
          country: 'GB',
        },
        payment: { provider: 'test', cardNumber: '4242424242424242' },
      });
      const providers = await test.app.emporium.payments.forSite(site);
      const placed = await placeOrder({ db: test.testDb.db, providers, log: silent }, site, cartId, input, undefined);
      return placed.body.order.id;
    },
  };
}
