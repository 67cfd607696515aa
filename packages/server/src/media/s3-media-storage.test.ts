import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, type CatalogueTestApp } from '../../test-support/catalogue-test-kit.js';
import { runCli } from '../cli.js';
import type { MediaStoreConfig } from '../config.js';
import { AppError } from '../errors/index.js';
import type { Website } from '../sites/index.js';
import { mediaStorageFor } from './configured-storage.js';
import { MEDIA_STORE_UNAVAILABLE, s3MediaStorage } from './s3-media-storage.js';

const BUCKET = 'emporium-media';
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A TCP port on the loopback that nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function multipart(file: Buffer): { payload: Buffer; contentType: string } {
  const boundary = 'emporiums3boundary0123456789';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The error a call threw, for a look at its code, message and cause. */
async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('media in an S3-compatible bucket (s3rver on the loopback)', () => {
  let s3: S3rver;
  let s3Dir: string;
  let dataDir: string;
  let endpoint: string;
  let store: MediaStoreConfig & { kind: 's3' };
  beforeAll(async () => {
    s3Dir = await mkdtemp(join(tmpdir(), 'emporium-s3rver-'));
    dataDir = await mkdtemp(join(tmpdir(), 'emporium-s3-data-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    store = { kind: 's3', endpoint, bucket: BUCKET, region: 'us-east-1', ...KEYS };
  });
  afterAll(async () => {
    await s3.close();
    await rm(s3Dir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('puts, gets and deletes bytes under a key; a missing key reads as null', async () => {
    const storage = s3MediaStorage(store);
    const key = `site1/${'a'.repeat(32)}-100.webp`;
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 13, 10]);
    await storage.put(key, bytes);
    expect(await storage.get(key)).toEqual(bytes);
    await storage.put(key, Buffer.from('replaced'));
    expect((await storage.get(key))?.toString()).toBe('replaced');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
    expect(await storage.get(`site1/${'b'.repeat(32)}-100.webp`)).toBeNull();
    await expect(storage.put('../escape', bytes)).rejects.toThrow(RangeError);
  });

  it('keeps a digital product’s file under the private prefix, apart from the site’s images', async () => {
    const storage = s3MediaStorage(store);
    const key = `private/site1/${'c'.repeat(32)}`;
    const bytes = Buffer.from('%PDF-1.7 pattern');
    await storage.put(key, bytes);
    expect(await storage.get(key)).toEqual(bytes);
    expect(await storage.get(`site1/${'c'.repeat(32)}`)).toBeNull();
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.put(`private/../site1/${'c'.repeat(32)}`, bytes)).rejects.toThrow(RangeError);
  });

  it('is the store the configuration names', async () => {
    const storage = mediaStorageFor({ dataDir, mediaStore: store });
    await storage.put(`site2/${'c'.repeat(32)}-300.jpg`, Buffer.from('in the bucket'));
    expect((await s3MediaStorage(store).get(`site2/${'c'.repeat(32)}-300.jpg`))?.toString()).toBe('in the bucket');
    expect(await readdir(dataDir)).toEqual([]);
  });

  // s3rver checks the access key id but not V4 signatures themselves.
  it('refuses with a clear error when the access key is unknown', async () => {
    const error = await failureOf(s3MediaStorage({ ...store, accessKeyId: 'NOT-A-KEY' }).put(`site1/${'a'.repeat(32)}-100.webp`, Buffer.from('x')));
    expect(error.status).toBe(503);
    expect(error.message).toBe(MEDIA_STORE_UNAVAILABLE);
    expect(String((error.cause as Error).message)).toBe(`Media store bucket '${BUCKET}' at ${endpoint}: PUT answered 403 (InvalidAccessKeyId)`);
  });

  it('refuses with a clear error when the bucket does not exist', async () => {
    const error = await failureOf(s3MediaStorage({ ...store, bucket: 'no-such-bucket' }).get(`site1/${'a'.repeat(32)}-100.webp`));
    expect(error.status).toBe(503);
    expect(String((error.cause as Error).message)).toBe(`Media store bucket 'no-such-bucket' at ${endpoint}: GET answered 404 (NoSuchBucket)`);
  });

  it('refuses with a clear error, quickly, when the endpoint is unreachable', async () => {
    const unreachable = `http://127.0.0.1:${await closedPort()}`;
    const started = performance.now();
    const error = await failureOf(s3MediaStorage({ ...store, endpoint: unreachable }).put(`site1/${'d'.repeat(32)}-100.webp`, Buffer.from('x')));
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(error.status).toBe(503);
    expect(error.message).toBe(MEDIA_STORE_UNAVAILABLE);
    expect(String((error.cause as Error).message)).toMatch(
      new RegExp(`^Media store bucket '${BUCKET}' at ${unreachable}: could not be reached \\(.*ECONNREFUSED\\)$`),
    );
  });

  describe('behind the upload and media routes', () => {
    let t: CatalogueTestApp;
    let site: Website;
    let productId: string;
    beforeAll(async () => {
      t = await createCatalogueTestApp({ config: { dataDir, mediaStore: store } });
      site = (await t.shopSite('s3-media')).site;
      const created = await t.call(site, 'POST', '/api/owner/catalogue/products', { title: 'Jug', variants: [{ sku: 'JUG-1', priceCents: 3000 }] });
      productId = created.json().id;
    });
    afterAll(async () => {
      await t.close();
    });

    it('stores an upload’s copies in the bucket, serves them through the media route, and answers 404 once one is deleted', async () => {
      const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 40, g: 90, b: 160 } } })
        .jpeg()
        .toBuffer();
      const { payload, contentType } = multipart(jpeg);
      const uploaded = await t.call(site, 'POST', `/api/owner/catalogue/products/${productId}/images`, undefined, {
        payload,
        headers: { 'content-type': contentType },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const image = uploaded.json() as { id: string; srcset: string };
      const copy = `/api/media/${site.id}/${image.id}-300.webp`;
      expect(image.srcset).toContain(`${copy} 300w`);
      const served = await t.call(site, 'GET', copy);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(served.rawPayload).metadata()).width).toBe(300);
      expect(await s3MediaStorage(store).get(`${site.id}/${image.id}-300.webp`)).toEqual(served.rawPayload);
      expect(await readdir(dataDir)).toEqual([]);

      await s3MediaStorage(store).delete(`${site.id}/${image.id}-300.webp`);
      expect((await t.call(site, 'GET', copy)).statusCode).toBe(404);
      expect((await t.call(site, 'GET', `/api/media/${site.id}/${image.id}-500.webp`)).statusCode).toBe(200);
    });
  });

  describe('when the bucket is unreachable', () => {
    let t: CatalogueTestApp;
    let site: Website;
    let productId: string;
    beforeAll(async () => {
      const unreachable = { ...store, endpoint: `http://127.0.0.1:${await closedPort()}` };
      t = await createCatalogueTestApp({ config: { dataDir, mediaStore: unreachable } });
      site = (await t.shopSite('s3-down')).site;
      const created = await t.call(site, 'POST', '/api/owner/catalogue/products', { title: 'Bowl', variants: [{ sku: 'BOWL-1', priceCents: 3000 }] });
      productId = created.json().id;
    });
    afterAll(async () => {
      await t.close();
    });

    it('answers an upload and a media request 503 with the message, and attaches nothing', async () => {
      const jpeg = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#888' } })
        .jpeg()
        .toBuffer();
      const { payload, contentType } = multipart(jpeg);
      const refused = await t.call(site, 'POST', `/api/owner/catalogue/products/${productId}/images`, undefined, {
        payload,
        headers: { 'content-type': contentType },
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toBe(MEDIA_STORE_UNAVAILABLE);
      const product = await t.call(site, 'GET', `/api/owner/catalogue/products/${productId}`);
      expect(product.json().assetUrl ?? null).toBeNull();
      const served = await t.call(site, 'GET', `/api/media/${site.id}/${'e'.repeat(32)}-100.webp`);
      expect(served.statusCode).toBe(503);
      expect(served.json().message).toBe(MEDIA_STORE_UNAVAILABLE);
    });
  });

  describe('the CLI with EMPORIUM_MEDIA_STORE=s3', () => {
    const envOf = (dir: string, endpointUrl: string) => ({
      EMPORIUM_DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      EMPORIUM_MEDIA_STORE: 's3',
      EMPORIUM_S3_ENDPOINT: endpointUrl,
      EMPORIUM_S3_BUCKET: BUCKET,
      EMPORIUM_S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      EMPORIUM_S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    });
    const run = async (args: string[], env: Record<string, string>) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCli(args, { out: (l) => out.push(l), err: (l) => err.push(l), env });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };

    it('stops the seed with the message and its cause when the bucket cannot be reached', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'emporium-s3-cli-down-'));
      const unreachable = `http://127.0.0.1:${await closedPort()}`;
      try {
        const seeded = await run(['seed'], envOf(dir, unreachable));
        expect(seeded.code).toBe(1);
        expect(seeded.err).toMatch(
          new RegExp(
            `^${MEDIA_STORE_UNAVAILABLE.replace(/[.]/g, '\\.')}\nMedia store bucket '${BUCKET}' at ${unreachable}: could not be reached \\(.*ECONNREFUSED\\)$`,
          ),
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }, 60_000);
  });
});
