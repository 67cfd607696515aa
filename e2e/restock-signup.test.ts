import { and, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, products } from '../packages/server/src/db/schema.js';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/repository.js';
import { launchBrowser, openPage, waitForHydration } from './support/browser.js';
import { startStore, type RunningStore } from './support/store.js';

const STEP_TIMEOUT = 10_000;

describe('restock sign-up success text (spec 4 restock sign-up, spec 5 restock)', () => {
  let store: RunningStore;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    store = await startStore();
    browser = await launchBrowser();
    base = store.siteUrl();
    const db = store.app.emporium.db;
    const websiteId = (await findWebsiteByIdentifier(db, 'demo'))!.id;
    const [mug] = await db
      .select({ itemId: products.itemId, merchandising: products.merchandising })
      .from(products)
      .innerJoin(items, and(eq(items.websiteId, products.websiteId), eq(items.id, products.itemId)))
      .where(and(eq(products.websiteId, websiteId), eq(items.urlId, 'stoneware-mug')));
    const { restockNotificationMessages: _ownerTexts, ...rest } = mug!.merchandising;
    await db
      .update(products)
      .set({ merchandising: rest })
      .where(and(eq(products.websiteId, websiteId), eq(products.itemId, mug!.itemId)));
  });
  afterAll(async () => {
    await browser?.close();
    await store?.close();
  });

  it("with no owner text, a successful sign-up replaces the box with the default 'Signed up!'", async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${base}/shop/stoneware-mug`);
    await waitForHydration(page);
    const island = page.locator('[data-island="RestockSignup"]');
    await island.locator('button[type="submit"]').click();
    await island.locator('.restock-signup__error').filter({ hasText: 'Email cannot be blank' }).waitFor({ timeout: STEP_TIMEOUT });
    await island.locator('input[type="email"]').fill('ada@example.com');
    await island.locator('button[type="submit"]').click();
    const done = island.locator('.restock-signup--done');
    await done.waitFor({ timeout: STEP_TIMEOUT });
    expect(await done.textContent()).toBe('Signed up!');
    expect(await done.getAttribute('role')).toBe('status');
    expect(await island.locator('input[type="email"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
