import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, waitForHydration } from './support/browser.js';
import { useStoreAndBrowser } from './support/store-and-browser.js';

/** Holds back React's chunk so the visitor acts on the server-rendered markup first, as on a slow phone. */
async function slowScripts(page: Page): Promise<void> {
  await page.route('**/assets/storefront/assets/client-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
}

describe('input made before the islands hydrate is kept (no lost data)', () => {
  const env = useStoreAndBrowser();

  it('an email typed into the newsletter block before hydration is still there and is submitted', async () => {
    const { page, errors } = await openPage(env.browser);
    await slowScripts(page);
    await page.goto(`${env.store.siteUrl()}/contact`, { waitUntil: 'domcontentloaded' });
    const block = page
      .locator('[data-island="FormBlock"]')
      .filter({ has: page.locator('input[type="email"]') })
      .last();
    const email = block.locator('input[type="email"]');
    await email.fill('early@example.com');
    expect(await block.getAttribute('data-hydrated')).toBeNull();
    await waitForHydration(page);
    expect(await email.inputValue()).toBe('early@example.com');
    await block.locator('button[type="submit"]').click();
    await page.getByText('Thank you! Look out for our next letter.').first().waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('variant options chosen before hydration are the ones added to the cart', async () => {
    const { page, errors } = await openPage(env.browser);
    await slowScripts(page);
    await page.goto(`${env.store.siteUrl()}/shop/linen-camp-shirt`, { waitUntil: 'domcontentloaded' });
    const form = page.locator('.product-form');
    await form.getByLabel('Colour').selectOption('Sage');
    await form.getByLabel('Size').selectOption('M');
    await waitForHydration(page);
    expect(await form.getByLabel('Colour').inputValue()).toBe('Sage');
    expect(await form.getByLabel('Size').inputValue()).toBe('M');
    await form.locator('.add-to-cart__button').click();
    await form.locator('.add-to-cart__button[data-state="added"]').waitFor({ timeout: 10_000 });
    expect(await form.locator('.add-to-cart__alert').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
