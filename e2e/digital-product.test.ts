/**
 * Digital delivery in Chromium: an owner attaches a file to the demo's digital product in the
 * product editor (name and size shown, then replaced); a visitor buys the product in test mode
 * and downloads the file from the order-confirmed page, byte for byte; the link's limit is
 * enforced with its message.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, outbox, websites } from '../packages/server/src/db/schema.js';
import { DOWNLOAD_MESSAGES, MAX_DOWNLOADS } from '../packages/server/src/downloads/index.js';
import { DIGITAL_FILE_MESSAGES, MAX_DIGITAL_FILE_BYTES } from '../packages/server/src/media/index.js';
import { addOwner } from '../packages/server/src/owner-accounts/index.js';
import { allA11yViolations, launchBrowser, openPage, screenshot, waitForHydration } from './support/browser.js';
import { startStore, type RunningStore } from './support/store.js';
import { signInAt, type SignedInOwner } from './support/dashboard.js';

const EMAIL = 'pattern-maker@example.com';
const PASSWORD = 'gathered-smock-2026';
const STEP = 15_000;

let store: RunningStore;
let browser: Browser;
let websiteId: string;
let fileDir: string;

/** A browser context signed in through the sign-in page, on `path` of the dashboard. */
function signedIn(path: string): Promise<SignedInOwner> {
  return signInAt(browser, path, { dashboard: store.dashboardUrl(), email: EMAIL, password: PASSWORD });
}

beforeAll(async () => {
  fileDir = await mkdtemp(join(tmpdir(), 'emporium-digital-e2e-'));
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

describe('a digital product’s file, from the editor to the buyer', () => {
  it('the owner attaches a file; a visitor buys the product and downloads that file from the confirmation', async () => {
    const [product] = await store.app.emporium.db
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.websiteId, websiteId), eq(items.urlId, 'hedgerow-sewing-pattern')));
    const draft = join(fileDir, 'hedgerow-draft.pdf');
    await writeFile(draft, randomBytes(2048));
    const pattern = join(fileDir, 'Hedgerow Smock Pattern.pdf');
    const bytes = randomBytes(300 * 1024);
    await writeFile(pattern, bytes);

    const { context, page, errors } = await signedIn(`/products/${product!.id}`);
    await page.getByRole('heading', { level: 1, name: /^Edit Hedgerow Smock/ }).waitFor({ timeout: STEP });
    const panel = page.getByRole('form', { name: 'Digital file' });
    await panel.getByText('No file yet').waitFor({ timeout: STEP });
    await panel.getByLabel(/^File to upload/).setInputFiles([draft]);
    await panel.getByRole('button', { name: 'Upload file' }).click();
    await panel.getByRole('status').filter({ hasText: 'hedgerow-draft.pdf uploaded.' }).waitFor({ timeout: STEP });
    await panel.getByText('(2.0 KB)').waitFor({ timeout: STEP });
    await panel.getByLabel(/^Replace the file/).setInputFiles([pattern]);
    await panel.getByRole('button', { name: 'Replace file' }).click();
    await panel.getByRole('status').filter({ hasText: 'Hedgerow Smock Pattern.pdf uploaded.' }).waitFor({ timeout: STEP });
    expect(await panel.locator('.digital-file').textContent()).toBe('Hedgerow Smock Pattern.pdf (300.0 KB)');
    // A file over the limit is refused in the server's words before it is sent, and the attached file stays.
    const huge = join(fileDir, 'huge.zip');
    await writeFile(huge, '');
    await truncate(huge, MAX_DIGITAL_FILE_BYTES + 1);
    await panel.getByLabel(/^Replace the file/).setInputFiles([huge]);
    await panel.getByRole('button', { name: 'Replace file' }).click();
    await panel
      .getByRole('alert')
      .filter({ hasText: `huge.zip: ${DIGITAL_FILE_MESSAGES.tooLarge}` })
      .waitFor({ timeout: STEP });
    expect(await panel.locator('.digital-file').textContent()).toBe('Hedgerow Smock Pattern.pdf (300.0 KB)');
    expect(await allA11yViolations(page)).toEqual([]);
    await screenshot(page, 'digital-product-editor');
    expect(errors).toEqual([]);
    await context.close();

    const { page: shop, errors: shopErrors } = await openPage(browser);
    const base = store.siteUrl();
    await shop.goto(`${base}/shop/hedgerow-sewing-pattern`);
    await waitForHydration(shop);
    const form = shop.locator('.product-form');
    await form.locator('.add-to-cart__button').click();
    await form.locator('.add-to-cart__button[data-state="added"]').waitFor({ timeout: STEP });
    await shop.goto(`${base}/checkout`);
    await waitForHydration(shop);
    const checkout = shop.locator('form.checkout');
    await checkout.getByLabel('Email').fill('buyer@example.com');
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByRole('button', { name: 'Place order' }).click();
    await shop.waitForURL(/\/checkout\/order-confirmed\/[0-9a-f]{32}$/, { timeout: STEP });
    const link = shop.getByRole('link', { name: 'Hedgerow Smock Pattern.pdf' });
    await link.waitFor({ timeout: STEP });
    expect(await shop.locator('.confirmation__downloads').textContent()).toContain(DOWNLOAD_MESSAGES.terms);
    await screenshot(shop, 'digital-product-confirmed');
    const [download] = await Promise.all([shop.waitForEvent('download', { timeout: STEP }), link.click()]);
    expect(download.suggestedFilename()).toBe('Hedgerow Smock Pattern.pdf');
    const saved = join(fileDir, 'downloaded.pdf');
    await download.saveAs(saved);
    expect((await readFile(saved)).equals(bytes)).toBe(true);

    const href = (await link.getAttribute('href'))!;
    const [mail] = await store.app.emporium.db
      .select({ textBody: outbox.textBody })
      .from(outbox)
      .where(and(eq(outbox.websiteId, websiteId), eq(outbox.toAddress, 'buyer@example.com')));
    expect(mail!.textBody).toContain(`Hedgerow Smock Sewing Pattern (PDF) (Hedgerow Smock Pattern.pdf): ${base}${href}`);

    // The link has been used once; the rest of its downloads, then the limit's message as a page.
    for (let n = 1; n < MAX_DOWNLOADS; n++) expect(await shop.evaluate((url) => fetch(url).then((r) => r.status), href)).toBe(200);
    await shop.goto(`${base}${href}`);
    await shop.getByText(DOWNLOAD_MESSAGES.usedUp).waitFor({ timeout: STEP });
    expect(shopErrors.filter((e) => !/403/.test(e))).toEqual([]);
    await shop.context().close();
  }, 120_000);
});
