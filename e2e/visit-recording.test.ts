import { and, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, trackingEvents } from '../packages/server/src/db/schema.js';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/repository.js';
import { launchBrowser, openPage, waitForHydration } from './support/browser.js';
import { startStore, type RunningStore } from './support/store.js';

const HIT_TIMEOUT = 10_000;

interface StoredHit {
  path: string;
  itemId?: string;
  collectionId?: string;
  recordType?: number;
}

describe('visit recording in Chromium (spec 7 RecordHit, spec 2 and 6 exclusions)', () => {
  let store: RunningStore;
  let browser: Browser;
  let websiteId: string;

  async function hits(): Promise<Array<{ visitorId: string | null; payload: StoredHit }>> {
    const rows = await store.app.emporium.db
      .select({ visitorId: trackingEvents.visitorId, payload: trackingEvents.payload })
      .from(trackingEvents)
      .where(and(eq(trackingEvents.websiteId, websiteId), eq(trackingEvents.source, 'census')))
      .orderBy(trackingEvents.id);
    return rows.map((r) => ({ visitorId: r.visitorId, payload: r.payload as StoredHit }));
  }

  async function waitForHit(path: string) {
    const deadline = Date.now() + HIT_TIMEOUT;
    for (;;) {
      const found = (await hits()).find((h) => h.payload.path === path);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no page view recorded for ${path}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    store = await startStore();
    browser = await launchBrowser();
    websiteId = (await findWebsiteByIdentifier(store.app.emporium.db, 'demo'))!.id;
  });
  afterAll(async () => {
    await browser?.close();
    await store?.close();
  });

  it('records a product page view with its item and collection, but not /search or a 404 page', async () => {
    const base = store.siteUrl();
    const [shirt] = await store.app.emporium.db
      .select({ id: items.id, collectionId: items.collectionId })
      .from(items)
      .where(and(eq(items.websiteId, websiteId), eq(items.urlId, 'linen-camp-shirt')));
    const { page, errors } = await openPage(browser);
    const beacons: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/census/RecordHit') beacons.push(page.url());
    });

    await page.goto(`${base}/shop/linen-camp-shirt`);
    await waitForHydration(page);
    const product = await waitForHit('/shop/linen-camp-shirt');
    expect(product.payload).toMatchObject({ path: '/shop/linen-camp-shirt', itemId: shirt!.id, collectionId: shirt!.collectionId, recordType: 11 });
    const visitorCookie = (await page.context().cookies()).find((c) => c.name === 'ss_cvr');
    expect(visitorCookie?.value).toMatch(/^[0-9a-f]{32}$/);
    expect(product.visitorId).toBe(visitorCookie!.value);

    await page.goto(`${base}/search?q=mug`);
    await waitForHydration(page);
    await page.waitForLoadState('load');
    const notFound = await page.goto(`${base}/no-such-page`);
    expect(notFound!.status()).toBe(404);
    await waitForHydration(page);
    await page.waitForLoadState('load');
    await page.goto(`${base}/`);
    await waitForHydration(page);
    await waitForHit('/');

    const paths = (await hits()).map((h) => h.payload.path);
    expect(paths).toEqual(['/shop/linen-camp-shirt', '/']);
    expect(beacons).toHaveLength(2);
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
    await page.context().close();
  }, 90_000);
});
