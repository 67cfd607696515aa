import { execFileSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAssetTags, readClientManifest, renderIsland, STOREFRONT_ASSET_BASE } from '../packages/storefront/src/index.js';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { seedContent, type ContentSite } from '../packages/server/test-support/content-test-kit.js';
import { comments } from '../packages/server/src/db/schema.js';
import { createWebsite } from '../packages/server/src/sites/repository.js';
import { createTestDb, type TestDb } from '../packages/server/test-support/test-db.js';
import { launchBrowser, openPage, seriousA11yViolations, waitForHydration } from './support/browser.js';

const STOREFRONT_DIR = fileURLToPath(new URL('../packages/storefront/', import.meta.url));
/** A private build of the islands, so this test never rewrites the shared dist/ others may be serving. */
const DIST = join(tmpdir(), `emporium-content-e2e-${process.pid}`);
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

function svg(width: number, height: number, fill: string): string {
  return `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${fill}"/></svg>`)}`;
}

const IMAGES = [
  { src: svg(600, 900, '#c33'), alt: 'A tall red panel', width: 600, height: 900, caption: 'Red' },
  { src: svg(800, 400, '#36c'), alt: 'A wide blue panel', width: 800, height: 400 },
];

function page(content: ContentSite): string {
  const islands = [
    renderIsland('Lightbox', { images: IMAGES, theme: 'dark', label: 'Panels' }),
    renderIsland('Gallery', {
      items: IMAGES.map((i) => ({ ...i, title: i.caption ?? 'Blue' })),
      options: { design: 'slideshow', autoplay: true, 'autoplay-duration': 1, controls: true },
      label: 'Slideshow',
    }),
    renderIsland('Gallery', {
      items: IMAGES.map((i) => ({ ...i, alt: `Grid ${i.alt}` })),
      options: { design: 'grid', lightbox: true, lightboxTheme: 'light', 'thumbnails-per-row': 2 },
      label: 'Grid',
    }),
    renderIsland('LikeButton', { itemId: content.postId, likeCount: 0 }),
    renderIsland('ShareButtons', { url: 'https://example.com/journal/first-post', title: 'First post', networks: ['facebook', 'x', 'email'] }),
    renderIsland('Comments', { itemId: content.postId, commentsEnabled: true, commentState: 1, comments: [] }),
  ];
  const tags = clientAssetTags(readClientManifest(DIST), STOREFRONT_ASSET_BASE, ['Lightbox', 'Gallery', 'LikeButton', 'ShareButtons', 'Comments']);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>Content islands</title></head><body><main><h1>Content islands</h1>${islands.join('')}</main>${tags}</body></html>`;
}

