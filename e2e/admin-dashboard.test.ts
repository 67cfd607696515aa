/**
 * Issue 12: the owner dashboard (on its own origin since #24) in Chromium. Every screen of the navigation is
 * reached by its link and shows its heading, passes axe with no violation at 1280 px and at
 * 390 px (where the navigation folds into a menu button), and is photographed at both widths.
 * An owner moderates a comment, downloads a form's submissions as CSV, and saves form settings
 * ('Saving…' while saving, spec 4 form widget). Owners sign in with email and password, change
 * a one-time password first, and sign out.
 */
import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, formSubmissions, forms, websites } from '../packages/server/src/db/schema.js';
import { addOwner, SIGN_IN_FAILED_MESSAGE } from '../packages/server/src/owner-accounts/index.js';
import { ADMIN_WIDTHS, allA11yViolations, launchBrowser, screenshot } from './support/browser.js';
import { startStore, type RunningStore } from './support/store.js';

const OWNER_TOKEN = 'admin-dashboard-owner-token-0123456789';
/** The navigation as the owner sees it today, in order (screens join as their calls land). */
const NAVIGATION = [
  'Overview',
  'Products',
  'Orders',
  'Inventory',
  'Discounts',
  'Shipping',
  'Taxes',
  'Forms',
  'Restock',
  'Comments',
  'Reviews',
  'Design',
  'Settings',
  'Analytics',
];

let store: RunningStore;
let browser: Browser;
let websiteId: string;
let contactFormId: string;
let itemId: string;

/** A browser context of the site's owner (the break-glass token on every request). */
async function ownerContext(viewport = ADMIN_WIDTHS[0]!.viewport): Promise<BrowserContext> {
  return browser.newContext({ viewport, extraHTTPHeaders: { authorization: `Bearer ${OWNER_TOKEN}` }, acceptDownloads: true });
}

async function waitForHeading(page: Page, text: string): Promise<void> {
  await page.waitForFunction((want) => document.querySelector('h1')?.textContent === want, text, { timeout: 15_000 });
}

async function heading(page: Page): Promise<string> {
  return (await page.locator('h1').first().textContent({ timeout: 15_000 })) ?? '';
}

