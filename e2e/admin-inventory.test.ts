/**
 * Issue 12: the owner's Inventory screen and "Create a store" in Chromium. An owner made with
 * `addOwner` signs in, sees stock per variant, is refused an adjustment below zero with the
 * server's message, sets a level and sees it on the storefront (sold out at 0), reads the
 * variant's history, imports a CSV with a good and a bad row and reads the report, exports the
 * CSV, and creates a store that goes first in the storefront's main navigation (spec 4 "Store
 * creation order", spec 5 "Store setup"). The screen passes axe at 1280 and 390 px.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variants, websites } from '../packages/server/src/db/schema.js';
import { STOCK_CSV_HEADER } from '../packages/server/src/inventory/stock-csv.js';
import { INVENTORY_MESSAGES } from '../packages/server/src/inventory/stock-repository.js';
import { addOwner } from '../packages/server/src/owner-accounts/index.js';
import { ADMIN_WIDTHS, allA11yViolations, launchBrowser, screenshot } from './support/browser.js';
import { startStore, type RunningStore } from './support/store.js';
import { signInAt, type SignedInOwner } from './support/dashboard.js';

const EMAIL = 'stock-keeper@example.com';
const PASSWORD = 'beeswax-and-canvas-2026';
const TIMEOUT = 15_000;

let store: RunningStore;
let browser: Browser;
let websiteId: string;

async function qtyOf(sku: string): Promise<number | undefined> {
  const [row] = await store.app.emporium.db.select({ qty: variants.qtyInStock }).from(variants).where(eq(variants.sku, sku));
  return row?.qty;
}

/** A browser context signed in through the sign-in page, on `path` of the dashboard. */
function signedIn(path: string, viewport = ADMIN_WIDTHS[0]!.viewport): Promise<SignedInOwner> {
  return signInAt(browser, path, { dashboard: store.dashboardUrl(), email: EMAIL, password: PASSWORD, viewport, acceptDownloads: true });
}

async function waitForHeading(page: Page, text: string): Promise<void> {
  await page.waitForFunction((want) => document.querySelector('h1')?.textContent === want, text, { timeout: TIMEOUT });
}

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.loading'), null, { timeout: TIMEOUT });
}

/** The stock table's row of a SKU. */
function rowOf(page: Page, sku: string) {
  return page.locator('.stock-table tbody tr').filter({ has: page.locator('code', { hasText: new RegExp(`^${sku}$`) }) });
}

async function searchFor(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Product title or SKU' }).fill(text);
  await page.getByRole('button', { name: 'Show variants' }).click();
  await settled(page);
}

beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
  const [site] = await store.app.emporium.db.select({ id: websites.id }).from(websites).where(eq(websites.identifier, 'demo'));
  websiteId = site!.id;
  await addOwner(store.app.emporium.db, { websiteId, email: EMAIL, role: 'admin', password: PASSWORD }, { ownerId: null, email: null });
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

