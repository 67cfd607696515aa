import { and, desc, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../packages/server/src/db/schema.js';
import { addOwner } from '../packages/server/src/owner-accounts/index.js';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/repository.js';
import { launchBrowser, openPage, seriousA11yViolations } from './support/browser.js';
import { signInAt } from './support/dashboard.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'member@example.com';
const PASSWORD = 'a long shopper passphrase';
/** A sentence of the demo's members-only page. */
const MEMBERS_TEXT = 'glaze recipes';

describe('a member-only page: 106 with a join button for guests, bought with the paywall product, never served from the member to another visitor (issue 28 acceptance 2)', () => {
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

  async function verifyPath(): Promise<string> {
    const site = await findWebsiteByIdentifier(store.app.emporium.db, 'demo');
    const [mail] = await store.app.emporium.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.websiteId, site!.id), eq(outbox.kind, 'site-user-verify'), eq(outbox.toAddress, EMAIL)))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    const match = mail?.textBody.match(/https?:\/\/[^\s/]+(\/account\/verify\?token=[A-Za-z0-9_%-]+)/);
    if (!match) throw new Error('no verification mail');
    return match[1]!;
  }

  async function expectAccessDenied(page: Page): Promise<void> {
    const response = await page.goto(`${store.siteUrl()}/members`);
    expect(response?.status()).toBe(403);
    expect(await page.getAttribute('body', 'class')).toContain('page-type-106');
    expect(await page.textContent('main')).not.toContain(MEMBERS_TEXT);
  }

  it('guest → 106 with the join button (a visitor event on click) → signs in → buys → sees the page; another visitor still gets 106', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${store.siteUrl()}/`);
    await page.waitForFunction(() => document.cookie.includes('ss_cvr='));
    await expectAccessDenied(page);
    // The menu keeps the page, marked members only and leading to the join page.
    const menuEntry = page.getByRole('link', { name: 'Members (Members only)' }).first();
    expect(await menuEntry.getAttribute('href')).toMatch(/^\/commerce\/join\/[0-9a-f]{32}$/);
    const join = page.getByRole('link', { name: 'Join Members' });
    await expect.poll(() => join.isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const clickEvent = page.waitForRequest((request) => request.url().endsWith('/api/census/button-click') && request.method() === 'POST');
    await join.click();
    const sent = JSON.parse((await clickEvent).postData() ?? '{}') as { buttonHref?: string; buttonText?: string; url?: string };
    expect(sent).toMatchObject({ buttonText: 'Join Members', url: `${store.siteUrl()}/members` });
    expect(sent.buttonHref).toMatch(/\/commerce\/join\/[0-9a-f]{32}$/);
    await page.waitForURL(/\/commerce\/join\//);
    expect(await page.getByRole('status').textContent()).toBe('Sign in to your account to join this member area.');
    const joinUrl = page.url();

    await page.goto(`${store.siteUrl()}/account/register`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Check your email');
    await page.goto(`${store.siteUrl()}${await verifyPath()}`);
    await page.goto(`${store.siteUrl()}/account/login`);
    await page.locator('#account-email').fill(EMAIL);
    await page.locator('#account-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/account$/);

    // Signed in but not a member: still 106.
    await expectAccessDenied(page);
    await page.goto(joinUrl);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $5.00 and join' }).click();
    await page.waitForURL(/\/checkout\/membership-confirmed\//);
    expect(await page.getAttribute('body', 'class')).toContain('page-type-208');
    expect(await page.getByRole('status').textContent()).toContain('You are now a member of Members.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Members' }).first().click();
    await page.waitForURL(/\/members$/);
    expect(await page.getAttribute('body', 'class')).toContain('page-type-2');
    expect(await page.textContent('main')).toContain(MEMBERS_TEXT);

    // The member's page was rendered (and would be cached) first; another visitor asks next, twice.
    const other = await openPage(browser);
    await expectAccessDenied(other.page);
    await expectAccessDenied(other.page);
    const json = await other.page.evaluate(async () => {
      const response = await fetch('/members?format=json');
      return { status: response.status, body: await response.text() };
    });
    expect(json.status).toBe(403);
    expect(json.body).not.toContain(MEMBERS_TEXT);
    // The member still sees it.
    await page.goto(`${store.siteUrl()}/members`);
    expect(await page.textContent('main')).toContain(MEMBERS_TEXT);
    expect(errors.filter((e) => !/status of (401|403)/.test(e))).toEqual([]);
  }, 120_000);

  it("the owner's Member areas screen lists the area, its new member and saves a price", async () => {
    const db = store.app.emporium.db;
    const site = await findWebsiteByIdentifier(db, 'demo');
    await addOwner(
      db,
      { websiteId: site!.id, email: 'areas-owner@example.com', role: 'admin', password: 'member-areas-owner-48' },
      { ownerId: null, email: null },
    );
    const { page } = await signInAt(browser, '/member-areas', {
      dashboard: store.dashboardUrl(),
      email: 'areas-owner@example.com',
      password: 'member-areas-owner-48',
      viewport: { width: 1280, height: 900 },
    });
    const row = page.getByRole('row').filter({ hasText: '/commerce/join/' });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('$5.00');
    expect(await row.textContent()).toContain('One-time');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await row.getByRole('button', { name: 'Edit Members' }).click();
    await expect.poll(() => page.getByRole('cell', { name: EMAIL }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByLabel('Members (/members)').isChecked()).toBe(true);
    await page.getByLabel('Price (USD)').fill('6.50');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save member area' }).click();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('$6.50');
  }, 90_000);

  it('the access-denied page is axe-clean at 1280 and 390 px', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { page } = await openPage(browser, viewport);
      await expectAccessDenied(page);
      expect(await page.getByRole('link', { name: 'Join Members' }).isVisible()).toBe(true);
      expect(await seriousA11yViolations(page), `${viewport.width} px`).toEqual([]);
    }
  }, 60_000);
});
