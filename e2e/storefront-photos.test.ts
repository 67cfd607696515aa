/**
 * Issue 12 "Media": the demo shop's seeded photos reach the visitor as responsive images
 * (spec 9 srcset widths 100-2500, `sizes`), the browser picks one copy from the srcset, and the
 * focal point an owner sets through the media call (spec 3 `mediaFocalPoint`, 0 to 1 from the
 * top left) shows as the image's object-position under the real security headers.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { defaultMediaStorage } from '../packages/server/src/media/index.js';
import { seedDemo } from '../packages/server/src/seed/index.js';
import { createTestDb, type TestDb } from '../packages/server/test-support/test-db.js';
import { launchBrowser, openPage, screenshot, seriousA11yViolations } from './support/browser.js';

const OWNER_TOKEN = 'storefront-photos-owner-token-0123456789';
const PHONE = { width: 390, height: 844 };

describe('seeded product photos on the storefront (issue 12; spec 3 and 9 image rules)', () => {
  let testDb: TestDb;
  let dataDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let browser: Browser;
  let origin: string;
  let photoMs = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'emporium-e2e-photos-'));
    testDb = await createTestDb();
    const seeded = await seedDemo(testDb.db, undefined, { photos: defaultMediaStorage(dataDir) });
    photoMs = seeded.photos?.ms ?? 0;
    app = await buildApp({ db: testDb.db, config: loadConfig({ LOG_LEVEL: 'silent' }, { dataDir, ownerToken: OWNER_TOKEN }), pages: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (typeof address !== 'object' || !address) throw new Error('no port');
    origin = `http://demo.localhost:${address.port}`;
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await testDb?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('shows the seeded photo with srcset and sizes, and the browser picks a WebP width from it', async () => {
    expect(photoMs).toBeGreaterThan(0);
    for (const [viewport, name] of [
      [{ width: 1280, height: 900 }, 'storefront-photo-desktop'],
      [PHONE, 'storefront-photo-phone'],
    ] as const) {
      const { page, errors } = await openPage(browser, viewport);
      await page.goto(`${origin}/shop/stoneware-mug`);
      const image = page.locator('.product__main-image img');
      await image.evaluate((img: HTMLImageElement) => (img.complete ? null : new Promise((resolve) => img.addEventListener('load', resolve, { once: true }))));
      const shown = await image.evaluate((img: HTMLImageElement) => ({
        srcset: img.getAttribute('srcset') ?? '',
        sizes: img.getAttribute('sizes'),
        alt: img.alt,
        currentSrc: img.currentSrc,
        naturalWidth: img.naturalWidth,
        shownWidth: img.getBoundingClientRect().width,
      }));
      const widths = shown.srcset.split(', ').map((c) => Number.parseInt(c.split(' ')[1]!, 10));
      expect(widths).toEqual([100, 300, 500, 750, 1000]);
      expect(shown.sizes).toBe('(min-width: 56em) 50vw, 100vw');
      expect(shown.alt).toBe('A speckled blue stoneware mug with a wide handle');
      const picked = shown.srcset.split(', ').find((c) => `${origin}${c.split(' ')[0]}` === shown.currentSrc);
      expect(picked, shown.currentSrc).toBeDefined();
      expect(shown.currentSrc).toMatch(/\.webp$/);
      // The picked copy covers the shown width (the copies above 1000 do not exist for a 1000 px original).
      expect(shown.naturalWidth).toBeGreaterThanOrEqual(Math.min(1000, Math.floor(shown.shownWidth)));
      expect(shown.naturalWidth).toBeLessThan(1000 + 1);
      // The status mark (here 'Kiln reloading') sits on the photo at every width.
      const mark = await page.locator('.product__gallery .product-mark').boundingBox();
      const photo = await image.boundingBox();
      expect(mark!.y).toBeGreaterThanOrEqual(photo!.y);
      expect(mark!.y + mark!.height).toBeLessThanOrEqual(photo!.y + photo!.height);
      await screenshot(page, name);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }, 120_000);

  it('shows srcset photos in the shop list', async () => {
    const { page, errors } = await openPage(browser, PHONE);
    await page.goto(`${origin}/shop`);
    const cards = page.locator('img.product-card__image');
    expect(await cards.count()).toBeGreaterThanOrEqual(5);
    for (const srcset of await cards.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('srcset') ?? '')))
      expect(srcset).toMatch(/\.webp 100w, .*\.webp 1000w$/);
    await screenshot(page, 'storefront-photo-list-phone');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('shows the seeded blog post photo with srcset and sizes, and the browser picks a WebP copy that covers it', async () => {
    const { page, errors } = await openPage(browser, PHONE);
    await page.goto(`${origin}/journal/why-we-wash-our-linen-twice`);
    const image = page.locator('.post__hero img');
    await image.evaluate((img: HTMLImageElement) => (img.complete ? null : new Promise((resolve) => img.addEventListener('load', resolve, { once: true }))));
    const shown = await image.evaluate((img: HTMLImageElement) => ({
      srcset: img.getAttribute('srcset') ?? '',
      sizes: img.getAttribute('sizes'),
      currentSrc: img.currentSrc,
      naturalWidth: img.naturalWidth,
      shownWidth: img.getBoundingClientRect().width * devicePixelRatio,
    }));
    expect(shown.srcset.split(', ').map((c) => Number.parseInt(c.split(' ')[1]!, 10))).toEqual([100, 300, 500, 750, 1000]);
    expect(shown.sizes).toBe('(min-width: 760px) 760px, 100vw');
    expect(shown.currentSrc).toMatch(/^http:\/\/demo\.localhost:\d+\/api\/media\/[a-z0-9]+\/[0-9a-f]{32}-\d+\.webp$/);
    expect(shown.naturalWidth).toBeGreaterThanOrEqual(Math.min(1000, Math.floor(shown.shownWidth)));
    expect(shown.naturalWidth).toBeLessThan(1000);
    await screenshot(page, 'storefront-photo-post-phone');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('shows a focal point set through the owner call as the image’s object-position', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { authorization: `Bearer ${OWNER_TOKEN}` } });
    const page = await context.newPage();
    await page.goto(`${origin}/shop/linen-camp-shirt`);
    const before = await page.locator('.product__main-image img').evaluate((img) => getComputedStyle(img).objectPosition);
    expect(before).toBe('50% 50%');
    const crumb = (await context.cookies()).find((c) => c.name === 'crumb')?.value ?? '';
    const result = await page.evaluate(
      async ({ crumb }) => {
        const list = await fetch('/api/owner/catalogue/products?q=Linen%20Camp').then((r) => r.json());
        const productId = list.products[0].id;
        const { images } = await fetch(`/api/owner/catalogue/products/${productId}/images`).then((r) => r.json());
        const imageId = images[0].id;
        const response = await fetch(`/api/owner/catalogue/products/${productId}/images/${imageId}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
          body: JSON.stringify({ focalPoint: { x: 0.2, y: 0.75 } }),
        });
        return { status: response.status, body: await response.json() };
      },
      { crumb },
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    await page.reload();
    const image = page.locator('.product__main-image img');
    expect(await image.evaluate((img) => getComputedStyle(img).objectPosition)).toBe('20% 75%');
    await context.close();
  }, 60_000);
});
