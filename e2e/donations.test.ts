import { and, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../packages/server/src/db/schema.js';
import { saveDonationSettings } from '../packages/server/src/donations/index.js';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/repository.js';
import { launchBrowser, openPage, seriousA11yViolations, waitForHydration } from './support/browser.js';
import { startStore, type RunningStore } from './support/store.js';

const STEP_TIMEOUT = 15_000;

describe('donating in Chromium with the test provider (issue 27 acceptance 4; page types 203 and 204)', () => {
  let store: RunningStore;
  let browser: Browser;

  beforeAll(async () => {
    store = await startStore();
    browser = await launchBrowser();
    const site = await findWebsiteByIdentifier(store.app.emporium.db, 'demo');
    await saveDonationSettings(store.app.emporium.db, site!.id, {
      enabled: true,
      title: 'Support the studio',
      description: '',
      suggestedAmounts: [1000, 2500],
      allowCustom: true,
      minCents: 500,
      maxCents: 100_000,
      allowMonthly: true,
      thankYou: 'Thank you for keeping the kilns warm.',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await store?.close();
  });

  it('a custom amount, a declined card told clearly, then card 4242: page 204 and one receipt', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${store.siteUrl()}/checkout/donate`);
    await waitForHydration(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('Other amount (USD)').fill('12.505');
    await page.getByLabel('Email for your receipt').fill('potter@example.com');
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Donate/ }).click();
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: STEP_TIMEOUT }).toBe('Please enter an amount like 25 or 25.50.');
    await page.getByLabel('Other amount (USD)').fill('12.50');
    await page.getByRole('button', { name: 'Donate $12.50' }).click();
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: STEP_TIMEOUT }).toBe('Your card was declined.');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Donate $12.50' }).click();
    await page.waitForURL(/\/checkout\/contribution-confirmed\//, { timeout: STEP_TIMEOUT });
    const text = (await page.textContent('main')) ?? '';
    expect(text).toContain('Your donation of $12.50 is confirmed.');
    expect(text).toContain('Thank you for keeping the kilns warm.');
    const site = await findWebsiteByIdentifier(store.app.emporium.db, 'demo');
    const receipts = await store.app.emporium.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.websiteId, site!.id), eq(outbox.kind, 'donation-receipt')));
    expect(receipts.map((m) => m.toAddress)).toEqual(['potter@example.com']);
    expect(errors.filter((e) => !/status of 422/.test(e))).toEqual([]);
  }, 90_000);
});
