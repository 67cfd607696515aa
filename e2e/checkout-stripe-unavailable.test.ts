import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../packages/server/src/db/schema.js';
import { paymentAccounts } from '../packages/server/src/db/schema-payments.js';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/repository.js';
import { allA11yViolations, launchBrowser, openPage, screenshot, waitForHydration } from './support/browser.js';
import { startStore, type RunningStore } from './support/store.js';

const STEP_TIMEOUT = 15_000;
const UNAVAILABLE = 'Card payments are unavailable right now. Your cart is saved: please try again in a few minutes.';
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** Console errors other than Stripe.js failing to load (this machine cannot reach js.stripe.com). */
function otherErrors(errors: readonly string[]): string[] {
  return errors.filter((e) => !/Failed to load resource|ERR_NAME_NOT_RESOLVED|ERR_CONNECTION|ERR_INTERNET_DISCONNECTED|js\.stripe\.com/.test(e));
}

describe('checkout when the site has Stripe but Stripe.js cannot load (#27)', () => {
  let store: RunningStore;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    store = await startStore();
    browser = await launchBrowser();
    base = store.siteUrl();
  });
  afterAll(async () => {
    await browser?.close();
    await store?.close();
  });

  async function demoId(): Promise<string> {
    return (await findWebsiteByIdentifier(store.app.emporium.db, 'demo'))!.id;
  }
  async function connectStripe(): Promise<void> {
    const websiteId = await demoId();
    await store.app.emporium.db
      .insert(paymentAccounts)
      .values({
        websiteId,
        provider: 'stripe',
        publishableKey: 'pk_test_e2e',
        secretKeySealed: 'x',
        webhookSecretSealed: 'x',
        testMode: true,
        accountCountry: 'US',
      })
      .onConflictDoNothing();
  }
  async function disconnectStripe(): Promise<void> {
    await store.app.emporium.db.delete(paymentAccounts).where(eq(paymentAccounts.websiteId, await demoId()));
  }
  async function addProduct(page: Page, path = '/shop/oat-honey-soap'): Promise<void> {
    await page.goto(`${base}${path}`);
    await waitForHydration(page);
    await page.locator('.product-form .add-to-cart__button').click();
    await page.locator('.add-to-cart__button[data-state="added"]').waitFor({ timeout: STEP_TIMEOUT });
  }

  for (const { name, viewport } of WIDTHS) {
    it(`says card payments are unavailable, keeps the form usable and the cart, with no other errors and no axe violations (${name})`, async () => {
      await connectStripe();
      const { page, errors } = await openPage(browser, viewport);
      await addProduct(page);
      await page.goto(`${base}/checkout`);
      await waitForHydration(page);
      const form = page.locator('form.checkout');
      await form.locator('.checkout-stripe__status').filter({ hasText: UNAVAILABLE }).waitFor({ timeout: STEP_TIMEOUT });
      expect(await form.getByLabel('Card number').count()).toBe(0);
      expect(await form.locator('.checkout-payment__badge').textContent()).toBe('Test mode');
      const place = form.getByRole('button', { name: 'Place order' });
      expect(await place.isDisabled()).toBe(true);
      const describedBy = await place.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${describedBy}"]`).getAttribute('role')).toBe('status');
      await form.getByLabel('Email').fill('ada@example.com');
      expect(await form.getByLabel('Email').inputValue()).toBe('ada@example.com');
      await form.getByLabel('Gift card code').fill('NOPE');
      expect(await form.getByRole('button', { name: 'Try again' }).isEnabled()).toBe(true);
      expect(await form.getByText('Oat & Honey Soap').count()).toBeGreaterThan(0);
      expect(await allA11yViolations(page)).toEqual([]);
      await screenshot(page, `checkout-stripe-unavailable-${name}`);
      await page.reload();
      await waitForHydration(page);
      await form.locator('.checkout-stripe__status').filter({ hasText: UNAVAILABLE }).waitFor({ timeout: STEP_TIMEOUT });
      expect(await form.getByText('Oat & Honey Soap').count()).toBeGreaterThan(0);
      expect(errors.some((e) => /Failed to load resource|ERR_/.test(e))).toBe(true);
      expect(otherErrors(errors)).toEqual([]);
      await page.context().close();
    }, 90_000);
  }

  for (const { name, viewport } of WIDTHS) {
    it(`without Stripe the test card still buys; the order received page (207) of a pending payment says it is confirming it (${name})`, async () => {
      await disconnectStripe();
      const { page, errors } = await openPage(browser, viewport);
      await addProduct(page, '/shop/hedgerow-sewing-pattern');
      await page.goto(`${base}/checkout`);
      await waitForHydration(page);
      const form = page.locator('form.checkout');
      await form.getByLabel('Email').fill('ada@example.com');
      await form.getByLabel('Card number').fill('4242 4242 4242 4242');
      await form.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/checkout\/order-confirmed\/[0-9a-f]{32}$/, { timeout: STEP_TIMEOUT });
      const orderId = page.url().split('/').pop()!;
      const db = store.app.emporium.db;
      await db
        .update(orders)
        .set({ paymentStatus: 'pending' })
        .where(and(eq(orders.websiteId, await demoId()), eq(orders.id, orderId)));
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      // The payment status call answers pending; cut short the two minutes the page waits for.
      await page.route(`${base}/api/commerce/orders/${orderId}/payment?**`, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ paymentStatus: 'pending', orderNumber: order!.orderNumber, confirmationUrl: `/checkout/order-confirmed/${orderId}` }),
        }),
      );
      const received = await page.goto(
        `${base}/checkout/order-received/${orderId}?token=${order!.statusToken}&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=succeeded`,
      );
      expect(received?.status()).toBe(200);
      expect(received?.headers()['cache-control']).toBe('no-store');
      await page.getByRole('heading', { name: `Order #${order!.orderNumber}` }).waitFor({ timeout: STEP_TIMEOUT });
      await page.getByText('We are confirming your payment…').waitFor({ timeout: STEP_TIMEOUT });
      await waitForHydration(page);
      expect(await allA11yViolations(page)).toEqual([]);
      await screenshot(page, `order-received-${name}`);
      expect(otherErrors(errors)).toEqual([]);
      await page.context().close();
    }, 90_000);
  }
});
