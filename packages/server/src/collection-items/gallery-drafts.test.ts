import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { collections } from '../db/index.js';
import { DraftPaths } from '../drafts/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { ItemPaths } from './routes.js';

// A gallery's uploads, removals, order and alt text drafted through the dashboard (decision 0055).
const host = `${DEMO_SHOP_IDENTIFIER}.localhost`;
let t: PagesTestApp;
let dataDir: string;
let editor: OwnerClient;
let studioId: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'emporium-gallery-drafts-'));
  t = await createPagesTestApp({ config: { dataDir } });
  const { db } = t.testDb;
  const websiteId = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!.id;
  await makeOwner(db, websiteId, 'ines@gallery.test', 'editor');
  editor = await signInOwner(t.app, host, 'ines@gallery.test');
  const rows = await db.select({ id: collections.id, urlId: collections.urlId }).from(collections).where(eq(collections.websiteId, websiteId));
  studioId = rows.find((r) => r.urlId === 'studio')!.id;
});
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const itemsPath = () => ItemPaths.ITEMS.replace(':collectionId', studioId);
const visitor = (path: string, cookie = '') => t.get(DEMO_SHOP_IDENTIFIER, path, cookie ? { cookie } : {});

const png = (r: number, g = 120) =>
  sharp({ create: { width: 90, height: 60, channels: 3, background: { r, g, b: 40 } } })
    .png()
    .toBuffer();

/** Uploads images as the dashboard's gallery panel does (with `drafted`) or as a direct API caller. */
async function upload(files: { bytes: Buffer; name: string }[], fields: Record<string, string> = {}) {
  const boundary = 'emporiumgallerydrafts42';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const file of files)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: image/png\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await t.app.inject({
    method: 'POST',
    url: `${itemsPath()}/images`,
    payload: Buffer.concat(parts),
    headers: {
      host: editor.host,
      ...(editor.site ? { 'x-emporium-site': editor.site } : {}),
      cookie: editor.cookie,
      'x-csrf-token': editor.crumb,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().items as { id: string; status: string; version: number; image: { assetUrl: string }; draft: unknown }[];
}

async function previewCookie(path: string): Promise<string> {
  const link = await editor.call('POST', DraftPaths.PREVIEW, { path });
  const url = new URL(link.json().url as string);
  const opened = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host } });
  return String(opened.headers['set-cookie']).split(';')[0]!;
}

/** Where an image shows on the gallery page (its position among `urls`, -1 when absent). */
function positions(body: string, urls: readonly string[]): number[] {
  const at = urls.map((url) => body.indexOf(url));
  const shown = at.filter((i) => i >= 0).sort((a, b) => a - b);
  return at.map((i) => (i < 0 ? -1 : shown.indexOf(i)));
}

