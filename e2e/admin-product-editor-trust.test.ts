/**
 * Issue 24 in Chromium: what a new owner tripped on in the product editor. The first click on
 * "Add option" and "Make variants from the options" right after typing values is never lost;
 * a product goes into a newly created store and shows on that store's page; reviews are
 * switched on and categories become the store's filter; photos are chosen before the first
 * save; the "Created …" note shows at the top; the variant grid fits a 390 px phone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websites } from '../packages/server/src/db/schema.js';
import { addOwner } from '../packages/server/src/owner-accounts/index.js';
import { ADMIN_WIDTHS, allA11yViolations, launchBrowser, screenshot } from './support/browser.js';
import { startStore, type RunningStore } from './support/store.js';
import { signInAt, type SignedInOwner } from './support/dashboard.js';

const EMAIL = 'new-owner@example.com';
const PASSWORD = 'first-store-of-mine-2026';
const STEP = 15_000;

let store: RunningStore;
let browser: Browser;
let websiteId: string;
let fileDir: string;

/** The dashboard of the demo site: on the admin origin when the store offers one, else at /config of the site. */
function dashboard(): string {
  const withAdmin = store as RunningStore & { dashboardUrl?: (identifier?: string) => string };
  return withAdmin.dashboardUrl ? withAdmin.dashboardUrl() : `${store.siteUrl()}/config`;
}

/** A browser context signed in through the sign-in page, on `path` of the dashboard. */
function signedIn(path: string, viewport = ADMIN_WIDTHS[0]!.viewport): Promise<SignedInOwner> {
  return signInAt(browser, path, { dashboard: dashboard(), email: EMAIL, password: PASSWORD, viewport });
}

async function waitForHeading(page: Page, text: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text }).waitFor({ timeout: STEP });
}

/**
 * Clicks `name` as a person does right after typing in a field: the pointer goes down on the
 * spot where the button was while the field had the focus (the press blurs the field) and comes
 * up on the same spot. The click counts only if the button is still under the pointer.
 */
async function pressWhereItWas(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name, exact: true });
  await button.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = (await button.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.waitForTimeout(120);
  await page.mouse.up();
}

beforeAll(async () => {
  fileDir = await mkdtemp(join(tmpdir(), 'emporium-editor-trust-'));
  store = await startStore();
  browser = await launchBrowser();
  const [site] = await store.app.emporium.db.select({ id: websites.id }).from(websites).where(eq(websites.identifier, 'demo'));
  websiteId = site!.id;
  await addOwner(store.app.emporium.db, { websiteId, email: EMAIL, role: 'admin', password: PASSWORD }, { ownerId: null, email: null });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
  if (fileDir) await rm(fileDir, { recursive: true, force: true });
});

