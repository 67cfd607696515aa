/**
 * "Real money", part 5: the dashboard's Subscriptions screen lists a site's subscriptions with
 * their state, next payment, amount and customer, and cancels one only after the owner
 * confirms. The screen passes axe. A screenshot goes to e2e/screenshots/.
 */
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../packages/server/src/db/schema-subscriptions.js';
import { addOwner } from '../packages/server/src/owner-accounts/index.js';
import { findWebsiteByIdentifier, type Website } from '../packages/server/src/sites/index.js';
import { addPlanProduct, plan, reloadSubscription, subscribe } from '../packages/server/test-support/subscriptions-test-kit.js';
import type { TestApp } from '../packages/server/test-support/test-app.js';
import { launchBrowser, screenshot, seriousA11yViolations } from './support/browser.js';
import { signInAt } from './support/dashboard.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'subscriptions-owner@example.com';
const PASSWORD = 'subscriptions-that-renew-5';
const TIMEOUT = 15_000;

let store: RunningStore;
let browser: Browser;
let site: Website;

beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
  const db = store.app.emporium.db;
  site = (await findWebsiteByIdentifier(db, 'demo'))!;
  await addOwner(db, { websiteId: site.id, email: EMAIL, role: 'admin', password: PASSWORD }, { ownerId: null, email: null });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

describe('the Subscriptions screen', () => {
  it('lists subscriptions and cancels one after confirmation', async () => {
    const db = store.app.emporium.db;
    const shop = { app: store.app, hostOf: (s: Website) => `${s.identifier}.localhost`, testDb: { db } } as unknown as TestApp;
    const product = await addPlanProduct(db, site, 'E2E-BOX', 3200, plan(1, 'MONTH', 6));
    const { subscription } = await subscribe(shop, site, product, 'E2E-BOX', { email: 'subscriber@example.com' });

    const owner = await signInAt(browser, '/subscriptions', {
      dashboard: store.dashboardUrl(),
      email: EMAIL,
      password: PASSWORD,
      viewport: { width: 1280, height: 900 },
    });
    const { page } = owner;
    const row = page.getByRole('row', { name: /subscriber@example\.com/ });
    await expect.poll(() => row.textContent(), { timeout: TIMEOUT }).toContain('Active');
    expect(await row.textContent()).toContain('$32.00');
    expect(await row.textContent()).toContain('1 of 6');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await row.getByRole('button', { name: 'Cancel the subscription of subscriber@example.com' }).click();
    const question = page.getByRole('alertdialog');
    await expect.poll(() => question.textContent(), { timeout: TIMEOUT }).toContain('Cancel the subscription of subscriber@example.com?');
    expect((await reloadSubscription(db, subscription.id)).state).toBe('active');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await question.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect.poll(() => row.textContent(), { timeout: TIMEOUT }).toContain('Cancelled');
    const [stored] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(stored!.state).toBe('cancelled');
    await screenshot(page, 'subscriptions-desktop');
    expect(owner.errors).toEqual([]);
    await owner.context.close();
  }, 90_000);
});
