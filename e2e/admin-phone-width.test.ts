/**
 * Issue 24, section 6: every dashboard screen fits a 390 px phone. The page itself never
 * scrolls sideways (`document.documentElement.scrollWidth` stays at 390); a table wider than
 * the phone scrolls inside its own frame. The screens hold real rows: an order of a variant with
 * options (its confirmation mail in the outbox), a second owner with a long email and the audit
 * entries of inviting them. A screenshot of each screen is saved under e2e/screenshots/.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEntry } from '../packages/server/src/cart/index.js';
import { placeOrder, readCheckoutInput } from '../packages/server/src/checkout/index.js';
import { variants, websites } from '../packages/server/src/db/schema.js';
import { addOwner } from '../packages/server/src/owner-accounts/index.js';
import { TestPaymentProvider } from '../packages/server/src/payments/index.js';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { ADMIN_WIDTHS, allA11yViolations, launchBrowser, screenshot } from './support/browser.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'phone-width-owner@example.com';
const PASSWORD = 'narrow-screens-wide-tables-24';
const LONG_EMAIL = 'a.very.long.mailbox.name.for.a.phone@fulfilment-partners.example.com';
const PHONE = ADMIN_WIDTHS.find((width) => width.name === 'phone')!.viewport;
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
let context: BrowserContext;
let page: Page;
let orderId: string;

/** Places an order of one in-stock variant with options through the real checkout; resolves its id. */
async function placeOrderOfVariantWithOptions(): Promise<string> {
  const db = store.app.emporium.db;
  const site = (await findWebsiteByIdentifier(db, 'demo'))!;
  const [variant] = await db
    .select({ productId: variants.productId, sku: variants.sku })
    .from(variants)
    .where(and(eq(variants.websiteId, site.id), gt(variants.qtyInStock, 0), sql`${variants.attributes} <> '{}'::jsonb`))
    .limit(1);
  const { cartId } = await addEntry(db, site, undefined, { itemId: variant!.productId, sku: variant!.sku!, quantity: 1, additionalFields: null });
  const input = readCheckoutInput({
    email: LONG_EMAIL,
    shippingAddress: {
      firstName: 'Maximiliana',
      lastName: 'Featherstonehaugh-Wolfeschlegel',
      address1: '1234 Extraordinarily Long Street Name',
      city: 'Hudson',
      region: 'NY',
      postalCode: '12534',
      country: 'US',
    },
    payment: { provider: 'test', cardNumber: '4242424242424242' },
  });
  const placed = await placeOrder({ db, providers: new Map([['test', new TestPaymentProvider()]]), log: silent }, site, cartId, input, undefined);
  return placed.body.order.id;
}

/** Elements reaching past the right edge of the viewport, outermost first, for the failure message. */
function overflowing(target: Page): Promise<string[]> {
  return target.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.right <= width + 0.5 || box.width === 0) continue;
      if (element.closest('.table-wrap') && !element.classList.contains('table-wrap')) continue;
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`;
      found.push(`${name} (right ${Math.round(box.right)} px)`);
      if (found.length === 8) break;
    }
    return found;
  });
}

async function openScreen(path: string): Promise<void> {
  await page.goto(`${store.dashboardUrl()}${path}`);
  await page.locator('h1').first().waitFor({ timeout: TIMEOUT });
  await page.waitForFunction(() => !document.querySelector('.loading'), null, { timeout: TIMEOUT });
}

beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
  const db = store.app.emporium.db;
  const [site] = await db.select({ id: websites.id }).from(websites).where(eq(websites.identifier, 'demo'));
  await addOwner(db, { websiteId: site!.id, email: EMAIL, role: 'admin', password: PASSWORD }, { ownerId: null, email: null });
  await addOwner(db, { websiteId: site!.id, email: LONG_EMAIL, role: 'store-manager', password: PASSWORD }, { ownerId: null, email: EMAIL });
  orderId = await placeOrderOfVariantWithOptions();
  context = await browser.newContext({ viewport: PHONE });
  page = await context.newPage();
  await page.goto(`${store.dashboardUrl()}/login`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/sites/demo') && !url.pathname.endsWith('/login'), { timeout: TIMEOUT });
}, 240_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await store?.close();
});

/** The screens to check; `cards` marks those whose tables become cards on a phone (checked with axe too). */
const SCREENS: ReadonlyArray<{ name: string; path: () => string; cards?: boolean }> = [
  { name: 'settings', path: () => '/settings', cards: true },
  { name: 'orders', path: () => '/orders', cards: true },
  { name: 'order', path: () => `/orders/${orderId}`, cards: true },
  { name: 'inventory', path: () => '/inventory' },
  { name: 'restock', path: () => '/restock' },
  { name: 'analytics', path: () => '/analytics' },
  { name: 'products', path: () => '/products' },
  { name: 'new-product', path: () => '/products/new' },
  { name: 'discounts', path: () => '/discounts' },
  { name: 'shipping', path: () => '/shipping' },
  { name: 'taxes', path: () => '/taxes' },
  { name: 'forms', path: () => '/forms' },
  { name: 'comments', path: () => '/comments' },
  { name: 'reviews', path: () => '/reviews' },
  { name: 'account', path: () => '/account' },
];

describe('the dashboard on a 390 px phone (issue 24)', () => {
  it.each(SCREENS)('#24 $name fits the phone: the page never scrolls sideways', async ({ name, path, cards }) => {
    await openScreen(path());
    await screenshot(page, `admin-phone-width-${name}`);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `too wide: ${(await overflowing(page)).join(', ')}`).toBeLessThanOrEqual(PHONE.width);
    if (cards) expect(await allA11yViolations(page)).toEqual([]);
  });
});