describe('the product editor a new owner uses (#24)', () => {
  it('#24 takes the first click on “Add option” and “Make variants from the options” right after typing values', async () => {
    const { context, page, errors } = await signedIn('/products/new');
    await waitForHeading(page, 'New product');
    await page.getByLabel('Title', { exact: true }).fill('Quick Tee');
    await page.getByRole('button', { name: 'Add option', exact: true }).click();
    await page.getByLabel('Name of option 1').fill('Colour');
    await page.getByLabel('Values of option 1').fill('Red, Blue');
    await pressWhereItWas(page, 'Add option');
    await expect.poll(() => page.getByLabel('Name of option 2').count(), { timeout: STEP }).toBe(1);
    await page.getByLabel('Name of option 2').fill('Size');
    await page.getByLabel('Values of option 2').fill('S, M');
    await pressWhereItWas(page, 'Make variants from the options');
    await page.getByText('4 variants from 2 options. Save to keep them.').waitFor({ timeout: STEP });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('#24 puts a product in a new store, with reviews on, categories, and a photo chosen before the first save; the store page lists it', async () => {
    const { context, page, errors } = await signedIn('/settings');
    await waitForHeading(page, 'Settings');
    const storeForm = page.getByRole('region', { name: /Create a store/i });
    await storeForm.getByLabel('Store title').fill('Winter Market');
    await storeForm.getByRole('button', { name: 'Create store' }).click();
    await storeForm.getByRole('status').filter({ hasText: 'Store created: Winter Market' }).waitFor({ timeout: STEP });

    await page.goto(`${dashboard()}/products/new`);
    await waitForHeading(page, 'New product');
    await page.getByLabel('Store', { exact: true }).selectOption({ label: 'Winter Market' });
    await page.getByLabel('Title', { exact: true }).fill('Wool Mittens');
    await page.getByLabel('Categories').fill('Knitwear, Gifts under 30');
    await page.getByRole('textbox', { name: 'SKU of variant 1' }).fill('MITT-1');
    await page.getByRole('textbox', { name: 'Price of MITT-1', exact: true }).fill('28');
    await page.getByRole('textbox', { name: 'Stock of MITT-1', exact: true }).fill('9');
    await page.getByRole('radio', { name: 'Published' }).check();
    await page.getByLabel('Let shoppers review this product').check();
    const pngPath = join(fileDir, 'mittens.png');
    await sharp({ create: { width: 500, height: 400, channels: 3, background: { r: 150, g: 40, b: 50 } } })
      .png()
      .toFile(pngPath);
    const photos = page.getByRole('region', { name: 'Photos' });
    await photos.getByLabel(/^Photos/).setInputFiles([pngPath]);
    await photos.getByLabel('Alt text of these photos').fill('Red wool mittens');
    // Photos come before the save button.
    const photoTop = (await photos.boundingBox())!.y;
    const saveTop = (await page.getByRole('button', { name: 'Create product' }).boundingBox())!.y;
    expect(photoTop).toBeLessThan(saveTop);

    await page.getByRole('button', { name: 'Create product' }).click();
    await waitForHeading(page, 'Edit Wool Mittens');
    // The note is where the owner is: at the top, in view, next to the focused heading.
    const note = page.getByRole('status').filter({ hasText: 'Created Wool Mittens with 1 photo.' });
    await note.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
      throw new Error(`statuses: ${JSON.stringify(await page.getByRole('status').allTextContents())}`, { cause: error });
    });
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    const noteBox = (await note.boundingBox())!;
    expect(noteBox.y).toBeGreaterThanOrEqual(0);
    expect(noteBox.y + noteBox.height).toBeLessThanOrEqual(ADMIN_WIDTHS[0]!.viewport.height);
    await page.getByLabel('Alt text of photo 1').waitFor({ timeout: STEP });
    expect(await page.getByLabel('Store', { exact: true }).locator('option:checked').textContent()).toBe('Winter Market');
    expect(await page.getByLabel('Let shoppers review this product').isChecked()).toBe(true);
    await screenshot(page, 'admin-editor-trust-created-desktop');

    const shop = await context.newPage();
    const storePage = await shop.goto(`${store.siteUrl()}/winter-market`);
    expect(storePage?.status()).toBe(200);
    await shop
      .getByRole('link', { name: /Wool Mittens/ })
      .first()
      .waitFor({ timeout: STEP });
    const filters = shop.getByRole('navigation', { name: 'Categories' });
    expect(await filters.getByRole('link').allTextContents()).toEqual(['All', 'Gifts under 30', 'Knitwear']);
    await shop.goto(`${store.siteUrl()}/winter-market/wool-mittens`);
    await shop.locator('.product__reviews').waitFor({ state: 'attached', timeout: STEP });

    // The product list filters by store.
    await page.getByRole('link', { name: 'Products', exact: true }).first().click();
    await waitForHeading(page, 'Products');
    const search = page.getByRole('search', { name: 'Products' });
    await search.getByLabel('Store').selectOption({ label: 'Winter Market' });
    await search.getByRole('button', { name: 'Show products' }).click();
    await expect.poll(() => page.getByRole('table').getByRole('link').allTextContents(), { timeout: STEP }).toEqual(['Wool Mittens']);
    await page.getByRole('table').getByRole('link', { name: 'Wool Mittens' }).click();
    await waitForHeading(page, 'Edit Wool Mittens');

    // Moved back to the first store: gone from the new store's page.
    await page.getByLabel('Store', { exact: true }).selectOption({ label: 'Shop' });
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved the product.' }).waitFor({ timeout: STEP });
    await shop.goto(`${store.siteUrl()}/winter-market`);
    expect(await shop.getByRole('link', { name: /Wool Mittens/ }).count()).toBe(0);
    await shop.goto(`${store.siteUrl()}/shop/wool-mittens`);
    await shop.getByRole('heading', { level: 1, name: 'Wool Mittens' }).waitFor({ timeout: STEP });
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('#24 fits the variant grid on a 390 px phone: no sideways page scroll, the grid scrolls in its own box', async () => {
    const { context, page, errors } = await signedIn('/products/new', ADMIN_WIDTHS[1]!.viewport);
    await waitForHeading(page, 'New product');
    await page.getByLabel('Title', { exact: true }).fill('Phone Tee');
    await page.getByRole('button', { name: 'Add option', exact: true }).click();
    await page.getByLabel('Name of option 1').fill('Colour');
    await page.getByLabel('Values of option 1').fill('Red, Blue, Green');
    await page.getByRole('button', { name: 'Make variants from the options' }).click();
    await page.getByText('3 variants from 1 option. Save to keep them.').waitFor({ timeout: STEP });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const grid = page.locator('.variant-scroll');
    const box = (await grid.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Every cell can still be reached: the grid scrolls sideways inside its own box.
    const price = page.getByRole('textbox', { name: /^Weight of/ }).first();
    await price.focus();
    const priceBox = (await price.boundingBox())!;
    expect(priceBox.x + priceBox.width).toBeLessThanOrEqual(392);
    expect(await allA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-editor-trust-grid-phone');
    await page.setViewportSize(ADMIN_WIDTHS[0]!.viewport);
    await screenshot(page, 'admin-editor-trust-grid-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('#24 chooses the collection to protect by name, not by its id', async () => {
    const { context, page, errors } = await signedIn('/settings');
    await waitForHeading(page, 'Settings');
    const section = page.getByRole('region', { name: 'Collection password' });
    const choice = section.getByLabel('Collection', { exact: true });
    await expect.poll(() => choice.locator('option').allTextContents(), { timeout: STEP }).toContain('Journal (blog, /journal)');
    await choice.selectOption({ label: 'Journal (blog, /journal)' });
    await section.getByLabel('Collection password').fill('journal-readers-only');
    await section.getByRole('button', { name: 'Set password' }).click();
    await section.getByRole('status').filter({ hasText: 'Journal now asks for its password.' }).waitFor({ timeout: STEP });
    await expect.poll(() => choice.locator('option').allTextContents(), { timeout: STEP }).toContain('Journal (blog, /journal, password set)');
    const shop = await context.newPage();
    await shop.goto(`${store.siteUrl()}/journal`);
    expect(await shop.locator('input[type="password"]').count()).toBe(1);
    for (const { name, viewport } of ADMIN_WIDTHS) {
      await page.setViewportSize(viewport);
      await screenshot(page, `admin-editor-trust-collection-password-${name}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
