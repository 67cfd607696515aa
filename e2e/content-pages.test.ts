/**
 * Issue 6 in Chromium on the seeded demo: lock screen (103) and protected collection (105)
 * unlock, the popup overlay (104), JSON-LD of product, post and event pages, and the lightbox
 * of a post with several pictures.
 */
import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crumbForHost } from '../packages/server/test-support/test-app.js';
import { WRONG_PASSWORD_MESSAGE } from '../packages/server/src/access/index.js';
import { collections, forms, websites } from '../packages/server/src/db/index.js';
import { missingRequiredFields, type JsonLd } from '../packages/server/src/seo/index.js';
import { allA11yViolations, launchBrowser, openPage, seriousA11yViolations, waitForHydration } from './support/browser.js';
import { startStore, type RunningStore } from './support/store.js';

const OWNER_TOKEN = 'content-pages-owner-token-0123456789';

let store: RunningStore;
let browser: Browser;

async function ownerPut(site: string, url: string, body: unknown): Promise<void> {
  const crumb = await crumbForHost(store.app, `${site}.localhost`);
  const res = await store.app.inject({
    method: 'PUT',
    url,
    headers: {
      host: `${site}.localhost`,
      cookie: `crumb=${crumb}`,
      'x-csrf-token': crumb,
      authorization: `Bearer ${OWNER_TOKEN}`,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function siteId(identifier: string): Promise<string> {
  const [row] = await store.app.emporium.db.select({ id: websites.id }).from(websites).where(eq(websites.identifier, identifier));
  return row!.id;
}

async function collectionId(identifier: string, urlId: string): Promise<string> {
  const [row] = await store.app.emporium.db
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.websiteId, await siteId(identifier)), eq(collections.urlId, urlId)));
  return row!.id;
}

async function jsonLdOf(page: Page): Promise<JsonLd[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as JsonLd);
}

async function submitPassword(page: Page, password: string): Promise<void> {
  const before = page.url();
  await page.getByLabel('Password').fill(password);
  await Promise.all([page.waitForURL((u) => u.href !== before, { waitUntil: 'load' }), page.getByLabel('Password').press('Enter')]);
}