describe('a gallery drafted from the dashboard', () => {
  let first: { id: string; version: number; image: { assetUrl: string } };
  let second: { id: string; version: number; image: { assetUrl: string } };
  let added: { id: string; image: { assetUrl: string } };

  it('keeps a drafted upload off the gallery page, its JSON and the sitemap until the publish, and shows it in the preview', async () => {
    // A direct API caller's upload is published at once.
    const direct = await upload([
      { bytes: await png(10), name: 'madder-root.png' },
      { bytes: await png(80), name: 'weld-flowers.png' },
    ]);
    expect(direct.map((i) => i.status)).toEqual(['published', 'published']);
    first = direct[0]!;
    second = direct[1]!;
    expect((await visitor('/studio')).body).toContain(first.image.assetUrl);

    const [upload1] = await upload([{ bytes: await png(160), name: 'woad-leaves.png' }], { drafted: 'true' });
    added = upload1!;
    expect(upload1).toMatchObject({ status: 'draft', draft: { title: 'woad leaves', status: 'published', version: 1 } });
    const url = added.image.assetUrl;
    expect((await visitor('/studio')).body).not.toContain(url);
    expect((await visitor('/studio?format=json')).body).not.toContain(url);
    expect((await visitor('/sitemap.xml')).body).not.toContain(url);

    const cookie = await previewCookie('/studio');
    expect((await visitor('/studio', cookie)).body).toContain(url);
  });

  it('drafts a new order, an alt text and a removal, seen in the preview only until the publish', async () => {
    const urls = [first.image.assetUrl, second.image.assetUrl, added.image.assetUrl];
    const order = await editor.call('PUT', ItemPaths.ORDER.replace(':collectionId', studioId), { itemIds: [second.id, first.id], drafted: true });
    expect(order.statusCode, order.body).toBe(204);
    const state = await editor.call('GET', `${DraftPaths.SUBJECT}?subject=item:${first.id}`);
    const edited = { ...state.json().draft.value, image: { altText: 'Madder roots drying on a rack', focalPoint: { x: 0.5, y: 0.5 } } };
    const alt = await editor.call('PUT', DraftPaths.DRAFTS, { subject: `item:${first.id}`, value: edited, baseVersion: state.json().draft.version });
    expect(alt.statusCode, alt.body).toBe(200);
    const removal = await editor.call('DELETE', `${itemsPath()}/${second.id}?version=${second.version}&drafted=true`);
    expect(removal.statusCode, removal.body).toBe(200);
    expect(removal.json()).toEqual({ id: second.id, deleted: false });

    const seen = (await visitor('/studio')).body;
    expect(positions(seen, urls)).toEqual([0, 1, -1]);
    expect(seen).not.toContain('Madder roots drying on a rack');
    const cookie = await previewCookie('/studio');
    const previewed = (await visitor('/studio', cookie)).body;
    expect(positions(previewed, urls)).toEqual([0, -1, 1]);
    expect(previewed).toContain('Madder roots drying on a rack');
    const listed = (await editor.call('GET', itemsPath())).json().items as { id: string; draft: { removed?: true } | null }[];
    expect(listed.find((i) => i.id === second.id)?.draft?.removed).toBe(true);
  });

  it('publishes the gallery as drafted: the new image shown, the order and alt text changed, the removed image gone', async () => {
    const release = await editor.call('POST', DraftPaths.PUBLISH);
    expect(release.statusCode, release.body).toBe(200);
    const page = (await visitor('/studio')).body;
    expect(positions(page, [first.image.assetUrl, second.image.assetUrl, added.image.assetUrl])).toEqual([0, -1, 1]);
    expect(page).toContain('Madder roots drying on a rack');
    expect((await visitor('/studio?format=json')).body).toContain(added.image.assetUrl);
    expect((await editor.call('GET', `${itemsPath()}/${second.id}`)).statusCode).toBe(404);
  });

  it('drafts a new order in which the images named come first', async () => {
    const order = await editor.call('PUT', ItemPaths.ORDER.replace(':collectionId', studioId), { itemIds: [added.id], drafted: true });
    expect(order.statusCode).toBe(204);
    const urls = [first.image.assetUrl, added.image.assetUrl];
    expect(positions((await visitor('/studio')).body, urls)).toEqual([0, 1]);
    expect(positions((await visitor('/studio', await previewCookie('/studio'))).body, urls)).toEqual([1, 0]);
    expect((await editor.call('POST', DraftPaths.PUBLISH)).statusCode).toBe(200);
    expect(positions((await visitor('/studio')).body, urls)).toEqual([1, 0]);
  });
});

type Listed = { id: string; title: string; version: number; status: string; image: { assetUrl: string }; draft: { removed?: true; status: string } | null };

