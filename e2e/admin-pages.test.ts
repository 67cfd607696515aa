/**
 * The dashboard's Pages screen in Chromium. An owner signs in, opens Pages, adds the page
 * "Lookbook" (a draft: a visitor gets 404 at /lookbook), adds a text block, types a sentence and
 * publishes; a visitor then reads the sentence at /lookbook. Then the owner drafts Lookbook into the
 * main navigation and a new accent colour, sees both in the editor's preview at Phone and Desktop
 * widths, and publishes them from the header; a visitor sees neither before and both after. The screen passes axe and is
 * photographed at 1280 and 390 px, where it never scrolls sideways.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { makeOwner } from '../packages/server/test-support/owners.js';
import { ADMIN_WIDTHS, allA11yViolations, launchBrowser, screenshot } from './support/browser.js';
import { signInAt, type SignedInOwner } from './support/dashboard.js';
import { publishFromHeader } from './support/publish.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'pages@example.com';
const PASSWORD = 'pages-of-linen-and-ink-2026';
const TIMEOUT = 15_000;
const SENTENCE = 'Our autumn lookbook: hand-dyed linen in moss and rust.';

let store: RunningStore;
let browser: Browser;

function signedIn(path: string, viewport = ADMIN_WIDTHS[0]!.viewport): Promise<SignedInOwner> {
  return signInAt(browser, path, { dashboard: store.dashboardUrl(), email: EMAIL, password: PASSWORD, viewport });
}

async function waitForList(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Pages' && document.querySelector('.page-choice'), null, { timeout: TIMEOUT });
}

/** What a visitor's browser gets at `path` of the demo site: the status and the page's text. */
async function visit(page: Page, path: string): Promise<{ status: number; text: string }> {
  const response = await page.goto(`${store.siteUrl()}${path}`);
  return { status: response?.status() ?? 0, text: await page.locator('body').innerText() };
}

function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
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

