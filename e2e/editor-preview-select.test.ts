/**
 * Selecting a block in the Editor's preview frame and in its inspector, in Chromium (issue 26,
 * item 6): a click on a block in the frame (the site's own origin) selects that block's fields in
 * the inspector, and the block whose fields have the focus is outlined in the frame, also after
 * an edit reloads the preview; at desktop and 390 px width, with axe on the editor screen. The
 * inspector's grid controls place a block beside the one before it and set its width, by keyboard.
 * A row can be painted as a section with a colour theme (item 5). Two owners on the same page each
 * see that the other is editing it (presence, item 7).
 */
import type { FrameLocator, Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { makeOwner } from '../packages/server/test-support/owners.js';
import AxeBuilder from '@axe-core/playwright';
import { ADMIN_WIDTHS, launchBrowser, screenshot } from './support/browser.js';
import { signInAt } from './support/dashboard.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'selecting@example.com';
const PASSWORD = 'linen-and-ink-on-paper-2026';
const SECOND_EMAIL = 'second-editor@example.com';
const TIMEOUT = 15_000;

let store: RunningStore;
let browser: Browser;

async function openAbout(page: Page): Promise<FrameLocator> {
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Editor', null, { timeout: TIMEOUT });
  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('button', { name: /^About/ })
    .click();
  await page.getByLabel('Text block 1', { exact: true }).waitFor({ timeout: TIMEOUT });
  const frame = page.frameLocator('iframe[title^="Preview of"]');
  await frame.locator('[data-block-id="1"] img').waitFor({ timeout: TIMEOUT });
  return frame;
}

/** Waits until the frame outlines block `id` and no other. */
async function waitForOutlined(frame: FrameLocator, id: string): Promise<void> {
  await frame.locator(`[data-block-id="${id}"][data-preview-selected]`).waitFor({ timeout: TIMEOUT });
  expect(await frame.locator('[data-preview-selected]').count()).toBe(1);
  const outline = await frame
    .locator(`[data-block-id="${id}"] > *`)
    .first()
    .evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).toBe('solid');
}

const selectedInPanel = (page: Page) => page.locator('.inspector-block[aria-current="true"]');

async function dashboardViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).exclude('.preview-frame').analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
  const db = store.app.emporium.db;
  const site = (await findWebsiteByIdentifier(db, 'demo'))!;
  await makeOwner(db, site.id, EMAIL, 'admin', PASSWORD);
  await makeOwner(db, site.id, SECOND_EMAIL, 'editor', PASSWORD);
  // Colour themes on (Design → Site styles), from the default palette, so rows can be painted with them.
  const siteStyles = { colors: { palette: ['#fbf9f4', '#dfe9e1', '#24513d', '#2b3a31', '#121a15'] } };
  await db.execute(sql`UPDATE websites SET settings = settings || ${JSON.stringify({ siteStyles })}::jsonb WHERE id = ${site.id}`);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

