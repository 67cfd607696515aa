/**
 * Resizing the columns of a row of blocks by dragging, in Chromium (issue 26, item 2): on the
 * Pages screen an owner places a quote beside a text block, drags the bar between them with the
 * mouse (the widths shown change while it moves; Escape puts it back), moves it one column with
 * the left arrow, and publishes; the visitor's page lays the row out on the new spans. In the
 * Editor the same drag is saved in the draft, seen in the preview, and is one step of undo.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { makeOwner } from '../packages/server/test-support/owners.js';
import { ADMIN_WIDTHS, allA11yViolations, launchBrowser, screenshot } from './support/browser.js';
import { signInAt } from './support/dashboard.js';
import { startStore, type RunningStore } from './support/store.js';
import { addBlock, addPlainPage, pagesScreenReady } from './support/pages-screen.js';

const EMAIL = 'columns@example.com';
const PASSWORD = 'columns-of-linen-and-ink-2026';
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

/** The resizer holding `handle`: its bar of 12 columns and its "7 / 5 columns" label. */
const resizerOf = (page: Page, handle: Locator) => page.locator('.column-resizer').filter({ has: handle });

/** Presses the mouse on the middle of `handle` and moves it `columns` of the row's 12 to the right (left when negative), without letting go. */
async function pressAndMove(page: Page, handle: Locator, columns: number): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const track = (await resizerOf(page, handle).locator('.column-resizer__track').boundingBox())!;
  const bar = (await handle.boundingBox())!;
  const x = bar.x + bar.width / 2;
  const y = bar.y + bar.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + (columns * track.width) / 12, y, { steps: 6 });
}

