/**
 * The Site section of the dashboard's Settings in Chromium (issue 26 item 4). An owner changes
 * the time zone, which a visitor's page uses at once, and the favicon and cookie banner, which a
 * visitor sees only after Publish; the banner's answer is remembered. Leaving with unsaved edits
 * asks to save or discard (spec 8), and spec 8's setup texts show where they apply. The section passes axe and is photographed at 1280 and 390 px.
 */
import { eq, sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websites } from '../packages/server/src/db/index.js';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { makeOwner } from '../packages/server/test-support/owners.js';
import { ADMIN_WIDTHS, allA11yViolations, launchBrowser, screenshot } from './support/browser.js';
import { signInAt, type SignedInOwner } from './support/dashboard.js';
import { publishFromHeader } from './support/publish.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'site-settings@example.com';
const PASSWORD = 'linen-and-ink-on-paper-2026';
const TIMEOUT = 15_000;

let store: RunningStore;
let browser: Browser;

function signedIn(path: string, viewport = ADMIN_WIDTHS[0]!.viewport): Promise<SignedInOwner> {
  return signInAt(browser, path, { dashboard: store.dashboardUrl(), email: EMAIL, password: PASSWORD, viewport });
}

async function siteSection(page: Page) {
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Settings', undefined, { timeout: TIMEOUT });
  const section = page.getByRole('region', { name: 'Site', exact: true });
  await section.getByRole('button', { name: 'Save as draft' }).waitFor({ timeout: TIMEOUT });
  return section;
}