describe('Inventory screen (issue 12)', () => {
  it('shows stock per variant, refuses going below zero with the server message, sets a level the storefront shows, and lists the history', async () => {
    const { context, page } = await signedIn('/inventory');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await waitForHeading(page, 'Inventory');
    await settled(page);
    // Stock per variant: the first page lists variants of several products with their levels.
    expect(await page.locator('.stock-table tbody tr').count()).toBeGreaterThan(5);

    await searchFor(page, 'FF-TAPER-PAIR');
    const taper = rowOf(page, 'FF-TAPER-PAIR');
    await expect.poll(() => taper.count(), { timeout: TIMEOUT }).toBe(1);
    expect(await page.locator('.stock-table tbody tr').count()).toBe(1);
    expect((await taper.locator('td.stock-qtyInStock').textContent())?.trim()).toBe('3');

    // Taking out more than is on the shelf is refused by the server, in its words.
    await taper.getByLabel('Add or remove').fill('-5');
    await taper.getByRole('button', { name: 'Adjust stock of FF-TAPER-PAIR' }).click();
    await taper
      .getByRole('alert')
      .filter({ hasText: INVENTORY_MESSAGES.belowZero(3) })
      .waitFor({ timeout: TIMEOUT });
    expect(await qtyOf('FF-TAPER-PAIR')).toBe(3);

    // An adjustment within stock, then a set to 0.
    await taper.getByLabel('Add or remove').fill('-1');
    await taper.getByRole('button', { name: 'Adjust stock of FF-TAPER-PAIR' }).click();
    await taper.getByRole('status').filter({ hasText: 'Hand-dipped Beeswax Tapers: 2 in stock.' }).waitFor({ timeout: TIMEOUT });
    await taper.getByLabel('Set to').fill('0');
    await taper.getByRole('button', { name: 'Set stock of FF-TAPER-PAIR' }).click();
    await taper.getByRole('status').filter({ hasText: 'Hand-dipped Beeswax Tapers: 0 in stock.' }).waitFor({ timeout: TIMEOUT });
    await expect.poll(() => taper.locator('td.stock-qtyInStock').textContent(), { timeout: TIMEOUT }).toBe('0 (sold out)');
    expect(await qtyOf('FF-TAPER-PAIR')).toBe(0);

    // The storefront's product page says sold out.
    const shop = await context.newPage();
    await shop.goto(`${store.siteUrl()}/shop/beeswax-taper-candles`);
    expect((await shop.locator('.product__sold-out').textContent({ timeout: TIMEOUT }))?.trim()).toBe('Sold out');
    await shop.close();

    // The history, newest first: the set (-2 to 0) and the adjustment (-1 to 2), by this owner.
    await taper.getByRole('button', { name: 'History of FF-TAPER-PAIR' }).click();
    const history = page.getByRole('region', { name: 'Stock history of Hand-dipped Beeswax Tapers' });
    await history.locator('tbody tr').first().waitFor({ timeout: TIMEOUT });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('stock-history-heading');
    const cells = async (index: number) => (await history.locator('tbody tr').nth(index).locator('td').allTextContents()).slice(1).map((text) => text.trim());
    expect(await cells(0)).toEqual(['Manual edit', '-2', '0', EMAIL]);
    expect(await cells(1)).toEqual(['Manual edit', '-1', '2', EMAIL]);

    // The low-stock list shows the variant at 0 first.
    await page.getByRole('radio', { name: 'Low stock' }).check();
    await settled(page);
    await page.locator('.stock-table tbody tr').first().waitFor({ timeout: TIMEOUT });
    const firstLow = await page.locator('.stock-table tbody tr').first().locator('td').allTextContents();
    expect(firstLow[2]).toBe('0 (sold out)');
    expect(await rowOf(page, 'FF-TAPER-PAIR').count()).toBe(1);
    expect(await rowOf(page, 'FF-TOTE-OLIVE').count()).toBe(0);
    expect(await allA11yViolations(page), 'low-stock list').toEqual([]);
    // Closing the history gives the focus back to the variant's History button.
    await page.getByRole('button', { name: 'Close history' }).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('History of FF-TAPER-PAIR');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('imports a CSV with one good and one bad row and reports the rejected line, and exports the stock as CSV', async () => {
    const { context, page } = await signedIn('/inventory');
    await waitForHeading(page, 'Inventory');
    await settled(page);
    const file = join(tmpdir(), `stock-import-${process.pid}.csv`);
    await writeFile(file, 'SKU,Stock\r\nFF-TOTE-OLIVE,21\r\nNO-SUCH-SKU,4\r\n');
    await page.getByLabel('Stock CSV to import').setInputFiles(file);
    await page.getByRole('button', { name: 'Import stock' }).click();
    await page.getByRole('status').filter({ hasText: '1 row applied, 0 rows unchanged, 1 row rejected.' }).waitFor({ timeout: TIMEOUT });
    const rejected = page.getByRole('table', { name: 'Rejected rows' });
    expect(await rejected.locator('tbody tr').count()).toBe(1);
    expect((await rejected.locator('tbody tr td').allTextContents()).map((t) => t.trim())).toEqual(['3', 'No variant with SKU "NO-SUCH-SKU".']);
    expect(await qtyOf('FF-TOTE-OLIVE')).toBe(21);
    // The table shows the imported level (its answers are fetched again after the import).
    await searchFor(page, 'FF-TOTE-OLIVE');
    await expect.poll(() => rowOf(page, 'FF-TOTE-OLIVE').locator('td.stock-qtyInStock').textContent(), { timeout: TIMEOUT }).toBe('21');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download products and stock (CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe('stock-demo.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(STOCK_CSV_HEADER.map((name) => `"${name}"`).join(','));
    const tote = lines.find((line) => line.includes('"FF-TOTE-OLIVE"'));
    expect(tote?.split(',').slice(-2)).toEqual(['"21"', '"no"']);
    await context.close();
  }, 120_000);

  for (const { name, viewport } of ADMIN_WIDTHS) {
    it(`has no axe violation at ${viewport.width} px, with a history open`, async () => {
      const { context, page } = await signedIn('/inventory', viewport);
      await waitForHeading(page, 'Inventory');
      await settled(page);
      await searchFor(page, 'Apron');
      await rowOf(page, 'FF-APRON-CLAY').getByRole('button', { name: 'History of FF-APRON-CLAY' }).click();
      await page.getByRole('region', { name: /^Stock history of/ }).waitFor({ timeout: TIMEOUT });
      await settled(page);
      expect(await allA11yViolations(page), `Inventory at ${viewport.width} px`).toEqual([]);
      await screenshot(page, `admin-inventory-history-${name}`);
      await searchFor(page, '');
      await page.getByRole('button', { name: 'Close history' }).click();
      expect(await allA11yViolations(page), `Inventory at ${viewport.width} px`).toEqual([]);
      await screenshot(page, `admin-inventory-all-variants-${name}`);
      await context.close();
    }, 120_000);
  }
});

describe('Create a store (spec 4 "Store creation order", spec 5 "Store setup")', () => {
  it('creates a store with its root category, puts it first in the main navigation, and shows its address', async () => {
    const { context, page } = await signedIn('/settings');
    await waitForHeading(page, 'Settings');
    const section = page.getByRole('region', { name: 'Create a store' });
    await section.getByLabel('Store title').fill('Winter Market');
    await section.getByLabel('Put it first in the main navigation').check();
    await section.getByRole('button', { name: 'Create store' }).click();
    const done = section.getByRole('status').filter({ hasText: 'Store created: Winter Market at' });
    await done.waitFor({ timeout: TIMEOUT });
    expect(await done.getByRole('link').getAttribute('href')).toBe(`${store.siteUrl()}/winter-market`);
    expect(await done.textContent()).toContain(`${store.siteUrl()}/winter-market, first in the main navigation.`);
    await screenshot(page, 'admin-create-store-desktop');

    // The storefront's main navigation starts with the new store, followed by the old links.
    const home = await context.newPage();
    await home.goto(`${store.siteUrl()}/`);
    const links = home.getByRole('navigation', { name: 'Main' }).getByRole('link');
    expect((await links.first().textContent())?.trim()).toBe('Winter Market');
    expect(await links.first().getAttribute('href')).toBe('/winter-market');
    expect((await links.nth(1).textContent())?.trim()).toBe('Shop');
    await home.close();

    // The same title again takes the next free address.
    await section.getByLabel('Store title').fill('Winter Market');
    await section.getByRole('button', { name: 'Create store' }).click();
    const again = section.getByRole('status').filter({ hasText: 'Store created: Winter Market at' });
    await again.waitFor({ timeout: TIMEOUT });
    expect(await again.getByRole('link').getAttribute('href')).toBe(`${store.siteUrl()}/winter-market-1`);
    await context.close();
  }, 120_000);

  it("shows the server's 'Unable to find site main navigation' when the site has none", async () => {
    const db = store.app.emporium.db;
    const [site] = await db.select({ settings: websites.settings }).from(websites).where(eq(websites.id, websiteId));
    const settings = site!.settings as Record<string, unknown>;
    const { navigation: _navigation, ...withoutNavigation } = settings;
    await db.update(websites).set({ settings: withoutNavigation }).where(eq(websites.id, websiteId));
    store.app.emporium.resolver.invalidate();
    try {
      const { context, page } = await signedIn('/settings');
      await waitForHeading(page, 'Settings');
      const section = page.getByRole('region', { name: 'Create a store' });
      await section.getByLabel('Store title').fill('Spring Market');
      await section.getByLabel('Put it first in the main navigation').check();
      await section.getByRole('button', { name: 'Create store' }).click();
      await section.getByRole('alert').filter({ hasText: 'Unable to find site main navigation' }).waitFor({ timeout: TIMEOUT });
      const partly = section.getByRole('status').filter({ hasText: 'The store was created, but not every step finished: Spring Market at' });
      await partly.waitFor({ timeout: TIMEOUT });
      expect(await partly.getByRole('link').getAttribute('href')).toBe(`${store.siteUrl()}/spring-market`);
      await context.close();
    } finally {
      await db.update(websites).set({ settings }).where(eq(websites.id, websiteId));
      store.app.emporium.resolver.invalidate();
    }
  }, 120_000);
});
