/**
 * "Real money", part 4: the order screen lists each refund with where it stands with the
 * payment provider (refunded with the provider's refund id, refused with the provider's reason,
 * pending), and the Refund form keeps working at desktop and phone width: a refund the provider
 * refuses shows its reason and is listed as refused. Screenshots go to e2e/screenshots/.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEntry } from '../packages/server/src/cart/index.js';
import { placeOrder, readCheckoutInput } from '../packages/server/src/checkout/index.js';
import { orderCheckoutDetails, variants, websites } from '../packages/server/src/db/schema.js';
import { addOwner } from '../packages/server/src/owner-accounts/index.js';
import { REFUND_EXCEEDS_PAYMENT_MESSAGE, type TestPaymentProvider } from '../packages/server/src/payments/index.js';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { ADMIN_WIDTHS, launchBrowser, screenshot } from './support/browser.js';
import { signInAt } from './support/dashboard.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'refunds-owner@example.com';
const PASSWORD = 'refunds-through-the-provider-4';
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

async function placeTestOrder(): Promise<string> {
  const db = store.app.emporium.db;
  const site = (await findWebsiteByIdentifier(db, 'demo'))!;
  const [variant] = await db
    .select({ productId: variants.productId, sku: variants.sku })
    .from(variants)
    .where(and(eq(variants.websiteId, site.id), gt(variants.qtyInStock, 5)))
    .limit(1);
  const { cartId } = await addEntry(db, site, undefined, { itemId: variant!.productId, sku: variant!.sku!, quantity: 2, additionalFields: null });
  const input = readCheckoutInput({
    email: 'ada@example.com',
    shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', address1: '1 High Street', city: 'Leeds', postalCode: 'LS1 1AA', country: 'GB' },
    payment: { provider: 'test', cardNumber: '4242424242424242' },
  });
  const providers = await store.app.emporium.payments.forSite(site);
  return (await placeOrder({ db, providers, log: silent }, site, cartId, input, undefined)).body.order.id;
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

describe('refunds on the order screen', () => {
  for (const { name, viewport } of ADMIN_WIDTHS) {
    it(`refunds part, shows a refused refund's reason, and lists each refund's state (${name})`, async () => {
      const orderId = await placeTestOrder();
      const owner = await signInAt(browser, `/orders/${orderId}`, { dashboard: store.dashboardUrl(), email: EMAIL, password: PASSWORD, viewport });
      const { page } = owner;
      const refundForm = page.locator('form', { has: page.getByRole('heading', { name: 'Refund' }) });
      await refundForm.getByLabel(/^Amount/).fill('1.00');
      await refundForm.getByLabel('Reason').fill('Chipped rim');
      await refundForm.getByRole('button', { name: 'Refund' }).click();
      await expect.poll(() => page.getByRole('status').textContent(), { timeout: TIMEOUT }).toBe('Refunded.');
      const refunds = page.locator('section', { has: page.getByRole('heading', { name: 'Refunds' }) });
      await expect.poll(() => refunds.textContent(), { timeout: TIMEOUT }).toMatch(/Refunded.*testre_/);

      // Refunded at the provider's own dashboard meanwhile: the provider refuses the next refund.
      const db = store.app.emporium.db;
      const [details] = await db.select().from(orderCheckoutDetails).where(eq(orderCheckoutDetails.orderId, orderId));
      const payment = (store.app.emporium.payments.test as TestPaymentProvider).authorizations.get(String(details!.payment.authorizationId))!;
      payment.refunded = payment.amount;
      await refundForm.getByLabel(/^Amount/).fill('2.00');
      await refundForm.getByRole('button', { name: 'Refund' }).click();
      await expect.poll(() => page.getByRole('alert').first().textContent(), { timeout: TIMEOUT }).toContain(REFUND_EXCEEDS_PAYMENT_MESSAGE);
      await expect.poll(() => refunds.textContent(), { timeout: TIMEOUT }).toContain('Refused by the provider');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `order-refunds-${name}`);
      expect(owner.errors).toEqual([]);
      await owner.context.close();
    }, 60_000);
  }
});