/** What a visitor's home page says: its favicon, its time zone (from the page's JSON context) and its cookie banner. */
async function visitorView(context: BrowserContext): Promise<{ favicon: string | null; timeZone: string; bannerShown: boolean }> {
  const page = await context.newPage();
  await page.goto(`${store.siteUrl()}/`);
  const favicon = await page.locator('link[rel="icon"]').getAttribute('href');
  const timeZone = await page.evaluate(async () => (await (await fetch('/?format=json')).json()).website.timeZone as string);
  const bannerShown = await page.locator('[data-cookie-banner]').isVisible();
  await page.close();
  return { favicon, timeZone, bannerShown };
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

describe('Settings → Site', () => {
  it('an owner changes the time zone (at once) and the favicon and cookie banner (on Publish); a visitor sees each', async () => {
    const { context, page, errors } = await signedIn('/settings');
    const site = await siteSection(page);
    const before = await visitorView(context);
    expect(before.timeZone).toBe('America/New_York');
    expect(before.bannerShown).toBe(false);

    const config = site.getByRole('form', { name: 'Time zone, locale and currency' });
    await config.getByLabel('Time zone').selectOption('Europe/Paris');
    await config.getByRole('button', { name: 'Save time zone, locale and currency' }).click();
    await config.getByRole('status').filter({ hasText: 'They apply to your site now.' }).waitFor({ timeout: TIMEOUT });
    expect((await visitorView(context)).timeZone).toBe('Europe/Paris');

    const favicon = `${before.favicon}?v=site`;
    const visitor = site.getByRole('form', { name: 'What visitors see' });
    await visitor.getByLabel('Favicon address').fill(favicon);
    await visitor.getByLabel('Show the cookie banner').check();
    await visitor.getByLabel('Banner text').fill('We count visits with a cookie once you agree.');
    await visitor.getByLabel('Cookie policy page').fill('/about');
    await visitor.getByRole('button', { name: 'Save as draft' }).click();
    await visitor.getByRole('status').filter({ hasText: 'Saved as a draft.' }).waitFor({ timeout: TIMEOUT });
    const drafted = await visitorView(context);
    expect(drafted.favicon).toBe(before.favicon);
    expect(drafted.bannerShown).toBe(false);

    await publishFromHeader(page);
    const published = await visitorView(context);
    expect(published.favicon).toBe(favicon);
    expect(published.bannerShown).toBe(true);

    const shopper = await context.newPage();
    await shopper.goto(`${store.siteUrl()}/`);
    const banner = shopper.getByRole('region', { name: 'Cookie notice' });
    await banner.waitFor({ timeout: TIMEOUT });
    expect(await allA11yViolations(shopper)).toEqual([]);
    console.log(await screenshot(shopper, 'site-settings-cookie-banner'));
    await shopper.setViewportSize({ width: 390, height: 844 });
    expect(await allA11yViolations(shopper)).toEqual([]);
    console.log(await screenshot(shopper, 'site-settings-cookie-banner-phone'));
    await banner.getByRole('button', { name: 'Accept cookies' }).click();
    expect(await banner.isVisible()).toBe(false);
    await shopper.reload();
    expect(await shopper.locator('[data-cookie-banner]').isVisible()).toBe(false);
    expect(await shopper.evaluate(() => document.cookie)).toContain('cookie_consent=accepted');
    await shopper.close();
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('asks to save or discard unsaved edits before leaving the screen', async () => {
    const { context, page } = await signedIn('/settings');
    const site = await siteSection(page);
    await site.getByLabel('Tagline').fill('Not saved yet');
    await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Save your changes?' });
    await dialog.waitFor({ timeout: TIMEOUT });
    await dialog.getByRole('button', { name: 'Stay here' }).click();
    expect(new URL(page.url()).pathname).toMatch(/\/settings$/);
    await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).first().click();
    await dialog.getByRole('button', { name: 'Discard changes' }).click();
    await page.waitForURL(/\/orders$/, { timeout: TIMEOUT });
    await context.close();
  }, 120_000);

  it("shows spec 8's texts where they apply: 'Failed to load timezone', 'ReCaptcha has not been set up!', preference fetch and save errors", async () => {
    const db = store.app.emporium.db;
    const site = (await findWebsiteByIdentifier(db, 'demo'))!;
    await db
      .update(websites)
      .set({ settings: sql`${websites.settings} || '{"captcha": {"provider": "recaptcha", "enabled": true}}'::jsonb` })
      .where(eq(websites.id, site.id));
    store.app.emporium.resolver.invalidate();
    const { context, page } = await signedIn('/settings');
    await page.route('**/api/owner/site-settings/choices', (route) => route.abort());
    await page.route('**/api/v1/commerce-preferences/**', (route) => route.abort());
    await page.reload();
    const section = await siteSection(page);
    await section.getByRole('alert').filter({ hasText: 'Failed to load timezone' }).waitFor({ timeout: TIMEOUT });
    await section.getByRole('alert').filter({ hasText: 'ReCaptcha has not been set up!' }).waitFor({ timeout: TIMEOUT });
    const preferences = section.getByRole('form', { name: 'Commerce preferences' });
    await preferences.getByRole('button', { name: 'Load preferences' }).click();
    await preferences.getByRole('alert').filter({ hasText: 'Unable to load the preferences of “store”' }).waitFor({ timeout: TIMEOUT });
    await preferences.getByLabel(/^Preferences/).fill('{"reviewsEnabled": true}');
    await preferences.getByRole('button', { name: 'Save preferences' }).click();
    await preferences.getByRole('alert').filter({ hasText: 'Unable to save the preferences of “store”' }).waitFor({ timeout: TIMEOUT });
    await db
      .update(websites)
      .set({ settings: sql`${websites.settings} - 'captcha'` })
      .where(eq(websites.id, site.id));
    store.app.emporium.resolver.invalidate();
    await context.close();
  }, 120_000);

  for (const { name, viewport } of ADMIN_WIDTHS) {
    it(`the Site section passes axe and fits the screen at ${viewport.width} px (${name})`, async () => {
      const { context, page } = await signedIn('/settings', viewport);
      const site = await siteSection(page);
      expect(await allA11yViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
      await site.scrollIntoViewIfNeeded();
      console.log(await screenshot(page, `site-settings-${name}`));
      await context.close();
    }, 120_000);
  }
});
