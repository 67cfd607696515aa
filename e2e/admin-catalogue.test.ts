/**
 * Issue 12, acceptance 1 and 6, in Chromium: an owner made with the real command line
 * (`emporium owner add --password-stdin`) signs in, creates a product with two options and six
 * variants in the product editor, uploads a JPEG, sets stock and publishes; the product is on
 * the storefront with `srcset` images (spec 9 srcset widths) and is bought in test mode; the
 * order appears in the admin's Orders, is fulfilled (the customer's mail is in the outbox) and
 * refunded. Two owners saving the same product: the later save is refused with a conflict
 * message and the owner's edits stay on screen. The editor passes axe at 1280 and 390 px.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { closeDatabase, openDatabase, type Db } from '../packages/server/src/db/index.js';
import { items, shippingOptions, variants, websites } from '../packages/server/src/db/schema.js';
import { ADMIN_WIDTHS, allA11yViolations, launchBrowser, screenshot, waitForHydration } from './support/browser.js';
import { freePort } from './support/store.js';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'packages', 'server', 'bin', 'emporium.js');
const OWNER_EMAIL = 'harbour.owner@example.com';
const OWNER_PASSWORD = 'salt-glazed-teapots-88';
const STEP = 15_000;

let dataDir: string;
let db: Db;
let app: FastifyInstance;
let browser: Browser;
let base: string;
let dashboard: string;
let websiteId: string;

/** Runs the real `emporium` command line on the test's data folder; resolves its standard output. */
function emporium(args: string[], stdin?: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, EMPORIUM_DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [CLI, ...args], { cwd: ROOT, env, timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`emporium ${args.join(' ')} failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
    child.stdin?.end(stdin ?? '');
  });
}

async function waitForHeading(page: Page, text: string | RegExp): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text }).waitFor({ timeout: STEP });
}

/** A browser context signed in as the owner through the sign-in page, on the Products screen. */
async function signedIn(viewport = ADMIN_WIDTHS[0]!.viewport): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${dashboard}/products`);
  await page.waitForURL(/\/sites\/demo\/login\?next=/, { timeout: STEP });
  await page.getByLabel('Email').fill(OWNER_EMAIL);
  await page.getByLabel('Password').fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/sites\/demo\/products$/, { timeout: STEP });
  await waitForHeading(page, 'Products');
  return { context, page };
}

/** Waits for the editor's status to read `text`; on a timeout, fails with what the page announced instead. */
async function expectStatus(page: Page, text: string): Promise<void> {
  try {
    await page.getByRole('status').filter({ hasText: text }).waitFor({ timeout: STEP });
  } catch (error) {
    const alerts = await page.getByRole('alert').allTextContents();
    throw new Error(`No status '${text}'; alerts: ${JSON.stringify(alerts)}`, { cause: error });
  }
}

/**
 * GETs an owner call from a dashboard page as the dashboard's API client does, naming the site
 * in X-Emporium-Site (the admin origin serves every site); fails unless it answers 200.
 */
async function ownerGet<T>(page: Page, path: string): Promise<T> {
  const answer = await page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { accept: 'application/json', 'x-emporium-site': 'demo' } });
    return { status: response.status, body: await response.text() };
  }, path);
  expect(answer.status, `GET ${path}: ${answer.body}`).toBe(200);
  return JSON.parse(answer.body) as T;
}

