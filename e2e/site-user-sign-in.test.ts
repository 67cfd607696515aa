import { and, desc, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../packages/server/src/db/schema.js';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/repository.js';
import { launchBrowser, openPage, screenshot, seriousA11yViolations } from './support/browser.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'visitor@example.com';
const PASSWORD = 'a long shopper passphrase';

describe('a visitor registers, confirms the email from the outbox, signs in and out (issue 28 acceptance 1)', () => {
  let store: RunningStore;
  let browser: Browser;

  beforeAll(async () => {
    store = await startStore();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await store?.close();
  });

  /** The site path of the newest mail's link of `kind`, made relative to the running site. */
  async function mailedPath(kind: string, path: string): Promise<string> {
    const site = await findWebsiteByIdentifier(store.app.emporium.db, 'demo');
    const [mail] = await store.app.emporium.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.websiteId, site!.id), eq(outbox.kind, kind), eq(outbox.toAddress, EMAIL)))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    const match = mail?.textBody.match(new RegExp(`https?://[^\\s/]+(${path}\\?token=[A-Za-z0-9_%-]+)`));
    if (!match) throw new Error(`no ${kind} mail with a ${path} link`);
    return match[1]!;
  }

  it('register → verification link → sign in → sign out, then sign in again by mail link', async () => {
    const { page, errors } = await openPage(browser);
    const context = page.context();
    await page.goto(`${store.siteUrl()}/account/register`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The page carries its own look: the site's name above one card, no horizontal scroll at phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.locator('.account-page').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
    console.log(await screenshot(page, 'site-user-register-phone'));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('Name').fill('Ada Visitor');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Check your email: we sent a link to confirm your address.');

    await page.goto(`${store.siteUrl()}${await mailedPath('site-user-verify', '/account/verify')}`);
    expect(await page.getByRole('status').textContent()).toBe('Your email address is confirmed. You can sign in now.');
    await page.getByRole('link', { name: 'Go to sign-in' }).click();

    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.locator('#account-email').fill(EMAIL);
    await page.locator('#account-password').fill('not my password at all');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Email or password is incorrect.');
    await page.locator('#account-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/account$/);
    expect(await page.textContent('main')).toContain(`Signed in as Ada Visitor (${EMAIL})`);
    const info = (await context.cookies()).find((c) => c.name === 'SiteUserInfo');
    expect(JSON.parse(decodeURIComponent(info!.value))).toMatchObject({ authenticated: true, siteUserId: expect.any(String) });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/\/account\/login\?signedOut=1$/);
    expect(await page.getByRole('status').textContent()).toBe('You are signed out.');
    expect((await context.cookies()).some((c) => c.name === 'SiteUserInfo' || c.name === 'emporium_site_user')).toBe(false);

    await page.locator('#account-link-email').fill(EMAIL);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('If an account with this email exists, a sign-in link and code are on their way.');
    await page.goto(`${store.siteUrl()}${await mailedPath('site-user-sign-in', '/account/login/link')}`);
    await page.waitForURL(/\/account$/);
    expect(await page.textContent('main')).toContain('Signed in as');
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  }, 90_000);
});