describe("the Editor's grid controls", () => {
  it('puts a block beside the one before it and sets its width from the keyboard, seen in the preview', async () => {
    const { context, page, errors } = await signInAt(browser, '/editor', { dashboard: store.dashboardUrl(), email: EMAIL, password: PASSWORD });
    const frame = await openAbout(page);
    const image = page.locator('[data-block-index="1"]');
    const beside = image.getByLabel('Place beside previous');
    await beside.focus();
    await page.keyboard.press('Space');
    expect(await beside.isChecked()).toBe(true);
    const width = image.getByLabel('Width of Image block 2');
    await width.focus();
    // A native select: the arrow keys choose without opening it.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await width.inputValue()).toBe('4');
    await page.getByRole('status').filter({ hasText: 'Saved as draft' }).waitFor({ timeout: TIMEOUT });
    await frame.locator('.block-row .block-col--8 [data-block-id="0"]').waitFor({ timeout: TIMEOUT });
    await frame.locator('.block-row .block-col--4 [data-block-id="1"]').waitFor({ timeout: TIMEOUT });
    expect(await page.locator('[data-block-index="0"]').getByLabel('Place beside previous').count()).toBe(0);

    // The row as a section of a colour theme (item 5): the site's colour themes are on.
    const colours = page.locator('[data-block-index="0"]').getByLabel('Section colours');
    await expect.poll(() => colours.isEnabled(), { timeout: TIMEOUT }).toBe(true);
    await colours.selectOption({ label: 'Dark 1' });
    const section = frame.locator('.block-section.color-theme-dark-1 > .block-row [data-block-id="1"]');
    await section.waitFor({ timeout: TIMEOUT });
    const background = await frame.locator('.block-section.color-theme-dark-1').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(43, 58, 49)');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('two owners editing the same page', () => {
  it('each sees that the other has the page open, and the notice goes when one leaves it', async () => {
    const first = await signInAt(browser, '/editor', { dashboard: store.dashboardUrl(), email: EMAIL, password: PASSWORD });
    const second = await signInAt(browser, '/editor', {
      dashboard: store.dashboardUrl(),
      email: SECOND_EMAIL,
      password: PASSWORD,
      viewport: ADMIN_WIDTHS[1]!.viewport,
    });
    await openAbout(first.page);
    await openAbout(second.page);
    const notice = (page: Page) => page.getByRole('status').filter({ hasText: 'also editing this page' });
    await notice(second.page)
      .filter({ hasText: `${EMAIL} is also editing this page.` })
      .waitFor({ timeout: 30_000 });
    // The first owner learns of the second at their next heartbeat.
    await notice(first.page)
      .filter({ hasText: `${SECOND_EMAIL} is also editing this page.` })
      .waitFor({ timeout: 30_000 });
    console.log(await screenshot(second.page, 'editor-presence-phone'));
    await first.context.close();
    // Closing the tab says the page was closed, so the notice goes at the second owner's next heartbeat.
    await notice(second.page).waitFor({ state: 'detached', timeout: 45_000 });
    expect(second.errors).toEqual([]);
    expect(first.errors).toEqual([]);
    await second.context.close();
  }, 150_000);
});

describe("the Editor's preview and inspector select the same block", () => {
  for (const { name, viewport } of ADMIN_WIDTHS) {
    it(`selects by clicking in the frame and by focusing in the inspector at ${viewport.width} px (${name})`, async () => {
      const { context, page, errors } = await signInAt(browser, '/editor', { dashboard: store.dashboardUrl(), email: EMAIL, password: PASSWORD, viewport });
      const frame = await openAbout(page);
      expect(await frame.locator('[data-preview-selected]').count()).toBe(0);

      // Frame to inspector: the image (block 2 of the layout, index 1).
      await frame.locator('[data-block-id="1"] img').click();
      await selectedInPanel(page).and(page.locator('[data-block-index="1"]')).waitFor({ timeout: TIMEOUT });
      await page.getByRole('status').filter({ hasText: 'Image block 2 selected.' }).waitFor({ timeout: TIMEOUT });
      await waitForOutlined(frame, '1');

      // Inspector to frame: the keyboard path is the inspector's fields.
      const text = page.getByLabel('Text block 1', { exact: true });
      await text.focus();
      await selectedInPanel(page).and(page.locator('[data-block-index="0"]')).waitFor({ timeout: TIMEOUT });
      await waitForOutlined(frame, '0');

      // An edit reloads the preview; the selection is outlined again in the new page.
      const sentence = `Selected and edited at ${viewport.width} px.`;
      await text.fill(`<p>${sentence} <a href="/shop">Visit the shop</a></p>`);
      await frame.getByText(sentence).waitFor({ timeout: TIMEOUT });
      await waitForOutlined(frame, '0');

      // A link in a block selects the block; the preview stays on the page. The edit's save may
      // reload the preview once more: wait until no reload is pending, so the clicks land in the page that stays.
      await page.waitForFunction(() => document.querySelector('.preview-loading')?.textContent === '', null, { timeout: TIMEOUT });
      await frame.getByText(sentence).waitFor({ timeout: TIMEOUT });
      await frame.locator('[data-block-id="1"] img').click();
      await waitForOutlined(frame, '1');
      await frame.getByRole('link', { name: 'Visit the shop' }).click();
      await selectedInPanel(page).and(page.locator('[data-block-index="0"]')).waitFor({ timeout: TIMEOUT });
      await waitForOutlined(frame, '0');
      expect(await frame.locator('body').evaluate(() => location.pathname)).toBe('/about');

      await page.waitForFunction(() => document.querySelector('.preview-loading')?.textContent === '', null, { timeout: TIMEOUT });
      expect(await dashboardViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
      console.log(await screenshot(page, `editor-preview-select-${name}`));
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});

describe("a block of the theme's shared areas chosen in the preview", () => {
  it('says the block is shared and links to the shared blocks, which open on the Pages screen', async () => {
    const db = store.app.emporium.db;
    const site = (await findWebsiteByIdentifier(db, 'demo'))!;
    const footer = { theme: 'magazine', blockFields: { footer: [{ typeName: 'quote', text: 'Made in the valley.' }] } };
    await db.execute(sql`UPDATE websites SET settings = settings || ${JSON.stringify(footer)}::jsonb WHERE id = ${site.id}`);
    try {
      const { context, page, errors } = await signInAt(browser, '/editor', { dashboard: store.dashboardUrl(), email: EMAIL, password: PASSWORD });
      const frame = await openAbout(page);
      await frame.locator('[data-block-id="f:footer:0"]').getByText('Made in the valley.').click();
      const notice = page.getByRole('status').filter({ hasText: 'Block 1 of Footer is shared by every page that shows Footer.' });
      await notice.waitFor({ timeout: TIMEOUT });
      await notice.getByRole('link', { name: 'Edit the shared blocks' }).click();
      await page.getByRole('heading', { name: 'Shared blocks' }).waitFor({ timeout: TIMEOUT });
      expect(new URL(page.url()).pathname).toMatch(/\/pages$/);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await db.execute(sql`UPDATE websites SET settings = (settings - 'blockFields') || '{"theme":"default"}'::jsonb WHERE id = ${site.id}`);
    }
  }, 120_000);
});
