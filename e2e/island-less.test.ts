/**
 * Issue 4, acceptance 5: a page with no island loads no React at all. A new site's starter
 * home page (emporium site create) has no form, no product and no cart, so no island.
 */
import type { Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStarterSite } from '../packages/server/src/seed/starter-site.js';
import { openPage, REACT_MARKER } from './support/browser.js';
import { useStoreAndBrowser } from './support/store-and-browser.js';

describe('a page without islands (issue 4)', () => {
  const env = useStoreAndBrowser();

  beforeAll(async () => {
    await createStarterSite(env.store.app.emporium.db, { identifier: 'plain', title: 'Plain Site' });
    env.store.app.emporium.resolver.invalidate();
  });

  it('loads the small entry script only, never the React runtime', async () => {
    const { page, errors } = await openPage(env.browser);
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto(env.store.siteUrl('plain'), { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Plain Site');
    expect(await page.locator('[data-island]').count()).toBe(0);
    expect(scripts.length).toBeGreaterThan(0);
    const bodies = await Promise.all(scripts.map((r) => r.text()));
    expect(bodies.filter((body) => REACT_MARKER.test(body))).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
