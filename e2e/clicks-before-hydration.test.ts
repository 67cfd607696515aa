import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, waitForHydration } from './support/browser.js';
import { useStoreAndBrowser } from './support/store-and-browser.js';

const STEP_TIMEOUT = 20_000;

/** A phone-class CPU: every task of the page takes six times as long (as Lighthouse's mobile run does it). */
async function throttleCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
}

/** What the visitor does at DOMContentLoaded: optionally types into one field, then clicks one button. */
interface EarlyAct {
  readonly island: string;
  readonly fill?: { readonly selector: string; readonly value: string };
  readonly click: string;
}

/**
 * At DOMContentLoaded, before any island has hydrated, does what a visitor does (`act`, inside
 * the island `act.island`). Records on `window.__earlyAct` whether the island was still
 * unhydrated when it ran.
 */
async function actAtDomContentLoaded(page: Page, act: EarlyAct): Promise<void> {
  await page.addInitScript((act: EarlyAct) => {
    document.addEventListener('DOMContentLoaded', () => {
      const island = document.querySelector(act.island);
      (window as unknown as { __earlyAct: unknown }).__earlyAct = { unhydrated: island !== null && !island.hasAttribute('data-hydrated') };
      if (act.fill) {
        const field = island?.querySelector<HTMLInputElement>(act.fill.selector);
        if (field) field.value = act.fill.value;
      }
      island?.querySelector<HTMLElement>(act.click)?.click();
    });
  }, act);
}

async function actedBeforeHydration(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __earlyAct?: { unhydrated: boolean } }).__earlyAct?.unhydrated === true);
}

/** The visitor's cart as the server has it (0 when there is none). */
async function serverCartQuantity(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const res = await fetch('/api/commerce/shopping-cart', { credentials: 'include' });
    if (!res.ok) return 0;
    const body = (await res.json()) as { totalQuantity?: number; shoppingCart?: { totalQuantity?: number } };
    return Number(body.shoppingCart?.totalQuantity ?? body.totalQuantity ?? 0);
  });
}

async function headerCount(page: Page): Promise<string> {
  return ((await page.locator('.site-header .header-cart__count').textContent()) ?? '').trim();
}

function alertOf(form: Locator): Locator {
  return form.locator('.add-to-cart__alert-message');
}

