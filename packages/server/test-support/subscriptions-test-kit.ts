import { and, eq } from 'drizzle-orm';
import { SUBSCRIPTION_CHECKOUT_PATH } from '../src/checkout/index.js';
import { orders } from '../src/db/schema.js';
import { subscriptions } from '../src/db/schema-subscriptions.js';
import type { DbOrTx } from '../src/db/types.js';
import type { Website } from '../src/sites/index.js';
import { ADDRESS, addProduct, Visitor } from './commerce-test-kit.js';
import type { TestApp } from './test-app.js';

/** The test card that pays at checkout and is declined on every later charge (Stripe's 0341). */
export const PAY_FAILS_LATER = Object.freeze({ provider: 'test', cardNumber: '4000 0000 0000 0341' });

/** A plan as products store it. */
export const plan = (value: number, unit: 'WEEK' | 'MONTH' | 'YEAR', numBillingCycles: number) => ({ billingPeriod: { value, unit }, numBillingCycles });

/** A subscribable product of `priceCents` per period on `site` (unlimited stock). */
export async function addPlanProduct(db: DbOrTx, site: Website, sku: string, priceCents: number, subscriptionPlan: ReturnType<typeof plan>) {
  return addProduct(db, site.id, {
    title: `Box ${sku}`,
    isSubscribable: true,
    subscriptionPlan,
    variants: [{ sku, priceCents, unlimited: true }],
  });
}

/**
 * Buys a subscription through the real calls (a subscription cart, then its checkout) as a new
 * visitor; returns the first order and the subscription row it started.
 */
export async function subscribe(
  t: TestApp,
  site: Website,
  product: { itemId: string },
  sku: string,
  options: { email?: string; payment?: object } = {},
): Promise<{ orderId: string; subscription: typeof subscriptions.$inferSelect }> {
  const visitor = new Visitor(t.app, t.hostOf(site));
  const cart = await visitor.request('POST', '/api/3/commerce/cart/subscription', { itemId: product.itemId, sku, qty: 1, additionalFields: '' });
  if (cart.statusCode !== 200) throw new Error(`subscription cart: ${cart.statusCode} ${cart.body}`);
  const placed = await visitor.request('POST', SUBSCRIPTION_CHECKOUT_PATH, {
    cartToken: cart.json().cartToken,
    email: options.email ?? 'ada@example.com',
    shippingAddress: ADDRESS,
    payment: options.payment ?? { provider: 'test', cardNumber: '4242 4242 4242 4242' },
  });
  if (placed.statusCode !== 200) throw new Error(`subscription checkout: ${placed.statusCode} ${placed.body}`);
  const orderId = placed.json().order.id as string;
  const [subscription] = await t.testDb.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.websiteId, site.id), eq(subscriptions.firstOrderId, orderId)));
  if (!subscription) throw new Error('the checkout started no subscription');
  return { orderId, subscription };
}

/** The subscription row as it is now. */
export async function reloadSubscription(db: DbOrTx, id: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}

/** Orders of a site, oldest number first. */
export async function ordersOf(db: DbOrTx, site: Website) {
  return (await db.select().from(orders).where(eq(orders.websiteId, site.id))).sort((a, b) => a.orderNumber - b.orderNumber);
}

/** `date` plus `minutes`. */
export const plusMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
/** `date` plus `days`. */
export const plusDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);
