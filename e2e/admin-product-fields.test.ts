/**
 * Issue 12 in Chromium: in the product editor an owner sets a product's SEO title and
 * description, its own add-to-cart button text and a subscription plan, gives a photo alt text,
 * a focal point and a variant, and changes a gift card's amounts; after saving, the storefront
 * shows each effect (a variant's photo replaces the main photo when a shopper chooses it). The
 * editor passes axe at 1280 and 390 px.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, products, variants, websites } from '../packages/server/src/db/schema.js';
import { addOwner } from '../packages/server/src/owner-accounts/index.js';
import { ADMIN_WIDTHS, allA11yViolations, launchBrowser, screenshot, waitForHydration } from './support/browser.js';
import { startStore, type RunningStore } from './support/store.js';
import { signInAt, type SignedInOwner } from './support/dashboard.js';

const EMAIL = 'seed-keeper@example.com';
const PASSWORD = 'open-pollinated-2026';
const STEP = 15_000;

let store: RunningStore;
let browser: Browser;
let websiteId: string;
let siteTitle: string;
let fileDir: string;

/** A browser context signed in through the sign-in page, on `path` of the dashboard. */
function signedIn(path: string, viewport = ADMIN_WIDTHS[0]!.viewport): Promise<SignedInOwner> {
  return signInAt(browser, path, { dashboard: store.dashboardUrl(), email: EMAIL, password: PASSWORD, viewport });
}

async function waitForHeading(page: Page, text: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text }).waitFor({ timeout: STEP });
}

/** Waits for a status to read `text`; on a timeout, fails with what the page announced instead. */
async function expectStatus(page: Page, text: string): Promise<void> {
  try {
    await page.getByRole('status').filter({ hasText: text }).waitFor({ timeout: STEP });
  } catch (error) {
    const alerts = await page.getByRole('alert').allTextContents();
    throw new Error(`No status '${text}'; alerts: ${JSON.stringify(alerts)}`, { cause: error });
  }
}

async function productIdOf(urlId: string): Promise<string> {
  const [row] = await store.app.emporium.db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.urlId, urlId)));
  return row!.id;
}

beforeAll(async () => {
  fileDir = await mkdtemp(join(tmpdir(), 'emporium-product-fields-'));
  store = await startStore();
  browser = await launchBrowser();
  const [site] = await store.app.emporium.db.select({ id: websites.id, title: websites.title }).from(websites).where(eq(websites.identifier, 'demo'));
  websiteId = site!.id;
  siteTitle = site!.title;
  await addOwner(store.app.emporium.db, { websiteId, email: EMAIL, role: 'admin', password: PASSWORD }, { ownerId: null, email: null });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
  if (fileDir) await rm(fileDir, { recursive: true, force: true });
});

