/**
 * The dashboard's Posts screen in Chromium (issue 26 items 1 and 7). An owner opens Posts, picks
 * the Journal, writes a post with a bold word and a tag in the rich text editor (Ctrl+B from the
 * keyboard), saves it as a draft (a visitor gets 404), sets it to Published (saved as its draft
 * as the owner types; still 404), then publishes the site's changes from the Publish bar; a
 * visitor reads it, bold word and all, on the blog. A new URL slug and SEO title, drafted and
 * published, move the post: its old address redirects there. The list and the editor pass axe
 * at 1280 and 390 px.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { makeOwner } from '../packages/server/test-support/owners.js';
import { ADMIN_WIDTHS, allA11yViolations, launchBrowser, screenshot } from './support/browser.js';
import { signInAt } from './support/dashboard.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'posts@example.com';
const PASSWORD = 'posts-of-linen-and-ink-2026';
const TIMEOUT = 15_000;
const TITLE = 'Madder root, from seed to skein';

let store: RunningStore;
let browser: Browser;

beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
  const db = store.app.emporium.db;
  const site = (await findWebsiteByIdentifier(db, 'demo'))!;
  await makeOwner(db, site.id, EMAIL, 'editor', PASSWORD);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

describe('Posts screen', () => {
  it('writes a post with a bold word and a tag, publishes it, and a visitor reads it on the blog', async () => {
    const { page, errors } = await signInAt(browser, '/pages', {
      dashboard: store.dashboardUrl(),
      email: EMAIL,
      password: PASSWORD,
      viewport: ADMIN_WIDTHS[0]!.viewport,
    });
    await page.getByRole('link', { name: 'Posts', exact: true }).click();
    // The demo course's lessons are written on the Courses screen: the course is not a page of posts.
    const holders = page.getByRole('navigation', { name: 'Pages with posts' });
    await holders.getByRole('link', { name: /^Journal/ }).waitFor({ timeout: TIMEOUT });
    expect(await holders.getByRole('link', { name: /Teinture|Natural dyeing|Course/i }).count()).toBe(0);
    await page.getByRole('link', { name: /^Journal/ }).click();
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE);
    const text = page.getByRole('textbox', { name: 'Text' });
    await text.waitFor({ timeout: TIMEOUT });
    await text.click();
    await page.keyboard.type('Madder gives the ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('reddest');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' roots after three years.');
    expect(await page.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('false');
    const tags = page.getByRole('textbox', { name: 'Tags', exact: true });
    await tags.fill('madder');
    await tags.press('Enter');
    await page.getByRole('list', { name: 'Tags added' }).getByText('madder').waitFor({ timeout: TIMEOUT });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as a draft: Draft.' }).waitFor({ timeout: TIMEOUT });
    expect(await allA11yViolations(page), 'the editor at 1280 px').toEqual([]);
    console.log(await screenshot(page, 'posts-editor-desktop'));

    const visitor = await (await browser.newContext()).newPage();
    const url = `${store.siteUrl()}/journal/madder-root-from-seed-to-skein`;
    expect((await visitor.goto(url))?.status()).toBe(404);

    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('published');
    await page.getByRole('status').filter({ hasText: 'Saved as draft' }).waitFor({ timeout: TIMEOUT });
    expect((await visitor.goto(url))?.status()).toBe(404);
    const publishing = page.getByRole('region', { name: 'Publishing' });
    await publishing.getByText('1 unpublished change').waitFor({ timeout: TIMEOUT });
    // The dashboard's own count of the site's changes counts the post too.
    await page.getByRole('region', { name: 'Unpublished changes' }).getByText('1 unpublished change').waitFor({ timeout: TIMEOUT });
    await publishing.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish 1 change?' });
    await dialog.getByText(`Post: ${TITLE}`).waitFor({ timeout: TIMEOUT });
    await dialog.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('status').filter({ hasText: 'Published as release' }).waitFor({ timeout: TIMEOUT });

    await visitor.goto(`${store.siteUrl()}/journal`);
    expect(await visitor.locator('body').innerText()).toContain(TITLE);
    expect((await visitor.goto(url))?.status()).toBe(200);
    expect(await visitor.locator('strong', { hasText: 'reddest' }).count()).toBeGreaterThan(0);
    expect(await visitor.locator('body').innerText()).toContain('madder');

    // The slug and the SEO title are drafted with the post; once published, its old address redirects to the new one.
    await page.getByRole('status').filter({ hasText: 'No unpublished changes' }).waitFor({ timeout: TIMEOUT });
    await page.getByRole('textbox', { name: 'URL slug' }).fill('madder-from-seed');
    await page.getByRole('textbox', { name: 'SEO title' }).fill('Growing madder for dye');
    await page.getByRole('status').filter({ hasText: 'Saved as draft' }).waitFor({ timeout: TIMEOUT });
    await visitor.goto(url);
    expect(await visitor.title()).not.toContain('Growing madder for dye');
    await publishing.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('dialog', { name: 'Publish 1 change?' }).getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('status').filter({ hasText: 'Published as release' }).waitFor({ timeout: TIMEOUT });
    expect((await visitor.goto(url))?.status()).toBe(200);
    expect(visitor.url()).toBe(`${store.siteUrl()}/journal/madder-from-seed`);
    expect(await visitor.title()).toContain('Growing madder for dye');

    await page.getByRole('link', { name: '← Journal' }).click();
    await page.getByRole('cell', { name: TITLE }).waitFor({ timeout: TIMEOUT });
    expect(await allA11yViolations(page), 'the list at 1280 px').toEqual([]);
    console.log(await screenshot(page, 'posts-list-desktop'));
    expect(errors).toEqual([]);
  }, 120_000);

  it('passes axe on the list and the editor at 390 px without scrolling sideways', async () => {
    const { page } = await signInAt(browser, '/posts', {
      dashboard: store.dashboardUrl(),
      email: EMAIL,
      password: PASSWORD,
      viewport: ADMIN_WIDTHS[1]!.viewport,
    });
    await page.getByRole('link', { name: 'New post' }).waitFor({ timeout: TIMEOUT });
    expect(await allA11yViolations(page), 'the list at 390 px').toEqual([]);
    console.log(await screenshot(page, 'posts-list-phone'));
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByRole('textbox', { name: 'Text' }).waitFor({ timeout: TIMEOUT });
    expect(await allA11yViolations(page), 'the editor at 390 px').toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
    console.log(await screenshot(page, 'posts-editor-phone'));
  }, 120_000);

  it("says 'Unable to locate content' for a post that is not there (spec 8), with a way back", async () => {
    const { context, page } = await signInAt(browser, '/posts/no-such-blog/no-such-post', {
      dashboard: store.dashboardUrl(),
      email: EMAIL,
      password: PASSWORD,
      viewport: ADMIN_WIDTHS[0]!.viewport,
    });
    const missing = page.getByRole('alert').filter({ hasText: 'Unable to locate content' });
    await missing.waitFor({ timeout: TIMEOUT });
    expect(await allA11yViolations(page)).toEqual([]);
    await missing.getByRole('link', { name: 'All posts' }).click();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Posts', undefined, { timeout: TIMEOUT });
    await context.close();
  }, 120_000);
});
