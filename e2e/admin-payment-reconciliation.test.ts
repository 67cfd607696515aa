/**
 * "Real money", part 3: Settings → Payments lists the differences the payment check found
 * between recent orders and the provider, and "Check now" runs it, at desktop and phone width.
 * Screenshots go to e2e/screenshots/.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEntry } from '../packages/server/src/cart/index.js';
import { placeOrder, readCheckoutInput } from '../packages/server/src/checkout/index.js';
import { orderCheckoutDetails, orders, variants, websites } from '../packages/server/src/db/schema.js';
import { addOwner } from '../packages/server/src/owner-accounts/index.js';
import type { TestPaymentProvider } from '../packages/server/src/payments/index.js';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { ADMIN_WIDTHS, launchBrowser, screenshot, seriousA11yViolations } from './support/browser.js';
import { signInAt } from './support/dashboard.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'reconcile-owner@example.com';
const PASSWORD = 'payments-checked-every-hour-3';
const TIMEOUT = 15_000;

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

let store: RunningStore;
let browser: Browser;

/** A paid order of the demo site, then a refund of `refundCents` made at the provider only. */
async function orderRefundedAtTheProvider(refundCents: number): Promise<number> {
  const db = store.app.emporium.db;
  const site = (await findWebsiteByIdentifier(db, 'demo'))!;
  const [variant] = await db
    .select({ productId: variants.productId, sku: variants.sku })
    .from(variants)
    .where(and(eq(variants.websiteId, site.id), gt(variants.qtyInStock, 5)))
    .limit(1);
  const { cartId } = await addEntry(db, site, undefined, { itemId: variant!.productId, sku: variant!.sku!, quantity: 1, additionalFields: null });
  const input = readCheckoutInput({
    email: 'ada@example.com',
    shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', address1: '1 High Street', city: 'Leeds', postalCode: 'LS1 1AA', country: 'GB' },
    payment: { provider: 'test', cardNumber: '4242424242424242' },
  });
  const providers = await store.app.emporium.payments.forSite(site);
  const orderId = (await placeOrder({ db, providers, log: silent }, site, cartId, input, undefined)).body.order.id;
  const [details] = await db.select().from(orderCheckoutDetails).where(eq(orderCheckoutDetails.orderId, orderId));
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const provider = store.app.emporium.payments.test as TestPaymentProvider;
  const refunded = await provider.refund({
    paymentRef: String(details!.payment.authorizationId),
    amount: { value: refundCents, currency: order!.currency },
    idempotencyKey: `dashboard-${orderId}`,
  });
  if (!refunded.ok) throw new Error(refunded.message);
  return order!.orderNumber;
}

beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
  const db = store.app.emporium.db;
  const [site] = await db.select({ id: websites.id }).from(websites).where(eq(websites.identifier, 'demo'));
  await addOwner(db, { websiteId: site!.id, email: EMAIL, role: 'admin', password: PASSWORD }, { ownerId: null, email: null });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

describe('the payment check in Settings → Payments', () => {
  for (const [index, { name, viewport }] of ADMIN_WIDTHS.entries()) {
    it(`lists a refund made at the provider only after Check now (${name})`, async () => {
      const orderNumber = await orderRefundedAtTheProvider(100 + index);
      const owner = await signInAt(browser, '/settings', { dashboard: store.dashboardUrl(), email: EMAIL, password: PASSWORD, viewport });
      const { page } = owner;
      const check = page.getByRole('region', { name: 'Payment check' });
      await expect.poll(() => check.textContent(), { timeout: TIMEOUT }).toMatch(/Not checked yet|Last checked/);
      await check.getByRole('button', { name: 'Check now' }).click();
      const row = check.getByRole('row', { name: new RegExp(`#${orderNumber}\\b`) });
      await expect.poll(() => row.textContent(), { timeout: TIMEOUT }).toMatch(/Refunded in total.*\$0\.00.*\$1\.0\d.*test/);
      await expect.poll(() => check.getByRole('status').textContent(), { timeout: TIMEOUT }).toMatch(/Last checked .*\(on request\): \d+ orders? checked/);
      expect(await row.getByRole('link', { name: `#${orderNumber}` }).getAttribute('href')).toMatch(/\/orders\//);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `payment-reconciliation-${name}`);
      expect(owner.errors).toEqual([]);
      await owner.context.close();
    }, 60_000);
  }
});
