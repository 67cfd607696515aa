/**
 * The Editor's texts of spec 5 and 8 in Chromium (issue 26): 'Document was destroyed' when
 * another owner deletes the page being edited; 'Code editing is not available on Android' in
 * place of a code block's editor on an Android phone, the block's other fields still usable;
 * 'Vimeo Basic accounts unsupported' when a video block's Vimeo video is a Basic account's
 * (the video host answered by a local oEmbed emulator).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWebsiteByIdentifier } from '../packages/server/src/sites/index.js';
import { EMULATED_VIMEO, type OembedEmulator, startOembedEmulator } from '../packages/server/test-support/oembed-emulator.js';
import { makeOwner, type OwnerClient, signInOwner } from '../packages/server/test-support/owners.js';
import { launchBrowser } from './support/browser.js';
import { signInAt } from './support/dashboard.js';
import { startStore, type RunningStore } from './support/store.js';

const EMAIL = 'texts@example.com';
const OTHER = 'other-owner@example.com';
const PASSWORD = 'linen-and-ink-on-paper-2026';
const TIMEOUT = 15_000;
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

let store: RunningStore;
let browser: Browser;
let emulator: OembedEmulator;
let other: OwnerClient;

/** The id of the demo page at `urlId`, as the owner's Pages call lists it. */
async function pageId(urlId: string): Promise<string> {
  const list = await other.call('GET', '/api/owner/pages');
  const page = (list.json().pages as { id: string; urlId: string }[]).find((p) => p.urlId === urlId);
  return page!.id;
}

/** Saves `blocks` as the draft of page `urlId` (no draft yet). */
async function draftBlocks(urlId: string, blocks: unknown[]): Promise<void> {
  const saved = await other.call('PUT', '/api/owner/drafts', { subject: `collection:${await pageId(urlId)}`, value: { blocks }, baseVersion: 0 });
  expect(saved.statusCode).toBe(200);
}

const signedIn = (viewport?: { width: number; height: number }) =>
  signInAt(browser, '/editor', { dashboard: store.dashboardUrl(), email: EMAIL, password: PASSWORD, ...(viewport ? { viewport } : {}) });

beforeAll(async () => {
  emulator = await startOembedEmulator();
  store = await startStore({ oembedEndpoints: emulator.endpoints });
  browser = await launchBrowser();
  const db = store.app.emporium.db;
  const site = (await findWebsiteByIdentifier(db, 'demo'))!;
  await makeOwner(db, site.id, EMAIL, 'admin', PASSWORD);
  await makeOwner(db, site.id, OTHER, 'admin', PASSWORD);
  other = await signInOwner(store.app, 'demo.localhost', OTHER, PASSWORD);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
  await emulator?.close();
});

describe("the Editor's texts of spec 5 and 8", () => {
  it("says 'Document was destroyed' when another owner deletes the page while it is open", async () => {
    const { context, page, errors } = await signedIn();
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: /^Contact/ })
      .click();
    const title = page.getByLabel('Title', { exact: true }).first();
    await title.waitFor({ timeout: TIMEOUT });
    expect((await other.call('DELETE', `/api/owner/pages/${await pageId('contact')}`)).statusCode).toBe(204);
    await title.fill('Contact us');
    await page.getByRole('alert').filter({ hasText: 'Document was destroyed' }).waitFor({ timeout: TIMEOUT });
    expect(await title.inputValue()).toBe('Contact us');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("shows 'Code editing is not available on Android' in place of a code block's editor; the block's other fields still work", async () => {
    await draftBlocks('about', [{ typeName: 'code', code: '<kbd>Ctrl</kbd>', display: 'source' }]);
    const context = await browser.newContext({ userAgent: ANDROID, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${store.dashboardUrl()}/editor`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: /^About/ })
      .click();
    await page.getByText('Code editing is not available on Android').waitFor({ timeout: TIMEOUT });
    expect(await page.getByRole('textbox', { name: 'Code' }).count()).toBe(0);
    expect(await page.getByLabel('Code (read only)').textContent()).toBe('<kbd>Ctrl</kbd>');
    await page.getByLabel('Show as').selectOption('raw');
    await page.getByRole('status').filter({ hasText: 'Saved as draft' }).waitFor({ timeout: TIMEOUT });
    await context.close();

    // The same block on a desktop browser has its code editor.
    const desktop = await signedIn();
    await desktop.page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: /^About/ })
      .click();
    await desktop.page.getByRole('textbox', { name: 'Code' }).waitFor({ timeout: TIMEOUT });
    expect(await desktop.page.getByText('Code editing is not available on Android').count()).toBe(0);
    await desktop.context.close();
  }, 120_000);

  it("says 'Vimeo Basic accounts unsupported' for a Basic account's Vimeo video, and fills in an embeddable one", async () => {
    await draftBlocks('home', [{ typeName: 'video', url: `https://vimeo.com/${EMULATED_VIMEO.BASIC}` }]);
    const { context, page, errors } = await signedIn();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: /^Home/ }).click();
    await page.getByRole('button', { name: /^Get video details/ }).click();
    await page.getByRole('alert').filter({ hasText: 'Vimeo Basic accounts unsupported' }).waitFor({ timeout: TIMEOUT });

    await page.getByLabel('Video address').fill(`https://vimeo.com/${EMULATED_VIMEO.PLUS}`);
    await page.getByRole('button', { name: /^Get video details/ }).click();
    await page.getByRole('status').filter({ hasText: 'Found “The New Vimeo Player” on Vimeo.' }).waitFor({ timeout: TIMEOUT });
    expect(await page.getByLabel('Title', { exact: true }).nth(1).inputValue()).toBe('The New Vimeo Player');
    expect(await page.getByRole('alert').filter({ hasText: 'Vimeo Basic' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
