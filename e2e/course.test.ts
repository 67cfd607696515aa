import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOwner } from '../packages/server/src/owner-accounts/index.js';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/repository.js';
import { lastMail, linkIn } from '../packages/server/test-support/site-users.js';
import { launchBrowser, openPage, seriousA11yViolations } from './support/browser.js';
import { signInAt } from './support/dashboard.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'learner@example.com';
const PASSWORD = 'a long learner passphrase';
const DAY = 86_400_000;
/** A sentence of the demo course's dripped lesson. */
const DRIPPED_TEXT = 'avocado stones for dusty pinks';

describe('a course: progress that survives signing out and another browser, and a lesson that drips (issue 28 acceptance 3)', () => {
  let store: RunningStore;
  let browser: Browser;
  let offset = 0;

  beforeAll(async () => {
    store = await startStore({}, { now: () => new Date(Date.now() + offset) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await store?.close();
  });

  async function signIn(page: Page): Promise<void> {
    await page.goto(`${store.siteUrl()}/account/login`);
    await page.locator('#account-email').fill(EMAIL);
    await page.locator('#account-password').fill(PASSWORD);
    await page.getByLabel('Keep me signed in').check();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/account$/);
  }

  it('a member completes a lesson, signs out, sees the progress in a second browser; the third lesson opens two days after joining', async () => {
    const first = await openPage(browser, { width: 390, height: 844 });
    const page = first.page;
    const guest = await page.goto(`${store.siteUrl()}/course`);
    expect(guest?.status()).toBe(403);
    expect(await page.getAttribute('body', 'class')).toContain('page-type-106');

    await page.goto(`${store.siteUrl()}/account/register`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Check your email');
    const site = await findWebsiteByIdentifier(store.app.emporium.db, 'demo');
    await page.goto(`${store.siteUrl()}${linkIn((await lastMail(store.app.emporium.db, site!.id, 'site-user-verify', EMAIL)).textBody, '/account/verify')}`);
    await signIn(page);
    await page.goto(`${store.siteUrl()}/course`);
    await page.getByRole('link', { name: 'Join Members' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $5.00 and join' }).click();
    await page.waitForURL(/\/checkout\/membership-confirmed\//);

    // Spec 2: the lesson list and a lesson send visitor events.
    const sent = (name: string) => page.waitForRequest((r) => r.url().endsWith('/api/v1/clanker/events') && (r.postData() ?? '').includes(`"${name}"`));
    const listEvent = sent('lesson_list_view');
    await page.goto(`${store.siteUrl()}/course`);
    await listEvent;
    expect(await page.getAttribute('body', 'class')).toContain('collection-type-course');
    const progress = page.getByRole('progressbar', { name: 'Course progress: 0 of 3 lessons complete' });
    expect(await progress.isVisible()).toBe(true);
    const dripped = page.locator('.course-lesson--locked');
    expect(await dripped.textContent()).toContain('Locked until');
    expect(await page.textContent('main')).not.toContain(DRIPPED_TEXT);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const lessonEvent = sent('lesson_view');
    await page.getByRole('link', { name: 'Mordanting linen' }).click();
    await page.waitForURL(/\/course\/mordanting$/);
    await lessonEvent;
    await page.getByRole('button', { name: 'Mark as complete' }).click();
    await page.waitForURL(/\/course\/mordanting\?marked=complete$/);
    expect(await page.getByRole('status').textContent()).toBe('Lesson marked as complete.');
    expect(await page.getByRole('button', { name: 'Mark as not complete' }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto(`${store.siteUrl()}/course/onion-and-avocado`);
    expect(await page.textContent('main')).toContain('This lesson opens on');
    expect(await page.textContent('main')).not.toContain(DRIPPED_TEXT);

    await page.goto(`${store.siteUrl()}/account`);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/\/account\/login/);

    const second = await openPage(browser);
    await signIn(second.page);
    await second.page.goto(`${store.siteUrl()}/course`);
    expect(await second.page.getByRole('progressbar', { name: 'Course progress: 1 of 3 lessons complete' }).isVisible()).toBe(true);
    expect(await second.page.getByRole('link', { name: 'Resume: Mordanting linen' }).isVisible()).toBe(true);

    offset = 2 * DAY + 60_000;
    await second.page.goto(`${store.siteUrl()}/course/onion-and-avocado`);
    expect(await second.page.textContent('main')).toContain(DRIPPED_TEXT);
    expect(await second.page.getByRole('button', { name: 'Mark as complete' }).isVisible()).toBe(true);
    expect(first.errors.filter((e) => !/status of (401|403)/.test(e))).toEqual([]);
    expect(second.errors).toEqual([]);
  }, 90_000);
  it("the owner's Courses screen lists the demo course and reorders and adds by keyboard, axe-clean at 390 px", async () => {
    const db = store.app.emporium.db;
    const site = await findWebsiteByIdentifier(db, 'demo');
    await addOwner(
      db,
      { websiteId: site!.id, email: 'courses-owner@example.com', role: 'editor', password: 'courses-owner-passphrase-51' },
      { ownerId: null, email: null },
    );
    const { page } = await signInAt(browser, '/courses', {
      dashboard: store.dashboardUrl(),
      email: 'courses-owner@example.com',
      password: 'courses-owner-passphrase-51',
      viewport: { width: 390, height: 844 },
    });
    const row = page.getByRole('row').filter({ hasText: '/course' });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Members');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await row.getByRole('button', { name: 'Edit Natural dyeing at home' }).focus();
    await page.keyboard.press('Enter');
    const down = page.getByRole('button', { name: 'Move lesson Welcome to the dye studio down' });
    await expect.poll(() => down.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await down.focus();
    await page.keyboard.press('Enter');
    const lessons = page.locator('section[aria-labelledby^="chapter-"]').first().locator('li strong');
    await expect.poll(() => lessons.allTextContents()).toEqual(['Mordanting linen', 'Welcome to the dye studio']);
    await page.getByLabel('New chapter title').fill('Finishing');
    await page.getByLabel('New chapter title').press('Enter');
    await expect.poll(() => page.getByRole('heading', { name: 'Finishing' }).isVisible()).toBe(true);
  }, 60_000);
});
