import { chromium, type Browser, type Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

/** Flags Debian's Chromium needs on these machines (see ../shared/TESTING.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** Launches Debian's Chromium through playwright-core. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A page that records console errors and uncaught page errors. */
export interface WatchedPage {
  page: Page;
  /** Console messages of type error and uncaught exceptions, in order. */
  errors: string[];
}

/** Opens a page in a fresh context and records its console errors. */
export async function openPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return { page, errors };
}

/** Saves a full-page screenshot under e2e/screenshots/ and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** axe-core violations of impact serious or critical, as readable strings. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Every axe-core violation, whatever its impact. */
export async function allA11yViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Longest wait for hydration: a guard only, the wait ends as soon as every island carries its marker. */
const HYDRATION_TIMEOUT = 45_000;

/**
 * Waits until every island on the page has committed its hydration (the client entry sets
 * `data-hydrated`). Clicks before that reach server-rendered markup with no handlers, so a
 * loaded CI machine would make such a test flaky.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('[data-island]:not([data-hydrated])').length === 0, null, { timeout: HYDRATION_TIMEOUT });
}

/** Markers found only in React's own code (the element symbols of React 18 and 19): a script holding one carries React. */
export const REACT_MARKER = /Symbol\.for\(["'`]react\.(transitional\.)?element["'`]\)/;

/** The widths every admin screen is checked at: desktop and a 390 px phone (issue 12, acceptance 4). */
export const ADMIN_WIDTHS: ReadonlyArray<{ name: string; viewport: { width: number; height: number } }> = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];
