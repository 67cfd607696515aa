/**
 * Blocks on the dashboard's Pages screen in Chromium (issue 26, item 2, acceptance 3): an owner
 * adds a page, adds a text, quote, button, chart, image and line block, fills them in, moves the
 * quote up with Alt+arrow and drags the button up with dnd-kit's keyboard path, deletes the line, and publishes; a visitor then sees the blocks in
 * their order, the chart as SVG with its data table, and no line. The screen and the visitor's
 * page pass axe and are photographed at 1280 and 390 px.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BlockLayout, cleanBlocks } from '../packages/server/src/blocks/index.js';
import { collections, forms } from '../packages/server/src/db/index.js';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { selectTheme } from '../packages/server/src/themes/index.js';
import { makeOwner } from '../packages/server/test-support/owners.js';
import { ADMIN_WIDTHS, allA11yViolations, launchBrowser, screenshot } from './support/browser.js';
import { signInAt } from './support/dashboard.js';
import { startStore, type RunningStore } from './support/store.js';
import { addBlock, addPlainPage, pagesScreenReady } from './support/pages-screen.js';

const EMAIL = 'blocks@example.com';
const PASSWORD = 'blocks-of-linen-and-ink-2026';
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

describe('blocks on the Pages screen', () => {
  it('adds several kinds, moves one by keyboard, deletes one, publishes, and the visitor sees them (issue 26, acceptance 3)', async () => {
    const { context, page, errors } = await signInAt(browser, '/pages', {
      dashboard: store.dashboardUrl(),
      email: EMAIL,
      password: PASSWORD,
      viewport: ADMIN_WIDTHS[0]!.viewport,
    });
    // The block it moves over makes room (is shifted down) once dnd-kit has taken the move.
    await pagesScreenReady(page, TIMEOUT);
    await addPlainPage(page, 'Field notes', TIMEOUT);

    const add = (label: string) => addBlock(page, label);
    await add('Text');
    await page.getByLabel('Text block 1').fill('<h1>Field notes</h1><p>Notes from the dye garden.</p>');
    await add('Quote');
    const quote = page.locator('[data-block]').nth(1);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await quote.getByLabel('Quote').fill('Colour is a power which directly influences the soul.');
    await quote.getByLabel('Source').fill('Kandinsky');
    await add('Button');
    const button = page.locator('[data-block]').nth(2);
    await button.getByLabel('Button text').fill('Visit the shop');
    await button.getByLabel('Link').fill('/shop');
    await add('Chart');
    const chart = page.locator('[data-block]').nth(3);
    await chart.getByLabel('Title').fill('Dye lots');
    await chart.getByLabel('Data').fill('Month, Madder\nJune');
    await chart.getByText('one or more rows was missing data').waitFor({ timeout: TIMEOUT });
    await chart.getByLabel('Data').fill('Month, Madder, Weld\nJune, 4, 2\nJuly, 6, 5');
    await add('Image');
    const image = page.locator('[data-block]').nth(4);
    await image.getByLabel('Image address (src)').fill('/assets/illustrations/landscape-sage.svg');
    await image.getByLabel('Width in pixels').fill('-4');
    await image.getByText('width requires a positive integer, but received a negative value').waitFor({ timeout: TIMEOUT });
    await image.getByLabel('Width in pixels').fill('1600');
    await image.getByLabel('Alt text').fill('Hills behind the dye garden');
    await add('Line');

    // Keyboard: the quote's handle moves it above the text block.
    await page.locator('.block-item__handle', { hasText: 'Quote block 2' }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.locator('.block-item__handle', { hasText: 'Quote block 1' }).waitFor({ timeout: TIMEOUT });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Quote block 1');
    // Drag and drop from the keyboard (dnd-kit): Space picks the button up, the up arrow moves it, Space drops it.
    await page.locator('.block-item__handle', { hasText: 'Button block 3' }).focus();
    await page.keyboard.press('Space');
    await page.locator('.block-item.is-dragging').waitFor({ timeout: TIMEOUT });
    // dnd-kit's keyboard sensor starts listening for the arrows in a timeout after the pick-up.
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowUp');
    await page.waitForFunction(
      () => [...document.querySelectorAll<HTMLElement>('.block-item:not(.is-dragging)')].some((item) => /translate3d\(0px, [1-9]/.test(item.style.transform)),
      null,
      {
        timeout: TIMEOUT,
      },
    );
    await page.keyboard.press('Space');
    await page.locator('.block-item__handle', { hasText: 'Button block 2' }).waitFor({ timeout: TIMEOUT });
    // Delete the line, with an undo offered.
    await page.getByRole('button', { name: 'Delete Line block 6' }).click();
    await page.getByRole('button', { name: 'Undo deleting Line block 6' }).waitFor({ timeout: TIMEOUT });

    for (const { name, viewport } of ADMIN_WIDTHS) {
      await page.setViewportSize(viewport);
      expect(await allA11yViolations(page), `editing blocks at ${name}`).toEqual([]);
      console.log(await screenshot(page, `blocks-editor-${name}`));
    }
    await page.setViewportSize(ADMIN_WIDTHS[0]!.viewport);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Published: visitors see it at /field-notes.' }).waitFor({ timeout: TIMEOUT });

    const visitor = await browser.newContext();
    const tab = await visitor.newPage();
    const response = await tab.goto(`${store.siteUrl()}/field-notes`);
    expect(response?.status()).toBe(200);
    const kinds = await tab.locator('main .block').evaluateAll((nodes) => nodes.map((n) => [...n.classList].find((c) => c.startsWith('block--')) ?? ''));
    expect(kinds).toEqual(['block--quote', 'block--button', 'block--html', 'block--chart', 'block--image']);
    expect(await tab.locator('.block--quote').innerText()).toContain('Kandinsky');
    expect(await tab.getByRole('link', { name: 'Visit the shop' }).getAttribute('href')).toBe('/shop');
    expect(await tab.locator('.block--chart svg[role="img"] rect').count()).toBe(4);
    expect(await tab.locator('.block--chart table tbody tr').count()).toBe(2);
    expect(await tab.getByRole('img', { name: 'Hills behind the dye garden' }).getAttribute('width')).toBe('1600');
    for (const { name, viewport } of ADMIN_WIDTHS) {
      await tab.setViewportSize(viewport);
      expect(await allA11yViolations(tab), `the visitor's page at ${name}`).toEqual([]);
      console.log(await screenshot(tab, `blocks-storefront-${name}`));
    }
    await visitor.close();
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('renders every block kind through the default and the magazine theme, axe clean at 1280 and 390 px (issue 26, acceptance 3)', async () => {
    const db = store.app.emporium.db;
    const journal = (await findWebsiteByIdentifier(db, 'journal'))!;
    expect(await selectTheme(db, store.app.emporium.themes, journal.id, 'magazine')).toBe(true);
    for (const identifier of ['demo', 'journal']) {
      const site = (await findWebsiteByIdentifier(db, identifier))!;
      const [list] = await db.select({ id: forms.id }).from(forms).where(eq(forms.websiteId, site.id)).limit(1);
      const blocks = cleanBlocks(
        BlockLayout.parse([
          { typeName: 'html', html: '<h1>Every block</h1><p>One of each kind the dashboard edits.</p>' },
          { typeName: 'quote', text: 'Less, but better.', source: 'Dieter Rams' },
          { typeName: 'button', text: 'Read the journal', url: '/journal', align: 'center' },
          { typeName: 'spacer', height: 32 },
          { typeName: 'line' },
          {
            typeName: 'image',
            assetUrl: '/assets/illustrations/landscape-sage.svg',
            width: 800,
            height: 800,
            altText: 'Green hills',
            caption: 'The hills',
            sizes: '100vw',
          },
          { typeName: 'markdown', markdown: '## Care\n\nWash **cold**, dry flat.\n\n- Iron warm\n- No bleach' },
          { typeName: 'video', url: 'https://www.youtube.com/watch?v=abc', title: 'Dyeing day' },
          { typeName: 'embed', url: 'https://codepen.io/x/pen/y', title: 'A pen', providerName: 'CodePen' },
          {
            typeName: 'accordion',
            items: [
              { title: 'Shipping', body: 'Two days.' },
              { title: 'Returns', body: 'Thirty days.' },
            ],
          },
          { typeName: 'code', code: 'const dye = "madder";', language: 'js' },
          {
            typeName: 'chart',
            chartType: 'line',
            title: 'Dye lots',
            data: [
              ['Month', 'Madder', 'Weld'],
              ['June', '4', '2'],
              ['July', '6', '5'],
            ],
          },
          {
            typeName: 'chart',
            chartType: 'pie',
            title: 'Fibres',
            data: [
              ['Fibre', 'Share'],
              ['Linen', '60'],
              ['Wool', '40'],
            ],
          },
          { typeName: 'map', address: '214 Warren Street, Hudson, NY 12534', label: 'The studio' },
          { typeName: 'search', label: 'Search the site' },
          { typeName: 'social-links', links: [{ url: 'https://www.instagram.com/fernfield' }] },
          ...(list ? [{ typeName: 'newsletter', formId: list.id }] : []),
          { typeName: 'menu', sections: [{ title: 'Drinks', items: [{ name: 'Tea', price: '$3', description: 'Green or black' }] }] },
          { typeName: 'audio', url: '/assets/river.mp3', title: 'River sounds' },
        ]),
        { mayWriteCode: false },
      );
      await db.insert(collections).values({ websiteId: site.id, type: 10, urlId: 'every-block', title: 'Every block', settings: { blocks } });
      const visitor = await browser.newContext();
      const tab = await visitor.newPage();
      const response = await tab.goto(`${store.siteUrl(identifier)}/every-block`);
      expect(response?.status(), identifier).toBe(200);
      expect(await tab.locator('main .block').count()).toBeGreaterThanOrEqual(blocks.length);
      for (const { name, viewport } of ADMIN_WIDTHS) {
        await tab.setViewportSize(viewport);
        expect(await allA11yViolations(tab), `${identifier} at ${name}`).toEqual([]);
        expect(
          await tab.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
          `${identifier} scrolls sideways at ${name}`,
        ).toBe(false);
        console.log(await screenshot(tab, `blocks-every-kind-${identifier}-${name}`));
      }
      await visitor.close();
    }
  }, 120_000);
});
