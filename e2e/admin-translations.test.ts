/**
 * The dashboard's Translations screen in Chromium (issue 29, decision 0049): an owner translates
 * a page title into French and a visitor reads it under /fr/; the page's title then changes in
 * English and the screen marks the translation Stale while the site keeps showing it. The
 * screen passes axe at 1280 and 390 px.
 */
import { and, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections } from '../packages/server/src/db/index.js';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { makeOwner } from '../packages/server/test-support/owners.js';
import { ADMIN_WIDTHS, allA11yViolations, launchBrowser } from './support/browser.js';
import { signInAt } from './support/dashboard.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'translations@example.com';
const PASSWORD = 'linen-and-ink-on-paper-2026';
const TIMEOUT = 15_000;

let store: RunningStore;
let browser: Browser;
let websiteId: string;

beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
  const db = store.app.emporium.db;
  const site = (await findWebsiteByIdentifier(db, 'demo'))!;
  websiteId = site.id;
  await makeOwner(db, site.id, EMAIL, 'editor', PASSWORD);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

describe('Translations screen', () => {
  it('an owner translates a page title, a visitor reads it under /fr/, and a change of the original marks it Stale', async () => {
    const { context, page, errors } = await signInAt(browser, '/translations', {
      dashboard: store.dashboardUrl(),
      email: EMAIL,
      password: PASSWORD,
      viewport: ADMIN_WIDTHS[0]!.viewport,
    });
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Translations', undefined, { timeout: TIMEOUT });
    await page.getByRole('status').filter({ hasText: 'French:' }).waitFor({ timeout: TIMEOUT });
    expect(await allA11yViolations(page)).toEqual([]);

    await page.getByLabel('Show').selectOption('missing');
    await page.getByLabel('Search texts').fill('Journal');
    const field = page.getByLabel('French translation of Journal, Title', { exact: true });
    await field.waitFor({ timeout: TIMEOUT });
    await field.fill('Carnet');
    await field.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Journal, Title: saved. Your site shows it now.' }).first().waitFor({ timeout: TIMEOUT });

    const visitor = await context.newPage();
    expect((await visitor.goto(`${store.siteUrl()}/fr/journal`))?.status()).toBe(200);
    expect(await visitor.title()).toContain('Carnet');

    const db = store.app.emporium.db;
    await db
      .update(collections)
      .set({ title: 'The Journal' })
      .where(and(eq(collections.websiteId, websiteId), eq(collections.urlId, 'journal')));
    await page.getByLabel('Show').selectOption('stale');
    await page.getByLabel('Search texts').fill('');
    const stale = page.getByRole('listitem').filter({ hasText: 'The Journal' });
    await stale.getByText('Stale', { exact: true }).waitFor({ timeout: TIMEOUT });
    expect(await page.getByLabel('French translation of The Journal, Title', { exact: true }).inputValue()).toBe('Carnet');
    await visitor.reload();
    expect(await visitor.title()).toContain('Carnet');

    expect(await allA11yViolations(page)).toEqual([]);
    await page.setViewportSize(ADMIN_WIDTHS[1]!.viewport);
    expect(await allA11yViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
