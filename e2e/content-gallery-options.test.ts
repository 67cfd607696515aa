/**
 * Spec 3 gallery options and spec 4 option visibility in Chromium on the seeded studio gallery:
 * lightbox, auto-crop, thumbnails, square-thumbs and show-meta-on-hover, each set on and off by
 * the owner and checked as the visitor sees and uses the page. The studio pictures are made
 * portrait (600x900) so cropping and square thumbnails are visible.
 */
import { and, eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collections, items, websites } from '../packages/server/src/db/index.js';
import { allA11yViolations, launchBrowser, openPage, waitForHydration } from './support/browser.js';
import { setGalleryOptions } from './support/gallery.js';
import { startStore, type RunningStore } from './support/store.js';

const PORTRAIT = { width: 600, height: 900 };
const FIRST_CAPTION = 'Warp threads on the floor loom';

let store: RunningStore;
let browser: Browser;
let studioWhere: ReturnType<typeof and>;
let pictureCount = 0;

function portraitSvg(fill: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT.width}" height="${PORTRAIT.height}"><rect width="100%" height="100%" fill="${fill}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Sets the options, opens /studio, waits for the island to hydrate and the design to show. */
async function openStudio(
  gallery: Record<string, unknown>,
  viewport?: { width: number; height: number },
): Promise<{ page: Page; errors: string[]; gallery: Locator }> {
  await setGalleryOptions(store, gallery);
  const { page, errors } = await openPage(browser, viewport);
  await page.goto(`${store.siteUrl()}/studio`, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  const root = page.locator(`.content-gallery--${String(gallery.design)}`);
  await root.waitFor();
  return { page, errors, gallery: root };
}

/** Width / height of the laid-out box, once the image has loaded. */
async function boxRatio(image: Locator): Promise<number> {
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
  const box = (await image.boundingBox())!;
  return box.width / box.height;
}

beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
  const db = store.app.emporium.db;
  const [site] = await db.select({ id: websites.id }).from(websites).where(eq(websites.identifier, 'demo'));
  studioWhere = and(eq(collections.websiteId, site!.id), eq(collections.urlId, 'studio'));
  const [studio] = await db.select({ id: collections.id }).from(collections).where(studioWhere);
  const pictures = await db
    .select({ id: items.id, structuredContent: items.structuredContent })
    .from(items)
    .where(and(eq(items.websiteId, site!.id), eq(items.collectionId, studio!.id)));
  pictureCount = pictures.length;
  const fills = ['#6f9a6b', '#5d7236', '#c7653f', '#5b4f96', '#9c3d5f', '#c9a25b', '#2f6f8f', '#8a7b66'];
  for (const [i, picture] of pictures.entries()) {
    await db
      .update(items)
      .set({
        assetUrl: portraitSvg(fills[i % fills.length]!),
        structuredContent: { ...picture.structuredContent, originalSize: `${PORTRAIT.width}x${PORTRAIT.height}` },
      })
      .where(eq(items.id, picture.id));
  }
}, 120_000);

