/**
 * The dashboard's Navigation and Header & footer screens in Chromium. Each saves a draft that a
 * visitor sees only after Publish. An owner removes the About page from the main navigation and,
 * once published, a visitor no longer sees it; adds it back from the
 * page list, renames it and moves it first with the keyboard, and a visitor sees it first in
 * the site's navigation; changes the tagline and a visitor sees it. Both screens pass axe and
 * are photographed at 1280 and 390 px, where they never scroll sideways.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { makeOwner } from '../packages/server/test-support/owners.js';
import { ADMIN_WIDTHS, allA11yViolations, launchBrowser, screenshot } from './support/browser.js';
import { signInAt, type SignedInOwner } from './support/dashboard.js';
import { publishFromHeader } from './support/publish.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'menus@example.com';
const PASSWORD = 'linen-and-ink-on-paper-2026';
const TIMEOUT = 15_000;

let store: RunningStore;
let browser: Browser;

function signedIn(path: string, viewport = ADMIN_WIDTHS[0]!.viewport): Promise<SignedInOwner> {
  return signInAt(browser, path, { dashboard: store.dashboardUrl(), email: EMAIL, password: PASSWORD, viewport });
}

async function waitForHeading(page: Page, text: string): Promise<void> {
  await page.waitForFunction((want) => document.querySelector('h1')?.textContent === want, text, { timeout: TIMEOUT });
}

/** The link texts of the storefront's main navigation, as a visitor's page shows them. */
async function visitorMainNav(context: BrowserContext): Promise<string[]> {
  const page = await context.newPage();
  await page.goto(`${store.siteUrl()}/`);
  const texts = (await page.locator('nav.site-nav #site-nav-menu a').allTextContents()).map((t) => t.trim()).filter(Boolean);
  await page.close();
  return texts;
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

describe('Navigation and Header & footer screens', () => {
  it('an owner takes About out of the main navigation and puts it back first, renamed; a visitor sees each change', async () => {
    const { context, page, errors } = await signedIn('/navigation');
    await waitForHeading(page, 'Navigation');
    const main = page.getByRole('region', { name: 'Main Navigation' });
    await main.getByLabel('Page to add').waitFor({ timeout: TIMEOUT });
    expect(await visitorMainNav(context)).toContain('About');

    await main.getByRole('button', { name: 'Remove: About from Main Navigation' }).click();
    await main.getByRole('button', { name: 'Save Main Navigation' }).click();
    await main.getByRole('status').filter({ hasText: 'Main Navigation saved as a draft.' }).waitFor({ timeout: TIMEOUT });
    await page.locator('.site-changes').getByText('1 unpublished change').waitFor({ timeout: TIMEOUT });
    expect(await visitorMainNav(context)).toContain('About');
    await publishFromHeader(page);
    expect(await visitorMainNav(context)).not.toContain('About');

    await main.getByLabel('Page to add').selectOption({ label: 'About (/about)' });
    await main.getByRole('button', { name: 'Add page to Main Navigation' }).click();
    const titles = main.getByLabel(/^Title of entry \d+$/);
    const last = (await titles.count()) - 1;
    await titles.nth(last).fill('Our story');
    for (let i = 0; i < last; i++) {
      const up = main.getByRole('button', { name: 'Move up: Our story' });
      await up.focus();
      await page.keyboard.press('Enter');
    }
    expect(await titles.first().inputValue()).toBe('Our story');
    await main.getByRole('button', { name: 'Save Main Navigation' }).click();
    await main.getByRole('status').filter({ hasText: 'Main Navigation saved as a draft.' }).waitFor({ timeout: TIMEOUT });
    await publishFromHeader(page);
    const nav = await visitorMainNav(context);
    expect(nav[0]).toBe('Our story');
    expect(nav).not.toContain('About');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('an owner changes the tagline and a visitor sees it', async () => {
    const { context, page } = await signedIn('/header-footer');
    await waitForHeading(page, 'Header & footer');
    const tagline = page.getByLabel('Tagline', { exact: true }).first();
    await tagline.waitFor({ timeout: TIMEOUT });
    await tagline.fill('Made slowly in Hudson');
    await page.getByRole('button', { name: 'Save header and footer' }).click();
    await page.getByRole('status').filter({ hasText: 'Header and footer saved as a draft.' }).waitFor({ timeout: TIMEOUT });
    await publishFromHeader(page);
    const visitor = await context.newPage();
    await visitor.goto(`${store.siteUrl()}/`);
    expect(await visitor.locator('.site-brand__tagline').textContent()).toBe('Made slowly in Hudson');
    await context.close();
  }, 120_000);

  for (const { name, viewport } of ADMIN_WIDTHS) {
    it(`both screens pass axe and fit the screen at ${viewport.width} px (${name})`, async () => {
      const { context, page } = await signedIn('/navigation', viewport);
      await waitForHeading(page, 'Navigation');
      await page.getByRole('region', { name: 'Main Navigation' }).getByLabel('Page to add').waitFor({ timeout: TIMEOUT });
      expect(await allA11yViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      console.log(await screenshot(page, `navigation-${name}`));
      await page.goto(`${store.dashboardUrl()}/header-footer`);
      await waitForHeading(page, 'Header & footer');
      await page.getByRole('button', { name: 'Save header and footer' }).waitFor({ timeout: TIMEOUT });
      expect(await allA11yViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      console.log(await screenshot(page, `header-footer-${name}`));
      await context.close();
    }, 120_000);
  }
});
