import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allA11yViolations, launchBrowser, openPage, screenshot, waitForHydration } from './support/browser.js';
import { startStore, type RunningStore } from './support/store.js';

const STEP_TIMEOUT = 10_000;

/** The cart as the API sees it, fetched from the page with its cookies. */
async function apiCart(page: Page): Promise<{ totalQuantity: number; entries: { quantity: number }[] }> {
  return page.evaluate(async () => {
    const response = await fetch('/api/commerce/shopping-cart?calculateSubtotal=true', { credentials: 'include', headers: { accept: 'application/json' } });
    return response.json();
  });
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement).catch(() => false);
}

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, options: { back?: boolean; limit?: number } = {}): Promise<void> {
  const key = options.back ? 'Shift+Tab' : 'Tab';
  for (let i = 0; i < (options.limit ?? 80); i += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`${key} never reached ${target}; focus is on ${focused}`);
}

/** Tabs to a field and types `text` into it (after clearing it with the keyboard). */
async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

/** Tabs to a <select> and moves through its options with the arrow keys until it shows `label`. */
async function chooseWithArrows(page: Page, select: Locator, label: string): Promise<void> {
  await tabTo(page, select);
  for (let i = 0; i < 20; i += 1) {
    const current = await select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent?.trim() ?? '');
    if (current === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`ArrowDown never selected ${label}`);
}

describe('buying with the keyboard alone, double clicks and accessibility (issue 4)', () => {
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

  it('a double click on add to cart adds exactly once', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${base}/shop/oat-honey-soap`);
    await waitForHydration(page);
    const form = page.locator('.product-form');
    await form.locator('.add-to-cart__button').dblclick();
    await form.locator('.add-to-cart__button[data-state="added"]').waitFor({ timeout: STEP_TIMEOUT });
    await page.waitForTimeout(1000);
    const cart = await apiCart(page);
    expect(cart.entries.map((e) => e.quantity)).toEqual([1]);
    expect(cart.totalQuantity).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('the whole purchase with Tab, Shift+Tab, Enter, Space and arrow keys: options, quantity, cart, checkout, order confirmed', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${base}/shop/linen-camp-shirt`);
    await waitForHydration(page);
    const form = page.locator('.product-form');
    await chooseWithArrows(page, form.getByLabel('Colour'), 'Sage');
    await chooseWithArrows(page, form.getByLabel('Size'), 'M');
    const quantity = form.getByLabel('Quantity');
    await tabTo(page, quantity);
    await page.keyboard.press('ArrowUp');
    expect(await quantity.inputValue()).toBe('2');
    await tabTo(page, form.locator('.add-to-cart__button'));
    await page.keyboard.press('Enter');
    await form.locator('.add-to-cart__button[data-state="added"]').waitFor({ timeout: STEP_TIMEOUT });
    expect((await apiCart(page)).totalQuantity).toBe(2);

    await tabTo(page, page.locator('.site-header .header-cart'), { back: true, limit: 120 });
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/cart`, { timeout: STEP_TIMEOUT });
    await waitForHydration(page);
    const checkoutLink = page
      .locator('div.cart-page')
      .getByRole('link', { name: 'Checkout' })
      .or(page.locator('div.cart-page').getByRole('button', { name: 'Checkout' }));
    await tabTo(page, checkoutLink, { limit: 120 });
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/checkout`, { timeout: STEP_TIMEOUT });
    await waitForHydration(page);

    const checkout = page.locator('form.checkout');
    await typeInto(page, checkout.getByLabel('Email'), 'ada@example.com');
    await typeInto(page, checkout.getByLabel('First name'), 'Ada');
    await typeInto(page, checkout.getByLabel('Last name'), 'Lovelace');
    await typeInto(page, checkout.getByLabel('Address', { exact: true }), '1 Loom Street');
    await typeInto(page, checkout.getByLabel('City'), 'Hudson');
    expect(await checkout.getByLabel('Country', { exact: true }).inputValue()).toBe('US');
    const state = checkout.getByLabel('State', { exact: true });
    await tabTo(page, state);
    await page.keyboard.type('New York');
    expect(await state.inputValue()).toBe('NY');
    await typeInto(page, checkout.getByLabel('Postal code'), '12534');
    await page.keyboard.press('Tab');
    const shipping = checkout.getByRole('radio');
    if ((await shipping.count()) > 1) {
      await tabTo(page, shipping.and(page.locator(':checked')).or(shipping.first()).first());
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Space');
    }
    await typeInto(page, checkout.getByLabel('Card number'), '4242 4242 4242 4242');
    await tabTo(page, checkout.getByRole('button', { name: 'Place order' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/checkout\/order-confirmed\/[0-9a-f]{32}$/, { timeout: 20_000 });
    await page.getByText('Thank you for your order').waitFor({ timeout: STEP_TIMEOUT });
    await screenshot(page, 'buying-keyboard-confirmed');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('axe-core finds no violations of any impact on a product page, the cart with items and the checkout', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${base}/shop/linen-camp-shirt`);
    await waitForHydration(page);
    const product = await allA11yViolations(page);
    await page.goto(`${base}/shop/oat-honey-soap`);
    await waitForHydration(page);
    await page.locator('.product-form .add-to-cart__button').click();
    await page.locator('.product-form .add-to-cart__button[data-state="added"]').waitFor({ timeout: STEP_TIMEOUT });
    await page.locator('.cart-pill--visible').waitFor({ timeout: STEP_TIMEOUT });
    const productWithPill = await allA11yViolations(page);
    await page.goto(`${base}/cart`);
    await waitForHydration(page);
    await page.locator('.cart-page-line').first().waitFor({ timeout: STEP_TIMEOUT });
    const cart = await allA11yViolations(page);
    await page.goto(`${base}/checkout`);
    await waitForHydration(page);
    await page.locator('form.checkout').waitFor({ timeout: STEP_TIMEOUT });
    const checkout = await allA11yViolations(page);
    expect({ product, productWithPill, cart, checkout }).toEqual({ product: [], productWithPill: [], cart: [], checkout: [] });
    await page.context().close();
  }, 90_000);
});
