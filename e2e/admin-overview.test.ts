/**
 * #24, section 6: the dashboard opens on an Overview. An owner signs in and lands on it: a real
 * order placed through the checkout waits to be fulfilled (number, customer, total, age) and
 * leads to its order; low stock and today's visits and sales are shown with links to the
 * screens where the owner acts. Checked with axe and photographed at 1280 and 390 px, where
 * the page never scrolls sideways.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEntry } from '../packages/server/src/cart/index.js';
import { placeOrder, readCheckoutInput } from '../packages/server/src/checkout/index.js';
import { orders, variants } from '../packages/server/src/db/schema.js';
import { TestPaymentProvider } from '../packages/server/src/payments/index.js';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { makeOwner } from '../packages/server/test-support/owners.js';
import { ADMIN_WIDTHS, allA11yViolations, launchBrowser, screenshot } from './support/browser.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'overview-owner@example.com';
const PASSWORD = 'orders-to-fulfil-first-24';
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
let order: { id: string; orderNumber: number; total: string };

/** Places an order of one in-stock, limited variant of the demo shop through the real checkout (test card). */
async function placeRealOrder(): Promise<{ id: string; orderNumber: number; grandTotalCents: number }> {
  const db = store.app.emporium.db;
  const site = (await findWebsiteByIdentifier(db, 'demo'))!;
  const [variant] = await db
    .select({ productId: variants.productId, sku: variants.sku })
    .from(variants)
    .where(and(eq(variants.websiteId, site.id), eq(variants.unlimited, false), gt(variants.qtyInStock, 0), sql`${variants.attributes} = '{}'::jsonb`))
    .limit(1);
  const { cartId } = await addEntry(db, site, undefined, { itemId: variant!.productId, sku: variant!.sku, quantity: 1, additionalFields: null });
  const input = readCheckoutInput({
    email: 'grace.hopper@example.com',
    shippingAddress: { firstName: 'Grace', lastName: 'Hopper', address1: '1 Navy Yard', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'US' },
    payment: { provider: 'test', cardNumber: '4242424242424242' },
  });
  const placed = await placeOrder({ db, providers: new Map([['test', new TestPaymentProvider()]]), log: silent }, site, cartId, input, undefined);
  const [row] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, grandTotalCents: orders.grandTotalCents, status: orders.status })
    .from(orders)
    .where(and(eq(orders.websiteId, site.id), eq(orders.id, placed.body.order.id)));
  expect(row?.status).toBe('PAID');
  return row!;
}

/** The page reaches past the viewport's right edge. */
function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
  const site = (await findWebsiteByIdentifier(store.app.emporium.db, 'demo'))!;
  await makeOwner(store.app.emporium.db, site.id, EMAIL, 'admin', PASSWORD);
  const placed = await placeRealOrder();
  const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(placed.grandTotalCents / 100);
  order = { id: placed.id, orderNumber: placed.orderNumber, total };
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

describe('#24 the dashboard opens on an Overview', () => {
  it('#24 shows a signed-in owner the order to fulfil, low stock and today, each leading to where the owner acts', async () => {
    const context = await browser.newContext({ viewport: ADMIN_WIDTHS[0]!.viewport, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${store.dashboardUrl()}/login`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sites\/demo$/, { timeout: TIMEOUT });
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor({ timeout: TIMEOUT });
    expect(await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Overview', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );

    const toFulfil = page.getByRole('region', { name: 'Orders to fulfil' });
    const orderLink = toFulfil.getByRole('link', { name: `Order #${order.orderNumber}` });
    await orderLink.waitFor({ timeout: TIMEOUT });
    const line = toFulfil.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Order #${order.orderNumber}` }) });
    expect(await line.textContent()).toContain('Grace Hopper');
    expect(await line.textContent()).toContain(order.total);
    expect(await line.locator('time').textContent()).toMatch(/^(now|\d+ minutes? ago)$/);
    expect(await toFulfil.textContent()).toMatch(/1 paid order waits to be shipped/);

    const low = page.getByRole('region', { name: 'Low stock' });
    expect(await low.getByRole('link', { name: 'Open the low-stock list' }).getAttribute('href')).toBe('/sites/demo/inventory?view=low');
    const today = page.getByRole('region', { name: 'Today' });
    expect(await today.locator('dt', { hasText: 'Orders' }).locator('+ dd').textContent()).toBe('1');
    expect(await today.locator('dt', { hasText: 'Sales' }).locator('+ dd').textContent()).toBe(order.total);
    expect(await today.getByRole('link', { name: 'Open analytics' }).getAttribute('href')).toBe('/sites/demo/analytics');
    expect(await toFulfil.getByRole('link', { name: 'Show orders to fulfil' }).getAttribute('href')).toBe('/sites/demo/orders?status=PAID');

    for (const { name, viewport } of ADMIN_WIDTHS) {
      await page.setViewportSize(viewport);
      expect(await allA11yViolations(page), `overview at ${viewport.width} px`).toEqual([]);
      expect(await scrollsSideways(page), `overview at ${viewport.width} px scrolls sideways`).toBe(false);
      await screenshot(page, `admin-overview-with-order-${name}`);
    }

    // The cards' links open their screens already filtered.
    await toFulfil.getByRole('link', { name: 'Show orders to fulfil' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor({ timeout: TIMEOUT });
    expect(await page.getByLabel('State').inputValue()).toBe('PAID');
    await page
      .getByRole('link', { name: `#${order.orderNumber}`, exact: false })
      .first()
      .waitFor({ timeout: TIMEOUT });
    await page.goBack();
    await low.getByRole('link', { name: 'Open the low-stock list' }).click();
    await page.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor({ timeout: TIMEOUT });
    expect(await page.getByRole('radio', { name: 'Low stock' }).isChecked()).toBe(true);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor({ timeout: TIMEOUT });

    await orderLink.click();
    await page.getByRole('heading', { level: 1, name: `Order #${order.orderNumber}` }).waitFor({ timeout: TIMEOUT });
    expect(page.url()).toBe(`${store.dashboardUrl()}/orders/${order.id}`);

    // Fulfilled, the order leaves the overview, which says so.
    await page.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await page.getByRole('button', { name: 'Mark as fulfilled' }).click();
    await page.getByRole('status').filter({ hasText: 'Fulfilled' }).waitFor({ timeout: TIMEOUT });
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor({ timeout: TIMEOUT });
    await toFulfil.getByText('Nothing to fulfil.', { exact: false }).waitFor({ timeout: TIMEOUT });
    expect(await today.locator('dt', { hasText: 'Sales' }).locator('+ dd').textContent()).toBe(order.total);
    await screenshot(page, `admin-overview-fulfilled-${ADMIN_WIDTHS[1]!.name}`);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
