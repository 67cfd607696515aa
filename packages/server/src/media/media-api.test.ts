import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects, createTestDb, type TestDb } from '../../test-support/test-db.js';
import { makeOwner, signInOwner } from '../../test-support/owners.js';
import { createCatalogueTestApp, type CatalogueTestApp } from '../../test-support/catalogue-test-kit.js';
import { auditLog } from '../db/schema-owners.js';
import { CRUMB_EXPIRED_MESSAGE } from '../http/crumb.js';
import { items } from '../db/index.js';
import type { Website } from '../sites/index.js';
import { SRCSET_WIDTHS } from './image-renditions.js';
import { altTextOr } from './product-images.js';
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

  it('#24: serves an uploaded image with its image type and nosniff, so it can never be taken for a script or a page', async () => {
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 10, g: 20, b: 30 } } })
      .png()
      .toBuffer();
    const response = await upload(png, 'script.js');
    expect(response.statusCode, response.body).toBe(201);
    for (const url of [response.json().assetUrl as string, `/api/media/${site.id}/${response.json().id}-100.webp`]) {
      const served = await t.call(site, 'GET', url, undefined, { owner: false, headers: { accept: 'text/javascript, */*' } });
      expect(served.statusCode, url).toBe(200);
      expect(served.headers['content-type']).toMatch(/^image\/(png|webp)$/);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
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

  it('#24 refuses an image of more than 40 megapixels from its header, before decoding it (413)', async () => {
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#7a7' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(10 * 1024 * 1024);
    const started = performance.now();
    const refused = await upload(huge, 'huge.png');
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(UPLOAD_MESSAGES.tooManyPixels);
    expect(UPLOAD_MESSAGES.tooManyPixels).toBe('The image is too large: the maximum is 40 megapixels.');
    expect(performance.now() - started).toBeLessThan(5_000);
  }, 60_000);

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

describe.each(availableDialects())(
  'alt text and focal point of a product image (issue 12; spec 3 mediaFocalPoint, spec 9 default alt and focal point) on %s',
  (dialect) => {
    let t: CatalogueTestApp;
    let testDb: TestDb;
    let dataDir: string;
    let site: Website;
    let productId: string;
    let urlId: string;
    let image: { id: string; altText: string; assetUrl: string };
    const path = () => `/api/owner/catalogue/products/${productId}/images/${image.id}`;
    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'emporium-media-focal-'));
      testDb = await createTestDb({ dialect });
      t = await createCatalogueTestApp({ testDb, pages: true, config: { dataDir } });
      site = (await t.shopSite('media-focal')).site;
      const title = `Tall Vase ${'x'.repeat(180)}`;
      const created = await t.call(site, 'POST', '/api/owner/catalogue/products', {
        title,
        visibility: 'published',
        variants: [{ sku: 'TALL-1', priceCents: 4500 }],
      });
      expect(created.statusCode, created.body).toBe(201);
      ({ id: productId, urlId } = created.json());
      const jpeg = await sharp({ create: { width: 600, height: 900, channels: 3, background: { r: 60, g: 90, b: 140 } } })
        .jpeg()
        .toBuffer();
      const { payload, contentType } = multipartBody(jpeg, 'tall.jpg');
      const uploaded = await t.call(site, 'POST', `/api/owner/catalogue/products/${productId}/images`, undefined, {
        payload,
        headers: { 'content-type': contentType },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      image = uploaded.json();
    });
    afterAll(async () => {
      await t.close();
      await testDb.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('gives an upload without alt text the product title as its alt text', () => {
      expect(image.altText).toBe(`Tall Vase ${'x'.repeat(180)}`);
    });

    it('stores the alt text and focal point, shows them on the product page as alt and object-position, and records the change', async () => {
      const changed = await t.call(site, 'PATCH', path(), { altText: 'A tall blue vase', focalPoint: { x: 0.25, y: 0.8 } });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ id: image.id, altText: 'A tall blue vase', mediaFocalPoint: { x: 0.25, y: 0.8 } });
      const [item] = await t.db.select({ structuredContent: items.structuredContent }).from(items).where(eq(items.id, productId));
      expect(item!.structuredContent.images).toEqual([changed.json()]);
      const page = await t.app.inject({ method: 'GET', url: `/shop/${urlId}`, headers: { host: t.hostOf(site), accept: 'text/html' } });
      const main = /<figure class="product__main-image">\s*<img ([^>]*)>/.exec(page.body)?.[1] ?? '';
      expect(main).toContain('style="object-position: 25% 80%"');
      expect(main).toContain('alt="A tall blue vase"');
      const list = await t.app.inject({ method: 'GET', url: '/shop', headers: { host: t.hostOf(site), accept: 'text/html' } });
      const card = /<img class="product-card__image" ([^>]*)>/.exec(list.body)?.[1] ?? '';
      expect(card).toContain(`srcset="${changed.json().srcset}"`);
      expect(card).toContain('style="object-position: 25% 80%"');
      const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'product.image.update'));
      expect(audit).toMatchObject({ subjectId: productId, detail: { imageId: image.id, focalPoint: { x: 0.25, y: 0.8 } } });
    });

    it('changes the focal point alone, and an empty alt text goes back to the title capped at 250 characters', async () => {
      const moved = await t.call(site, 'PATCH', path(), { focalPoint: { x: 0, y: 1 } });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ altText: 'A tall blue vase', mediaFocalPoint: { x: 0, y: 1 } });
      const reset = await t.call(site, 'PATCH', path(), { altText: '' });
      expect(reset.statusCode, reset.body).toBe(200);
      const [item] = await t.db.select({ title: items.title }).from(items).where(eq(items.id, productId));
      expect(reset.json().altText).toBe(item!.title.slice(0, 250));
      expect(reset.json().mediaFocalPoint).toEqual({ x: 0, y: 1 });
      expect(altTextOr('  ', 'T'.repeat(300))).toBe('T'.repeat(250));
    });

    it('refuses a focal point outside 0 to 1, a long alt text or an empty change with 400 and the fields', async () => {
      const outside = await t.call(site, 'PATCH', path(), { focalPoint: { x: 1.5, y: -0.1 } });
      expect(outside.statusCode).toBe(400);
      expect(Object.keys(outside.json().fields)).toEqual(expect.arrayContaining(['focalPoint.x', 'focalPoint.y']));
      const long = await t.call(site, 'PATCH', path(), { altText: 'z'.repeat(251) });
      expect(long.statusCode).toBe(400);
      expect(Object.keys(long.json().fields)).toContain('altText');
      const notNumbers = await t.call(site, 'PATCH', path(), { focalPoint: { x: '0.5' } });
      expect(notNumbers.statusCode).toBe(400);
      expect(Object.keys(notNumbers.json().fields)).toEqual(expect.arrayContaining(['focalPoint.x', 'focalPoint.y']));
      expect((await t.call(site, 'PATCH', path(), {})).statusCode).toBe(400);
    });

    it('answers 404 for an unknown image or product and for another site’s image, 403 for a role without catalogue changes, 401 without a session or without the crumb', async () => {
      expect((await t.call(site, 'PATCH', `/api/owner/catalogue/products/${productId}/images/${'0'.repeat(32)}`, { altText: 'x' })).statusCode).toBe(404);
      expect((await t.call(site, 'PATCH', `/api/owner/catalogue/products/missing/images/${image.id}`, { altText: 'x' })).statusCode).toBe(404);
      const other = (await t.shopSite('media-focal-b')).site;
      expect((await t.call(other, 'PATCH', path(), { altText: 'Taken over' })).statusCode).toBe(404);
      expect((await t.call(site, 'PATCH', path(), { altText: 'x' }, { owner: false })).statusCode).toBe(401);
      await makeOwner(t.testDb.db, site.id, 'viewer@example.com', 'viewer');
      const viewer = await signInOwner(t.app, t.hostOf(site), 'viewer@example.com');
      expect((await viewer.call('PATCH', path(), { altText: 'Viewer edit' })).statusCode).toBe(403);
      expect((await viewer.call('GET', `/api/owner/catalogue/products/${productId}/images`)).statusCode).toBe(200);
      expect((await t.call(other, 'GET', `/api/owner/catalogue/products/${productId}/images`)).statusCode).toBe(404);
      await makeOwner(t.testDb.db, site.id, 'admin@example.com', 'admin');
      const admin = await signInOwner(t.app, t.hostOf(site), 'admin@example.com');
      const noCrumb = await t.app.inject({
        method: 'PATCH',
        url: path(),
        headers: { host: t.hostOf(site), cookie: admin.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ altText: 'No crumb' }),
      });
      expect(noCrumb.statusCode).toBe(401);
      expect(noCrumb.json().message).toBe(CRUMB_EXPIRED_MESSAGE);
      const [item] = await t.db.select({ structuredContent: items.structuredContent }).from(items).where(eq(items.id, productId));
      expect((item!.structuredContent.images as { altText: string }[])[0]!.altText).not.toMatch(/Taken over|Viewer edit|No crumb/);
    });

    it('documents the call in the OpenAPI description', async () => {
      const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: t.hostOf(site) } })).json();
      const operation = spec.paths['/api/owner/catalogue/products/{productId}/images/{imageId}']?.patch;
      expect(operation?.requestBody?.content?.['application/json']?.schema?.properties).toHaveProperty('focalPoint');
    });
  },
);
