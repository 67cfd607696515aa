import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, type CatalogueTestApp } from '../catalogue/catalogue-test-kit.js';
import { items } from '../db/index.js';
import type { Website } from '../sites/index.js';
import { SRCSET_WIDTHS } from './image-renditions.js';
import { UPLOAD_MESSAGES } from './routes.js';

function multipartBody(file: Buffer, filename: string, altText?: string): { payload: Buffer; contentType: string } {
  const boundary = 'emporiumboundary0123456789';
  const parts: Buffer[] = [];
  if (altText !== undefined) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="altText"\r\n\r\n${altText}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('product photos (issue 12; spec 9 srcset widths, spec 5 upload messages)', () => {
  let t: CatalogueTestApp;
  let site: Website;
  let dataDir: string;
  let productId: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'emporium-media-'));
    t = await createCatalogueTestApp({ config: { dataDir } });
    site = (await t.shopSite('media-a')).site;
    const created = await t.call(site, 'POST', '/api/owner/catalogue/products', { title: 'Vase', variants: [{ sku: 'VASE-1', priceCents: 4500 }] });
    productId = created.json().id;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (file: Buffer, name = 'photo.jpg', altText?: string, owner = true) => {
    const { payload, contentType } = multipartBody(file, name, altText);
    return t.call(site, 'POST', `/api/owner/catalogue/products/${productId}/images`, undefined, { owner, payload, headers: { 'content-type': contentType } });
  };

  it('resizes a JPEG once into the srcset widths up to its own, in WebP and JPEG, attaches it and serves it immutably', async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 180, g: 120, b: 60 } } })
      .jpeg()
      .toBuffer();
    const response = await upload(jpeg, 'vase.png', 'A clay vase');
    expect(response.statusCode, response.body).toBe(201);
    const image = response.json();
    const widths = SRCSET_WIDTHS.filter((w) => w <= 1200);
    expect(widths).toEqual([100, 300, 500, 750, 1000]);
    expect(image).toMatchObject({ altText: 'A clay vase', originalSize: '1200x800', assetUrl: `/api/media/${site.id}/${image.id}-1000.jpg` });
    expect(image.srcset).toBe(widths.map((w) => `/api/media/${site.id}/${image.id}-${w}.webp ${w}w`).join(', '));
    expect(image.srcsetOriginal).toBe(widths.map((w) => `/api/media/${site.id}/${image.id}-${w}.jpg ${w}w`).join(', '));
    const served = await t.call(site, 'GET', `/api/media/${site.id}/${image.id}-300.webp`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(300);
    const [item] = await t.db.select({ assetUrl: items.assetUrl, structuredContent: items.structuredContent }).from(items).where(eq(items.id, productId));
    expect(item!.assetUrl).toBe(image.assetUrl);
    expect(item!.structuredContent.images).toEqual([image]);
  });

  it('refuses files that are not JPEG, PNG or WebP by their bytes, whatever their name, and uploads without a session', async () => {
    const refused = await upload(Buffer.from('GIF89a not really an image'), 'photo.jpg');
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe(UPLOAD_MESSAGES.notSupported);
    const png = await sharp({ create: { width: 50, height: 50, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    expect((await upload(png, 'tiny.png', undefined, false)).statusCode).toBe(401);
    const small = await upload(png, 'tiny.png');
    expect(small.statusCode).toBe(201);
    expect(small.json().srcsetOriginal).toMatch(/-100\.png 100w$/);
  });

  it('refuses a file over the size limit with the maximum shown (413)', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const refused = await upload(big);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(UPLOAD_MESSAGES.tooLarge);
  });

  it('serves only files of the host’s site', async () => {
    const other = (await t.shopSite('media-b')).site;
    expect((await t.call(other, 'GET', `/api/media/${site.id}/${'0'.repeat(32)}-100.webp`)).statusCode).toBe(404);
    expect((await t.call(site, 'GET', `/api/media/${site.id}/..%2F..%2Fsecret-100.webp`)).statusCode).toBe(404);
  });

  it('answers a request that is not a multipart upload, or has no file, with a 4xx', async () => {
    const json = await t.call(site, 'POST', `/api/owner/catalogue/products/${productId}/images`, { file: 'x' });
    expect(json.statusCode).toBe(415);
    const boundary = 'b0123456789';
    const empty = await t.call(site, 'POST', `/api/owner/catalogue/products/${productId}/images`, undefined, {
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="altText"\r\n\r\nNo file\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(UPLOAD_MESSAGES.noFile);
    const broken = await t.call(site, 'POST', `/api/owner/catalogue/products/${productId}/images`, undefined, {
      payload: '{"file":"x"}',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(UPLOAD_MESSAGES.unreadable);
    expect((await t.call(site, 'POST', '/api/owner/catalogue/products/missing/images', { file: 'x' })).statusCode).toBe(404);
  });
});

describe('uploaded photos on the storefront (issue 12, acceptance 1; spec 9 srcset widths)', () => {
  let t: CatalogueTestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'emporium-media-page-'));
    t = await createCatalogueTestApp({ pages: true, config: { dataDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('renders the product page image with its WebP srcset and sizes, and a browser can fetch every listed copy', async () => {
    const { site } = await t.shopSite('media-page');
    const created = await t.call(site, 'POST', '/api/owner/catalogue/products', {
      title: 'Clay Vase',
      visibility: 'published',
      variants: [{ sku: 'CLAY-1', priceCents: 4500 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, urlId } = created.json() as { id: string; urlId: string };
    const jpeg = await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 90, g: 140, b: 100 } } })
      .jpeg()
      .toBuffer();
    const { payload, contentType } = multipartBody(jpeg, 'vase.jpg', 'A green clay vase');
    const uploaded = await t.call(site, 'POST', `/api/owner/catalogue/products/${id}/images`, undefined, { payload, headers: { 'content-type': contentType } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const image = uploaded.json() as { srcset: string; assetUrl: string };

    const page = await t.app.inject({ method: 'GET', url: `/shop/${urlId}`, headers: { host: t.hostOf(site), accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const main = /<figure class="product__main-image">\s*<img ([^>]*)>/.exec(page.body)?.[1] ?? '';
    expect(main).toContain(`src="${image.assetUrl}"`);
    expect(main).toContain(`srcset="${image.srcset}"`);
    expect(main).toContain('sizes="(min-width: 56em) 50vw, 100vw"');
    expect(main).toContain('alt="A green clay vase"');
    for (const candidate of image.srcset.split(', ')) {
      const [url, width] = candidate.split(' ');
      const copy = await t.app.inject({ method: 'GET', url: url!, headers: { host: t.hostOf(site) } });
      expect(copy.statusCode, url).toBe(200);
      expect((await sharp(copy.rawPayload).metadata()).width).toBe(Number.parseInt(width!, 10));
    }
  });
});
