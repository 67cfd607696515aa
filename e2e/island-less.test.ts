/**
 * Issue 4, acceptance 5: a page with no island loads no React at all. A new site's starter
 * home page (emporium site create) has no form, no product and no cart, so no island.
 */
import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStarterSite } from '../packages/server/src/sites/starter-site.js';
import { launchBrowser, openPage, REACT_MARKER } from './support/browser.js';
import { startStore, type RunningStore } from './support/store.js';

describe('a page without islands (issue 4)', () => {
  let store: RunningStore;
  let browser: Browser;

  beforeAll(async () => {
    store = await startStore();
    browser = await launchBrowser();
    await createStarterSite(store.app.emporium.db, { identifier: 'plain', title: 'Plain Site' });
    store.app.emporium.resolver.invalidate();
  });
  afterAll(async () => {
    await browser?.close();
    await store?.close();
  });

  it('loads the small entry script only, never the React runtime', async () => {
    const { page, errors } = await openPage(browser);
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto(store.siteUrl('plain'), { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Plain Site');
    expect(await page.locator('[data-island]').count()).toBe(0);
    expect(scripts.length).toBeGreaterThan(0);
    const bodies = await Promise.all(scripts.map((r) => r.text()));
    expect(bodies.filter((body) => REACT_MARKER.test(body))).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
