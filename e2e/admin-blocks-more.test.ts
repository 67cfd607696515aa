/**
 * The block kinds of the site's content on the dashboard's Pages screen in Chromium (issue 26,
 * item 2, acceptance 3): an owner adds a gallery (an image picked from the site's media, with
 * its alt text), a product, a summary, a tag cloud, an archive and a form block, places the
 * product beside the gallery on the 12-column grid and widens the gallery, moves the archive up
 * from the keyboard, deletes the tag cloud, and publishes; a visitor then sees the gallery and the
 * product side by side in one row, the summary, the archive and the form. The screen and the
 * visitor's page pass axe at 1280 and 390 px.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readThemeDir } from '@emporium/theme';
import { eq, sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { GridMessages } from '../packages/server/src/block-kinds/index.js';
import { websites } from '../packages/server/src/db/index.js';
import { installTheme, selectTheme } from '../packages/server/src/themes/index.js';
import { makeOwner } from '../packages/server/test-support/owners.js';
import { ADMIN_WIDTHS, allA11yViolations, launchBrowser, screenshot } from './support/browser.js';
import { signInAt } from './support/dashboard.js';
import { startStore, type RunningStore } from './support/store.js';
import { addBlock, addPlainPage, pagesScreenReady } from './support/pages-screen.js';

const EMAIL = 'more-blocks@example.com';
const PASSWORD = 'galleries-of-linen-and-ink-2026';
const TIMEOUT = 15_000;

let store: RunningStore;
let browser: Browser;

beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
  const db = store.app.emporium.db;
  const site = (await findWebsiteByIdentifier(db, 'demo'))!;
  await makeOwner(db, site.id, EMAIL, 'admin', PASSWORD);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

describe('the content block kinds and the grid on the Pages screen', () => {
  it('adds, edits, places side by side, moves and deletes the new kinds, publishes, and the visitor sees them (issue 26, acceptance 3)', async () => {
    const { context, page, errors } = await signInAt(browser, '/pages', {
      dashboard: store.dashboardUrl(),
      email: EMAIL,
      password: PASSWORD,
      viewport: ADMIN_WIDTHS[0]!.viewport,
    });
    await pagesScreenReady(page, TIMEOUT);
    await addPlainPage(page, 'Studio shelf', TIMEOUT);

    const add = (label: string) => addBlock(page, label);
    const block = (n: number) => page.locator('[data-block]').nth(n + 1);
    await add('Text');
    await page.getByLabel('Text block 1').fill('<h1>Studio shelf</h1><p>What is on the shelf this month.</p>');

    // Gallery: an image picked from the site's media, its alt text, the slider design.
    await add('Gallery');
    await block(0).getByRole('button', { name: 'Add an image to Gallery block 2' }).click();
    await block(0).getByRole('button', { name: 'Use the image of Linen Camp Shirt' }).first().click();
    await block(0).getByLabel('Alt text of image 1').fill('A sage linen shirt on a hook');
    await block(0).getByLabel('Design').selectOption('slider');
    await block(0).getByLabel('Play automatically').waitFor({ timeout: TIMEOUT });
    await block(0).getByLabel('Design').selectOption('grid');
    await block(0).getByLabel('Images per row (1 to 10)').fill('2');

    // Product, placed beside the gallery; the gallery then takes 8 of the 12 columns.
    await add('Product');
    await block(1).getByLabel('Product').selectOption({ label: 'Linen Camp Shirt' });
    await block(1).getByLabel('Place beside previous').check();
    await block(0).getByLabel('Width of Gallery block 2').selectOption('8');
    expect(await block(1).getByLabel('Width of Product block 3').inputValue()).toBe('4');

    await add('Summary');
    await block(2).getByLabel('Items from').selectOption({ label: 'Journal' });
    await block(2).getByLabel('Layout').selectOption('list');
    await block(2).getByLabel('Number of items (1 to 30)').fill('2');
    await add('Tag cloud');
    await block(3).getByLabel('Blog').selectOption({ label: 'Journal' });
    await add('Form');
    await block(4).getByLabel('Form').selectOption({ label: 'Contact' });
    await block(4).getByLabel('Title').fill('Ask about a workshop');
    await add('Archive');
    await block(5).getByLabel('Blog').selectOption({ label: 'Journal' });

    // Keyboard: the archive's handle moves it above the form; then the tag cloud is deleted.
    await page.locator('.block-item__handle', { hasText: 'Archive block 7' }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.locator('.block-item__handle', { hasText: 'Archive block 6' }).waitFor({ timeout: TIMEOUT });
    await page.getByRole('button', { name: 'Delete Tag cloud block 5' }).click();
    await page.getByRole('button', { name: 'Undo deleting Tag cloud block 5' }).waitFor({ timeout: TIMEOUT });

    for (const { name, viewport } of ADMIN_WIDTHS) {
      await page.setViewportSize(viewport);
      expect(await allA11yViolations(page), `editing the new kinds at ${name}`).toEqual([]);
      console.log(await screenshot(page, `blocks-more-editor-${name}`));
    }
    await page.setViewportSize(ADMIN_WIDTHS[0]!.viewport);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Published: visitors see it at /studio-shelf.' }).waitFor({ timeout: TIMEOUT });

    const visitor = await browser.newContext();
    const tab = await visitor.newPage();
    const response = await tab.goto(`${store.siteUrl()}/studio-shelf`);
    expect(response?.status()).toBe(200);
    const kinds = await tab.locator('main .block').evaluateAll((nodes) => nodes.map((n) => [...n.classList].find((c) => c.startsWith('block--')) ?? ''));
    expect(kinds).toEqual(['block--html', 'block--gallery', 'block--product', 'block--summary-v2', 'block--archive', 'block--form']);
    const row = tab.locator('main .block-row');
    expect(await row.locator('.block-col--8 .block--gallery').count()).toBe(1);
    expect(await row.locator('.block-col--4 .block--product').count()).toBe(1);
    expect(await tab.getByRole('img', { name: 'A sage linen shirt on a hook' }).count()).toBeGreaterThan(0);
    expect(await tab.locator('.block--product').getByRole('link', { name: 'Linen Camp Shirt' }).count()).toBe(1);
    expect(await tab.locator('.block--product .sqs-add-to-cart-button').count()).toBe(1);
    expect(await tab.locator('.summary-v2__item').count()).toBe(2);
    expect(await tab.locator('.block--archive .archive__month').count()).toBeGreaterThan(0);
    expect(await tab.locator('.block--form').innerText()).toContain('Ask about a workshop');
    const [galleryBox, productBox] = await Promise.all([tab.locator('.block--gallery').boundingBox(), tab.locator('.block--product').boundingBox()]);
    expect(productBox!.x, 'the product sits to the right of the gallery').toBeGreaterThan(galleryBox!.x + galleryBox!.width / 2);
    for (const { name, viewport } of ADMIN_WIDTHS) {
      await tab.setViewportSize(viewport);
      expect(await allA11yViolations(tab), `the visitor's page at ${name}`).toEqual([]);
      expect(
        await tab.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
        `the page scrolls sideways at ${name}`,
      ).toBe(false);
      console.log(await screenshot(tab, `blocks-more-storefront-${name}`));
    }
    await visitor.close();
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('renders the published page of the new kinds through the magazine theme, axe clean at 1280 and 390 px (issue 26, acceptance 3)', async () => {
    const db = store.app.emporium.db;
    const site = (await findWebsiteByIdentifier(db, 'demo'))!;
    expect(await selectTheme(db, store.app.emporium.themes, site.id, 'magazine')).toBe(true);
    store.app.emporium.resolver.invalidate();
    const visitor = await browser.newContext();
    const tab = await visitor.newPage();
    const response = await tab.goto(`${store.siteUrl()}/studio-shelf`);
    expect(response?.status()).toBe(200);
    expect(await tab.locator('body.magazine').count(), 'the magazine theme renders the page').toBe(1);
    const kinds = await tab.locator('main .block').evaluateAll((nodes) => nodes.map((n) => [...n.classList].find((c) => c.startsWith('block--')) ?? ''));
    expect(kinds).toEqual(['block--html', 'block--gallery', 'block--product', 'block--summary-v2', 'block--archive', 'block--form']);
    expect(await tab.locator('main .block-row .block-col--8 .block--gallery').count()).toBe(1);
    for (const { name, viewport } of ADMIN_WIDTHS) {
      await tab.setViewportSize(viewport);
      expect(await allA11yViolations(tab), `the magazine page at ${name}`).toEqual([]);
      expect(
        await tab.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
        `the magazine page scrolls sideways at ${name}`,
      ).toBe(false);
      console.log(await screenshot(tab, `blocks-more-magazine-${name}`));
    }
    await visitor.close();
    expect(await selectTheme(db, store.app.emporium.themes, site.id, 'default')).toBe(true);
    store.app.emporium.resolver.invalidate();
  }, 120_000);

  it("edits the theme's shared blocks: a lock-layout area says so and offers no add, move or delete (issue 26, item 2)", async () => {
    const db = store.app.emporium.db;
    const site = (await findWebsiteByIdentifier(db, 'demo'))!;
    const themes = join(dirname(createRequire(import.meta.url).resolve('@emporium/theme/package.json')), 'test-themes');
    await installTheme(db, store.app.emporium.themes, readThemeDir(join(themes, 'everything')));
    expect(await selectTheme(db, store.app.emporium.themes, site.id, 'everything')).toBe(true);
    const intro = [{ typeName: 'quote', text: 'Welcome to the studio' }, { typeName: 'line' }];
    await db
      .update(websites)
      .set({ settings: sql`${websites.settings} || ${JSON.stringify({ blockFields: { intro } })}::jsonb` })
      .where(eq(websites.id, site.id));
    store.app.emporium.resolver.invalidate();
    const { context, page, errors } = await signInAt(browser, '/pages', {
      dashboard: store.dashboardUrl(),
      email: EMAIL,
      password: PASSWORD,
      viewport: ADMIN_WIDTHS[0]!.viewport,
    });
    await page.getByRole('button', { name: 'Shared blocks' }).click();
    const area = page.getByRole('group', { name: 'Introduction' });
    await area.getByText(GridMessages.LOCKED).waitFor({ timeout: TIMEOUT });
    expect(await area.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await area.getByRole('button', { name: /^Move/ }).count()).toBe(0);
    expect(await area.getByRole('button', { name: 'Add block', exact: true }).count()).toBe(0);
    expect(await area.getByLabel('Place beside previous').count()).toBe(0);
    await area.getByLabel('Quote').fill('Welcome back to the studio');
    await page.getByRole('button', { name: 'Save shared blocks' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as a draft' }).waitFor({ timeout: TIMEOUT });
    for (const { name, viewport } of ADMIN_WIDTHS) {
      await page.setViewportSize(viewport);
      expect(await allA11yViolations(page), `shared blocks at ${name}`).toEqual([]);
      console.log(await screenshot(page, `blocks-shared-${name}`));
    }
    expect(errors).toEqual([]);
    await context.close();
    expect(await selectTheme(db, store.app.emporium.themes, site.id, 'default')).toBe(true);
    store.app.emporium.resolver.invalidate();
  }, 120_000);
});
