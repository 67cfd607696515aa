/**
 * The dashboard's Design screen in Chromium. An owner signs in, switches the demo site to the
 * Magazine theme after a confirmation, sees the storefront's home page change, and switches
 * back; changes the accent colour and sees it on the next storefront page; a refused colour
 * keeps the edit and names the fault; "Reset to defaults" restores the theme's look; a broken
 * theme upload lists its problems. The screen passes axe and is photographed at 1280 and 390 px,
 * where it never scrolls sideways.
 */
import { zipSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWEAK_MESSAGES } from '@emporium/theme';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { ThemeMessages } from '../packages/server/src/themes/index.js';
import { makeOwner } from '../packages/server/test-support/owners.js';
import { ADMIN_WIDTHS, allA11yViolations, launchBrowser, screenshot } from './support/browser.js';
import { signInAt, type SignedInOwner } from './support/dashboard.js';
import { publishFromHeader } from './support/publish.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'designer@example.com';
const PASSWORD = 'linen-and-ink-on-paper-2026';
const TIMEOUT = 15_000;
/** A colour LESS prints as it is when it minifies (#aa3300 would print as #a30). */
const ACCENT = '#ab3412';
const DEFAULT_ACCENT = '#24513d';

let store: RunningStore;
let browser: Browser;
/** The theme the owner switches to: Magazine when the server has it. */
let other: { name: string; marker: string };

function signedIn(path: string, viewport = ADMIN_WIDTHS[0]!.viewport): Promise<SignedInOwner> {
  return signInAt(browser, path, { dashboard: store.dashboardUrl(), email: EMAIL, password: PASSWORD, viewport });
}

async function waitForHeading(page: Page, text: string): Promise<void> {
  await page.waitForFunction((want) => document.querySelector('h1')?.textContent === want, text, { timeout: TIMEOUT });
}

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('.loading') && document.querySelector('.theme-card') && document.querySelector('.tweak-group'),
    null,
    {
      timeout: TIMEOUT,
    },
  );
}

