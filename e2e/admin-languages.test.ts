/**
 * The dashboard's Languages screen in Chromium (decision 0044): an owner adds French and a
 * visitor finds the site at /fr/ in French with its hreflang alternates; the owner hides French
 * and /fr/ is no longer found. The screen passes axe at 1280 px. An owner gives French a domain of
 * its own (decision 0056), sees it kept after a reload, and a bad domain is refused with its message.
 */
import { eq, sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websites } from '../packages/server/src/db/index.js';
import { readSiteLanguages } from '../packages/server/src/multilingual/index.js';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { makeOwner } from '../packages/server/test-support/owners.js';
import { ADMIN_WIDTHS, allA11yViolations, launchBrowser } from './support/browser.js';
import { signInAt } from './support/dashboard.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'languages@example.com';
const PASSWORD = 'linen-and-ink-on-paper-2026';
const TIMEOUT = 15_000;

let store: RunningStore;
let browser: Browser;

beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
  const db = store.app.emporium.db;
  const site = (await findWebsiteByIdentifier(db, 'demo'))!;
  // The demo is seeded with French (issue 29): this test starts from a site of one language.
  await db
    .update(websites)
    .set({ settings: sql`${websites.settings} - 'languages'` })
    .where(eq(websites.id, site.id));
  await makeOwner(db, site.id, EMAIL, 'admin', PASSWORD);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

describe('Languages screen', () => {
  it('an owner adds French, a visitor reads /fr/ in French; the owner hides it and /fr/ is gone', async () => {
    const { context, page, errors } = await signInAt(browser, '/languages', {
      dashboard: store.dashboardUrl(),
      email: EMAIL,
      password: PASSWORD,
      viewport: ADMIN_WIDTHS[0]!.viewport,
    });
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Languages', undefined, { timeout: TIMEOUT });
    await page.getByLabel('Code of American English').waitFor({ timeout: TIMEOUT });
    expect(await allA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add a language' }).click();
    await page.getByLabel('Code of New language').fill('FR');
    await page.getByRole('button', { name: 'Save languages' }).click();
    await page.getByRole('status').filter({ hasText: 'Languages saved.' }).waitFor({ timeout: TIMEOUT });
    expect(await page.getByLabel('Code of French').inputValue()).toBe('fr');

    const visitor = await context.newPage();
    const french = await visitor.goto(`${store.siteUrl()}/fr/`);
    expect(french?.status()).toBe(200);
    expect(await visitor.locator('html').getAttribute('lang')).toBe('fr');
    expect(await visitor.locator('link[rel="alternate"][hreflang="fr"]').getAttribute('href')).toBe(`${store.siteUrl()}/fr/`);
    expect(await visitor.locator('link[rel="alternate"][hreflang="x-default"]').getAttribute('href')).toBe(`${store.siteUrl()}/`);

    await page.getByLabel('Publish French').uncheck();
    await page.getByRole('button', { name: 'Save languages' }).click();
    await page.getByRole('status').filter({ hasText: 'Languages saved.' }).waitFor({ timeout: TIMEOUT });
    expect((await visitor.goto(`${store.siteUrl()}/fr/`))?.status()).toBe(404);
    expect(await allA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("an owner sets French's own domain, finds it kept after a reload, and a bad domain shows its clear error", async () => {
    const { context, page, errors } = await signInAt(browser, '/languages', {
      dashboard: store.dashboardUrl(),
      email: EMAIL,
      password: PASSWORD,
      viewport: ADMIN_WIDTHS[0]!.viewport,
    });
    const domain = page.getByLabel('Domain of French');
    await domain.waitFor({ timeout: TIMEOUT });

    await domain.fill('https://fr.linen-shop.test/shop');
    await page.getByRole('button', { name: 'Save languages' }).click();
    const complaint = page.locator('.field-error').filter({ hasText: 'is not a domain name' });
    await complaint.waitFor({ timeout: TIMEOUT });
    expect(await complaint.textContent()).toBe(
      "'https://fr.linen-shop.test/shop' is not a domain name. Enter a host name such as fr.example.com, without https:// or a path.",
    );
    expect(await domain.getAttribute('aria-invalid')).toBe('true');
    expect((await domain.getAttribute('aria-describedby'))?.split(' ')).toContain(await complaint.getAttribute('id'));
    expect(await allA11yViolations(page)).toEqual([]);

    await domain.fill('FR.Linen-Shop.test');
    await page.getByRole('button', { name: 'Save languages' }).click();
    await page.getByRole('status').filter({ hasText: 'Languages saved.' }).waitFor({ timeout: TIMEOUT });
    expect(await page.locator('.field-error').count()).toBe(0);

    await page.reload();
    await page.getByLabel('Domain of French').waitFor({ timeout: TIMEOUT });
    expect(await page.getByLabel('Domain of French').inputValue()).toBe('fr.linen-shop.test');
    expect(await page.getByText('Its pages: https://fr.linen-shop.test/').count()).toBe(1);
    const db = store.app.emporium.db;
    const saved = await readSiteLanguages(db, (await findWebsiteByIdentifier(db, 'demo'))!.id);
    expect(saved.all.find((l) => l.code === 'fr')).toMatchObject({ domain: 'fr.linen-shop.test', prefix: 'https://fr.linen-shop.test' });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
