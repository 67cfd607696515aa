import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { items, products, websites } from '../db/index.js';
import { defaultMediaStorage, SRCSET_WIDTHS } from '../media/index.js';
import { DEMO_PHOTOS_DIR, seedDemo } from './index.js';

describe('the demo shop ships real photos (issue 12 "Media"; spec 9 srcset widths)', () => {
  let t: TestApp;
  let dataDir: string;
  let first: Awaited<ReturnType<typeof seedDemo>>;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'emporium-seed-photos-'));
    t = await createTestApp({ pages: true, config: { dataDir } });
    first = await seedDemo(t.testDb.db, undefined, { photos: defaultMediaStorage(dataDir) });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const demoProducts = async () => {
    const [demo] = await t.testDb.db.select().from(websites).where(eq(websites.identifier, 'demo'));
    const rows = await t.testDb.db
      .select({ id: items.id, urlId: items.urlId, assetUrl: items.assetUrl, structuredContent: items.structuredContent })
      .from(items)
      .innerJoin(products, eq(products.itemId, items.id))
      // A paywall product (type 5) sells a member area, not a thing to photograph.
      .where(and(eq(items.websiteId, demo!.id), eq(items.recordType, 11), ne(products.productType, 5)));
    return { demo: demo!, rows };
  };

  it('keeps the committed originals small', async () => {
    const files = await readdir(DEMO_PHOTOS_DIR);
    expect(files.length).toBeGreaterThanOrEqual(10);
    let total = 0;
    for (const file of files) {
      const meta = await sharp(new URL(file, DEMO_PHOTOS_DIR).pathname).metadata();
      expect(meta.format, file).toBe('jpeg');
      expect(meta.size ?? 0, file).toBeLessThan(40_000);
      total += meta.size ?? 0;
    }
    expect(total).toBeLessThan(400_000);
  });

  it('gives every demo product a photo with a srcset of the spec widths that the server serves', async () => {
    expect(first.photos!.products).toBeGreaterThanOrEqual(10);
    const { demo, rows } = await demoProducts();
    expect(rows.length).toBe(first.photos!.products);
    const host = t.hostOf(demo as never);
    for (const row of rows) {
      const images = row.structuredContent.images as { assetUrl: string; srcset: string; srcsetOriginal: string; altText: string }[];
      expect(images.length, row.urlId).toBeGreaterThanOrEqual(1);
      expect(row.assetUrl).toBe(images[0]!.assetUrl);
      for (const image of images) {
        expect(image.altText, row.urlId).not.toBe('');
        const widths = image.srcset.split(', ').map((c) => Number.parseInt(c.split(' ')[1]!, 10));
        expect(widths, row.urlId).toEqual(SRCSET_WIDTHS.filter((w) => w <= 1000));
        for (const [list, type] of [
          [image.srcset, 'image/webp'],
          [image.srcsetOriginal, 'image/jpeg'],
        ] as const) {
          for (const candidate of list.split(', ')) {
            const [url, width] = candidate.split(' ');
            const copy = await t.app.inject({ method: 'GET', url: url!, headers: { host } });
            expect(copy.statusCode, url).toBe(200);
            expect(copy.headers['content-type'], url).toBe(type);
            expect((await sharp(copy.rawPayload).metadata()).width, url).toBe(Number.parseInt(width!, 10));
          }
        }
      }
    }
    const shirt = rows.find((r) => r.urlId === 'linen-camp-shirt')!;
    expect((shirt.structuredContent.images as unknown[]).length).toBe(3);
  });

  it('shows the photos with srcset on the shop list and the product page', async () => {
    const { demo, rows } = await demoProducts();
    const host = t.hostOf(demo as never);
    const list = await t.app.inject({ method: 'GET', url: '/shop', headers: { host, accept: 'text/html' } });
    expect(list.statusCode).toBe(200);
    const cards = [...list.body.matchAll(/<img class="product-card__image" ([^>]*)>/g)].map((m) => m[1]!);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card).toMatch(/srcset="\/api\/media\/[^"]+ 100w, [^"]+" sizes="/);
    const mug = rows.find((r) => r.urlId === 'stoneware-mug')!;
    const page = await t.app.inject({ method: 'GET', url: '/shop/stoneware-mug', headers: { host, accept: 'text/html' } });
    const main = /<figure class="product__main-image">\s*<img ([^>]*)>/.exec(page.body)?.[1] ?? '';
    expect(main).toContain(`srcset="${(mug.structuredContent.images as { srcset: string }[])[0]!.srcset}"`);
    expect(main).toContain('alt="A speckled blue stoneware mug with a wide handle"');
  });

  it('gives a blog post, the pictures under a post and gallery images photos in the srcset widths, shown with srcset', async () => {
    expect(first.photos!.pictures).toBeGreaterThanOrEqual(3);
    const { demo } = await demoProducts();
    const host = t.hostOf(demo as never);
    const [post] = await t.testDb.db
      .select({ assetUrl: items.assetUrl })
      .from(items)
      .where(and(eq(items.websiteId, demo.id), eq(items.urlId, 'why-we-wash-our-linen-twice')));
    expect(post!.assetUrl).toMatch(/^\/api\/media\//);
    const page = await t.app.inject({ method: 'GET', url: '/journal/why-we-wash-our-linen-twice', headers: { host, accept: 'text/html' } });
    const hero = /<figure class="post__hero"><img ([^>]*)>/.exec(page.body)?.[1] ?? '';
    expect(hero).toContain(`src="${post!.assetUrl}"`);
    expect(hero).toMatch(/srcset="\/api\/media\/[^"]+-100\.webp 100w, [^"]+-1000\.webp 1000w" sizes="/);
    const gallery = await t.testDb.db
      .select({ assetUrl: items.assetUrl })
      .from(items)
      .where(and(eq(items.websiteId, demo.id), eq(items.recordType, 2)));
    const uploaded = gallery.filter((g) => g.assetUrl?.startsWith('/api/media/'));
    expect(uploaded.length).toBeGreaterThanOrEqual(1);
    const studio = await t.app.inject({ method: 'GET', url: '/studio', headers: { host, accept: 'text/html' } });
    for (const { assetUrl } of uploaded) {
      const img = [...studio.body.matchAll(/<img ([^>]*)>/g)].map((m) => m[1]!).find((a) => a.includes(`src="${assetUrl}"`)) ?? '';
      expect(img).toMatch(/srcset="[^"]+ 100w, [^"]+" sizes="/i);
    }
  });

  it('adds no photos when seeded again (a re-seed or a restart)', async () => {
    const before = await demoProducts();
    const files = (await readdir(join(dataDir, 'media', before.demo.id))).length;
    const again = await seedDemo(t.testDb.db, undefined, { photos: defaultMediaStorage(dataDir) });
    expect(again).toMatchObject({ created: [], skipped: ['demo', 'journal'], photos: { products: 0, photos: 0, pictures: 0 } });
    const after = await demoProducts();
    expect(after.rows.map((r) => r.structuredContent.images)).toEqual(before.rows.map((r) => r.structuredContent.images));
    expect((await readdir(join(dataDir, 'media', before.demo.id))).length).toBe(files);
  });
});