afterEach(async () => {
  await Promise.all(browser.contexts().map((c) => c.close()));
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

describe('gallery option: lightbox (spec 3, grid)', () => {
  it('on: every picture is a button that opens it in a dialog, its caption in view (spec 9: 50 px margin); Escape closes it and focus returns; no axe violation while open', async () => {
    const windowHeight = 800;
    const { page, errors, gallery } = await openStudio({ design: 'grid', lightbox: true }, { width: 1280, height: windowHeight });
    const openers = gallery.getByRole('button', { name: /^Open / });
    expect(await openers.count()).toBe(pictureCount);
    const first = gallery.getByRole('button', { name: `Open ${FIRST_CAPTION}` });
    await first.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect(dialog.locator('img').first().getAttribute('alt')).resolves.toBe(FIRST_CAPTION);
    await expect.poll(async () => (await dialog.locator('img').first().boundingBox())?.height).toBe(windowHeight - 2 * 50);
    const picture = (await dialog.locator('img').first().boundingBox())!;
    const caption = (await dialog.locator('figcaption').boundingBox())!;
    expect(caption.y).toBeGreaterThanOrEqual(picture.y);
    expect(caption.y + caption.height).toBeLessThanOrEqual(Math.min(picture.y + picture.height, windowHeight) + 0.5);
    expect(await allA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('off: pictures are plain images carrying their alt text, and clicking one opens nothing', async () => {
    const { page, errors, gallery } = await openStudio({ design: 'grid', lightbox: false });
    expect(await gallery.getByRole('button').count()).toBe(0);
    const image = gallery.getByRole('img', { name: FIRST_CAPTION });
    expect(await image.count()).toBe(1);
    await image.click();
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await allA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('gallery option: auto-crop (spec 3, slideshow; spec 4: aspect ratio applies only when on)', () => {
  it('on: the portrait slide is cropped to the widescreen aspect ratio', async () => {
    const { gallery, errors } = await openStudio({ design: 'slideshow', 'auto-crop': true, 'aspect-ratio': 'widescreen', autoplay: false });
    expect(await boxRatio(gallery.locator('figure:visible img'))).toBeCloseTo(16 / 9, 1);
    expect(errors).toEqual([]);
  });

  it('off: the slide keeps its own portrait shape and the aspect ratio is ignored', async () => {
    const { gallery, errors } = await openStudio({ design: 'slideshow', 'auto-crop': false, 'aspect-ratio': 'widescreen', autoplay: false });
    expect(await boxRatio(gallery.locator('figure:visible img'))).toBeCloseTo(PORTRAIT.width / PORTRAIT.height, 1);
    expect(errors).toEqual([]);
  });
});

describe('gallery option: thumbnails (spec 3, slideshow only)', () => {
  it('on: a strip of one thumbnail per slide; choosing the third shows slide 3 and marks it current', async () => {
    const { page, gallery, errors } = await openStudio({ design: 'slideshow', thumbnails: true, autoplay: false });
    const strip = gallery.getByRole('list', { name: 'Choose a slide' });
    expect(await strip.getByRole('button').count()).toBe(pictureCount);
    const third = strip.getByRole('button', { name: 'Show slide 3' });
    await third.click();
    await expect(gallery.locator('.content-gallery__status').textContent()).resolves.toMatch(/^Slide 3 of \d+/);
    expect(await third.getAttribute('aria-current')).toBe('true');
    expect(await strip.locator('[aria-current]').count()).toBe(1);
    expect(await gallery.locator('figure[aria-roledescription="slide"]:visible').getAttribute('aria-label')).toBe(`3 of ${pictureCount}`);
    expect(await allA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('off: no strip; slides change only through the controls', async () => {
    const { gallery, errors } = await openStudio({ design: 'slideshow', thumbnails: false, autoplay: false });
    expect(await gallery.getByRole('list', { name: 'Choose a slide' }).count()).toBe(0);
    expect(await gallery.getByRole('button', { name: /^Show slide/ }).count()).toBe(0);
    expect(await gallery.getByRole('button', { name: 'Next slide' }).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('spec 4: thumbnails do not apply to the grid design', async () => {
    const { gallery, errors } = await openStudio({ design: 'grid', thumbnails: true });
    expect(await gallery.getByRole('list', { name: 'Choose a slide' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('gallery option: square-thumbs (spec 3, slideshow with thumbnails)', () => {
  it('on: thumbnails are square crops of the portrait pictures', async () => {
    const { gallery, errors } = await openStudio({ design: 'slideshow', thumbnails: true, 'square-thumbs': true, autoplay: false });
    const thumbs = gallery.getByRole('list', { name: 'Choose a slide' }).locator('img');
    expect(await boxRatio(thumbs.first())).toBeCloseTo(1, 1);
    expect(await boxRatio(thumbs.last())).toBeCloseTo(1, 1);
    expect(errors).toEqual([]);
  });

  it('off: thumbnails keep the portrait shape', async () => {
    const { gallery, errors } = await openStudio({ design: 'slideshow', thumbnails: true, 'square-thumbs': false, autoplay: false });
    const thumbs = gallery.getByRole('list', { name: 'Choose a slide' }).locator('img');
    expect(await boxRatio(thumbs.first())).toBeCloseTo(PORTRAIT.width / PORTRAIT.height, 1);
    expect(errors).toEqual([]);
  });
});

describe('gallery option: show-meta-on-hover (spec 3, grid with show-meta)', () => {
  const opacity = (caption: Locator) => caption.evaluate((el) => getComputedStyle(el).opacity);

  it('on: captions stay hidden until the pointer is over the picture or it has keyboard focus', async () => {
    const { page, gallery, errors } = await openStudio({ design: 'grid', 'show-meta': true, 'show-meta-on-hover': true, lightbox: true });
    const figures = gallery.locator('figure');
    const caption = figures.first().locator('.content-gallery__meta');
    await expect(caption.textContent()).resolves.toBe(FIRST_CAPTION);
    await page.mouse.move(1, 1);
    await expect.poll(() => opacity(caption)).toBe('0');
    await figures.first().hover();
    await expect.poll(() => opacity(caption)).toBe('1');
    expect(await opacity(figures.nth(1).locator('.content-gallery__meta'))).toBe('0');
    await page.mouse.move(1, 1);
    await expect.poll(() => opacity(caption)).toBe('0');
    await figures.nth(1).getByRole('button').focus();
    await expect.poll(() => opacity(figures.nth(1).locator('.content-gallery__meta'))).toBe('1');
    expect(await allA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('off: captions show without hovering', async () => {
    const { page, gallery, errors } = await openStudio({ design: 'grid', 'show-meta': true, 'show-meta-on-hover': false });
    await page.mouse.move(1, 1);
    const caption = gallery.locator('figure').first().locator('.content-gallery__meta');
    await expect(caption.textContent()).resolves.toBe(FIRST_CAPTION);
    expect(await opacity(caption)).toBe('1');
    expect(errors).toEqual([]);
  });

  it('spec 4: on the stacked design the option does not apply and captions show without hovering', async () => {
    const { page, gallery, errors } = await openStudio({ design: 'stacked', 'show-meta': true, 'show-meta-on-hover': true });
    await page.mouse.move(1, 1);
    const caption = gallery.locator('figure').first().locator('.content-gallery__meta');
    expect(await opacity(caption)).toBe('1');
    expect(errors).toEqual([]);
  });
});