describe('product fields in the owner’s editor (issue 12)', () => {
  it('sets SEO, button text and a subscription plan, edits a photo and a variant’s photo; the storefront shows them', async () => {
    const { context, page, errors } = await signedIn('/products/new');
    await waitForHeading(page, 'New product');
    await page.getByLabel('Title', { exact: true }).fill('Seed Club');
    await page.getByLabel('Excerpt').fill('Fresh heirloom seeds through the year.');
    await page.getByRole('textbox', { name: 'SKU of variant 1' }).fill('SEED-CLUB');
    await page.getByRole('textbox', { name: 'Price of SEED-CLUB', exact: true }).fill('18');
    await page.getByRole('textbox', { name: 'Stock of SEED-CLUB', exact: true }).fill('40');
    await page.getByRole('radio', { name: 'Published' }).check();

    // Custom button text turned on but left empty: the server's message shows at the field.
    await page.getByLabel('Use my own add-to-cart button text').check();
    await page.getByRole('button', { name: 'Create product' }).click();
    const buttonText = page.getByLabel('Button text', { exact: true });
    await expect.poll(() => buttonText.getAttribute('aria-invalid'), { timeout: STEP }).toBe('true');
    expect(await page.locator(`#${(await buttonText.getAttribute('aria-describedby'))!.split(' ').pop()}`).textContent()).toBe(
      'Write the button text, or turn the custom button text off.',
    );
    await buttonText.fill('Join the club');

    await page.getByLabel('Sell as a subscription').check();
    await page.getByLabel('Bill every').fill('2');
    await page.getByLabel('Period').selectOption('WEEK');
    await page.getByLabel('Number of payments').fill('0');
    await page.getByLabel('SEO title').fill('Heirloom Seed Subscription');
    await page.getByLabel('Search result text').fill('Five packets of open-pollinated seeds every two weeks, chosen for the season.');
    await page.getByRole('button', { name: 'Create product' }).click();
    await waitForHeading(page, 'Edit Seed Club');
    await expectStatus(page, 'Created Seed Club.');
    const productId = await productIdOf('seed-club');
    const [row] = await store.app.emporium.db
      .select({ plan: products.subscriptionPlan, useText: products.useCustomAddButtonText, text: products.customAddButtonText })
      .from(products)
      .where(eq(products.itemId, productId));
    expect(row).toEqual({ plan: { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0 }, useText: true, text: 'Join the club' });

    // A photo: upload, then its alt text and focal point; the variant shows it.
    const pngPath = join(fileDir, 'seed-club.png');
    await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 60, g: 120, b: 70 } } })
      .png()
      .toFile(pngPath);
    const upload = page.getByRole('form', { name: 'Upload photos' });
    await upload.getByLabel(/^Photos/).setInputFiles([pngPath]);
    await upload.getByRole('button', { name: 'Upload photos' }).click();
    await upload.getByText('1 photo uploaded.').waitFor({ timeout: 30_000 });
    await page.getByLabel('Alt text of photo 1').fill('Seed packets fanned out on a table');
    await page.getByLabel('Across').fill('20');
    await page.getByLabel('Down').fill('75');
    await page.getByRole('button', { name: 'Save photo 1' }).click();
    await expectStatus(page, 'Saved photo 1.');
    const [item] = await store.app.emporium.db.select({ content: items.structuredContent }).from(items).where(eq(items.id, productId));
    const images = { images: item!.content.images as { id: string; altText: string; mediaFocalPoint?: { x: number; y: number } }[] };
    expect(images.images[0]).toMatchObject({ altText: 'Seed packets fanned out on a table', mediaFocalPoint: { x: 0.2, y: 0.75 } });
    await page.getByRole('combobox', { name: 'Photo of SEED-CLUB' }).selectOption({ label: 'Photo 1: Seed packets fanned out on a table' });
    await page.getByRole('button', { name: 'Save product' }).click();
    await expectStatus(page, 'Saved the product.');
    const [variant] = await store.app.emporium.db.select({ imageId: variants.imageId }).from(variants).where(eq(variants.productId, productId));
    expect(variant!.imageId).toBe(images.images[0]!.id);

    await page.setViewportSize(ADMIN_WIDTHS[0]!.viewport);
    expect(await allA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-product-fields-desktop');
    expect(errors).toEqual([]);
    await context.close();

    // The storefront: SEO title and description in the head, the button text, the plan's price.
    const shopper = await browser.newContext({ viewport: ADMIN_WIDTHS[0]!.viewport });
    const shop = await shopper.newPage();
    await shop.goto(`${store.siteUrl()}/shop/seed-club`);
    await waitForHydration(shop);
    expect(await shop.title()).toBe(`Heirloom Seed Subscription — ${siteTitle}`);
    expect(await shop.locator('meta[name="description"]').getAttribute('content')).toBe(
      'Five packets of open-pollinated seeds every two weeks, chosen for the season.',
    );
    expect((await shop.locator('.product-form .add-to-cart__button').textContent())?.trim()).toBe('Join the club');
    expect(await shop.locator('.product-form').textContent()).toMatch(/every 2 weeks/);
    const main = shop.locator('.product__main-image img');
    expect(await main.getAttribute('alt')).toBe('Seed packets fanned out on a table');
    expect(await main.getAttribute('style')).toContain('object-position: 20% 75%');
    await shopper.close();
  });

  it('changes a gift card’s amounts; the storefront offers the new amounts', async () => {
    const productId = await productIdOf('gift-card');
    const { context, page, errors } = await signedIn(`/products/${productId}`);
    await waitForHeading(page, 'Edit Fern & Field Gift Card');
    const amounts = page.getByRole('region', { name: /Gift card amounts/ });
    expect(await amounts.getByRole('textbox').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(['25.00', '50.00', '100.00']);
    await amounts.getByRole('button', { name: 'Add amount' }).click();
    await amounts.getByLabel('Amount 4').fill('50');
    await page.getByRole('button', { name: 'Save product' }).click();
    await amounts.getByText('This amount is listed twice.').waitFor({ timeout: STEP });
    await amounts.getByLabel('Amount 4').fill('75');
    await amounts.getByRole('button', { name: 'Remove amount 3' }).click();
    await page.getByRole('button', { name: 'Save product' }).click();
    await expectStatus(page, 'Saved the product.');
    const rows = await store.app.emporium.db
      .select({ sku: variants.sku, priceCents: variants.priceCents, unlimited: variants.unlimited, attributes: variants.attributes })
      .from(variants)
      .where(eq(variants.productId, productId))
      .orderBy(asc(variants.displayIndex));
    expect(rows.map((r) => r.priceCents)).toEqual([2500, 5000, 7500]);
    expect(rows.slice(0, 2).map((r) => r.sku)).toEqual(['FF-GIFT-25', 'FF-GIFT-50']);
    expect(rows.every((r) => r.unlimited)).toBe(true);
    expect(rows[2]!.attributes).toEqual({ Amount: '75' });
    expect(errors).toEqual([]);

    for (const { name, viewport } of ADMIN_WIDTHS) {
      await page.setViewportSize(viewport);
      expect(await allA11yViolations(page), name).toEqual([]);
      await screenshot(page, `admin-product-fields-gift-card-${name}`);
    }
    await context.close();

    const shopper = await browser.newContext({ viewport: ADMIN_WIDTHS[1]!.viewport });
    const shop = await shopper.newPage();
    await shop.goto(`${store.siteUrl()}/shop/gift-card`);
    await waitForHydration(shop);
    const offered = await shop.locator('.gift-card-denominations label').allTextContents();
    expect(offered.map((text) => text.trim())).toEqual(['$25.00', '$50.00', '$75.00']);
    await shopper.close();
  });

  it('gives a variant its own photo; the storefront shows it when a shopper chooses that variant', async () => {
    const productId = await productIdOf('everyday-apron');
    const { context, page, errors } = await signedIn(`/products/${productId}`);
    await waitForHeading(page, 'Edit Everyday Work Apron');
    const files = [];
    for (const [name, background] of [
      ['clay.png', { r: 180, g: 110, b: 80 }],
      ['sage.png', { r: 130, g: 160, b: 120 }],
    ] as const) {
      const path = join(fileDir, name);
      await sharp({ create: { width: 500, height: 500, channels: 3, background } })
        .png()
        .toFile(path);
      files.push(path);
    }
    const upload = page.getByRole('form', { name: 'Upload photos' });
    await upload.getByLabel(/^Photos/).setInputFiles(files);
    await upload.getByLabel('Alt text of these photos').fill('The apron');
    await upload.getByRole('button', { name: 'Upload photos' }).click();
    await upload.getByText('2 photos uploaded.').waitFor({ timeout: 30_000 });
    await page.getByRole('combobox', { name: 'Photo of FF-APRON-SAGE' }).selectOption({ label: 'Photo 2: The apron' });
    await page.getByRole('button', { name: 'Save product' }).click();
    await expectStatus(page, 'Saved the product.');
    expect(errors).toEqual([]);
    await context.close();
    const [item] = await store.app.emporium.db.select({ content: items.structuredContent }).from(items).where(eq(items.id, productId));
    const [first, second] = item!.content.images as { assetUrl: string }[];

    const shopper = await browser.newContext({ viewport: ADMIN_WIDTHS[0]!.viewport });
    const shop = await shopper.newPage();
    await shop.goto(`${store.siteUrl()}/shop/everyday-apron`);
    await waitForHydration(shop);
    const main = shop.locator('.product__main-image img');
    expect(await main.getAttribute('src')).toBe(first!.assetUrl);
    await shop.locator('.product-form').getByLabel('Colour').selectOption('Sage');
    await expect.poll(() => main.getAttribute('src'), { timeout: STEP }).toBe(second!.assetUrl);
    await shop.locator('.product-form').getByLabel('Colour').selectOption('Clay');
    await expect.poll(() => main.getAttribute('src'), { timeout: STEP }).toBe(first!.assetUrl);
    await shopper.close();
  });

  it('passes axe on a physical product’s editor at 390 px with every panel open', async () => {
    const productId = await productIdOf('seed-club');
    const { context, page } = await signedIn(`/products/${productId}`, ADMIN_WIDTHS[1]!.viewport);
    await waitForHeading(page, 'Edit Seed Club');
    await page.getByLabel('Show a message when few are left').check();
    await page.getByLabel('Offer an email when a sold-out variant is back').check();
    await page.getByLabel('Also offer the newsletter').check();
    await page.getByRole('list', { name: 'Photos' }).waitFor({ timeout: STEP });
    expect(await allA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-product-fields-phone');
    await page.setViewportSize(ADMIN_WIDTHS[0]!.viewport);
    expect(await allA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-product-fields-open-desktop');
    await context.close();
  });
});