describe('content islands in Chromium (issue 6)', () => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let browser: Browser;
  let content: ContentSite;
  let origin: string;

  beforeAll(async () => {
    execFileSync('npx', ['vite', 'build', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'error'], { cwd: STOREFRONT_DIR, stdio: 'inherit' });
    testDb = await createTestDb();
    const site = await createWebsite(testDb.db, {
      identifier: 'content-e2e',
      title: 'Content',
      settings: { commentsEnabled: true, simpleLikingEnabled: true },
    });
    content = await seedContent(testDb.db, site);
    app = await buildApp({ db: testDb.db, config: loadConfig({ LOG_LEVEL: 'silent' }, {}), pages: false });
    app.get('/e2e/content', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page(content)));
    app.get('/assets/storefront/*', async (request, reply) => {
      const rel = normalize((request.params as { '*': string })['*']);
      if (rel.startsWith('..')) return reply.code(404).send();
      return reply.type(TYPES[extname(rel)] ?? 'application/octet-stream').send(await readFile(join(DIST, rel)));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    origin = `http://content-e2e.localhost:${typeof address === 'object' && address ? address.port : 0}`;
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await testDb?.close();
    await rm(DIST, { recursive: true, force: true });
  });

  it('hydrates without errors, loads nothing from other origins and has no serious axe violations', async () => {
    const { page: tab, errors } = await openPage(browser);
    const foreign: string[] = [];
    tab.on('request', (r) => {
      if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    await tab.goto(`${origin}/e2e/content`);
    await waitForHydration(tab);
    await tab.waitForLoadState('networkidle');
    await tab.getByRole('button', { name: /Like/ }).waitFor();
    expect(await seriousA11yViolations(tab)).toEqual([]);
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await tab.context().close();
  }, 60_000);

  it('lightbox: opens on the thumbnail, arrows move, Escape closes and focus returns to the opener', async () => {
    const { page: tab, errors } = await openPage(browser, { width: 1000, height: 700 });
    await tab.goto(`${origin}/e2e/content`);
    await waitForHydration(tab);
    const opener = tab.getByRole('button', { name: 'Open image 1 of 2: A tall red panel' });
    await opener.click();
    const dialog = tab.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('Image 1 of 2: Red');
    expect(await tab.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
    await tab.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('heading').textContent()).toBe('Image 2 of 2');
    await tab.keyboard.press('ArrowLeft');
    await tab.keyboard.press('ArrowLeft');
    expect(await dialog.getByRole('heading').textContent()).toBe('Image 2 of 2');
    for (let i = 0; i < 4; i += 1) await tab.keyboard.press('Tab');
    expect(await tab.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await tab.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await tab.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open image 1 of 2: A tall red panel');
    expect(errors).toEqual([]);
    await tab.context().close();
  }, 60_000);

  it('lightbox: a tall image keeps 50 px above and below and is re-fitted after a resize', async () => {
    const { page: tab } = await openPage(browser, { width: 1000, height: 700 });
    await tab.goto(`${origin}/e2e/content`);
    await waitForHydration(tab);
    await tab.getByRole('button', { name: 'Open image 1 of 2: A tall red panel' }).click();
    const image = tab.locator('.content-lightbox__image');
    await tab.waitForFunction(() => document.querySelector<HTMLImageElement>('.content-lightbox__image')?.style.height === '600px');
    expect(await image.evaluate((img) => [img.style.width, img.style.height])).toEqual(['400px', '600px']);
    expect(await tab.locator('[role="dialog"]').getAttribute('data-margin')).toBe('50');
    await tab.setViewportSize({ width: 1000, height: 500 });
    await tab.waitForFunction(() => document.querySelector<HTMLImageElement>('.content-lightbox__image')?.style.height === '400px', undefined, {
      timeout: 15_000,
    });
    expect(await image.evaluate((img) => img.style.width)).toBe('267px');
    await tab.context().close();
  }, 60_000);

  it('grid gallery opens its light lightbox on a tile and returns focus to it', async () => {
    const { page: tab, errors } = await openPage(browser);
    await tab.goto(`${origin}/e2e/content`);
    await waitForHydration(tab);
    await tab.waitForLoadState('networkidle');
    const tile = tab.getByRole('button', { name: 'Open Grid A wide blue panel' });
    await tile.click();
    const overlay = tab.locator('.content-lightbox');
    await overlay.waitFor();
    expect(await overlay.getAttribute('class')).toContain('content-lightbox--light');
    expect(await tab.getByRole('dialog').getByRole('heading').textContent()).toBe('Image 2 of 2');
    await tab.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });
    expect(await tab.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open Grid A wide blue panel');
    expect(errors).toEqual([]);
    await tab.context().close();
  }, 60_000);

  it('slideshow autoplays at the configured duration and pauses on request', async () => {
    const { page: tab } = await openPage(browser);
    await tab.goto(`${origin}/e2e/content`);
    await waitForHydration(tab);
    const status = tab.locator('.content-gallery__status');
    // With a 1 s duration the first slide may already have advanced on a loaded machine: wait for a change.
    const first = await status.textContent();
    expect(first).toMatch(/^Slide (1 of 2: Red|2 of 2: Blue)$/);
    await tab.waitForFunction((before) => document.querySelector('.content-gallery__status')?.textContent !== before, first, { timeout: 15_000 });
    await tab.getByRole('button', { name: 'Pause slideshow' }).click();
    await tab.mouse.move(0, 0);
    const paused = await status.textContent();
    await tab.waitForTimeout(2200);
    expect(await status.textContent()).toBe(paused);
    await tab.context().close();
  }, 60_000);

  it('likes once per visitor, and the like survives a reload', async () => {
    const { page: tab, errors } = await openPage(browser);
    await tab.goto(`${origin}/e2e/content`);
    await waitForHydration(tab);
    const like = tab.locator('.content-like__button');
    await tab.waitForLoadState('networkidle');
    await like.click();
    // The button shows the like at once and is disabled until the server has it; reloading
    // before then would cancel the request.
    await tab.waitForFunction(() => {
      const button = document.querySelector<HTMLButtonElement>('.content-like__button');
      return button?.getAttribute('aria-pressed') === 'true' && !button.disabled;
    });
    expect(await like.textContent()).toContain('(1 like)');
    await tab.reload();
    await waitForHydration(tab);
    await tab.waitForFunction(() => document.querySelector('.content-like__button')?.getAttribute('aria-pressed') === 'true', undefined, { timeout: 15_000 });
    expect(await like.textContent()).toContain('(1 like)');
    expect(errors).toEqual([]);
    await tab.context().close();
  }, 60_000);

  it('posts a comment into the moderation queue and shows field errors', async () => {
    const { page: tab } = await openPage(browser);
    await tab.goto(`${origin}/e2e/content`);
    await waitForHydration(tab);
    await tab.waitForLoadState('networkidle');
    await tab.getByRole('button', { name: 'Post Comment' }).click();
    await tab.getByText('Please enter your name.').waitFor({ timeout: 15_000 });
    await tab.getByLabel('Name').fill('Grace');
    await tab.getByLabel('Email (not shown)').fill('grace@example.com');
    await tab.getByLabel('Comment', { exact: true }).fill('Lovely post');
    await tab.getByRole('button', { name: 'Post Comment' }).click();
    await tab.getByText('Your comment will appear once the site owner approves it.', { exact: false }).waitFor({ timeout: 15_000 });
    const rows = await testDb.db
      .select()
      .from(comments)
      .where(and(eq(comments.websiteId, content.site.id), eq(comments.itemId, content.postId)));
    expect(rows.map((r) => [r.authorName, r.body, r.status])).toEqual([['Grace', 'Lovely post', 'pending']]);
    await tab.context().close();
  }, 60_000);
});