function cardOf(page: Page, name: string) {
  return page.locator('.theme-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** Opens the storefront's home page in a new tab of `context` and answers what it shows. */
async function storefront(context: BrowserContext): Promise<{ page: Page; accent: string; bodyClass: string; marker: (selector: string) => Promise<boolean> }> {
  const page = await context.newPage();
  await page.goto(`${store.siteUrl()}/`);
  const accent = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim());
  const bodyClass = (await page.locator('body').getAttribute('class')) ?? '';
  return { page, accent, bodyClass, marker: async (selector) => (await page.locator(selector).count()) > 0 };
}

async function useTheme(page: Page, name: string): Promise<void> {
  const card = cardOf(page, name);
  await card.getByRole('button', { name: 'Use this theme' }).click();
  const question = card.getByRole('alertdialog');
  await question.waitFor({ timeout: TIMEOUT });
  expect(await question.textContent()).toContain('pages change at once');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Use ${name}`);
  await question.getByRole('button', { name: `Use ${name}` }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `Your site now uses ${name}.` })
    .waitFor({ timeout: TIMEOUT });
  await card.locator('.badge', { hasText: 'Current' }).waitFor({ timeout: TIMEOUT });
  await page.getByRole('heading', { name: new RegExp(`^Style of ${name}`) }).waitFor({ timeout: TIMEOUT });
}

function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** A theme folder as a zip whose template.conf does not parse. */
function brokenThemeZip(): Buffer {
  const text = (value: string) => new TextEncoder().encode(value);
  return Buffer.from(
    zipSync({ 'template.conf': text('{ "name": "Broken", "layouts": '), 'site.region': text('<html><body>{squarespace.main-content}</body></html>') }),
  );
}

beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
  const db = store.app.emporium.db;
  const site = (await findWebsiteByIdentifier(db, 'demo'))!;
  await makeOwner(db, site.id, EMAIL, 'admin', PASSWORD);
  const magazine = store.app.emporium.themes.builtInThemes().find((theme) => theme.name === 'Magazine');
  if (!magazine) throw new Error('The Magazine theme (@emporium/theme-magazine) is not installed on this server');
  other = { name: 'Magazine', marker: 'body.magazine .masthead' };
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

describe('Design screen', () => {
  it('switches the site to Magazine after a confirmation, the storefront changes, and switches back', async () => {
    const { context, page, errors } = await signedIn('/design');
    await waitForHeading(page, 'Design');
    await settled(page);
    await cardOf(page, 'Emporium').locator('.badge', { hasText: 'Current' }).waitFor({ timeout: TIMEOUT });

    const before = await storefront(context);
    expect(await before.marker('.site-header')).toBe(true);
    expect(await before.marker(other.marker)).toBe(false);
    await before.page.close();

    await useTheme(page, other.name);
    const after = await storefront(context);
    expect(await after.marker(other.marker)).toBe(true);
    expect(await after.marker('.site-header')).toBe(false);
    await screenshot(after.page, 'design-storefront-magazine');
    await after.page.close();
    // Magazine has two layouts: the screen offers a layout per page.
    await page.getByRole('heading', { name: 'Page layouts' }).waitFor({ timeout: TIMEOUT });
    await screenshot(page, 'design-magazine-desktop');

    await useTheme(page, 'Emporium');
    const back = await storefront(context);
    expect(await back.marker('.site-header')).toBe(true);
    expect(await back.marker(other.marker)).toBe(false);
    await back.page.close();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a saved accent colour is a draft until Publish, then shows on the storefront; a refused one keeps the edit; Reset to defaults restores it', async () => {
    const { context, page, errors } = await signedIn('/design');
    await waitForHeading(page, 'Design');
    await settled(page);
    const accent = page.getByLabel('Accent (buttons and links)', { exact: true });
    expect(await accent.inputValue()).toBe(DEFAULT_ACCENT);

    // A value that is no colour: nothing is saved, the field says why and keeps what was typed.
    await accent.fill('not a colour');
    await page.getByRole('button', { name: 'Save style' }).click();
    await page.getByRole('alert').filter({ hasText: ThemeMessages.TWEAKS_REFUSED }).waitFor({ timeout: TIMEOUT });
    expect(await page.locator('.field-error').allTextContents()).toEqual([TWEAK_MESSAGES.color]);
    expect(await accent.inputValue()).toBe('not a colour');
    expect(await accent.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('not a colour');

    await accent.fill(ACCENT.toUpperCase());
    expect(await page.getByLabel('Accent (buttons and links): colour picker').inputValue()).toBe(ACCENT);
    await page.getByRole('button', { name: 'Save style' }).click();
    await page.getByRole('status').filter({ hasText: 'Style saved as a draft. Publish to show it to visitors.' }).waitFor({ timeout: TIMEOUT });
    expect(await accent.inputValue()).toBe(ACCENT);
    expect(await page.locator('.field-error').count()).toBe(0);
    const drafted = await storefront(context);
    expect(drafted.accent).toBe(DEFAULT_ACCENT);
    await drafted.page.close();
    await publishFromHeader(page);
    const saved = await storefront(context);
    expect(saved.accent).toBe(ACCENT);
    await saved.page.close();

    await page.getByRole('button', { name: 'Reset to defaults' }).click();
    const question = page.getByRole('alertdialog').filter({ hasText: 'Reset every style setting' });
    await question.getByRole('button', { name: 'Reset to defaults' }).click();
    await page.getByRole('status').filter({ hasText: 'Every style setting is back to its default, as a draft.' }).waitFor({ timeout: TIMEOUT });
    expect(await accent.inputValue()).toBe(DEFAULT_ACCENT);
    await publishFromHeader(page);
    const restored = await storefront(context);
    expect(restored.accent).toBe(DEFAULT_ACCENT);
    await restored.page.close();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('warns on Design and before publishing when a colour is hard to read (WCAG AA), and publishing stays possible', async () => {
    const { context, page, errors } = await signedIn('/design');
    await waitForHeading(page, 'Design');
    await settled(page);
    const accent = page.getByLabel('Accent (buttons and links)', { exact: true });
    await accent.fill('#9fc7b3');
    await page.getByRole('button', { name: 'Save style' }).click();
    const warning = page.getByRole('note', { name: 'Hard-to-read colours' });
    await warning.waitFor({ timeout: TIMEOUT });
    expect(await warning.locator('li').allTextContents()).toEqual([
      expect.stringMatching(/^Accent \(buttons and links\) on Background: \d\.\d\d:1$/),
      expect.stringMatching(/^Accent \(buttons and links\) on Cards and header: \d\.\d\d:1$/),
      expect.stringMatching(/^Text on the accent on Accent \(buttons and links\): \d\.\d\d:1$/),
    ]);
    expect(await allA11yViolations(page)).toEqual([]);
    console.log(await screenshot(page, 'design-contrast-warning'));
    await page.locator('.site-changes').getByRole('button', { name: 'Publish' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('note', { name: 'Hard-to-read colours' }).waitFor({ timeout: TIMEOUT });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await accent.fill(DEFAULT_ACCENT);
    await page.getByRole('button', { name: 'Save style' }).click();
    await page.getByRole('status').filter({ hasText: 'Style saved as a draft.' }).waitFor({ timeout: TIMEOUT });
    expect(await warning.count()).toBe(0);
    await publishFromHeader(page);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('lists the problems of a refused theme upload', async () => {
    const { context, page } = await signedIn('/design');
    await waitForHeading(page, 'Design');
    await settled(page);
    await page.getByLabel('Upload a theme (.zip)').setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: brokenThemeZip() });
    await page.getByRole('button', { name: 'Upload theme' }).click();
    const alert = page.getByRole('alert').filter({ hasText: ThemeMessages.REFUSED });
    await alert.waitFor({ timeout: TIMEOUT });
    const problems = await alert.locator('li').allTextContents();
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/^template\.conf(:\d+)? \S/);
    await screenshot(page, 'design-upload-refused');
    await context.close();
  }, 120_000);

  for (const { name, viewport } of ADMIN_WIDTHS) {
    it(`passes axe and fits the screen at ${viewport.width} px (${name})`, async () => {
      const { context, page } = await signedIn('/design', viewport);
      await waitForHeading(page, 'Design');
      await settled(page);
      expect(await allA11yViolations(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      console.log(await screenshot(page, `design-${name}`));
      await cardOf(page, other.name).getByRole('button', { name: 'Use this theme' }).click();
      await cardOf(page, other.name).getByRole('alertdialog').waitFor({ timeout: TIMEOUT });
      expect(await allA11yViolations(page), 'with the confirmation open').toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      console.log(await screenshot(page, `design-${name}-confirm`));
      await context.close();
    }, 120_000);
  }
});
