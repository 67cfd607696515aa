import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { collections, items } from '../db/index.js';
import { DEMO_SHOP_IDENTIFIER, JOURNAL_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { DraftPaths } from './routes.js';
import { DraftMessages } from './subjects.js';

// Issue 26 item 7: one release covers the whole site, blog posts included (decision 0055).
const DEMO_HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;
let t: PagesTestApp;
let admin: OwnerClient;
let editor: OwnerClient;
let viewer: OwnerClient;
let journalId: string;
let aboutId: string;
let journalSiteItemId: string;

beforeAll(async () => {
  t = await createPagesTestApp();
  const { db } = t.testDb;
  const demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
  const journal = (await findWebsiteByIdentifier(db, JOURNAL_IDENTIFIER))!;
  await makeOwner(db, demo.id, 'admin@posts.test', 'admin');
  await makeOwner(db, demo.id, 'editor@posts.test', 'editor');
  await makeOwner(db, demo.id, 'viewer@posts.test', 'viewer');
  admin = await signInOwner(t.app, DEMO_HOST, 'admin@posts.test');
  editor = await signInOwner(t.app, DEMO_HOST, 'editor@posts.test');
  viewer = await signInOwner(t.app, DEMO_HOST, 'viewer@posts.test');
  const rows = await db.select({ id: collections.id, urlId: collections.urlId }).from(collections).where(eq(collections.websiteId, demo.id));
  journalId = rows.find((r) => r.urlId === 'journal')!.id;
  aboutId = rows.find((r) => r.urlId === 'about')!.id;
  journalSiteItemId = (await db.select({ id: items.id }).from(items).where(eq(items.websiteId, journal.id)).limit(1))[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

const itemsPath = () => `/api/owner/collections/${journalId}/items`;
const visitor = (path: string, cookie = '') => t.get(DEMO_SHOP_IDENTIFIER, path, cookie ? { cookie } : {});

/** Opens the preview as a browser would: the dashboard's link, then the site's redirect that sets the cookie. */
async function previewCookie(path: string): Promise<string> {
  const link = await admin.call('POST', DraftPaths.PREVIEW, { path });
  const url = new URL(link.json().url as string);
  const opened = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: DEMO_HOST } });
  return String(opened.headers['set-cookie']).split(';')[0]!;
}

/** Where visitors could find a post whose title is `title` at `url`. */
async function whereSeen(title: string, url: string) {
  return {
    blog: (await visitor('/journal')).body.includes(title),
    json: (await visitor('/journal?format=json')).body.includes(title),
    post: (await visitor(url)).statusCode,
    rss: (await visitor('/journal/rss.xml')).body.includes(title),
    search: (await visitor(`/search?q=${encodeURIComponent(title)}`)).body.includes(`href="${url}"`),
    sitemap: (await visitor('/sitemap.xml')).body.includes(url),
  };
}
const UNSEEN = { blog: false, json: false, post: 404, rss: false, search: false, sitemap: false };
const SEEN = { blog: true, json: true, post: 200, rss: true, search: true, sitemap: true };

/** The post's published fields and its draft, as the editor opens it. */
async function subjectOf(id: string) {
  const state = await admin.call('GET', `${DraftPaths.SUBJECT}?subject=item:${id}`);
  expect(state.statusCode, state.body).toBe(200);
  return state.json() as { published: Record<string, unknown>; draft: { value: Record<string, unknown>; version: number } | null };
}

describe('blog posts in drafts and releases (issue 26 item 7)', () => {
  let postId: string;
  let postUrl: string;
  const title = 'Indigo vat notes';

  it('keeps a new post from the blog, RSS, search, sitemap, JSON and its URL until the publish, and shows it in the preview', async () => {
    const created = await editor.call('POST', itemsPath(), {
      title,
      body: '<p>The vat wants <strong>warmth</strong>.<script>alert(1)</script></p>',
      tags: ['indigo'],
      status: 'published',
    });
    expect(created.statusCode, created.body).toBe(201);
    postId = created.json().id;
    postUrl = created.json().fullUrl;
    expect(created.json()).toMatchObject({ status: 'draft', draft: { title, status: 'published', version: 1 } });
    expect(await whereSeen(title, postUrl)).toEqual(UNSEEN);

    const state = await subjectOf(postId);
    expect(state.published.status).toBe('draft');
    expect(state.draft?.value).toMatchObject({ title, status: 'published', body: '<p>The vat wants <strong>warmth</strong>.</p>', authorName: 'editor' });
    const listed = (await admin.call('GET', itemsPath())).json().items as { id: string; draft: unknown }[];
    expect(listed.find((i) => i.id === postId)?.draft).toEqual({ title, status: 'published', version: 1 });

    const cookie = await previewCookie('/journal');
    expect((await visitor('/journal', cookie)).body).toContain(title);
    const previewed = await visitor(postUrl, cookie);
    expect(previewed.statusCode).toBe(200);
    expect(previewed.body).toContain('<strong>warmth</strong>');
    expect(await whereSeen(title, postUrl)).toEqual(UNSEEN);
  });

  it('publishes the post with a page in one release, and then visitors find it everywhere', async () => {
    const page = await editor.call('PUT', DraftPaths.DRAFTS, { subject: `collection:${aboutId}`, value: { title: 'About the dyers' }, baseVersion: 0 });
    expect(page.statusCode).toBe(200);
    const release = await editor.call('POST', DraftPaths.PUBLISH);
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json().changes.map((c: { subject: string }) => c.subject)).toEqual([`collection:${aboutId}`, `item:${postId}`]);
    expect(await whereSeen(title, postUrl)).toEqual(SEEN);
    expect((await visitor(postUrl)).body).toContain('<strong>warmth</strong>');
    const history = (await viewer.call('GET', DraftPaths.RELEASES)).json().releases as { changes: { subject: string }[] }[];
    expect(history[0]!.changes.map((c) => c.subject)).toContain(`item:${postId}`);
    expect((await admin.call('GET', DraftPaths.DRAFTS)).json().drafts).toEqual([]);
  });

  it('keeps visitors on the published text of an edited post until the publish, and shows the draft in the preview', async () => {
    const { published } = await subjectOf(postId);
    const edited = { ...published, title: 'Indigo vat, week two', body: '<p>The vat turned <em>coppery</em>.</p>' };
    const saved = await editor.call('PUT', DraftPaths.DRAFTS, { subject: `item:${postId}`, value: edited, baseVersion: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await visitor(postUrl)).body).not.toContain('coppery');
    expect((await visitor('/journal')).body).toContain(title);
    const cookie = await previewCookie(postUrl);
    expect((await visitor(postUrl, cookie)).body).toContain('<em>coppery</em>');
    expect((await visitor('/journal', cookie)).body).toContain('Indigo vat, week two');

    expect((await admin.call('POST', DraftPaths.PUBLISH)).statusCode).toBe(200);
    expect((await visitor(postUrl)).body).toContain('<em>coppery</em>');
    expect(await whereSeen('Indigo vat, week two', postUrl)).toEqual(SEEN);
  });

  it('restores the text a post had before a release as a draft, live again once published', async () => {
    const releases = (await admin.call('GET', DraftPaths.RELEASES)).json().releases as { id: string; changes: { subject: string }[] }[];
    const edit = releases[0]!;
    expect(edit.changes.map((c) => c.subject)).toEqual([`item:${postId}`]);
    const restored = await admin.call('POST', DraftPaths.RESTORE.replace(':releaseId', edit.id), { subject: `item:${postId}` });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await subjectOf(postId)).draft?.value.title).toBe(title);
    expect((await visitor(postUrl)).body).toContain('coppery');
    expect((await admin.call('POST', DraftPaths.PUBLISH)).statusCode).toBe(200);
    const page = (await visitor(postUrl)).body;
    expect(page).toContain('<strong>warmth</strong>');
    expect(page).not.toContain('coppery');
  });

  it('unpublishes a post when its drafted status is Draft (spec 3 statuses keep their meaning)', async () => {
    const { published } = await subjectOf(postId);
    await editor.call('PUT', DraftPaths.DRAFTS, { subject: `item:${postId}`, value: { ...published, status: 'draft' }, baseVersion: 0 });
    expect((await visitor(postUrl)).statusCode).toBe(200);
    expect((await admin.call('POST', DraftPaths.PUBLISH)).statusCode).toBe(200);
    expect(await whereSeen(title, postUrl)).toEqual(UNSEEN);
  });

  it('refuses a save over a newer draft, a role that may only read, another site’s post and a repeated tag', async () => {
    const subject = `item:${postId}`;
    const { published } = await subjectOf(postId);
    expect((await admin.call('PUT', DraftPaths.DRAFTS, { subject, value: { ...published, title: 'One' }, baseVersion: 0 })).json().version).toBe(1);
    expect((await editor.call('PUT', DraftPaths.DRAFTS, { subject, value: { ...published, title: 'Two' }, baseVersion: 1 })).json().version).toBe(2);
    const stale = await admin.call('PUT', DraftPaths.DRAFTS, { subject, value: { ...published, title: 'Three' }, baseVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(DraftMessages.CONFLICT);
    expect((await subjectOf(postId)).draft).toMatchObject({ version: 2, value: { title: 'Two' } });

    const blocked = await viewer.call('PUT', DraftPaths.DRAFTS, { subject, value: published, baseVersion: 2 });
    expect(blocked.statusCode).toBe(403);
    const otherSite = await admin.call('PUT', DraftPaths.DRAFTS, { subject: `item:${journalSiteItemId}`, value: published, baseVersion: 0 });
    expect(otherSite.statusCode).toBe(404);
    expect(otherSite.json().message).toBe(DraftMessages.NO_SUCH_ITEM);
    const otherRead = await admin.call('GET', `${DraftPaths.SUBJECT}?subject=item:${journalSiteItemId}`);
    expect(otherRead.json().message).toBe(DraftMessages.NO_SUCH_ITEM);
    const repeated = await admin.call('PUT', DraftPaths.DRAFTS, { subject, value: { ...published, tags: ['dye', 'Dye'] }, baseVersion: 2 });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().fields['tags.1']).toBe('tag already exists');
    expect((await admin.call('DELETE', `${DraftPaths.DRAFTS}?subject=${encodeURIComponent(subject)}`)).statusCode).toBe(204);
  });
});