describe('Pages screen', () => {
  it('adds "Lookbook" as a draft, writes a text block and publishes it for visitors', async () => {
    const { context, page, errors } = await signedIn('/design');
    await page.getByRole('link', { name: 'Pages', exact: true }).click();
    await waitForList(page);
    await page.getByRole('button', { name: 'Add page' }).click();
    await page.getByLabel('Kind').selectOption('page');
    await page.getByLabel('Title').fill('Lookbook');
    await page.getByRole('button', { name: 'Add page' }).click();
    await page.getByRole('heading', { name: 'Lookbook', level: 2 }).waitFor({ timeout: TIMEOUT });

    const visitor = await browser.newContext();
    const tab = await visitor.newPage();
    expect((await visit(tab, '/lookbook')).status).toBe(404);

    await page.getByRole('button', { name: 'Add block' }).click();
    const text = page.getByLabel('Text block 1');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await text.fill(SENTENCE);
    expect(await allA11yViolations(page), 'with a block being written').toEqual([]);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Published: visitors see it at /lookbook.' }).waitFor({ timeout: TIMEOUT });
    console.log(await screenshot(page, 'pages-published-desktop'));

    const published = await visit(tab, '/lookbook');
    expect(published.status).toBe(200);
    expect(published.text).toContain(SENTENCE);
    console.log(await screenshot(tab, 'pages-lookbook-storefront'));
    await visitor.close();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('puts Lookbook in the main navigation and changes the accent colour as drafts, previews them on Phone and Desktop, and publishes: a visitor sees none of it before and all of it after (issue 26, acceptance 1)', async () => {
    const ACCENT = '#7a3b2e';
    const { context, page, errors } = await signedIn('/navigation');
    const main = page.getByRole('region', { name: 'Main Navigation' });
    await main.getByLabel('Page to add').selectOption({ label: 'Lookbook (/lookbook)' });
    await main.getByRole('button', { name: 'Add page to Main Navigation' }).click();
    await main.getByRole('button', { name: 'Save Main Navigation' }).click();
    await main.getByRole('status').filter({ hasText: 'Main Navigation saved as a draft.' }).waitFor({ timeout: TIMEOUT });

    await page.getByRole('link', { name: 'Design', exact: true }).click();
    const accent = page.getByLabel('Accent (buttons and links)', { exact: true });
    await accent.waitFor({ timeout: TIMEOUT });
    await accent.fill(ACCENT);
    await page.getByRole('button', { name: 'Save style' }).click();
    await page.getByRole('status').filter({ hasText: 'Style saved as a draft.' }).waitFor({ timeout: TIMEOUT });
    await page.locator('.site-changes').getByText('2 unpublished changes').waitFor({ timeout: TIMEOUT });

    // The editor's preview shows the drafts at each width; visitors do not.
    await page.getByRole('link', { name: 'Editor', exact: true }).click();
    const frame = page.frameLocator('iframe[title^="Preview of"]');
    await frame.locator('nav.site-nav a', { hasText: 'Lookbook' }).first().waitFor({ state: 'attached', timeout: TIMEOUT });
    await page.getByRole('group', { name: 'Preview width' }).getByRole('button', { name: 'Phone' }).click();
    await page.waitForFunction(() => document.querySelector('iframe.preview-frame')?.getBoundingClientRect().width === 390, null, {
      timeout: TIMEOUT,
    });
    await page.getByRole('group', { name: 'Preview width' }).getByRole('button', { name: 'Desktop' }).click();

    const visitor = await browser.newContext();
    const tab = await visitor.newPage();
    const look = async () => {
      await tab.goto(`${store.siteUrl()}/`);
      return {
        nav: (await tab.locator('nav.site-nav #site-nav-menu a').allTextContents()).map((t) => t.trim()),
        accent: await tab.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim()),
      };
    };
    const before = await look();
    expect(before.nav).not.toContain('Lookbook');
    expect(before.accent).not.toBe(ACCENT);

    await page.getByRole('link', { name: 'Pages', exact: true }).click();
    await waitForList(page);
    await publishFromHeader(page);
    const after = await look();
    expect(after.nav).toContain('Lookbook');
    expect(after.accent).toBe(ACCENT);
    await tab.getByRole('link', { name: 'Lookbook' }).first().click();
    await tab.waitForURL(/\/lookbook$/);
    expect(await tab.locator('body').innerText()).toContain(SENTENCE);
    console.log(await screenshot(tab, 'site-built-storefront'));
    await visitor.close();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  for (const { name, viewport } of ADMIN_WIDTHS) {
    it(`passes axe and fits the screen at ${viewport.width} px (${name})`, async () => {
      const { context, page } = await signedIn('/pages', viewport);
      await waitForList(page);
      await page.locator('.page-choice').first().click();
      await page.locator('.page-editor').waitFor({ timeout: TIMEOUT });
      expect(await allA11yViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      console.log(await screenshot(page, `pages-${name}`));
      await page.getByRole('button', { name: 'Add page' }).click();
      expect(await allA11yViolations(page), 'with the add form open').toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      console.log(await screenshot(page, `pages-${name}-add`));
      await context.close();
    }, 120_000);
  }

  it("says 'Unable to load collections' when the pages cannot be loaded, and loads them on Try again (spec 8)", async () => {
    const { context, page } = await signedIn('/design');
    await page.route('**/api/owner/pages', (route) => route.abort('failed'));
    // A fresh load of the screen, so the list is not already in the dashboard's memory.
    await page.goto(page.url().replace(/\/design$/, '/pages'));
    const failure = page.getByRole('alert').filter({ hasText: 'Unable to load collections' });
    await failure.waitFor({ timeout: TIMEOUT });
    expect(await failure.textContent()).toContain('Unable to connect. Please try again');
    expect(await allA11yViolations(page)).toEqual([]);
    await page.unroute('**/api/owner/pages');
    await failure.getByRole('button', { name: 'Try again' }).click();
    await waitForList(page);
    expect(await failure.count()).toBe(0);
    await context.close();
  }, 120_000);
});