/** The owner's list of the gallery, every page of `limit` images. */
async function ownerPages(limit = 25): Promise<Listed[][]> {
  const pages: Listed[][] = [];
  let cursor = '';
  do {
    const page = (await editor.call('GET', `${itemsPath()}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)).json();
    pages.push(page.items);
    cursor = page.hasNextPage ? page.nextPageCursor : '';
  } while (cursor);
  return pages;
}

const move = (id: string, by: number, drafted = true) => editor.call('POST', `${itemsPath()}/${id}/move`, { by, drafted });

describe('moving an image on a later page of a long gallery', () => {
  let before: Listed[];

  it('moves one image among 60, on page 2 and across into page 1, every other image keeping its place', async () => {
    const have = (await ownerPages(100)).flat().length;
    for (let i = have; i < 60; i += 20) {
      const files = [];
      for (let j = i; j < Math.min(60, i + 20); j++) files.push({ bytes: await png((j * 37) % 256, (j * 11) % 256), name: `skein-${j}.png` });
      await upload(files);
    }
    const pages = await ownerPages();
    expect(pages.map((p) => p.length)).toEqual([25, 25, 10]);
    before = pages.flat();

    // The third image of page 2 one place up, then the first image of page 2 up into page 1.
    const third = await move(pages[1]![2]!.id, -1);
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json()).toEqual({ id: pages[1]![2]!.id, position: 27, count: 60 });
    const first = await move(pages[1]![0]!.id, -1);
    expect(first.json()).toEqual({ id: pages[1]![0]!.id, position: 25, count: 60 });

    const expected = before.map((i) => i.id);
    [expected[26], expected[27]] = [expected[27]!, expected[26]!];
    [expected[24], expected[25]] = [expected[25]!, expected[24]!];
    const drafted = await ownerPages();
    expect(drafted.flat().map((i) => i.id)).toEqual(expected);
    expect(drafted[1]!.map((i) => i.id)).toEqual(expected.slice(25, 50));
    // Only the four images that moved have drafts.
    expect(drafted.flat().filter((i) => i.draft).length).toBe(4);

    const urls = before.map((i) => i.image.assetUrl);
    const published = before.map((_, i) => i);
    expect(positions((await visitor('/studio')).body, urls)).toEqual(published);
    const inDraft = expected.map((id) => before.findIndex((i) => i.id === id));
    const previewed = positions((await visitor('/studio', await previewCookie('/studio'))).body, urls);
    expect(inDraft.map((i) => previewed[i])).toEqual(published);

    expect((await editor.call('POST', DraftPaths.PUBLISH)).statusCode).toBe(200);
    const seen = positions((await visitor('/studio')).body, urls);
    expect(inDraft.map((i) => seen[i])).toEqual(published);
    before = (await ownerPages(100)).flat();
  });

  it('moves an image back to its place without leaving a draft, and moves one at once for a direct caller', async () => {
    const image = before[40]!;
    expect((await move(image.id, 1)).json().position).toBe(42);
    expect((await move(image.id, -1)).json().position).toBe(41);
    expect((await ownerPages(100)).flat().filter((i) => i.draft)).toEqual([]);

    // Without drafted the published gallery changes at once; a move past the end stops at the last place.
    const direct = await move(image.id, 250, false);
    expect(direct.json()).toEqual({ id: image.id, position: 60, count: 60 });
    const urls = before.map((i) => i.image.assetUrl);
    expect(positions((await visitor('/studio')).body, urls)[40]).toBe(59);
    expect((await move(image.id, 0)).statusCode).toBe(400);
    expect((await move('nosuchimage', 1)).statusCode).toBe(404);
  });
});

describe('taking back a drafted removal or upload', () => {
  it('keeps an image marked for removal, with its other drafted changes, and leaves the other drafts alone', async () => {
    const listed = (await ownerPages(100)).flat();
    const [a, b, c] = [listed[0], listed[5], listed[10]];
    // Image a: a new alt text and a removal; image b: moved; image c: a removal only.
    const state = await editor.call('GET', `${DraftPaths.SUBJECT}?subject=item:${a!.id}`);
    const alt = { ...state.json().published, image: { altText: 'Skeins of weld yellow', focalPoint: { x: 0.5, y: 0.5 } } };
    expect((await editor.call('PUT', DraftPaths.DRAFTS, { subject: `item:${a!.id}`, value: alt, baseVersion: 0 })).statusCode).toBe(200);
    expect((await editor.call('DELETE', `${itemsPath()}/${a!.id}?version=${a!.version}&drafted=true`)).json().deleted).toBe(false);
    expect((await editor.call('DELETE', `${itemsPath()}/${c!.id}?version=${c!.version}&drafted=true`)).json().deleted).toBe(false);
    expect((await move(b!.id, 1)).statusCode).toBe(200);
    const preview = await previewCookie('/studio');
    expect((await visitor('/studio', preview)).body).not.toContain(a!.image.assetUrl);

    const kept = await editor.call('DELETE', `${itemsPath()}/${a!.id}/removal`);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ id: a!.id, draft: { status: 'published' } });
    expect(kept.json().draft.removed).toBeUndefined();
    const keptC = await editor.call('DELETE', `${itemsPath()}/${c!.id}/removal`);
    expect(keptC.json().draft).toBeNull();
    // Taking back a removal that is not drafted changes nothing.
    expect((await editor.call('DELETE', `${itemsPath()}/${c!.id}/removal`)).statusCode).toBe(200);
    expect((await editor.call('DELETE', `${itemsPath()}/nosuchimage/removal`)).statusCode).toBe(404);

    const subjects = (await editor.call('GET', DraftPaths.DRAFTS)).json().drafts.map((d: { subject: string }) => d.subject);
    expect(subjects).toContain(`item:${a!.id}`);
    expect(subjects).toContain(`item:${b!.id}`);
    expect(subjects).not.toContain(`item:${c!.id}`);
    const previewed = (await visitor('/studio', preview)).body;
    expect(previewed).toContain(a!.image.assetUrl);
    expect(previewed).toContain('Skeins of weld yellow');
  });

  it('discards a drafted upload on its own, and publishes the rest: the kept images still there', async () => {
    const [upload1] = await upload([{ bytes: await png(7, 7), name: 'spent-dye-bath.png' }], { drafted: 'true' });
    const drafts = async () => (await editor.call('GET', DraftPaths.DRAFTS)).json().drafts.length as number;
    const count = await drafts();
    const discarded = await editor.call('DELETE', `${itemsPath()}/${upload1!.id}?version=${upload1!.version}&drafted=true`);
    expect(discarded.json()).toEqual({ id: upload1!.id, deleted: true });
    expect(await drafts()).toBe(count - 1);
    expect((await editor.call('GET', `${itemsPath()}/${upload1!.id}`)).statusCode).toBe(404);

    const listed = (await ownerPages(100)).flat();
    const [a, c] = [listed[0], listed[10]];
    expect((await editor.call('POST', DraftPaths.PUBLISH)).statusCode).toBe(200);
    const page = (await visitor('/studio')).body;
    expect(page).toContain(a!.image.assetUrl);
    expect(page).toContain(c!.image.assetUrl);
    expect(page).toContain('Skeins of weld yellow');
    expect(page).not.toContain(upload1!.image.assetUrl);
  });
});