beforeAll(async () => {
  store = await startStore({ ownerToken: OWNER_TOKEN });
  browser = await launchBrowser();
  const db = store.app.emporium.db;
  const [site] = await db.select({ id: websites.id }).from(websites).where(eq(websites.identifier, 'demo'));
  websiteId = site!.id;
  const [contact] = await db
    .select({ id: forms.id, fields: forms.fields })
    .from(forms)
    .where(and(eq(forms.websiteId, websiteId), eq(forms.name, 'Contact')));
  contactFormId = contact!.id;
  const fieldIds = (contact!.fields as { id: string; title?: string }[]).map((field) => [field.title, field.id] as const);
  const idOf = (title: string) => fieldIds.find(([t]) => t === title)![1];
  await db.insert(formSubmissions).values({
    websiteId,
    formId: contactFormId,
    submissionKey: 'admin-e2e-key',
    data: { [idOf('Name')]: 'Ada Lovelace', [idOf('Email')]: 'ada@example.com', [idOf('Message')]: 'Do you ship walnut bowls abroad?' },
    pageFields: { pagePath: '/contact' },
  });
  const [approved] = await db.select({ itemId: comments.itemId }).from(comments).where(eq(comments.websiteId, websiteId)).limit(1);
  itemId = approved!.itemId;
  await db
    .insert(comments)
    .values({ websiteId, itemId, authorName: 'Grace Hopper', authorEmail: 'grace@example.com', body: 'Lovely glaze on the third photo.', status: 'pending' });
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

describe('owner dashboard (issue 12)', () => {
  for (const { name, viewport } of ADMIN_WIDTHS) {
    it(`reaches every screen by its link at ${viewport.width} px, with its heading, focus on it, and no axe violation`, async () => {
      const context = await ownerContext(viewport);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto(`${store.dashboardUrl()}`);
      await waitForHeading(page, 'Overview');
      const nav = page.getByRole('navigation', { name: 'Dashboard', includeHidden: true });
      const menu = page.getByRole('button', { name: 'Menu' });
      if (name === 'phone') {
        await expect.poll(() => nav.isVisible()).toBe(false);
        expect(await menu.getAttribute('aria-expanded')).toBe('false');
      } else {
        expect(await menu.isVisible()).toBe(false);
      }
      for (const screen of NAVIGATION) {
        if (name === 'phone') {
          await menu.click();
          expect(await menu.getAttribute('aria-expanded')).toBe('true');
        }
        await nav.getByRole('link', { name: screen, exact: true }).click();
        await page.waitForFunction((text) => document.querySelector('h1')?.textContent === text, screen, { timeout: 15_000 });
        await page.waitForFunction(() => !document.querySelector('.loading'), null, { timeout: 15_000 });
        expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
        expect(await page.getByRole('link', { name: screen, exact: true, includeHidden: true }).getAttribute('aria-current')).toBe('page');
        if (name === 'phone') expect(await nav.isVisible()).toBe(false);
        expect(await allA11yViolations(page), `${screen} at ${viewport.width} px`).toEqual([]);
        await screenshot(page, `admin-${screen.toLowerCase()}-${name}`);
      }
      await page.goto(`${store.dashboardUrl()}/forms/${contactFormId}`);
      expect(await heading(page)).toBe('Contact');
      await page.waitForFunction(() => !document.querySelector('.loading'), null, { timeout: 15_000 });
      expect(await allA11yViolations(page), `form page at ${viewport.width} px`).toEqual([]);
      await screenshot(page, `admin-form-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    }, 180_000);
  }

  it('moderates a comment: the waiting comment is approved and leaves the queue', async () => {
    const context = await ownerContext();
    const page = await context.newPage();
    await page.goto(`${store.dashboardUrl()}/comments`);
    const approve = page.getByRole('button', { name: 'Approve the comment by Grace Hopper' });
    await approve.click();
    await page.getByRole('status').filter({ hasText: 'The comment by Grace Hopper is approved.' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => approve.count()).toBe(0);
    const rows = await store.app.emporium.db
      .select({ status: comments.status })
      .from(comments)
      .where(and(eq(comments.websiteId, websiteId), eq(comments.authorName, 'Grace Hopper')));
    expect(rows).toEqual([{ status: 'approved' }]);
    await page.getByRole('radio', { name: 'Approved' }).check();
    await page.getByText('Lovely glaze on the third photo.').waitFor({ timeout: 15_000 });
    await context.close();
  });

  it("downloads a form's submissions as CSV from its page", async () => {
    const context = await ownerContext();
    const page = await context.newPage();
    await page.goto(`${store.dashboardUrl()}/forms`);
    await page.getByRole('link', { name: 'Contact' }).click();
    await page.getByRole('cell', { name: 'Ada Lovelace' }).waitFor({ timeout: 15_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toContain('"Submitted"');
    expect(csv).toContain('"Ada Lovelace"');
    expect(csv).toContain('"Do you ship walnut bowls abroad?"');
    await context.close();
  });

  it("saves form settings from the editor tabs, reading 'Saving…' while it saves", async () => {
    const context = await ownerContext();
    const page = await context.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/owner/forms/${contactFormId}`, async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    await page.goto(`${store.dashboardUrl()}/forms/${contactFormId}`);
    const tabs = page.getByRole('tablist', { name: 'Form settings' });
    await tabs.waitFor({ timeout: 15_000 });
    expect(await tabs.getByRole('tab').allTextContents()).toEqual(['Build', 'Storage', 'Advanced', 'Captcha', 'Disclaimer']);
    await tabs.getByRole('tab', { name: 'Build' }).focus();
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Disclaimer');
    await page.getByRole('textbox', { name: 'Disclaimer' }).fill('We keep your message for a year.');
    await page.keyboard.press('Shift+Tab');
    await tabs.getByRole('tab', { name: 'Captcha' }).click();
    await page.getByLabel('Ask for a CAPTCHA').check();
    const save = page.getByRole('button', { name: /Save settings|Saving…/ });
    await save.click();
    await expect.poll(() => save.textContent()).toBe('Saving…');
    expect(await save.isDisabled()).toBe(true);
    release();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor({ timeout: 15_000 });
    expect(await save.textContent()).toBe('Save settings');
    const [row] = await store.app.emporium.db
      .select({ disclaimer: forms.disclaimerMessage, captcha: forms.captchaEnabled })
      .from(forms)
      .where(eq(forms.id, contactFormId));
    expect(row).toEqual({ disclaimer: 'We keep your message for a year.', captcha: true });
    await context.close();
  });

  it('shows signed-out visitors the sign-in page with labelled email and password fields', async () => {
    for (const { name, viewport } of ADMIN_WIDTHS) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${store.dashboardUrl()}/restock`);
      await page.waitForURL(/\/sites\/demo\/login\?next=%2Frestock$/);
      expect(await heading(page)).toBe('Sign in');
      expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
      expect(await page.getByLabel('Password').getAttribute('type')).toBe('password');
      expect(await page.getByRole('navigation').count()).toBe(0);
      expect(await allA11yViolations(page), `sign-in at ${viewport.width} px`).toEqual([]);
      await screenshot(page, `admin-login-${name}`);
      await context.close();
    }
  });

  it('signs an owner in by email and password, announces a wrong password, and signs out', async () => {
    await addOwner(
      store.app.emporium.db,
      { websiteId, email: 'mira@example.com', role: 'admin', password: 'kiln-fired-stoneware-42' },
      { ownerId: null, email: null },
    );
    const context = await browser.newContext({ viewport: ADMIN_WIDTHS[0]!.viewport });
    const page = await context.newPage();
    await page.goto(`${store.dashboardUrl()}/comments`);
    await page.waitForURL(/\/sites\/demo\/login\?next=%2Fcomments$/);
    await page.getByLabel('Email').fill('mira@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByRole('alert').textContent({ timeout: 15_000 })).toBe(SIGN_IN_FAILED_MESSAGE);
    await page.getByLabel('Password').fill('kiln-fired-stoneware-42');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sites\/demo\/comments$/);
    await waitForHeading(page, 'Comments');
    expect(await page.getByRole('link', { name: 'mira@example.com' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sites\/demo\/login(\?next=%2Fcomments)?$/);
    await waitForHeading(page, 'Sign in');
    await page.goto(`${store.dashboardUrl()}/forms`);
    await page.waitForURL(/\/sites\/demo\/login\?next=%2Fforms$/);
    await context.close();
  });

  it('makes an owner with a one-time password choose their own before anything else', async () => {
    const { oneTimePassword } = await addOwner(
      store.app.emporium.db,
      { websiteId, email: 'new.owner@example.com', role: 'moderator' },
      { ownerId: null, email: null },
    );
    const context = await browser.newContext({ viewport: ADMIN_WIDTHS[1]!.viewport });
    const page = await context.newPage();
    await page.goto(`${store.dashboardUrl()}/login`);
    await page.getByLabel('Email').fill('new.owner@example.com');
    await page.getByLabel('Password').fill(oneTimePassword!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForHeading(page, 'Choose your own password');
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await allA11yViolations(page)).toEqual([]);
    await page.getByLabel('Current password').fill(oneTimePassword!);
    await page.getByLabel('New password', { exact: true }).fill('glazed-porcelain-cups-7');
    await page.getByLabel('Repeat the new password').fill('glazed-porcelain-cups-7');
    await page.getByRole('button', { name: 'Change password' }).click();
    await waitForHeading(page, 'Overview');
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(true);
    await context.close();
  });

  it('creates a coupon on the Discounts screen and turns it off', async () => {
    const context = await ownerContext();
    const page = await context.newPage();
    await page.goto(`${store.dashboardUrl()}/discounts`);
    await waitForHeading(page, 'Discounts');
    await page.getByLabel('Code').fill('spring-10');
    await page.getByLabel('Amount', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Create coupon' }).click();
    await page.getByRole('status').filter({ hasText: 'Coupon SPRING-10 created.' }).waitFor({ timeout: 15_000 });
    const row = page.getByRole('row').filter({ hasText: 'SPRING-10' });
    await row.getByRole('cell', { name: 'SPRING-10', exact: true }).waitFor({ timeout: 15_000 }); // the list refetches after the create
    expect(await row.getByRole('cell').allTextContents()).toEqual(['SPRING-10', '10% off', 'None', '0', 'On', 'Turn off coupon SPRING-10']);
    await row.getByRole('button', { name: 'Turn off coupon SPRING-10' }).click();
    await row.getByRole('cell', { name: 'Off', exact: true }).waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('never loads dashboard code on storefront pages', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    for (const path of ['/', '/shop', '/cart']) await page.goto(`${store.siteUrl()}${path}`, { waitUntil: 'networkidle' });
    expect(requested.filter((url) => new URL(url).pathname.startsWith('/config') || new URL(url).hostname.startsWith('admin.'))).toEqual([]);
    await context.close();
  });
});
