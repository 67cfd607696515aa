import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, websites } from '../db/index.js';
import { defaultMediaStorage, SRCSET_WIDTHS, storeImage, type StoredImage } from '../media/index.js';
import { staticIslandAssets } from './island-assets.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';

const EXTERNAL = 'https://images.example.com/hills.jpg';

/** The attributes of every `<img>` in `html` whose src is `src`. */
function imagesWithSrc(html: string, src: string): string[] {
  return [...html.matchAll(/<img ([^>]*)>/g)].map((m) => m[1]!).filter((attrs) => attrs.includes(`src="${src}"`));
}

/** The widths listed in an `<img>`'s srcset, and that every candidate is a WebP copy of `image`. */
function srcsetWidths(attrs: string, image: StoredImage): number[] {
  // React writes the attribute as srcSet; HTML attribute names are case-insensitive.
  const srcset = /srcset="([^"]*)"/i.exec(attrs)?.[1] ?? '';
  const id = /\/([0-9a-f]{32})-/.exec(image.assetUrl)![1];
  return srcset.split(', ').map((candidate) => {
    const [url, width] = candidate.split(' ');
    expect(url).toBe(image.assetUrl.replace(/-\d+\.jpg$/, `-${Number.parseInt(width!, 10)}.webp`));
    expect(url).toContain(id);
    return Number.parseInt(width!, 10);
  });
}

describe.each([
  ['template markup', false],
  ['islands', true],
])('uploaded images on blog posts and galleries are responsive, external ones plain (spec 9 srcset widths) — %s', (_name, islands) => {
  let t: PagesTestApp;
  let dataDir: string;
  let wide: StoredImage;
  let small: StoredImage;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'emporium-responsive-'));
    t = await createPagesTestApp({ islands: staticIslandAssets(islands), config: { dataDir } });
    const db = t.testDb.db;
    const [demo] = await db.select().from(websites).where(eq(websites.identifier, 'demo'));
    const storage = defaultMediaStorage(dataDir);
    const photo = (width: number) =>
      sharp({ create: { width, height: Math.round(width * 0.6), channels: 3, background: { r: 120, g: 90, b: 60 } } })
        .jpeg()
        .toBuffer();
    wide = await storeImage(storage, demo!.id, await photo(1600));
    small = await storeImage(storage, demo!.id, await photo(640));
    const set = (urlId: string, assetUrl: string, extra: Record<string, unknown> = {}) =>
      db
        .update(items)
        .set({ assetUrl, structuredContent: sql`${items.structuredContent} || ${JSON.stringify(extra)}::jsonb` })
        .where(and(eq(items.websiteId, demo!.id), eq(items.urlId, urlId)));
    await set('why-we-wash-our-linen-twice', wide.assetUrl);
    await set('dyeing-with-walnut-hulls', EXTERNAL);
    await set('a-visit-to-the-apiary', EXTERNAL, {
      images: [
        { assetUrl: small.assetUrl, altText: 'Tapers on the rack', originalSize: small.originalSize },
        { assetUrl: EXTERNAL, altText: 'The hives', originalSize: '800x800' },
      ],
    });
    await set('studio-1', small.assetUrl, { originalSize: small.originalSize });
    await set('studio-2', EXTERNAL);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('gives the post hero of an upload srcset and sizes with the spec widths, loaded first', async () => {
    const page = await t.get('demo', '/journal/why-we-wash-our-linen-twice');
    expect(page.statusCode).toBe(200);
    const [hero, ...rest] = imagesWithSrc(page.body, wide.assetUrl);
    expect(rest).toEqual([]);
    expect(srcsetWidths(hero!, wide)).toEqual(SRCSET_WIDTHS.filter((w) => w <= 1500));
    expect(hero).toMatch(/ sizes="[^"]+"/);
    expect(hero).toContain('alt="A stack of folded linen shirts in oat and sage"');
    expect(hero).toContain('fetchpriority="high"');
    const served = await t.get('demo', /(\S+) 500w/.exec(hero!)![1]!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(500);
  });

  it('shows an external post image as a plain <img>', async () => {
    const page = await t.get('demo', '/journal/dyeing-with-walnut-hulls');
    const [hero] = imagesWithSrc(page.body, EXTERNAL);
    expect(hero).toBeDefined();
    expect(hero).not.toContain('srcset');
    expect(hero).not.toContain('sizes');
    expect(hero).toContain('alt="Skeins of walnut-dyed wool drying on a rack"');
  });

  it('lists posts with the upload’s srcset on its card only', async () => {
    const list = await t.get('demo', '/journal');
    const [card] = imagesWithSrc(list.body, wide.assetUrl);
    expect(srcsetWidths(card!, wide)).toEqual(SRCSET_WIDTHS.filter((w) => w <= 1500));
    expect(card).toMatch(/ sizes="[^"]+"/);
    expect(card).toContain('loading="lazy"');
    for (const plain of imagesWithSrc(list.body, EXTERNAL)) expect(plain).not.toContain('srcset');
  });

  it('gives the gallery image of an upload srcset and sizes, and leaves an external one plain', async () => {
    const page = await t.get('demo', '/studio');
    expect(page.statusCode).toBe(200);
    const [uploaded] = imagesWithSrc(page.body, small.assetUrl);
    expect(srcsetWidths(uploaded!, small)).toEqual([100, 300, 500]);
    expect(uploaded).toMatch(/ sizes="[^"]+"/);
    // A gallery's first row loads at once, the rest lazily (image-attributes.test.ts has the rule).
    expect(uploaded).toMatch(/loading="(eager|lazy)"/);
    const [external] = imagesWithSrc(page.body, EXTERNAL);
    expect(external).toBeDefined();
    expect(external!.toLowerCase()).not.toContain('srcset');
    expect(external).not.toContain('sizes');
  });

  it.runIf(islands)('gives the pictures under a post srcset and sizes when uploaded', async () => {
    const page = await t.get('demo', '/journal/a-visit-to-the-apiary');
    const photos = /<section class="post__photos"[\s\S]*?<\/section>/.exec(page.body)?.[0] ?? '';
    const [uploaded] = imagesWithSrc(photos, small.assetUrl);
    expect(srcsetWidths(uploaded!, small)).toEqual([100, 300, 500]);
    expect(uploaded).toContain('sizes="160px"');
    const [external] = imagesWithSrc(photos, EXTERNAL);
    expect(external).toBeDefined();
    expect(external!.toLowerCase()).not.toContain('srcset');
  });
});
