/**
 * Issue #24: on a phone the storefront navigation is a menu button instead of a list that
 * wraps under the header. The button opens the menu as a popover, so it works before (and
 * without) any script; the browser reports it expanded or collapsed and it names the menu it
 * controls. Wider screens keep the links in the header.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, SCREENSHOT_DIR } from './support/browser.js';
import { useStoreAndBrowser } from './support/store-and-browser.js';

const PHONE = { width: 390, height: 844 };

/** The expanded state assistive technology reads for the button named `name` (from Chromium's accessibility tree). */
async function expandedState(page: Page, name: string): Promise<unknown> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodes } = await cdp.send('Accessibility.queryAXTree', { nodeId: root.nodeId, accessibleName: name, role: 'button' });
  await cdp.detach();
  expect(nodes).toHaveLength(1);
  return nodes[0]!.properties?.find((p) => p.name === 'expanded')?.value.value;
}

/** Saves what the phone's screen shows (not the whole page) under e2e/screenshots/. */
async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

async function linkBoxes(page: Page): Promise<DOMRect[]> {
  return page.locator('.site-nav__link').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
}

describe('storefront menu button on phones (#24)', () => {
  const env = useStoreAndBrowser();

  it('#24: at 390 px the header is one row with a Menu button that opens and closes the navigation', async () => {
    const { page, errors } = await openPage(env.browser, PHONE);
    await page.goto(env.store.siteUrl());
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getAttribute('aria-controls')).toBe('site-nav-menu');
    expect(await page.locator('#site-nav-menu').count()).toBe(1);
    expect(await page.locator('.site-nav__link').first().isVisible()).toBe(false);
    const header = await page.locator('.site-header__inner').boundingBox();
    const button = await menu.boundingBox();
    expect(header!.height).toBeLessThan(80);
    expect(button!.x + button!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(await expandedState(page, 'Menu')).toBe(false);
    await screenshot(page, 'phone-menu-closed');

    await menu.click();
    const links = page.locator('.site-nav__link');
    await links.first().waitFor({ state: 'visible', timeout: 5000 });
    expect(await expandedState(page, 'Menu')).toBe(true);
    const boxes = await linkBoxes(page);
    expect(boxes.length).toBeGreaterThanOrEqual(6);
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(PHONE.width);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.bottom).toBeLessThanOrEqual(PHONE.height);
    }
    await screenshot(page, 'phone-menu-open');

    await page.keyboard.press('Escape');
    await links.first().waitFor({ state: 'hidden', timeout: 5000 });
    expect(await expandedState(page, 'Menu')).toBe(false);

    await menu.click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await links.first().waitFor({ state: 'hidden', timeout: 5000 });

    await menu.click();
    await page.locator('.site-nav__link', { hasText: 'Journal' }).click();
    await page.waitForURL(/\/journal$/);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('#24: the menu opens from the keyboard and without any script', async () => {
    const context = await env.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(env.store.siteUrl());
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.locator('.site-nav__link').first().waitFor({ state: 'visible', timeout: 5000 });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Close menu');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('site-nav__link');
    await context.close();
  }, 60_000);

  it('#24: a wide screen shows the links in the header and no menu button', async () => {
    const { page } = await openPage(env.browser);
    await page.goto(env.store.siteUrl());
    expect(await page.getByRole('button', { name: 'Menu', exact: true }).isVisible()).toBe(false);
    const boxes = await linkBoxes(page);
    expect(boxes.length).toBeGreaterThanOrEqual(6);
    const header = await page.locator('.site-header').boundingBox();
    for (const box of boxes) {
      expect(box.width).toBeGreaterThan(0);
      expect(box.bottom).toBeLessThanOrEqual(header!.y + header!.height);
    }
    await page.context().close();
  }, 60_000);
});