describe('resizing the columns of a row by dragging', () => {
  it('drags the split on the Pages screen, cancels a drag with Escape, moves it by arrow key, and the published row takes the new spans', async () => {
    const { context, page, errors } = await signInAt(browser, '/pages', {
      dashboard: store.dashboardUrl(),
      email: EMAIL,
      password: PASSWORD,
      viewport: ADMIN_WIDTHS[0]!.viewport,
    });
    await pagesScreenReady(page, TIMEOUT);
    await addPlainPage(page, 'Two columns', TIMEOUT);
    const add = (label: string) => addBlock(page, label);
    await add('Text');
    await page.getByLabel('Text block 1').fill('<h2>Madder</h2><p>Roots dug in the third year give the deepest reds.</p>');
    await add('Quote');
    const quote = page.locator('[data-block]').nth(1);
    await quote.getByLabel('Quote').fill('Colour is a power which directly influences the soul.');
    await quote.getByLabel('Source').fill('Kandinsky');
    // No row shared yet: no handle.
    expect(await page.getByRole('separator').count()).toBe(0);
    await quote.getByLabel('Place beside previous').check();

    const handle = page.getByRole('separator', { name: 'Resize columns of Text block 1 and Quote block 2' });
    const shown = resizerOf(page, handle).locator('.column-resizer__value');
    const widthOf = (name: string) => page.getByLabel(`Width of ${name}`);
    expect(await shown.innerText()).toBe('6 / 6 columns');
    expect(await handle.getAttribute('aria-orientation')).toBe('vertical');
    expect([await handle.getAttribute('aria-valuemin'), await handle.getAttribute('aria-valuemax')]).toEqual(['1', '11']);

    // Dragged two columns right: the widths shown follow the pointer before it lets go.
    await pressAndMove(page, handle, 2);
    await resizerOf(page, handle).locator('.column-resizer__value', { hasText: '8 / 4 columns' }).waitFor({ timeout: TIMEOUT });
    expect(await widthOf('Text block 1').inputValue()).toBe('6');
    await page.mouse.up();
    expect(await widthOf('Text block 1').inputValue()).toBe('8');
    expect(await widthOf('Quote block 2').inputValue()).toBe('4');
    expect(await handle.getAttribute('aria-valuenow')).toBe('8');

    // A drag cancelled with Escape puts the split back where it was, also once the mouse lets go.
    await pressAndMove(page, handle, -5);
    await shown.filter({ hasText: '3 / 9 columns' }).waitFor({ timeout: TIMEOUT });
    await page.keyboard.press('Escape');
    await shown.filter({ hasText: '8 / 4 columns' }).waitFor({ timeout: TIMEOUT });
    await page.mouse.up();
    expect(await widthOf('Text block 1').inputValue()).toBe('8');
    // Dragging the split did not pick a block up to move it.
    expect(await page.locator('.block-item.is-dragging').count()).toBe(0);

    // From the keyboard: the handle has the focus after the drag; the left arrow moves it one column.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('separator');
    await page.keyboard.press('ArrowLeft');
    await shown.filter({ hasText: '7 / 5 columns' }).waitFor({ timeout: TIMEOUT });
    expect(await handle.getAttribute('aria-valuenow')).toBe('7');
    expect(await widthOf('Quote block 2').inputValue()).toBe('5');

    for (const { name, viewport } of ADMIN_WIDTHS) {
      await page.setViewportSize(viewport);
      await handle.scrollIntoViewIfNeeded();
      expect(await allA11yViolations(page), `resizing columns at ${name}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth), `sideways scroll at ${name}`).toBe(false);
      console.log(await screenshot(page, `grid-resize-pages-${name}`));
    }
    await page.setViewportSize(ADMIN_WIDTHS[0]!.viewport);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Published: visitors see it at /two-columns.' }).waitFor({ timeout: TIMEOUT });

    const visitor = await browser.newContext({ viewport: ADMIN_WIDTHS[0]!.viewport });
    const tab = await visitor.newPage();
    expect((await tab.goto(`${store.siteUrl()}/two-columns`))?.status()).toBe(200);
    const columns = await tab
      .locator('main .block-row > .block-col')
      .evaluateAll((cols) =>
        cols.map((col) => [col.className, getComputedStyle(col).gridColumnStart, col.querySelector('.block')?.classList.contains('block--quote')]),
      );
    expect(columns).toEqual([
      ['block-col block-col--7', 'span 7', false],
      ['block-col block-col--5', 'span 5', true],
    ]);
    await visitor.close();
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('saves a drag in the Editor as the draft the preview shows, and undoes it as one step', async () => {
    const { context, page, errors } = await signInAt(browser, '/editor', { dashboard: store.dashboardUrl(), email: EMAIL, password: PASSWORD });
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Editor', null, { timeout: TIMEOUT });
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: /^About/ })
      .click();
    await page.getByLabel('Text block 1', { exact: true }).waitFor({ timeout: TIMEOUT });
    const frame = page.frameLocator('iframe[title^="Preview of"]');
    await frame.locator('[data-block-id="1"] img').waitFor({ timeout: TIMEOUT });
    await page.locator('[data-block-index="1"]').getByLabel('Place beside previous').check();
    await page.getByRole('status').filter({ hasText: 'Saved as draft' }).waitFor({ timeout: TIMEOUT });
    await frame.locator('.block-row .block-col--6 [data-block-id="1"]').waitFor({ timeout: TIMEOUT });

    const handle = page.getByRole('separator', { name: 'Resize columns of Text block 1 and Image block 2' });
    const shown = resizerOf(page, handle).locator('.column-resizer__value');
    await pressAndMove(page, handle, 3);
    await shown.filter({ hasText: '9 / 3 columns' }).waitFor({ timeout: TIMEOUT });
    await page.mouse.up();
    await frame.locator('.block-row .block-col--9 [data-block-id="0"]').waitFor({ timeout: TIMEOUT });
    await frame.locator('.block-row .block-col--3 [data-block-id="1"]').waitFor({ timeout: TIMEOUT });
    console.log(await screenshot(page, 'grid-resize-editor-desktop'));

    // One undo takes the whole drag back, not a column at a time, and leaves the block beside the text.
    await page.keyboard.press('Control+z');
    await shown.filter({ hasText: '6 / 6 columns' }).waitFor({ timeout: TIMEOUT });
    expect(await page.locator('[data-block-index="1"]').getByLabel('Place beside previous').isChecked()).toBe(true);
    await frame.locator('.block-row .block-col--6 [data-block-id="0"]').waitFor({ timeout: TIMEOUT });
    await page.keyboard.press('Control+Shift+z');
    await shown.filter({ hasText: '9 / 3 columns' }).waitFor({ timeout: TIMEOUT });
    await frame.locator('.block-row .block-col--9 [data-block-id="0"]').waitFor({ timeout: TIMEOUT });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
