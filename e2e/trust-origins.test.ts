/**
 * #24 "Trust", acceptance 1 and 2, in Chromium: the dashboard lives on its own origin
 * (admin.localhost), so after an owner signs in no cookie of the owner session or of the
 * dashboard's crumb exists for the site's origin, and a script running on a storefront page (a
 * store manager's description, a theme's script) cannot act as the admin who views it: not on
 * the site's origin (no owner cookie is read there), not on the dashboard's (no CORS, no
 * crumb, SameSite=Strict cookies). The escalation chain the probe found is replayed: a store
 * manager writes a script into a product description; an admin, signed in, opens the product
 * page; no owner is invited.
 */
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { owners } from '../packages/server/src/db/schema-owners.js';
import { websites } from '../packages/server/src/db/schema.js';
import { issueSetupLink } from '../packages/server/src/owner-accounts/index.js';
import { createWebsite } from '../packages/server/src/sites/index.js';
import { makeOwner, signInOwner } from '../packages/server/test-support/owners.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { startStore, type RunningStore } from './support/store.js';

const ADMIN = 'trust-admin@example.com';
const MANAGER = 'trust-manager@example.com';
const PASSWORD = 'a long and careful password';
const TIMEOUT = 15_000;

let store: RunningStore;
let browser: Browser;
let websiteId: string;

beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
  const [site] = await store.app.emporium.db.select({ id: websites.id }).from(websites).where(eq(websites.identifier, 'demo'));
  websiteId = site!.id;
  await makeOwner(store.app.emporium.db, websiteId, ADMIN, 'admin', PASSWORD);
  await makeOwner(store.app.emporium.db, websiteId, MANAGER, 'store-manager', PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

/** An admin signed in through the dashboard's sign-in page in a fresh browser context. */
async function signedInAdmin(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${store.siteUrl()}/config/products`);
  await page.waitForURL(/^http:\/\/admin\.localhost:\d+\/sites\/demo\/login\?next=%2Fproducts$/, { timeout: TIMEOUT });
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/sites\/demo\/products$/, { timeout: TIMEOUT });
  return { context, page };
}

async function ownerEmails(): Promise<string[]> {
  return (await store.app.emporium.db.select({ email: owners.email }).from(owners).where(eq(owners.websiteId, websiteId))).map((row) => row.email).sort();
}

describe('#24: the dashboard on its own origin', () => {
  it('keeps every owner cookie and the dashboard crumb off the site origin', async () => {
    const { context, page } = await signedInAdmin();
    const dashboardCookies = await context.cookies(store.dashboardUrl());
    expect(dashboardCookies.map((cookie) => cookie.name)).toEqual(expect.arrayContaining([`emporium_owner_${websiteId}`, 'crumb']));
    const session = dashboardCookies.find((cookie) => cookie.name === `emporium_owner_${websiteId}`)!;
    expect(session).toMatchObject({ domain: 'admin.localhost', httpOnly: true, sameSite: 'Strict' });
    const dashboardCrumb = dashboardCookies.find((cookie) => cookie.name === 'crumb')!.value;

    await page.goto(`${store.siteUrl()}/shop`);
    const siteCookies = await context.cookies(store.siteUrl());
    expect(siteCookies.map((cookie) => cookie.name).filter((name) => name.includes('owner'))).toEqual([]);
    const visible = await page.evaluate(() => document.cookie);
    expect(visible).not.toContain('emporium_owner');
    expect(visible).not.toContain(dashboardCrumb);
    await context.close();
  });

  it("replays the probe's chain: a store manager's script in a description cannot make anyone an admin", async () => {
    const before = await ownerEmails();
    const manager = await signInOwner(store.app, new URL(store.siteUrl()).host, MANAGER, PASSWORD);
    const created = await manager.call('POST', '/api/owner/catalogue/products', {
      title: 'Trust probe tee',
      urlId: 'trust-probe-tee',
      description:
        '<p>Soft cotton.</p><script>window.__ran = true</script><script src="/api/commerce/downloads/anything"></script>' +
        '<img src="x" onerror="window.__ran = true"><a href="javascript:window.__ran = true">more</a><style>body{display:none}</style>',
      variants: [{ sku: 'TRUST-1', priceCents: 1500, qtyInStock: 5 }],
      visibility: 'published',
    });
    expect(created.statusCode, created.body).toBe(201);

    const { context, page } = await signedInAdmin();
    const hostile = await context.newPage();
    const productPath = (await store.app.inject({ method: 'GET', url: '/shop?format=json', headers: { host: new URL(store.siteUrl()).host } }))
      .json()
      .items.find((item: { urlId: string }) => item.urlId === 'trust-probe-tee').fullUrl as string;
    await hostile.goto(`${store.siteUrl()}${productPath}`, { waitUntil: 'load' });
    const html = await hostile.content();
    expect(html).toContain('Soft cotton.');
    for (const gone of ['window.__ran', '/api/commerce/downloads/anything', 'onerror', 'javascript:', 'body{display:none}']) expect(html).not.toContain(gone);
    expect(await hostile.evaluate(() => (window as { __ran?: boolean }).__ran ?? false)).toBe(false);

    // Whatever script does run on a storefront page gets nowhere as the admin who views it.
    const attempts = await hostile.evaluate(
      async ({ dashboard }) => {
        const crumb = /(?:^|; )crumb=([^;]+)/.exec(document.cookie)?.[1] ?? '';
        const body = JSON.stringify({ email: 'attacker@example.com', role: 'admin' });
        const sameOrigin = await fetch('/api/owner/owners', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
          body,
        }).then((response) => response.status);
        const crossOrigin = await fetch(`${dashboard}/api/owner/owners`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', 'x-emporium-site': 'demo', 'x-csrf-token': crumb },
          body,
        }).then(
          (response) => response.status,
          () => 'blocked',
        );
        const simple = await fetch(`${dashboard}/api/owner/owners`, {
          method: 'POST',
          credentials: 'include',
          mode: 'no-cors',
          headers: { 'content-type': 'text/plain' },
          body,
        }).then(
          () => 'sent',
          () => 'blocked',
        );
        return { sameOrigin, crossOrigin, simple };
      },
      { dashboard: new URL(store.dashboardUrl()).origin },
    );
    expect(attempts.sameOrigin).toBe(401);
    expect(attempts.crossOrigin).toBe('blocked');
    expect(await ownerEmails()).toEqual(before);
    // The admin's own dashboard still works in the same browser.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: TIMEOUT });
    await context.close();
  });

  it('lets the first owner of a new site choose email and password from the printed link, once, and switch between sites', async () => {
    const db = store.app.emporium.db;
    const site = await createWebsite(db, { identifier: 'fresh-shop', title: 'Fresh Shop' });
    store.app.emporium.resolver.invalidate();
    const link = (await issueSetupLink(db, site, store.app.emporium.config)).replace('admin.localhost:3000', `admin.localhost:${store.port}`);
    {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(link);
      await page.getByRole('heading', { name: 'Create the first owner' }).waitFor({ timeout: TIMEOUT });
      await screenshot(page, 'trust-first-owner-1280');
      await page.getByLabel('Email').fill('founder@example.com');
      await page.getByLabel('Password', { exact: true }).fill('a founder password 2026');
      await page.getByLabel('Password again').fill('a founder password 2026');
      await page.getByRole('button', { name: 'Create owner and sign in' }).click();
      await page.waitForURL(/\/sites\/fresh-shop(\/products)?$/, { timeout: TIMEOUT });
      expect(page.url()).not.toContain('token');
      await page.getByRole('link', { name: /View site/ }).waitFor({ timeout: TIMEOUT });
      expect(await page.getByRole('link', { name: /View site/ }).getAttribute('href')).toBe(`http://fresh-shop.localhost:${store.port}`);
      // The same link never works twice.
      const second = await browser.newContext();
      const again = await second.newPage();
      await again.goto(link);
      await again.getByLabel('Email').fill('intruder@example.com');
      await again.getByLabel('Password', { exact: true }).fill('an intruder password');
      await again.getByLabel('Password again').fill('an intruder password');
      await again.getByRole('button', { name: 'Create owner and sign in' }).click();
      await again.getByText('This link is invalid or has expired.').waitFor({ timeout: TIMEOUT });
      await second.close();

      // Signed in to a second site too, the owner switches between them.
      await makeOwner(db, websiteId, 'founder@example.com', 'admin', 'a founder password 2026');
      await page.goto(`${store.dashboardUrl()}/login`);
      await page.getByLabel('Email').fill('founder@example.com');
      await page.getByLabel('Password').fill('a founder password 2026');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/sites\/demo(\/products)?$/, { timeout: TIMEOUT });
      const switcher = page.getByLabel('Site');
      await switcher.waitFor({ timeout: TIMEOUT });
      await screenshot(page, 'trust-site-switcher-1280');
      await switcher.selectOption('fresh-shop');
      await page.waitForURL(/\/sites\/fresh-shop$|\/sites\/fresh-shop\/products$/, { timeout: TIMEOUT });
      await page.goto(`http://admin.localhost:${store.port}/`);
      await page.getByRole('heading', { name: 'Your sites' }).waitFor({ timeout: TIMEOUT });
      await page.getByRole('link', { name: 'Fresh Shop' }).waitFor({ timeout: TIMEOUT });
      await screenshot(page, 'trust-your-sites-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'trust-your-sites-390');
      await page.goto(`${store.dashboardUrl()}/products`);
      await page.getByRole('button', { name: 'Menu' }).waitFor({ timeout: TIMEOUT });
      await screenshot(page, 'trust-dashboard-390');
      await context.close();
    }
  });
});
