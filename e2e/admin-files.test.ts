/**
 * The dashboard's Files screen in Chromium (issue 26 acceptance 6 and 7): an owner uploads
 * images, is told in spec 8's words when an upload or a rename fails and when results cannot
 * be loaded, renames ('Please enter a file name', spec 5), describes, finds and deletes a file.
 * The screen passes axe at 1280 and 390 px.
 */
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { makeOwner } from '../packages/server/test-support/owners.js';
import { ADMIN_WIDTHS, allA11yViolations, launchBrowser } from './support/browser.js';
import { signInAt } from './support/dashboard.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'files@example.com';
const PASSWORD = 'linen-and-ink-on-paper-2026';
const TIMEOUT = 15_000;

let store: RunningStore;
let browser: Browser;

const png = (r: number) =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: { r, g: 140, b: 100 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
  const db = store.app.emporium.db;
  const site = (await findWebsiteByIdentifier(db, 'demo'))!;
  await makeOwner(db, site.id, EMAIL, 'editor', PASSWORD);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

describe('Files screen', () => {
  it('uploads, refuses, renames, describes, finds and deletes files, saying what went wrong in the spec’s words', async () => {
    const { context, page, errors } = await signInAt(browser, '/files', {
      dashboard: store.dashboardUrl(),
      email: EMAIL,
      password: PASSWORD,
      viewport: ADMIN_WIDTHS[0]!.viewport,
    });
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Files', undefined, { timeout: TIMEOUT });
    await page.getByText('No files yet.').waitFor({ timeout: TIMEOUT });
    expect(await allA11yViolations(page)).toEqual([]);

    const upload = page.getByLabel('Upload images');
    await upload.setInputFiles([
      { name: 'studio-window.png', mimeType: 'image/png', buffer: await png(30) },
      { name: 'linen-rolls.png', mimeType: 'image/png', buffer: await png(200) },
    ]);
    await page.getByRole('status').filter({ hasText: 'linen-rolls.png was added to your files.' }).waitFor({ timeout: TIMEOUT });
    await page.getByText('2 of 2 files').waitFor({ timeout: TIMEOUT });

    // Bytes that are no image: spec 8's upload problem, with what the server said.
    await upload.setInputFiles([{ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some words') }]);
    const uploadProblem = page.getByRole('alertdialog', { name: 'Unable to Upload File' });
    await uploadProblem.waitFor({ timeout: TIMEOUT });
    expect(await uploadProblem.textContent()).toContain('There was a problem while uploading your file');
    expect(await uploadProblem.textContent()).toContain('notes.png: File processing failed');
    await uploadProblem.getByRole('button', { name: 'OK' }).click();
    await uploadProblem.waitFor({ state: 'hidden' });

    // Rename: an empty name is refused in place, a real one is saved.
    await page.getByRole('button', { name: 'Rename studio-window.png' }).click();
    await page.getByLabel('File name').fill('   ');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Please enter a file name').waitFor({ timeout: TIMEOUT });
    await page.getByLabel('File name').fill('Studio window');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('button', { name: 'Rename Studio window' }).waitFor({ timeout: TIMEOUT });

    // A rename the server never gets.
    await page.route('**/api/owner/files/*', (route) => (route.request().method() === 'PATCH' ? route.abort('failed') : route.fallback()));
    await page.getByRole('button', { name: 'Rename linen-rolls.png' }).click();
    await page.getByLabel('File name').fill('Linen rolls');
    await page.getByRole('button', { name: 'Save name' }).click();
    const renameProblem = page.getByRole('alertdialog', { name: 'Unable to Rename File' });
    await renameProblem.waitFor({ timeout: TIMEOUT });
    expect(await renameProblem.textContent()).toContain('There was a problem while renaming your file');
    expect(await renameProblem.textContent()).toContain('Unable to connect. Please try again');
    await renameProblem.getByRole('button', { name: 'OK' }).click();
    await page.unroute('**/api/owner/files/*');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Alt text.
    await page.getByLabel('Alt text of Studio window', { exact: true }).fill('Morning light on the cutting table');
    await page.getByRole('button', { name: 'Save alt text of Studio window' }).click();
    await page.getByRole('img', { name: 'Morning light on the cutting table' }).waitFor({ timeout: TIMEOUT });

    // Search, and a search whose results cannot be loaded.
    await page.getByLabel('Search files').fill('studio');
    await page.getByText('1 of 1 file').waitFor({ timeout: TIMEOUT });
    await page.route('**/api/owner/files?*', (route) => route.abort('failed'));
    await page.getByLabel('Search files').fill('linen');
    await page.getByRole('alert').filter({ hasText: 'Unable to load results' }).waitFor({ timeout: TIMEOUT });
    await page.unroute('**/api/owner/files?*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('1 of 1 file').waitFor({ timeout: TIMEOUT });
    await page.getByLabel('Search files').fill('');

    // Delete, confirmed.
    await page.getByRole('button', { name: 'Delete linen-rolls.png' }).click();
    await page.getByRole('button', { name: 'Delete file' }).click();
    await page.getByRole('status').filter({ hasText: 'linen-rolls.png was deleted.' }).waitFor({ timeout: TIMEOUT });
    await page.getByText('1 of 1 file').waitFor({ timeout: TIMEOUT });
    expect(await allA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: 'e2e/screenshots/files-desktop.png', fullPage: true });

    await page.setViewportSize(ADMIN_WIDTHS[1]!.viewport);
    await page.screenshot({ path: 'e2e/screenshots/files-phone.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await allA11yViolations(page)).toEqual([]);
    expect(errors.filter((e) => !/Failed to load resource|ERR_FAILED/.test(e))).toEqual([]);
    await context.close();
  }, 180_000);
});
