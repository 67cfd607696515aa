import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { UPLOAD_MESSAGES } from '../media/index.js';
import { DEMO_SHOP_IDENTIFIER, JOURNAL_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { libraryNameOf } from './routes.js';
import { LibraryMessages as M, LibraryPaths as P } from './schemas.js';

// Issue 26 acceptance 6: the file library's texts of spec 5 ('Please enter a file name') and
// spec 8 (upload and rename problems); the calls check role and site like every owner call.
let t: PagesTestApp;
let dataDir: string;
let editor: OwnerClient;
let viewer: OwnerClient;
let storeManager: OwnerClient;
let journalAdmin: OwnerClient;

function multipart(file: { bytes: Buffer; name: string }, fields: Record<string, string> = {}) {
  const boundary = 'emporiumlibrary0123456789';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(client: OwnerClient, file: { bytes: Buffer; name: string }, fields: Record<string, string> = {}) {
  const body = multipart(file, fields);
  return t.app.inject({
    method: 'POST',
    url: P.FILES,
    payload: body.payload,
    headers: {
      host: client.host,
      ...(client.site ? { 'x-emporium-site': client.site } : {}),
      cookie: client.cookie,
      'x-csrf-token': client.crumb,
      'content-type': body.contentType,
    },
  });
}

const png = (r: number) =>
  sharp({ create: { width: 160, height: 90, channels: 3, background: { r, g: 120, b: 80 } } })
    .png()
    .toBuffer();

const fileOf = (id: string) => P.FILE.replace(':fileId', id);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'emporium-library-'));
  t = await createPagesTestApp({ config: { dataDir } });
  const { db } = t.testDb;
  const shop = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
  const journal = (await findWebsiteByIdentifier(db, JOURNAL_IDENTIFIER))!;
  await makeOwner(db, shop.id, 'ana@library.test', 'editor');
  await makeOwner(db, shop.id, 'vera@library.test', 'viewer');
  await makeOwner(db, shop.id, 'sam@library.test', 'store-manager');
  await makeOwner(db, journal.id, 'jo@library.test', 'admin');
  const host = (identifier: string) => `${identifier}.localhost`;
  editor = await signInOwner(t.app, host(DEMO_SHOP_IDENTIFIER), 'ana@library.test');
  viewer = await signInOwner(t.app, host(DEMO_SHOP_IDENTIFIER), 'vera@library.test');
  storeManager = await signInOwner(t.app, host(DEMO_SHOP_IDENTIFIER), 'sam@library.test');
  journalAdmin = await signInOwner(t.app, host(JOURNAL_IDENTIFIER), 'jo@library.test');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the file library', () => {
  it('adds an uploaded image with its name, lists it newest first, finds it by name, renames it and removes it', async () => {
    const first = await upload(editor, { bytes: await png(10), name: 'studio-window.png' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await upload(editor, { bytes: await png(200), name: 'ignored.png' }, { name: 'Linen 50% off_sale' });
    expect(second.statusCode, second.body).toBe(201);
    const window = first.json();
    expect(window).toMatchObject({ name: 'studio-window.png', originalSize: '160x90', altText: '' });
    expect(window.bytes).toBeGreaterThan(0);
    expect(window.assetUrl).toMatch(/^\/api\/media\//);
    expect((await t.app.inject({ method: 'GET', url: window.assetUrl, headers: { host: `${DEMO_SHOP_IDENTIFIER}.localhost` } })).statusCode).toBe(200);

    const all = (await editor.call('GET', P.FILES)).json();
    expect(all.files.map((f: { name: string }) => f.name)).toEqual(['Linen 50% off_sale', 'studio-window.png']);
    expect(all).toMatchObject({ total: 2, hasMore: false });
    // % and _ in a search are letters, not patterns.
    expect((await editor.call('GET', `${P.FILES}?q=50%25`)).json().files.map((f: { name: string }) => f.name)).toEqual(['Linen 50% off_sale']);
    expect((await editor.call('GET', `${P.FILES}?q=_`)).json().total).toBe(1);
    expect((await editor.call('GET', `${P.FILES}?limit=1`)).json()).toMatchObject({ total: 2, hasMore: true });

    const renamed = await editor.call('PATCH', fileOf(window.id), { name: '  Studio window  ', altText: 'Morning light on the cutting table' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Studio window', altText: 'Morning light on the cutting table' });

    expect((await editor.call('DELETE', fileOf(window.id))).statusCode).toBe(204);
    expect((await editor.call('DELETE', fileOf(window.id))).statusCode).toBe(404);
    expect((await editor.call('GET', P.FILES)).json().total).toBe(1);
  });

  it("refuses an empty name with spec 5's 'Please enter a file name'", async () => {
    const file = (await upload(editor, { bytes: await png(40), name: 'a.png' })).json();
    const refused = await editor.call('PATCH', fileOf(file.id), { name: '   ' });
    expect(refused.statusCode).toBe(400);
    expect(Object.values(refused.json().fields ?? {})).toContain(M.NAME_REQUIRED);
    expect(M.NAME_REQUIRED).toBe('Please enter a file name');
  });

  it('refuses what is not an image, and what is too large, with the upload messages', async () => {
    const text = await upload(editor, { bytes: Buffer.from('just some words'), name: 'notes.txt' });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(UPLOAD_MESSAGES.notSupported);
    const big = await upload(editor, { bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 1), name: 'big.png' });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(UPLOAD_MESSAGES.tooLarge);
  });

  it('lets content roles change the library, viewers read it and store managers neither (403 naming the permission)', async () => {
    expect((await viewer.call('GET', P.FILES)).statusCode).toBe(200);
    const refused = await upload(viewer, { bytes: await png(60), name: 'v.png' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('content:write');
    const read = await storeManager.call('GET', P.FILES);
    expect(read.statusCode).toBe(403);
    expect(read.json().permission).toBe('content:read');
  });

  it("never shows or changes another site's files", async () => {
    const shopFile = (await upload(editor, { bytes: await png(80), name: 'shop-only.png' })).json();
    const journalFiles = (await journalAdmin.call('GET', P.FILES)).json();
    expect(journalFiles.files.map((f: { name: string }) => f.name)).not.toContain('shop-only.png');
    expect((await journalAdmin.call('PATCH', fileOf(shopFile.id), { name: 'taken' })).statusCode).toBe(404);
    expect((await journalAdmin.call('DELETE', fileOf(shopFile.id))).statusCode).toBe(404);
    expect((await editor.call('GET', `${P.FILES}?q=shop-only`)).json().total).toBe(1);
  });
});

describe('libraryNameOf', () => {
  it('takes the name given, else the file name without its folder, else Image', () => {
    expect(libraryNameOf('a.png', ' Shop front ')).toBe('Shop front');
    expect(libraryNameOf('C:\\photos\\shop.png', '')).toBe('shop.png');
    expect(libraryNameOf('', undefined)).toBe('Image');
  });
});