describe('a shopper’s click before the islands hydrate is never lost (#24)', () => {
  const env = useStoreAndBrowser();

  it('#24 Add To Cart clicked at DOMContentLoaded on a product with an option says "Please select the Colour option.", then adds once chosen', async () => {
    const { page, errors } = await openPage(env.browser);
    await throttleCpu(page);
    await actAtDomContentLoaded(page, { island: '[data-island="ProductForm"]', click: '.add-to-cart__button' });
    await page.goto(`${env.store.siteUrl()}/shop/everyday-apron`, { waitUntil: 'domcontentloaded' });
    expect(await actedBeforeHydration(page)).toBe(true);
    const form = page.locator('.product-form');
    await alertOf(form).filter({ hasText: 'Please select the Colour option.' }).waitFor({ timeout: STEP_TIMEOUT });
    expect((await alertOf(form).textContent())?.trim()).toBe('Please select the Colour option.');
    await waitForHydration(page);
    await form.getByLabel('Colour').selectOption('Sage');
    await form.locator('.add-to-cart__button').click();
    await form.locator('.add-to-cart__button[data-state="added"]').waitFor({ timeout: STEP_TIMEOUT });
    await page
      .locator('.site-header .header-cart__count')
      .filter({ hasText: /^\s*1\s*$/ })
      .waitFor({ timeout: STEP_TIMEOUT });
    expect(await serverCartQuantity(page)).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('#24 Add To Cart clicked at DOMContentLoaded on a single-variant product adds it exactly once (cart count 1)', async () => {
    const { page, errors } = await openPage(env.browser);
    await throttleCpu(page);
    await actAtDomContentLoaded(page, { island: '[data-island="ProductForm"]', click: '.add-to-cart__button' });
    await page.goto(`${env.store.siteUrl()}/shop/waxed-canvas-tote`, { waitUntil: 'domcontentloaded' });
    expect(await actedBeforeHydration(page)).toBe(true);
    const form = page.locator('.product-form');
    await form.locator('.add-to-cart__button[data-state="added"]').waitFor({ timeout: STEP_TIMEOUT });
    await waitForHydration(page);
    await page
      .locator('.site-header .header-cart__count')
      .filter({ hasText: /^\s*1\s*$/ })
      .waitFor({ timeout: STEP_TIMEOUT });
    // Long enough for a second add, had hydration handled the same click again.
    await page.waitForTimeout(1500);
    expect(await serverCartQuantity(page)).toBe(1);
    expect(await headerCount(page)).toBe('1');
    expect(await alertOf(form).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('#24 Add To Cart clicked while the page’s script is still downloading adds the item once it arrives', async () => {
    const { page, errors } = await openPage(env.browser);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/storefront/assets/main-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${env.store.siteUrl()}/shop/oat-honey-soap`, { waitUntil: 'commit' });
    const button = page.locator('.product-form .add-to-cart__button');
    await button.click({ timeout: STEP_TIMEOUT });
    expect(await page.locator('[data-island][data-hydrated]').count()).toBe(0);
    release();
    await button.and(page.locator('[data-state="added"]')).waitFor({ timeout: STEP_TIMEOUT });
    await waitForHydration(page);
    await page.waitForTimeout(1500);
    expect(await serverCartQuantity(page)).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('#24 a restock sign-up typed and sent at DOMContentLoaded is sent once hydrated', async () => {
    const { page, errors } = await openPage(env.browser);
    await throttleCpu(page);
    await actAtDomContentLoaded(page, {
      island: '[data-island="RestockSignup"]',
      fill: { selector: 'input[type="email"]', value: 'early@example.com' },
      click: 'button[type="submit"]',
    });
    await page.goto(`${env.store.siteUrl()}/shop/stoneware-mug`, { waitUntil: 'domcontentloaded' });
    expect(await actedBeforeHydration(page)).toBe(true);
    const island = page.locator('[data-island="RestockSignup"]');
    const done = island.locator('.restock-signup--done');
    await done.waitFor({ timeout: STEP_TIMEOUT });
    expect(await done.textContent()).toBe('Thank you! We will email you when it is back.');
    expect(page.url()).toBe(`${env.store.siteUrl()}/shop/stoneware-mug`);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('#24 a like clicked at DOMContentLoaded is counted once', async () => {
    const { page, errors } = await openPage(env.browser);
    await throttleCpu(page);
    await actAtDomContentLoaded(page, { island: '[data-island="LikeButton"]', click: '.content-like__button' });
    await page.goto(`${env.store.siteUrl()}${await firstPostPath(page, env.store.siteUrl())}`, { waitUntil: 'domcontentloaded' });
    expect(await actedBeforeHydration(page)).toBe(true);
    await page.waitForFunction(
      () => {
        const button = document.querySelector<HTMLButtonElement>('.content-like__button');
        return button?.getAttribute('aria-pressed') === 'true' && !button.disabled;
      },
      undefined,
      { timeout: STEP_TIMEOUT },
    );
    await waitForHydration(page);
    const rendered = JSON.parse((await page.locator('[data-island="LikeButton"]').getAttribute('data-props')) ?? '{}') as { likeCount: number };
    await page.waitForTimeout(1500);
    expect(await page.locator('.content-like__button').textContent()).toContain(`(${rendered.likeCount + 1} likes)`);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});

/** The path of the demo journal's first post (read in another tab, before the test's own load). */
async function firstPostPath(page: Page, siteUrl: string): Promise<string> {
  const probe = await page.context().newPage();
  await probe.goto(`${siteUrl}/journal`);
  const href = await probe.locator('.post-card__title a').first().getAttribute('href');
  await probe.close();
  if (!href) throw new Error('no blog post on the journal');
  return href;
}

describe('a sold-out variant cannot be added (#24)', () => {
  const env = useStoreAndBrowser();

  it('#24 choosing a sold-out variant shows the sold-out text on a disabled Add To Cart button', async () => {
    const { page, errors } = await openPage(env.browser);
    await page.goto(`${env.store.siteUrl()}/shop/natural-dye-workshop`);
    await waitForHydration(page);
    const form = page.locator('.product-form');
    const button = form.locator('.add-to-cart__button');
    expect((await button.textContent())?.trim()).toBe('Add To Cart');
    expect(await button.isDisabled()).toBe(false);
    await form.getByLabel('Date').selectOption('Saturday, November 15');
    await button.filter({ hasText: /^\s*sold out\s*$/ }).waitFor({ timeout: STEP_TIMEOUT });
    expect(await button.isDisabled()).toBe(true);
    await form.getByLabel('Date').selectOption('Saturday, January 10');
    await button.filter({ hasText: /^\s*Add To Cart\s*$/ }).waitFor({ timeout: STEP_TIMEOUT });
    expect(await button.isDisabled()).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
