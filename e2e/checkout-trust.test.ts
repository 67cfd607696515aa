/**
 * Issue #24, what a shopper tripped on: the coupon field stays editable while shipping is
 * recalculated, the instalment line follows the chosen variant, and the checkout address takes
 * its country and region from lists.
 */
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { coupons, orders, shippingOptions, variants } from '../packages/server/src/db/schema.js';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/repository.js';
import { openPage, screenshot, waitForHydration } from './support/browser.js';
import { useStoreAndBrowser } from './support/store-and-browser.js';

const STEP = 10_000;

describe('checkout and product page trust fixes (#24)', () => {
  const env = useStoreAndBrowser();
  let websiteId: string;

  beforeAll(async () => {
    const db = env.store.app.emporium.db;
    websiteId = (await findWebsiteByIdentifier(db, 'demo'))!.id;
    await db.insert(shippingOptions).values([{ websiteId, name: 'Standard', priceCents: 750, countries: ['US', 'CA'], displayIndex: 0 }]);
    await db.insert(coupons).values([{ websiteId, code: 'TRUST10', kind: 'PERCENT', amount: 10 }]);
    // The apron's second colour costs more, so the instalment line has a price to follow.
    await db
      .update(variants)
      .set({ priceCents: 9000 })
      .where(and(eq(variants.websiteId, websiteId), eq(variants.sku, 'FF-APRON-SAGE')));
  });

  async function apronInCart(page: Page): Promise<void> {
    await page.goto(`${env.store.siteUrl()}/shop/everyday-apron`);
    await waitForHydration(page);
    const form = page.locator('.product-form');
    await form.getByLabel('Colour').selectOption('Clay');
    await form.locator('.add-to-cart__button').click();
    await form.locator('.add-to-cart__button[data-state="added"]').waitFor({ timeout: STEP });
    await page.goto(`${env.store.siteUrl()}/checkout`);
    await waitForHydration(page);
  }

  it('#24: the instalment line follows the chosen variant', async () => {
    const { page, errors } = await openPage(env.browser);
    await page.goto(`${env.store.siteUrl()}/shop/everyday-apron`);
    await waitForHydration(page);
    const pill = page.locator('.installment-pill__text');
    expect(await pill.textContent()).toBe('or 4 interest-free payments of $16.00 with Afterpay');
    const form = page.locator('.product-form');
    await form.getByLabel('Colour').selectOption('Sage');
    await pill.filter({ hasText: 'or 4 interest-free payments of $22.50 with Afterpay' }).waitFor({ timeout: STEP });
    await screenshot(page, 'trust-instalment-variant');
    await form.getByLabel('Colour').selectOption('Clay');
    await pill.filter({ hasText: 'or 4 interest-free payments of $16.00 with Afterpay' }).waitFor({ timeout: STEP });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('#24: a coupon typed while shipping is recalculated is kept, then applied once the recalculation ends', async () => {
    const { page, errors } = await openPage(env.browser);
    await apronInCart(page);
    const form = page.locator('form.checkout');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let shippingCalls = 0;
    await page.route('**/api/commerce/shopping-cart/shipping', async (route) => {
      shippingCalls += 1;
      await held;
      await route.continue();
    });
    // Leaving the postal code for the coupon field starts a shipping recalculation, held here until released.
    await form.getByLabel('Postal code').fill('12534');
    const coupon = form.getByLabel('Coupon code');
    await coupon.click();
    await expect.poll(() => shippingCalls, { timeout: STEP }).toBe(1);
    await page.keyboard.type('TRUST10', { delay: 30 });
    expect(await coupon.inputValue()).toBe('TRUST10');
    expect(await coupon.isDisabled()).toBe(false);
    await page.keyboard.press('Enter');
    await screenshot(page, 'trust-coupon-during-recalculation');
    release();
    await form.getByText('TRUST10 applied: −$6.40').waitFor({ timeout: STEP });
    await form.locator('.checkout-summary__row--shipping dd').filter({ hasText: '$7.50' }).waitFor({ timeout: STEP });
    expect(await coupon.inputValue()).toBe('');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('#24: the country is chosen from a list and the region from its country list; the order keeps both codes', async () => {
    const { page, errors } = await openPage(env.browser, { width: 390, height: 844 });
    await apronInCart(page);
    const form = page.locator('form.checkout');
    const country = form.getByLabel('Country', { exact: true });
    expect(await country.evaluate((el) => el.tagName)).toBe('SELECT');
    expect(await country.inputValue()).toBe('US');
    expect(await country.locator('option:not([disabled])').count()).toBe(249);
    expect(await form.getByLabel('State', { exact: true }).locator('option', { hasText: 'New York' }).count()).toBe(1);

    await country.selectOption({ label: 'Canada' });
    const province = form.getByLabel('Province', { exact: true });
    expect(await province.inputValue()).toBe('');
    await province.selectOption({ label: 'Ontario' });
    await country.selectOption({ label: 'United Kingdom' });
    const region = form.getByLabel('State / region (optional)');
    expect(await region.evaluate((el) => el.tagName)).toBe('INPUT');
    await country.selectOption({ label: 'United States' });

    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Lovelace');
    await form.getByLabel('Address', { exact: true }).fill('1 Loom Street');
    await form.getByLabel('City').fill('Hudson');
    await form.getByLabel('Postal code').fill('12534');
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByRole('button', { name: 'Place order' }).click();
    const state = form.getByLabel('State', { exact: true });
    await expect.poll(() => state.getAttribute('aria-invalid'), { timeout: STEP }).toBe('true');
    expect(await page.locator(`#${await state.getAttribute('aria-describedby')}`).textContent()).toBe('Required');
    await state.selectOption({ label: 'New York' });
    await form.locator('.checkout-summary__row--shipping dd').filter({ hasText: '$7.50' }).waitFor({ timeout: STEP });
    await screenshot(page, 'trust-checkout-country-region');
    await form.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\/[0-9a-f]{32}$/, { timeout: STEP });
    const orderId = page.url().split('/').pop()!;
    const [order] = await env.store.app.emporium.db
      .select({ shippingAddress: orders.shippingAddress })
      .from(orders)
      .where(and(eq(orders.websiteId, websiteId), eq(orders.id, orderId)));
    expect(order!.shippingAddress).toMatchObject({ country: 'US', region: 'NY', city: 'Hudson' });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);
});
