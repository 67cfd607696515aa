/**
 * Issue 4, acceptance 5: a page with no island loads no React at all. A new site's starter
 * home page (emporium site create) has no form, no product and no cart, so no island.
 */
import type { Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStarterSite } from '../packages/server/src/sites/starter-site.js';
import { openPage, REACT_MARKER, waitForHydration } from './support/browser.js';
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

  it("names every module a product page's islands load in the page itself, so the entry inserts no preload link at run time", async () => {
    const { page, errors } = await openPage(env.browser);
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    const response = await page.goto(`${env.store.siteUrl()}/shop/linen-camp-shirt`);
    await waitForHydration(page);
    const html = (await response?.text()) ?? '';
    const named = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]!);
    const entries = [...html.matchAll(/<script type="module" src="([^"]+)">/g)].map((m) => m[1]!);
    expect(named.some((path) => /\/hydrate-[\w-]+\.js$/.test(path))).toBe(true);
    expect(named.some((path) => /\/ProductForm-[\w-]+\.js$/.test(path))).toBe(true);
    expect(new Set(named).size).toBe(named.length);
    // Every script the page fetched is named in the HTML, and the only link the entry adds is its own.
    expect([...scripts].filter((path) => !named.includes(path) && !entries.includes(path))).toEqual([]);
    const inDocument = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => new URL(l.href).pathname),
    );
    expect(inDocument.filter((path) => !named.includes(path) && !entries.includes(path))).toEqual([]);
    expect(await page.locator('[data-island]:not([data-hydrated])').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
