/**
 * One place for the site's colours and fonts on Design, in Chromium (issue 26, item 5; decision
 * 0050, addendum): while the site uses the theme's own colours and fonts, the theme's colour and
 * font settings are shown in the Site styles section, and "Save site styles" saves them; once
 * the palette or a font theme sets them, those settings are put away (with a note) and come back
 * with their values when the owner goes back to the theme's own. Sizes and the header stay in
 * the theme's section. axe finds nothing.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { makeOwner } from '../packages/server/test-support/owners.js';
import { allA11yViolations, launchBrowser } from './support/browser.js';
import { signInAt } from './support/dashboard.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'one-panel@example.com';
const PASSWORD = 'palettes-and-type-2026';
const TIMEOUT = 15_000;
const ACCENT = '#1f4d7a';

let store: RunningStore;
let browser: Browser;

const siteStyles = (page: Page) => page.getByRole('region', { name: 'Site styles' });
const themeStyle = (page: Page) => page.getByRole('region', { name: /^Style of / });

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

describe('colours and fonts on Design', () => {
  it('shows the theme’s colour and font settings with the site styles while they are the theme’s, and puts them away when the site styles set them', async () => {
    const { context, page, errors } = await signInAt(browser, '/design', { dashboard: store.dashboardUrl(), email: EMAIL, password: PASSWORD });
    const styles = siteStyles(page);
    await styles.getByRole('button', { name: 'Save site styles' }).waitFor({ timeout: TIMEOUT });

    // The theme's own colours and fonts are in the Site styles section, not in the theme's.
    const accent = styles.getByLabel('Accent (buttons and links)', { exact: true });
    await accent.waitFor({ timeout: TIMEOUT });
    await styles.getByRole('group', { name: 'Fonts' }).getByLabel('Headings', { exact: true }).waitFor({ timeout: TIMEOUT });
    expect(await themeStyle(page).getByLabel('Accent (buttons and links)', { exact: true }).count()).toBe(0);
    expect(await themeStyle(page).getByRole('group', { name: 'Sizes' }).count()).toBe(1);
    expect(await themeStyle(page).getByRole('group', { name: 'Colors' }).count()).toBe(0);

    // A theme colour changed there is saved by "Save site styles".
    await accent.fill(ACCENT);
    await styles.locator('.meta', { hasText: 'Unsaved:' }).filter({ hasText: 'Emporium’s colours' }).waitFor({ timeout: TIMEOUT });
    await styles.getByRole('button', { name: 'Save site styles' }).click();
    await styles.getByRole('status').filter({ hasText: 'Site styles saved as a draft.' }).waitFor({ timeout: TIMEOUT });
    expect(await styles.locator('.meta', { hasText: 'Unsaved:' }).count()).toBe(0);
    expect(await themeStyle(page).locator('.meta', { hasText: 'unsaved' }).count()).toBe(0);
    await page.getByText('1 unpublished change').waitFor({ timeout: TIMEOUT });
    await page.reload();
    await accent.waitFor({ timeout: TIMEOUT });
    expect(await accent.inputValue()).toBe(ACCENT);

    // The palette sets the colours: the theme's colour settings are put away, with a note.
    await styles.getByLabel('Lightest colour').fill('#f3ead8');
    await styles.getByText('The palette sets the site’s colours.').waitFor({ timeout: TIMEOUT });
    expect(await styles.getByLabel('Accent (buttons and links)', { exact: true }).count()).toBe(0);
    // A font theme sets the fonts: the theme's font settings are put away too.
    await styles.getByLabel('Font theme').selectOption('classic');
    await styles.getByText('The font theme sets the site’s fonts.').waitFor({ timeout: TIMEOUT });
    expect(await styles.getByRole('group', { name: 'Fonts' }).getByLabel('Headings', { exact: true }).count()).toBe(0);
    expect(await allA11yViolations(page)).toEqual([]);

    // Back to the theme's own: its settings come back with the saved values.
    await styles.getByRole('button', { name: 'Use the theme’s own colours' }).click();
    await styles.getByLabel('Font theme').selectOption('theme');
    expect(await styles.getByLabel('Accent (buttons and links)', { exact: true }).inputValue()).toBe(ACCENT);
    await styles.getByRole('group', { name: 'Fonts' }).getByLabel('Headings', { exact: true }).waitFor({ timeout: TIMEOUT });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
