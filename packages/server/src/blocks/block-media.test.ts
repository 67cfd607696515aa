import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { DEMO_SHOP_IDENTIFIER, JOURNAL_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { BLOCK_MEDIA_PATH } from './index.js';

function multipart(file: Buffer): { payload: Buffer; contentType: string } {
  const boundary = 'blockmediaboundary42';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="wall.png"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Issue 26 item 2: the image picker of image and gallery blocks lists the site's images and uploads new ones. */
describe('the image picker’s calls (#26 item 2)', () => {
  let t: PagesTestApp;
  let dataDir = '';
  let admin: OwnerClient;
  let viewer: OwnerClient;
  let other: OwnerClient;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'block-media-'));
    t = await createPagesTestApp({ config: { dataDir } });
    const db = t.testDb.db;
    const shop = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
    const journal = (await findWebsiteByIdentifier(db, JOURNAL_IDENTIFIER))!;
    await makeOwner(db, shop.id, 'admin@media.test', 'admin');
    await makeOwner(db, shop.id, 'viewer@media.test', 'viewer');
    await makeOwner(db, journal.id, 'admin@journal-media.test', 'admin');
    admin = await signInOwner(t.app, `${DEMO_SHOP_IDENTIFIER}.localhost`, 'admin@media.test');
    viewer = await signInOwner(t.app, `${DEMO_SHOP_IDENTIFIER}.localhost`, 'viewer@media.test');
    other = await signInOwner(t.app, `${JOURNAL_IDENTIFIER}.localhost`, 'admin@journal-media.test');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("lists the site's images (products, posts) each once, and only the site's own", async () => {
    const mine = await admin.call('GET', BLOCK_MEDIA_PATH);
    expect(mine.statusCode, mine.body).toBe(200);
    const images = mine.json().images as { assetUrl: string; source: string }[];
    expect(images.length).toBeGreaterThan(3);
    expect(new Set(images.map((i) => i.assetUrl)).size).toBe(images.length);
    expect(images.map((i) => i.source)).toContain('Linen Camp Shirt');
    const theirs = (await other.call('GET', BLOCK_MEDIA_PATH)).json().images as { source: string }[];
    expect(theirs.map((i) => i.source)).not.toContain('Linen Camp Shirt');
  });

  it('uploads an image through the media pipeline for a content writer, and refuses a viewer', async () => {
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 20, g: 90, b: 60 } } })
      .png()
      .toBuffer();
    const { payload, contentType } = multipart(png);
    const refused = await viewer.call('POST', BLOCK_MEDIA_PATH, undefined, { 'content-type': contentType });
    expect(refused.statusCode).toBe(403);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: BLOCK_MEDIA_PATH,
      headers: {
        host: admin.host,
        ...(admin.site ? { 'x-emporium-site': admin.site } : {}),
        cookie: admin.cookie,
        'x-csrf-token': admin.crumb,
        accept: 'application/json',
        'content-type': contentType,
      },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ originalSize: '640x400', altText: '', source: 'Uploaded' });
    expect(uploaded.json().assetUrl).toMatch(/^\/api\/media\/[a-z0-9]+\/[0-9a-f]{32}-500\.png$/);
    expect(uploaded.json().srcset).toContain('300w');
    // Kept in the file library, so the picker offers it again before any block is saved.
    const assetUrl = uploaded.json().assetUrl;
    const library = (await admin.call('GET', '/api/owner/files')).json().files as { assetUrl: string }[];
    expect(library.map((f) => f.assetUrl)).toContain(assetUrl);
    const picker = (await admin.call('GET', BLOCK_MEDIA_PATH)).json().images as { assetUrl: string; source: string }[];
    expect(picker.find((i) => i.assetUrl === assetUrl)).toMatchObject({ source: 'Files' });
  });
});
