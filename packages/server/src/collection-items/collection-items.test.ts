import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { collections } from '../db/index.js';
import { UPLOAD_MESSAGES } from '../media/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { ITEM_MESSAGES } from './item-messages.js';
import { ItemPaths } from './routes.js';

// Issue 26 item 1: the owner's calls for blog posts, events and gallery images (spec 3, 5, 9).
let t: PagesTestApp;
let dataDir: string;
let admin: OwnerClient;
let viewer: OwnerClient;
let ids: Record<'journal' | 'events' | 'studio' | 'about', string>;
const host = `${DEMO_SHOP_IDENTIFIER}.localhost`;

const itemsOf = (collectionId: string) => ItemPaths.ITEMS.replace(':collectionId', collectionId);
const itemOf = (collectionId: string, itemId: string) => `${itemsOf(collectionId)}/${itemId}`;

const post = (fields: Record<string, unknown> = {}) => ({
  title: 'Spring dye plans',
  body: '<p>We dye with <strong>weld</strong> this spring.</p>',
  tags: ['dye'],
  ...fields,
});

function multipart(files: { bytes: Buffer; name: string }[], fields: Record<string, string> = {}) {
  const boundary = 'emporiumitems0123456789';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const file of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(client: OwnerClient, url: string, body: { payload: Buffer; contentType: string }) {
  return t.app.inject({
    method: 'POST',
    url,
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
  sharp({ create: { width: 120, height: 80, channels: 3, background: { r, g: 90, b: 60 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'emporium-items-'));
  t = await createPagesTestApp({ config: { dataDir } });
  const { db } = t.testDb;
  const websiteId = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!.id;
  await makeOwner(db, websiteId, 'ana@items.test', 'editor');
  await makeOwner(db, websiteId, 'vera@items.test', 'viewer');
  admin = await signInOwner(t.app, host, 'ana@items.test');
  viewer = await signInOwner(t.app, host, 'vera@items.test');
  const rows = await db.select({ id: collections.id, urlId: collections.urlId }).from(collections).where(eq(collections.websiteId, websiteId));
  ids = Object.fromEntries(rows.map((r) => [r.urlId, r.id])) as typeof ids;
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('blog posts (issue 26 item 1, spec 3 post statuses)', () => {
  it('keeps a draft off the site, RSS, search and sitemap, and shows it everywhere once published', async () => {
    const created = await admin.call(
      'POST',
      itemsOf(ids.journal),
      post({ body: '<p>We dye with <strong>weld</strong>.<script>alert(1)</script></p>', excerpt: '<p>Weld and more</p>' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({ status: 'draft', version: 1, urlId: 'spring-dye-plans', authorName: 'ana', tags: ['dye'] });
    expect(item.body).toBe('<p>We dye with <strong>weld</strong>.</p>');
    const visible = async () => ({
      blog: (await t.get(DEMO_SHOP_IDENTIFIER, '/journal')).body.includes('Spring dye plans'),
      post: (await t.get(DEMO_SHOP_IDENTIFIER, item.fullUrl)).statusCode,
      rss: (await t.get(DEMO_SHOP_IDENTIFIER, '/journal/rss.xml')).body.includes('Spring dye plans'),
      search: (await t.get(DEMO_SHOP_IDENTIFIER, '/search?q=Spring+dye')).body.includes('Spring dye plans'),
      sitemap: (await t.get(DEMO_SHOP_IDENTIFIER, '/sitemap.xml')).body.includes(item.fullUrl),
    });
    expect(await visible()).toEqual({ blog: false, post: 404, rss: false, search: false, sitemap: false });
    for (const status of ['needs-review', 'private'] as const) {
      const current = (await admin.call('GET', itemOf(ids.journal, item.id))).json();
      expect((await admin.call('PUT', itemOf(ids.journal, item.id), { ...post(), status, version: current.version })).statusCode).toBe(200);
      expect(await visible()).toEqual({ blog: false, post: 404, rss: false, search: false, sitemap: false });
    }
    const published = await admin.call('PUT', itemOf(ids.journal, item.id), { ...post(), status: 'published', version: 3 });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().version).toBe(4);
    expect(await visible()).toEqual({ blog: true, post: 200, rss: true, search: true, sitemap: true });
    expect((await t.get(DEMO_SHOP_IDENTIFIER, item.fullUrl)).body).toContain('<strong>weld</strong>');
    // An edit of a published post shows on the next page (the page version moved on).
    await admin.call('PUT', itemOf(ids.journal, item.id), { ...post({ title: 'Summer dye plans' }), status: 'published', version: 4 });
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/journal')).body).toContain('Summer dye plans');
  });

  it('refuses a save from an old version with the conflict message, and a delete too', async () => {
    const item = (await admin.call('POST', itemsOf(ids.journal), post({ title: 'Two editors' }))).json();
    expect((await admin.call('PUT', itemOf(ids.journal, item.id), { ...post(), version: 1 })).statusCode).toBe(200);
    const stale = await admin.call('PUT', itemOf(ids.journal, item.id), { ...post(), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(ITEM_MESSAGES.staleVersion(1, 2));
    expect((await admin.call('DELETE', `${itemOf(ids.journal, item.id)}?version=1`)).statusCode).toBe(409);
    expect((await admin.call('DELETE', `${itemOf(ids.journal, item.id)}?version=2`)).json()).toEqual({ id: item.id, deleted: true });
    expect((await admin.call('GET', itemOf(ids.journal, item.id))).json().message).toBe(ITEM_MESSAGES.itemNotFound);
  });

  it.each([
    ['a repeated tag (spec 5)', { tags: ['dye', 'Dye'] }, 'tags.1', ITEM_MESSAGES.tagExists],
    ['a tag over 50 characters (spec 9)', { tags: ['x'.repeat(51)] }, 'tags.0', ITEM_MESSAGES.tagTooLong],
    ['a repeated category', { categories: ['Studio', 'studio'] }, 'categories.1', ITEM_MESSAGES.categoryExists],
    ['a category over 25 characters (spec 9)', { categories: ['c'.repeat(26)] }, 'categories.0', ITEM_MESSAGES.categoryTooLong],
    ['a schedule without a time', { status: 'scheduled' }, 'publishOn', ITEM_MESSAGES.scheduleNeedsTime],
    ['a schedule in the past', { status: 'scheduled', publishOn: '2020-01-01T00:00:00Z' }, 'publishOn', ITEM_MESSAGES.scheduleInPast],
    ['an author who is no owner of the site', { authorId: 'f'.repeat(32) }, 'authorId', ITEM_MESSAGES.authorNotOwner],
    ['event dates on a post', { event: { startDate: '2030-01-01T10:00:00Z', endDate: '2030-01-01T12:00:00Z' } }, 'event', ITEM_MESSAGES.eventFieldsOnEvents],
  ])('refuses %s with its message', async (_name, fields, field, message) => {
    const response = await admin.call('POST', itemsOf(ids.journal), post(fields));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().fields[field]).toBe(message);
  });

  it('lists a page at a time with a status filter, and names the site owners as authors', async () => {
    await admin.call('POST', itemsOf(ids.journal), post({ title: 'A draft for the list' }));
    const all = await admin.call('GET', `${itemsOf(ids.journal)}?limit=2`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().collection).toMatchObject({ id: ids.journal, kind: 'blog' });
    expect(all.json().items).toHaveLength(2);
    const next = await admin.call('GET', `${itemsOf(ids.journal)}?limit=2&cursor=${all.json().nextPageCursor}`);
    const seen = [...all.json().items, ...next.json().items].map((i: { id: string }) => i.id);
    expect(new Set(seen).size).toBe(seen.length);
    const drafts = (await admin.call('GET', `${itemsOf(ids.journal)}?status=draft`)).json().items as { status: string }[];
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((i) => i.status === 'draft')).toBe(true);
    const authors = (await admin.call('GET', ItemPaths.AUTHORS)).json().authors as { email: string }[];
    expect(authors.map((a) => a.email)).toEqual(expect.arrayContaining(['ana@items.test', 'vera@items.test']));
  });

  it('answers 404 for a page that holds no items, and 403 to a role that may only read', async () => {
    expect((await admin.call('GET', itemsOf(ids.about))).json().message).toBe(ITEM_MESSAGES.collectionNotFound);
    expect((await admin.call('GET', itemsOf('0'.repeat(32)))).statusCode).toBe(404);
    expect((await viewer.call('GET', itemsOf(ids.journal))).statusCode).toBe(200);
    expect((await viewer.call('POST', itemsOf(ids.journal), post())).statusCode).toBe(403);
  });
});

describe('events (issue 26 item 1, spec 3 Event)', () => {
  const event = {
    startDate: '2031-05-02T16:00:00.000Z',
    endDate: '2031-05-02T19:00:00.000Z',
    allDay: false,
    location: { addressTitle: 'Studio', addressLine1: '214 Warren Street', addressLine2: 'Hudson', addressCountry: 'US' },
  };

  it('keeps dates, all-day and the location, and shows a published event on the events page', async () => {
    const created = await admin.call('POST', itemsOf(ids.events), { title: 'Weld dye day', status: 'published', event });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().event).toEqual(event);
    // A new event is a draft until the site's drafts are published (decision 0055).
    expect(created.json().draft).toEqual({ title: 'Weld dye day', status: 'published', version: 1 });
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/events')).body).not.toContain('Weld dye day');
    expect((await admin.call('POST', '/api/owner/publish')).statusCode).toBe(200);
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/events')).body).toContain('Weld dye day');
  });

  it('refuses an end before the start, and an event without dates', async () => {
    const backwards = await admin.call('POST', itemsOf(ids.events), { title: 'Backwards', event: { ...event, endDate: event.startDate } });
    expect(backwards.json().message).toBe(ITEM_MESSAGES.endBeforeStart);
    expect(backwards.json().fields['event.endDate']).toBe(ITEM_MESSAGES.endBeforeStart);
    expect((await admin.call('POST', itemsOf(ids.events), { title: 'No dates' })).json().message).toBe(ITEM_MESSAGES.eventNeedsDates);
  });
});

describe('gallery images (issue 26 item 1: many at once, alt text, focal point, order)', () => {
  it('uploads many images at once, changes alt text and focal point, and reorders them', async () => {
    const response = await upload(
      admin,
      `${itemsOf(ids.studio)}/images`,
      multipart([
        { bytes: await png(200), name: 'indigo-vat.png' },
        { bytes: await png(40), name: 'weld_seedlings.png' },
      ]),
    );
    expect(response.statusCode, response.body).toBe(201);
    const [first, second] = response.json().items;
    expect(first).toMatchObject({
      title: 'indigo vat',
      status: 'published',
      image: { altText: 'indigo vat', originalSize: '120x80', focalPoint: { x: 0.5, y: 0.5 } },
    });
    expect(second.title).toBe('weld seedlings');
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/studio')).body).toContain(first.image.assetUrl);
    const saved = await admin.call('PUT', itemOf(ids.studio, first.id), {
      title: 'Indigo vat',
      status: 'published',
      image: { altText: 'An indigo vat, foaming', focalPoint: { x: 0.2, y: 0.7 } },
      version: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().image).toMatchObject({ altText: 'An indigo vat, foaming', focalPoint: { x: 0.2, y: 0.7 } });
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/studio')).body).toContain('An indigo vat, foaming');
    expect((await admin.call('PUT', ItemPaths.ORDER.replace(':collectionId', ids.studio), { itemIds: [second.id, first.id] })).statusCode).toBe(204);
    const order = (await admin.call('GET', itemsOf(ids.studio))).json().items.map((i: { id: string }) => i.id);
    expect(order.slice(0, 2)).toEqual([second.id, first.id]);
    const unknown = await admin.call('PUT', ItemPaths.ORDER.replace(':collectionId', ids.studio), { itemIds: ['f'.repeat(32)] });
    expect(unknown.json().message).toBe(ITEM_MESSAGES.orderUnknownItem);
  });

  it('refuses a file of another type and one over the size limit with the spec 5 upload messages (the maximum shown)', async () => {
    const text = await upload(admin, `${itemsOf(ids.studio)}/images`, multipart([{ bytes: Buffer.from('not an image at all'), name: 'notes.txt' }]));
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(UPLOAD_MESSAGES.notSupported);
    const big = await upload(admin, `${itemsOf(ids.studio)}/images`, multipart([{ bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 1), name: 'big.png' }]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(big.json().message).toContain('10 MB');
  });

  it("stores an image for a post's body and refuses JSON-made or blog uploads of gallery images", async () => {
    const image = await upload(admin, ItemPaths.BODY_IMAGES.replace(':collectionId', ids.journal), multipart([{ bytes: await png(90), name: 'dye.png' }]));
    expect(image.statusCode, image.body).toBe(201);
    expect(image.json().assetUrl).toMatch(/^\/api\/media\//);
    expect((await admin.call('POST', itemsOf(ids.studio), { title: 'By JSON' })).json().message).toBe(ITEM_MESSAGES.galleryByUpload);
    const onBlog = await upload(admin, `${itemsOf(ids.journal)}/images`, multipart([{ bytes: await png(10), name: 'x.png' }]));
    expect(onBlog.json().message).toBe(ITEM_MESSAGES.notAGallery);
  });
});
