/**
 * The dashboard's Editor in Chromium (issue 26): an owner edits the About page's title, sees
 * "Saved as draft" and the new title in the preview frame while visitors still see the old one,
 * switches the preview to Phone (390 px), undoes and redoes, publishes, and visitors see the new
 * title; the release is in the history. axe finds nothing at desktop and phone width.
 */
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { makeOwner } from '../packages/server/test-support/owners.js';
import AxeBuilder from '@axe-core/playwright';
import { ADMIN_WIDTHS, launchBrowser, screenshot } from './support/browser.js';
import { signInAt, type SignedInOwner } from './support/dashboard.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'editor@example.com';
const PASSWORD = 'linen-and-ink-on-paper-2026';
const TIMEOUT = 15_000;
const NEW_TITLE = 'Our story';

let store: RunningStore;
let browser: Browser;

function signedIn(path: string, viewport = ADMIN_WIDTHS[0]!.viewport): Promise<SignedInOwner> {
  return signInAt(browser, path, { dashboard: store.dashboardUrl(), email: EMAIL, password: PASSWORD, viewport });
}

/** The About page's title as a visitor without the preview cookie gets it. */
async function publicTitle(context: BrowserContext): Promise<string> {
  const page = await context.newPage();
  await page.goto(`${store.siteUrl()}/about`);
  const title = await page.title();
  await page.close();
  return title;
}

async function frameTitle(frame: FrameLocator): Promise<string> {
  return (await frame.locator('title').textContent()) ?? '';
}

async function waitForFrameTitle(page: Page, frame: FrameLocator, text: string): Promise<void> {
  const deadline = Date.now() + TIMEOUT;
  while (!(await frameTitle(frame).catch(() => '')).startsWith(text)) {
    if (Date.now() > deadline) throw new Error(`the preview never showed "${text}"`);
    await page.waitForTimeout(200);
  }
}

async function openAbout(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Editor', null, { timeout: TIMEOUT });
  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('button', { name: /^(About|Our story)/ })
    .click();
  await page.getByLabel('Title', { exact: true }).waitFor({ timeout: TIMEOUT });
  await page
    .getByRole('status')
    .filter({ hasText: /Saved as draft|No unpublished changes/ })
    .waitFor({ timeout: TIMEOUT });
}

/** axe's findings on the dashboard; the framed site page is the storefront's, checked by its own tests. */
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
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

describe('the Editor', () => {
  it('drafts a title seen only in the preview, at phone width, with undo and redo, then publishes it for visitors', async () => {
    const { context, page, errors } = await signedIn('/editor');
    await openAbout(page);
    const frame = page.frameLocator('iframe[title^="Preview of"]');
    await waitForFrameTitle(page, frame, 'About');

    const title = page.getByLabel('Title', { exact: true });
    await title.fill(NEW_TITLE);
    await page.getByRole('status').filter({ hasText: 'Saved as draft' }).waitFor({ timeout: TIMEOUT });
    await waitForFrameTitle(page, frame, NEW_TITLE);
    expect(await publicTitle(context)).toMatch(/^About/);

    await page.getByRole('button', { name: /^Phone/ }).click();
    expect(await page.getByRole('button', { name: /^Phone/ }).getAttribute('aria-pressed')).toBe('true');
    await page.waitForFunction(() => Math.round(document.querySelector('iframe[title^="Preview of"]')?.getBoundingClientRect().width ?? 0) === 390, null, {
      timeout: TIMEOUT,
    });

    await title.focus();
    await page.keyboard.press('Control+z');
    expect(await title.inputValue()).toBe('About');
    await page.getByRole('button', { name: 'Redo' }).click();
    expect(await title.inputValue()).toBe(NEW_TITLE);
    await page.getByRole('status').filter({ hasText: 'Saved as draft' }).waitFor({ timeout: TIMEOUT });
    await page.getByText('1 unpublished change').waitFor({ timeout: TIMEOUT });

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish 1 change?' });
    await dialog.getByText('Page: About').waitFor({ timeout: TIMEOUT });
    await dialog.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('status').filter({ hasText: 'Published as release 1' }).waitFor({ timeout: TIMEOUT });
    expect(await publicTitle(context)).toMatch(new RegExp(`^${NEW_TITLE}`));

    await page.getByRole('tab', { name: 'History' }).click();
    const release = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Release 1' }) });
    await release.waitFor({ timeout: TIMEOUT });
    expect(await release.textContent()).toContain(EMAIL);
    await release.getByRole('button', { name: 'Restore Page: Our story as it was before release 1' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  for (const { name, viewport } of ADMIN_WIDTHS) {
    it(`passes axe and fits the screen at ${viewport.width} px (${name})`, async () => {
      const { context, page } = await signedIn('/editor', viewport);
      await openAbout(page);
      await page.waitForFunction(() => document.querySelector('.preview-loading')?.textContent === '', null, { timeout: TIMEOUT });
      expect(await dashboardViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
      console.log(await screenshot(page, `editor-${name}`));
      await page.getByRole('tab', { name: 'History' }).click();
      expect(await dashboardViolations(page)).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