async function productByTitle(title: string) {
  const [row] = await db
    .select({ id: items.id, urlId: items.urlId })
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.title, title)));
  return row;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'emporium-admin-catalogue-'));
  await emporium(['seed']);
  const added = await emporium(['owner', 'add', '--site', 'demo', '--email', OWNER_EMAIL, '--role', 'admin', '--password-stdin'], `${OWNER_PASSWORD}\n`);
  expect(added).toContain(`Added ${OWNER_EMAIL} as admin of 'demo'`);
  db = await openDatabase({ dataDir });
  const port = await freePort();
  app = await buildApp({ db, config: loadConfig({ LOG_LEVEL: 'silent', EMPORIUM_DATA_DIR: dataDir }, { port }), pages: true });
  await app.listen({ port, host: '127.0.0.1' });
  base = `http://demo.localhost:${port}`;
  dashboard = `http://admin.localhost:${port}/sites/demo`;
  const [site] = await db.select({ id: websites.id }).from(websites).where(eq(websites.identifier, 'demo'));
  websiteId = site!.id;
  await db.insert(shippingOptions).values({ websiteId, name: 'Standard', priceCents: 500, countries: ['US'], displayIndex: 0 });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (db) await closeDatabase(db);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the owner’s product editor (issue 12)', () => {
  it('creates a product with two options and six variants, uploads a JPEG, sets stock and publishes; a shopper buys it; the owner fulfils and refunds the order', async () => {
    const { context, page } = await signedIn();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));

    await page.getByRole('link', { name: 'New product' }).click();
    await waitForHeading(page, 'New product');
    // Per-field messages from the server's own schema, next to the field.
    await page.getByRole('button', { name: 'Create product' }).click();
    const title = page.getByLabel('Title', { exact: true });
    await expect.poll(() => title.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await title.getAttribute('aria-describedby')}`).textContent()).toBe('A product needs a title.');
    await title.fill('Harbour Tee');
    await page.getByLabel('URL slug').fill('Harbour Tee!');
    await page.getByLabel('URL slug').blur();
    await page.getByText('The URL slug may hold lower-case letters, digits and single hyphens.').waitFor({ timeout: STEP });
    await page.getByLabel('URL slug').fill('harbour-tee');
    await page.getByLabel('Description').fill('<p>Heavy cotton, garment-dyed.</p>');

    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('Name of option 1').fill('Colour');
    await page.getByLabel('Values of option 1').fill('Red, Blue');
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('Name of option 2').fill('Size');
    await page.getByLabel('Values of option 2').fill('S, M, L');
    await page.getByRole('button', { name: 'Make variants from the options' }).click();
    await page.getByText('6 variants from 2 options. Save to keep them.').waitFor({ timeout: STEP });
    const grid = page.getByRole('table', { name: 'Variants' });
    expect(await grid.getByRole('rowheader').allTextContents()).toEqual(['Red / S', 'Red / M', 'Red / L', 'Blue / S', 'Blue / M', 'Blue / L']);
    expect(await grid.getByRole('textbox', { name: 'SKU of Red / M' }).inputValue()).toBe('HARBOUR-TEE-RED-M');

    // Bulk edit: every variant at 25.00 with 4 in stock.
    await grid.getByRole('checkbox', { name: 'Select all variants' }).check();
    await page.getByLabel('New price').fill('25');
    await page.getByRole('button', { name: 'Set price' }).click();
    await page.getByLabel('New stock').fill('4');
    await page.getByRole('button', { name: 'Set stock' }).click();
    expect(await grid.getByRole('textbox', { name: 'Price of HARBOUR-TEE-BLUE-L', exact: true }).inputValue()).toBe('25.00');
    // Keyboard editing: Enter and the arrows move down and up one column.
    const redL = grid.getByRole('textbox', { name: 'Price of HARBOUR-TEE-RED-L', exact: true });
    await redL.fill('27.5');
    await redL.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Price of HARBOUR-TEE-BLUE-S');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Price of HARBOUR-TEE-RED-L');
    expect(await redL.inputValue()).toBe('27.50');

    await page.getByRole('button', { name: 'Create product' }).click();
    await waitForHeading(page, 'Edit Harbour Tee');
    await expectStatus(page, 'Created Harbour Tee.');
    const product = await productByTitle('Harbour Tee');
    expect(product?.urlId).toBe('harbour-tee');
    expect(page.url()).toBe(`${dashboard}/products/${product!.id}`);
    const saved = await db
      .select({ sku: variants.sku, priceCents: variants.priceCents, qty: variants.qtyInStock })
      .from(variants)
      .where(eq(variants.productId, product!.id));
    expect(saved).toHaveLength(6);
    expect(saved.find((v) => v.sku === 'HARBOUR-TEE-RED-L')).toEqual({ sku: 'HARBOUR-TEE-RED-L', priceCents: 2750, qty: 4 });
    expect(saved.filter((v) => v.priceCents === 2500 && v.qty === 4)).toHaveLength(5);

    // Photos: a JPEG made here; a file that is no image is refused with the server's reason.
    const jpegPath = join(dataDir, 'harbour-tee.jpg');
    await writeFile(
      jpegPath,
      await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 170, g: 40, b: 50 } } })
        .jpeg()
        .toBuffer(),
    );
    const notImage = join(dataDir, 'notes.jpg');
    await writeFile(notImage, 'these are notes, not a photo');
    const photos = page.getByRole('form', { name: 'Upload photos' });
    await photos.getByLabel(/^Photos/).setInputFiles([notImage]);
    await photos.getByRole('button', { name: 'Upload photos' }).click();
    await photos
      .getByRole('alert')
      .filter({ hasText: 'notes.jpg: The file is not a supported type: upload a JPEG, PNG or WebP image.' })
      .waitFor({ timeout: STEP });
    await photos.getByLabel(/^Photos/).setInputFiles([jpegPath]);
    await photos.getByLabel('Alt text of these photos').fill('A red Harbour Tee laid flat');
    await photos.getByRole('button', { name: 'Upload photos' }).click();
    await photos.getByText('1 photo uploaded.').waitFor({ timeout: 30_000 });
    const thumbnail = page.getByRole('list', { name: 'Photos' }).getByRole('img', { name: 'A red Harbour Tee laid flat' });
    expect(await thumbnail.getAttribute('srcset')).toMatch(/\/api\/media\/[^ ]+-100\.webp 100w/);
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Stock of one saved variant goes through the inventory; only it is sent.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/owner/')) sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    const redM = await db
      .select({ id: variants.id })
      .from(variants)
      .where(and(eq(variants.productId, product!.id), eq(variants.sku, 'HARBOUR-TEE-RED-M')));
    await grid.getByRole('textbox', { name: 'Stock of HARBOUR-TEE-RED-M' }).fill('9');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expectStatus(page, 'Saved 1 stock level.');
    expect(sent).toEqual([`PUT /api/owner/inventory/variants/${redM[0]!.id}/stock`]);

    // Publish.
    await page.getByRole('radio', { name: 'Published' }).check();
    await page.getByRole('button', { name: 'Save product' }).click();
    await expectStatus(page, 'Saved the product.');
    await screenshot(page, 'admin-product-editor-saved');
    expect(errors).toEqual([]);

    // The storefront shows it with srcset images, and a shopper buys a Red / M.
    const shopper = await browser.newContext({ viewport: ADMIN_WIDTHS[0]!.viewport });
    const shop = await shopper.newPage();
    await shop.goto(`${base}/shop/harbour-tee`);
    await waitForHydration(shop);
    const main = shop.locator('.product__main-image img');
    expect(await main.getAttribute('srcset')).toMatch(/\/api\/media\/.+-300\.webp 300w/);
    expect(await main.getAttribute('alt')).toBe('A red Harbour Tee laid flat');
    expect(await main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const buy = shop.locator('.product-form');
    await buy.getByLabel('Colour').selectOption('Red');
    await buy.getByLabel('Size').selectOption('M');
    await buy.locator('.add-to-cart__button').click();
    await buy.locator('.add-to-cart__button[data-state="added"]').waitFor({ timeout: STEP });
    await shop.goto(`${base}/checkout`);
    await waitForHydration(shop);
    const checkout = shop.locator('form.checkout');
    await checkout.getByLabel('Email').fill('grace@example.com');
    await checkout.getByLabel('First name').fill('Grace');
    await checkout.getByLabel('Last name').fill('Hopper');
    await checkout.getByLabel('Address', { exact: true }).fill('2 Harbour Road');
    await checkout.getByLabel('City').fill('Hudson');
    await checkout.getByLabel('Postal code').fill('12534');
    await checkout.getByLabel('Country', { exact: true }).selectOption('US');
    await checkout.getByLabel('State', { exact: true }).selectOption('NY');
    await checkout.getByLabel('Email').focus();
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByRole('button', { name: 'Place order' }).click();
    await shop.waitForURL(/\/checkout\/order-confirmed\/[0-9a-f]{32}$/, { timeout: STEP });
    const orderId = shop.url().split('/').pop()!;
    await shopper.close();

    // The order is in the admin's Orders; fulfil (mail in the outbox) and refund.
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await waitForHeading(page, 'Orders');
    const row = page.getByRole('row').filter({ hasText: 'grace@example.com' });
    await row.waitFor({ timeout: STEP });
    await row.getByRole('link').click();
    await page.waitForURL(new RegExp(`/sites/demo/orders/${orderId}$`), { timeout: STEP });
    await page.getByText('Harbour Tee').first().waitFor({ timeout: STEP });
    // The line names the variant bought (#24).
    await page.getByRole('table').getByText('Colour: Red, Size: M', { exact: true }).waitFor({ timeout: STEP });
    await page.getByLabel('Tracking number').fill('HT-TRACK-42');
    await page.getByRole('button', { name: 'Mark as fulfilled' }).click();
    await page.getByText('Fulfilled. The customer is mailed the tracking number.').waitFor({ timeout: STEP });
    const outbox = await ownerGet<{ mails: { toAddress: string; textBody: string }[] }>(page, '/api/owner/outbox');
    expect(outbox.mails.some((mail) => mail.toAddress === 'grace@example.com' && mail.textBody.includes('HT-TRACK-42'))).toBe(true);
    // A full refund asks first and names the amount (#24); nothing is refunded until confirmed.
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const question = page.getByRole('alertdialog');
    await question.waitFor({ timeout: STEP });
    const total = await ownerGet<{ totals: { refundedCents: number; refundableCents: number } }>(page, `/api/owner/orders/${orderId}`);
    expect(total.totals.refundedCents).toBe(0);
    const amount = (await question.textContent()) ?? '';
    expect(amount).toMatch(/Refund the whole order: \S*\d+\.\d{2}\?/);
    await question.getByRole('button', { name: /^Refund \S*\d/ }).click();
    await page.getByText('Refunded.').waitFor({ timeout: STEP });
    expect(await page.getByRole('list').filter({ hasText: 'Refunded in full' }).textContent()).not.toMatch(/\(\S*\d+\.\d{2}\)/);
    const order = await ownerGet<{ totals: { refundedCents: number; grandTotalCents: number } }>(page, `/api/owner/orders/${orderId}`);
    expect(order.totals.refundedCents).toBe(order.totals.grandTotalCents);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('refuses the later of two saves of one product with a conflict message and keeps the owner’s edits on screen', async () => {
    const product = await productByTitle('Harbour Tee');
    const first = await signedIn();
    const second = await signedIn();
    for (const { page } of [first, second]) {
      await page.goto(`${dashboard}/products/${product!.id}`);
      await waitForHeading(page, 'Edit Harbour Tee');
    }
    await first.page.getByLabel('Excerpt').fill('Saved first.');
    await first.page.getByRole('button', { name: 'Save product' }).click();
    await expectStatus(first.page, 'Saved the product.');

    await second.page.getByLabel('Excerpt').fill('Saved second, from an old copy.');
    await second.page.getByRole('button', { name: 'Save product' }).click();
    const conflict = second.page.getByRole('alert').filter({ hasText: 'Not saved: this product changed.' });
    await conflict.waitFor({ timeout: STEP });
    expect(await conflict.textContent()).toContain('Someone else saved this product while you were editing it');
    expect(await conflict.textContent()).toContain('reload the product');
    expect(await second.page.getByLabel('Excerpt').inputValue()).toBe('Saved second, from an old copy.');
    const [row] = await db.select({ excerpt: items.excerpt }).from(items).where(eq(items.id, product!.id));
    expect(row?.excerpt).toBe('Saved first.');
    await screenshot(second.page, 'admin-product-editor-conflict');
    await conflict.getByRole('button', { name: 'Reload the product' }).click();
    await expect.poll(() => second.page.getByLabel('Excerpt').inputValue()).toBe('Saved first.');
    await first.context.close();
    await second.context.close();
  }, 120_000);

  it('marks a wrong cell of the variant grid with its message next to it and sends nothing', async () => {
    const product = await productByTitle('Harbour Tee');
    const { context, page } = await signedIn();
    await page.goto(`${dashboard}/products/${product!.id}`);
    await waitForHeading(page, 'Edit Harbour Tee');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/owner/')) sent.push(request.url());
    });
    const price = page.getByRole('textbox', { name: 'Price of HARBOUR-TEE-BLUE-M', exact: true });
    await price.fill('twelve');
    await page.getByRole('textbox', { name: 'SKU of Red / S' }).fill('HARBOUR-TEE-BLUE-S');
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.getByRole('alert').filter({ hasText: '1 variant has mistakes; see the marked cells.' }).waitFor({ timeout: STEP });
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await price.getAttribute('aria-describedby')}`).textContent()).toBe('Enter an amount like 12.50.');
    expect(sent).toEqual([]);
    // The server's own rules answer per cell too: two variants with one SKU.
    await price.fill('25');
    await page.getByRole('button', { name: 'Save product' }).click();
    const sku = page.getByRole('textbox', { name: 'SKU of Blue / S' });
    await expect.poll(() => sku.getAttribute('aria-invalid'), { timeout: STEP }).toBe('true');
    expect(await page.locator(`#${await sku.getAttribute('aria-describedby')}`).textContent()).toBe('SKU "HARBOUR-TEE-BLUE-S" is used by another variant.');
    await context.close();
  }, 90_000);

  for (const { name, viewport } of ADMIN_WIDTHS) {
    it(`passes axe on the product editor at ${viewport.width} px`, async () => {
      const product = await productByTitle('Harbour Tee');
      const { context, page } = await signedIn(viewport);
      await page.goto(`${dashboard}/products/${product!.id}`);
      await waitForHeading(page, 'Edit Harbour Tee');
      await page.getByRole('textbox', { name: 'Price of HARBOUR-TEE-RED-S', exact: true }).waitFor({ timeout: STEP });
      expect(await allA11yViolations(page), `editor at ${viewport.width} px`).toEqual([]);
      await screenshot(page, `admin-product-editor-${name}`);
      await page.goto(`${dashboard}/products/new`);
      await waitForHeading(page, 'New product');
      expect(await allA11yViolations(page), `new product at ${viewport.width} px`).toEqual([]);
      await screenshot(page, `admin-product-new-${name}`);
      await context.close();
    }, 90_000);
  }
});