beforeAll(async () => {
  store = await startStore({ ownerToken: OWNER_TOKEN });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

describe('password access in Chromium', () => {
  it('lock screen: a wrong password shows a message, the right one opens the site', async () => {
    await ownerPut('journal', '/api/owner/access/site', { password: 'ridge-trail-7' });
    const { page, errors } = await openPage(browser);
    const first = await page.goto(`${store.siteUrl('journal')}/notes`);
    expect(first?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBeTruthy();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await submitPassword(page, 'wrong-guess');
    expect(new URL(page.url()).search).toBe('?unlock=failed');
    await expect(page.getByRole('alert').innerText()).resolves.toBe(WRONG_PASSWORD_MESSAGE);
    await submitPassword(page, 'ridge-trail-7');
    expect(new URL(page.url()).pathname).toBe('/notes');
    await expect(page.locator('#main').innerText()).resolves.not.toMatch(/private for now/i);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'ss_unlock_site');
    expect(cookie?.httpOnly).toBe(true);
    expect(errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
    await page.context().close();
    await ownerPut('journal', '/api/owner/access/site', { password: null });
  });

  it('protected collection: the post opens after the right password, in this browser only', async () => {
    const id = await collectionId('demo', 'journal');
    await ownerPut('demo', `/api/owner/access/collections/${id}`, { password: 'walnut-ink' });
    const { page } = await openPage(browser);
    const url = `${store.siteUrl('demo')}/journal/why-we-wash-our-linen-twice`;
    expect((await page.goto(url))?.status()).toBe(401);
    await submitPassword(page, 'walnut');
    await expect(page.getByRole('alert').innerText()).resolves.toBe(WRONG_PASSWORD_MESSAGE);
    await submitPassword(page, 'walnut-ink');
    expect(page.url()).toBe(url);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toMatch(/wash our linen twice/i);
    const other = await openPage(browser);
    expect((await other.page.goto(url))?.status()).toBe(401);
    await other.page.context().close();
    await page.context().close();
    await ownerPut('demo', `/api/owner/access/collections/${id}`, { password: null });
  });
});

describe('popup overlay (104) in Chromium', () => {
  it('shows at its position, stays closed once closed, and returns for a new version', async () => {
    const [form] = await store.app.emporium.db
      .select({ id: forms.id })
      .from(forms)
      .where(and(eq(forms.websiteId, await siteId('demo')), eq(forms.name, 'Newsletter')));
    const popup = { enabled: true, version: '1', position: 'bottom-left', title: 'Letters from the studio', text: 'One email a month.', formId: form!.id };
    await ownerPut('demo', '/api/owner/popup-overlay', popup);
    const { page, errors } = await openPage(browser);
    await page.goto(`${store.siteUrl('demo')}/about`, { waitUntil: 'networkidle' });
    const dialog = page.getByRole('dialog', { name: 'Letters from the studio' });
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeLessThan(40);
    expect(box.y + box.height).toBeGreaterThan(900 - 40);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog.count()).resolves.toBe(0);
    const stored = await page.evaluate(() => ({
      dateClosed: localStorage.getItem('date-closed'),
      version: localStorage.getItem('version'),
      submitted: localStorage.getItem('submitted'),
    }));
    expect(stored.version).toBe('1');
    expect(Number(stored.dateClosed)).toBeGreaterThan(Date.now() - 60_000);
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    await expect(dialog.count()).resolves.toBe(0);

    await ownerPut('demo', '/api/owner/popup-overlay', { ...popup, version: '2', position: 'top-right' });
    await page.reload({ waitUntil: 'networkidle' });
    await dialog.waitFor();
    const moved = (await dialog.boundingBox())!;
    expect(moved.y).toBeLessThan(40);
    expect(moved.x + moved.width).toBeGreaterThan(1280 - 40);
    await page.keyboard.press('Escape');
    await expect(dialog.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('is not shown again once the newsletter form was submitted', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${store.siteUrl('demo')}/about`, { waitUntil: 'networkidle' });
    const dialog = page.getByRole('dialog', { name: 'Letters from the studio' });
    await dialog.waitFor();
    await dialog.locator('input[type="email"]').fill('popup-reader@example.com');
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await dialog.getByText('Thank you! Look out for our next letter.').waitFor();
    await expect(page.evaluate(() => [localStorage.getItem('submitted'), localStorage.getItem('version')])).resolves.toEqual(['true', '2']);
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    await expect(dialog.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
    const [form] = await store.app.emporium.db
      .select({ id: forms.id })
      .from(forms)
      .where(and(eq(forms.websiteId, await siteId('demo')), eq(forms.name, 'Newsletter')));
    await ownerPut('demo', '/api/owner/popup-overlay', { enabled: false, title: 'Letters from the studio', formId: form!.id });
  });
});

describe('structured data and the post lightbox in Chromium', () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ['product', '/shop/linen-camp-shirt', { '@type': 'Product', name: 'Linen Camp Shirt' }],
    ['blog post', '/journal/dyeing-with-walnut-hulls', { '@type': 'BlogPosting', author: expect.objectContaining({ name: 'Ana Whitlock' }) }],
    ['event', '/events/indigo-evening', { '@type': 'Event' }],
  ];
  for (const [name, path, shape] of cases) {
    it(`${name} page carries JSON-LD with schema.org's required fields`, async () => {
      const { page } = await openPage(browser);
      await page.goto(store.siteUrl('demo') + path);
      const nodes = await jsonLdOf(page);
      expect(nodes).toHaveLength(1);
      expect(nodes[0]).toMatchObject({ '@context': 'https://schema.org', ...shape });
      expect(missingRequiredFields(nodes[0]!)).toEqual([]);
      await page.context().close();
    });
  }

  it('a post with several pictures opens them in the lightbox; no axe violation of any impact, closed or open (issue 6)', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${store.siteUrl('demo')}/journal/a-visit-to-the-apiary`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    expect(await allA11yViolations(page)).toEqual([]);
    const photos = page.getByRole('region', { name: 'Photos' });
    await photos.getByRole('button', { name: /Open image 2 of 3/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect(dialog.locator('img').first().getAttribute('alt')).resolves.toMatch(/Clover and goldenrod/);
    expect(await allA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
