/**
 * The dashboard's gallery panel drafts a gallery (decision 0055) in Chromium: the owner uploads
 * two images to the demo's Studio gallery and sees them marked as new while a visitor does not
 * see them; removes an existing image, then keeps it; moves a new image up; publishes, and the
 * visitor sees the two new images, in their order, and the kept one. The panel passes axe at 1280 and 390 px, without scrolling sideways.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { makeOwner } from '../packages/server/test-support/owners.js';
import { ADMIN_WIDTHS, allA11yViolations, launchBrowser, screenshot } from './support/browser.js';
import { signInAt } from './support/dashboard.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'gallery@example.com';
const PASSWORD = 'skeins-drying-on-the-line-2026';
const TIMEOUT = 15_000;
const KEPT = 'Warp threads on the floor loom';
const NEW_TITLES = ['indigo vat', 'walnut hulls'];

let store: RunningStore;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'emporium-gallery-e2e-'));
  store = await startStore({ dataDir });
  browser = await launchBrowser();
  const db = store.app.emporium.db;
  const site = (await findWebsiteByIdentifier(db, 'demo'))!;
  await makeOwner(db, site.id, EMAIL, 'editor', PASSWORD);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const png = (r: number, g: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b: 90 } } })
    .png()
    .toBuffer();

/** The captions of the images the visitor's gallery page shows (their titles). */
async function galleryCaptions(visitor: Page): Promise<string[]> {
  const response = await visitor.goto(`${store.siteUrl()}/studio`);
  expect(response?.status()).toBe(200);
  return (await visitor.locator('main').innerText()).split('\n').map((line) => line.trim());
}

describe('the gallery panel', () => {
  it('drafts two uploads and a removal taken back, and publishes them to visitors', async () => {
    const { page, errors } = await signInAt(browser, '/posts', {
      dashboard: store.dashboardUrl(),
      email: EMAIL,
      password: PASSWORD,
      viewport: ADMIN_WIDTHS[0]!.viewport,
    });
    await page
      .getByRole('navigation', { name: 'Pages with posts' })
      .getByRole('link', { name: /^The Studio/ })
      .click();
    const images = page.locator('.gallery-items > li');
    await images.filter({ hasText: KEPT }).waitFor({ timeout: TIMEOUT });

    await page.getByLabel(/^Upload images/).setInputFiles([
      { name: 'indigo-vat.png', mimeType: 'image/png', buffer: await png(30, 60) },
      { name: 'walnut_hulls.png', mimeType: 'image/png', buffer: await png(110, 80) },
    ]);
    await page.getByRole('status').filter({ hasText: '2 images uploaded: shown when you publish.' }).waitFor({ timeout: TIMEOUT });
    for (const title of NEW_TITLES) await images.filter({ hasText: title }).filter({ hasText: 'New: shown when you publish' }).waitFor({ timeout: TIMEOUT });
    expect(await page.getByRole('button', { name: `Discard upload ${NEW_TITLES[0]}` }).count()).toBe(1);

    const visitor = await (await browser.newContext()).newPage();
    const before = await galleryCaptions(visitor);
    expect(before).toContain(KEPT);
    for (const title of NEW_TITLES) expect(before).not.toContain(title);

    await page.getByRole('button', { name: `Remove ${KEPT}` }).click();
    const kept = images.filter({ hasText: KEPT });
    await kept.filter({ hasText: 'Removed when you publish' }).waitFor({ timeout: TIMEOUT });
    expect(await galleryCaptions(visitor)).toContain(KEPT);

    // The panel with new images and a removal marked, at both widths.
    expect(await allA11yViolations(page), 'the gallery panel at 1280 px').toEqual([]);
    console.log(await screenshot(page, 'gallery-drafts-desktop'));
    await page.setViewportSize(ADMIN_WIDTHS[1]!.viewport);
    expect(await allA11yViolations(page), 'the gallery panel at 390 px').toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
    console.log(await screenshot(page, 'gallery-drafts-phone'));
    await page.setViewportSize(ADMIN_WIDTHS[0]!.viewport);

    await page.getByRole('button', { name: `Keep ${KEPT}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `“${KEPT}” stays in the gallery.` })
      .waitFor({ timeout: TIMEOUT });
    await page.getByRole('button', { name: `Remove ${KEPT}` }).waitFor({ timeout: TIMEOUT });
    expect(await kept.filter({ hasText: 'Removed when you publish' }).count()).toBe(0);

    // A new image moved one place up passes the last of the others.
    await page.getByRole('button', { name: `Move ${NEW_TITLES[0]} up` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `“${NEW_TITLES[0]}” is now image 8 of 10.` })
      .waitFor({ timeout: TIMEOUT });

    // Keeping the image took its removal out of the drafts: the two uploads and the image moved down are all there is to publish.
    const publishing = page.getByRole('region', { name: 'Publishing' });
    await publishing.getByText('3 unpublished changes').waitFor({ timeout: TIMEOUT });
    await publishing.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('dialog', { name: 'Publish 3 changes?' }).getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('status').filter({ hasText: 'Published as release' }).waitFor({ timeout: TIMEOUT });

    const after = await galleryCaptions(visitor);
    expect(after).toContain(KEPT);
    for (const title of NEW_TITLES) expect(after).toContain(title);
    expect(after.indexOf(NEW_TITLES[0]!)).toBeLessThan(after.indexOf('Our stall at the Saturday market'));
    expect(errors).toEqual([]);
  }, 120_000);
});
