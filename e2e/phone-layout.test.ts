/**
 * On a phone-sized screen (390 x 844) every navigation link is in view once the menu button
 * opens the menu (nothing scrolls sideways, which once hid the last links), search is one tap away (a link to /search
 * where the header field does not fit) and the buying pages fit the screen: nothing scrolls sideways,
 * the cart line's total and the checkout button stay in view, and the floating cart pill, which
 * links to the cart, is not laid over the cart or checkout pages (spec 2: not mounted on /cart).
 * Checkout sections are cards with their heading inside and room around their fields.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, screenshot, waitForHydration } from './support/browser.js';
import { useStoreAndBrowser } from './support/store-and-browser.js';

const PHONE = { width: 390, height: 844 };

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('phone layout of the buying pages', () => {
  const env = useStoreAndBrowser();

  it('shows every navigation link and a search link within the screen', async () => {
    const { page, errors } = await openPage(env.browser, { width: 360, height: 740 });
    await page.goto(env.store.siteUrl());
    expect(await overflow(page)).toBe(0);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const links = page.locator('.site-nav__link');
    await links.first().waitFor({ state: 'visible', timeout: 5000 });
    expect(await links.count()).toBeGreaterThanOrEqual(6);
    for (const box of await links.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(360);
    }
    await page.keyboard.press('Escape');
    const searchLink = page.getByRole('link', { name: 'Search this site' });
    expect(await searchLink.isVisible()).toBe(true);
    await searchLink.click();
    await page.waitForURL(/\/search$/);
    await page.getByRole('searchbox', { name: 'Search terms' }).fill('linen');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /for .linen./ })
      .waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('shows a gallery grid two to a row on a phone, and as many as the owner chose on a wide screen', async () => {
    const columns = async (viewport?: { width: number; height: number }) => {
      const { page } = await openPage(env.browser, viewport);
      await page.goto(`${env.store.siteUrl()}/studio`);
      await waitForHydration(page);
      const grid = page.locator('.content-gallery--grid');
      const result = {
        chosen: Number(await grid.getAttribute('data-columns')),
        shown: await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length),
      };
      await page.context().close();
      return result;
    };
    const phone = await columns(PHONE);
    const wide = await columns();
    expect(phone.chosen).toBeGreaterThan(2);
    expect(phone.shown).toBe(2);
    expect(wide.shown).toBe(wide.chosen);
  }, 60_000);

  it('shows the search field, not the search link, on a wide screen', async () => {
    const { page, errors } = await openPage(env.browser);
    await page.goto(env.store.siteUrl());
    expect(await page.getByRole('searchbox', { name: 'Search this site' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Search this site' }).isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('product, cart and checkout fit a 390 px screen, with the cart total and checkout button in view', async () => {
    const { page, errors } = await openPage(env.browser, PHONE);
    const base = env.store.siteUrl();
    await page.goto(`${base}/shop/beeswax-taper-candles`);
    await waitForHydration(page);
    expect(await overflow(page)).toBe(0);
    await page
      .locator('.product-form')
      .getByRole('button', { name: /add to cart/i })
      .click();
    await page.locator('.cart-pill--visible').waitFor({ timeout: 20_000 });

    await page.goto(`${base}/cart`);
    await waitForHydration(page);
    const line = page.locator('.cart-page-line').first();
    await line.waitFor({ timeout: 20_000 });
    await line.getByRole('button', { name: /^Increase quantity/ }).click();
    await page.locator('.cart-page__subtotal').filter({ hasText: '$48.00' }).waitFor({ timeout: 20_000 });
    expect(await overflow(page)).toBe(0);
    for (const selector of ['.cart-page-line__total', '.cart-page__checkout', '.cart-page-line__remove']) {
      const box = await page.locator(selector).first().boundingBox();
      expect(box, selector).not.toBeNull();
      expect(box!.x + box!.width, selector).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await page.locator('.cart-pill').count()).toBe(0);
    await screenshot(page, 'phone-cart');

    await page.goto(`${base}/checkout`);
    await waitForHydration(page);
    await page.getByLabel('Email').first().waitFor({ timeout: 20_000 });
    expect(await overflow(page)).toBe(0);
    expect(await page.locator('.cart-pill').count()).toBe(0);
    const sections = await page.locator('.checkout fieldset').evaluateAll((sets) =>
      sets.map((set) => ({
        set: set.getBoundingClientRect().toJSON() as DOMRect,
        legend: set.querySelector('legend')?.getBoundingClientRect().toJSON() as DOMRect | undefined,
        padding: getComputedStyle(set).paddingLeft,
      })),
    );
    expect(sections.length).toBeGreaterThanOrEqual(3);
    for (const { set, legend, padding } of sections) {
      if (legend) expect(legend.top, 'legend inside its card').toBeGreaterThan(set.top);
      expect(parseFloat(padding), 'fields do not touch the card edge').toBeGreaterThan(0);
    }
    await screenshot(page, 'phone-checkout');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);
});
