import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { collections } from '../db/index.js';
import { PAGE_CACHE_HEADER } from '../pages/page-cache/index.js';
import { DEMO_SHOP_IDENTIFIER, JOURNAL_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier, type Website } from '../sites/index.js';
import { DraftPaths } from './routes.js';
import { DraftMessages } from './subjects.js';

// Drafts and releases (issue: the editor, item 7; ARCHITECTURE "Content, drafts and releases").
const DEMO_HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;
let t: PagesTestApp;
let demo: Website;
let journal: Website;
let admin: OwnerClient;
let editor: OwnerClient;
let viewer: OwnerClient;
let aboutId: string;

beforeAll(async () => {
  t = await createPagesTestApp();
  const { db } = t.testDb;
  demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
  journal = (await findWebsiteByIdentifier(db, JOURNAL_IDENTIFIER))!;
  await makeOwner(db, demo.id, 'admin@drafts.test', 'admin');
  await makeOwner(db, demo.id, 'editor@drafts.test', 'editor');
  await makeOwner(db, demo.id, 'viewer@drafts.test', 'viewer');
  admin = await signInOwner(t.app, DEMO_HOST, 'admin@drafts.test');
  editor = await signInOwner(t.app, DEMO_HOST, 'editor@drafts.test');
  viewer = await signInOwner(t.app, DEMO_HOST, 'viewer@drafts.test');
  const [about] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.websiteId, demo.id), eq(collections.urlId, 'about')));
  aboutId = about!.id;
});
afterAll(async () => {
  await t?.close();
});

const textBlock = (html: string) => ({ typeName: 'html', html });
const visitor = (path: string, cookie = '') => t.get(DEMO_SHOP_IDENTIFIER, path, cookie ? { cookie } : {});

/** Opens the preview as a browser would: the dashboard's link, then the site's redirect that sets the cookie. */
async function previewCookie(client: OwnerClient, path = '/'): Promise<string> {
  const link = await client.call('POST', DraftPaths.PREVIEW, { path });
  expect(link.statusCode).toBe(200);
  const url = new URL(link.json().url as string);
  expect(url.hostname).toBe(DEMO_HOST);
  const opened = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: DEMO_HOST } });
  expect(opened.statusCode).toBe(303);
  expect(opened.headers.location).toBe(path);
  const set = String(opened.headers['set-cookie']);
  expect(set).toMatch(/emporium_preview=[^;]+; .*HttpOnly/);
  return set.split(';')[0]!;
}

describe('drafts, publishing and history', () => {
  it('keeps a draft from visitors, shows it in the preview, and publishes every draft at once as one release', async () => {
    const sentence = 'Our linen is washed twice, then dried in the sun.';
    const saved = await editor.call('PUT', DraftPaths.DRAFTS, {
      subject: `collection:${aboutId}`,
      value: { blocks: [textBlock(`<p>${sentence}</p>`)] },
      baseVersion: 0,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ subject: `collection:${aboutId}`, version: 1 });
    const nav = await admin.call('PUT', DraftPaths.DRAFTS, {
      subject: 'settings.headerFooter',
      value: { header: { tagline: 'Washed twice' } },
      baseVersion: 0,
    });
    expect(nav.statusCode).toBe(200);

    expect((await visitor('/about')).body).not.toContain(sentence);
    const cookie = await previewCookie(admin, '/about');
    const preview = await visitor('/about', cookie);
    expect(preview.body).toContain(sentence);
    expect(preview.headers[PAGE_CACHE_HEADER]).toBe('bypass');
    // The dashboard's editor frames the preview; nothing else may frame a site's pages.
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self' http://admin.localhost");
    expect(preview.headers['x-frame-options']).toBeUndefined();
    const published = await visitor('/about');
    expect(published.headers['content-security-policy']).toMatch(/frame-ancestors 'self'(;|$)/);
    expect(published.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect((await visitor('/about')).body).not.toContain(sentence);

    const listed = await viewer.call('GET', DraftPaths.DRAFTS);
    expect(listed.json().drafts.map((d: { subject: string }) => d.subject)).toEqual([`collection:${aboutId}`, 'settings.headerFooter']);

    const release = await admin.call('POST', DraftPaths.PUBLISH);
    expect(release.statusCode).toBe(200);
    expect(release.json().changes.map((c: { subject: string }) => c.subject)).toEqual([`collection:${aboutId}`, 'settings.headerFooter']);
    expect((await visitor('/about')).body).toContain(sentence);
    expect((await admin.call('GET', DraftPaths.DRAFTS)).json().drafts).toEqual([]);
    const again = await admin.call('POST', DraftPaths.PUBLISH);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DraftMessages.NOTHING_TO_PUBLISH);
  });

  it('restores the text a page had before a release as a draft, live again once published', async () => {
    const releases = (await admin.call('GET', DraftPaths.RELEASES)).json().releases as { id: string; number: number }[];
    const first = releases.at(-1)!;
    expect(first.number).toBe(1);
    const restored = await admin.call('POST', DraftPaths.RESTORE.replace(':releaseId', first.id), { subject: `collection:${aboutId}` });
    expect(restored.statusCode).toBe(200);
    expect((await admin.call('POST', DraftPaths.PUBLISH)).statusCode).toBe(200);
    expect((await visitor('/about')).body).not.toContain('washed twice, then dried');
    const notChanged = await admin.call('POST', DraftPaths.RESTORE.replace(':releaseId', first.id), { subject: 'settings.navigation' });
    expect(notChanged.json().message).toBe(DraftMessages.NOT_IN_RELEASE);
  });

  it('refuses a save over another owner’s newer draft with the conflict message, saving nothing', async () => {
    const subject = `collection:${aboutId}`;
    expect((await admin.call('PUT', DraftPaths.DRAFTS, { subject, value: { title: 'About us' }, baseVersion: 0 })).json().version).toBe(1);
    expect((await editor.call('PUT', DraftPaths.DRAFTS, { subject, value: { title: 'About the shop' }, baseVersion: 1 })).json().version).toBe(2);
    const stale = await admin.call('PUT', DraftPaths.DRAFTS, { subject, value: { title: 'Who we are' }, baseVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(DraftMessages.CONFLICT);
    const drafts = (await admin.call('GET', DraftPaths.DRAFTS)).json().drafts;
    expect(drafts).toEqual([expect.objectContaining({ subject, value: { title: 'About the shop' }, version: 2 })]);
    expect((await admin.call('DELETE', `${DraftPaths.DRAFTS}?subject=${encodeURIComponent(subject)}`)).statusCode).toBe(204);
  });

  it('checks roles per subject, sites and values', async () => {
    const blocked = await viewer.call('PUT', DraftPaths.DRAFTS, { subject: `collection:${aboutId}`, value: { title: 'x' }, baseVersion: 0 });
    expect(blocked.statusCode).toBe(403);
    const settingsByEditor = await editor.call('PUT', DraftPaths.DRAFTS, { subject: 'settings.headerFooter', value: {}, baseVersion: 0 });
    expect(settingsByEditor.statusCode).toBe(403);
    expect(settingsByEditor.json().message).toBe(DraftMessages.NOT_ALLOWED);
    const [journalPage] = await t.testDb.db.select().from(collections).where(eq(collections.websiteId, journal.id)).limit(1);
    const otherSite = await admin.call('PUT', DraftPaths.DRAFTS, { subject: `collection:${journalPage!.id}`, value: { title: 'x' }, baseVersion: 0 });
    expect(otherSite.statusCode).toBe(404);
    expect(otherSite.json().message).toBe(DraftMessages.NO_SUCH_PAGE);
    const unknown = await admin.call('PUT', DraftPaths.DRAFTS, { subject: 'settings.secrets', value: {}, baseVersion: 0 });
    expect(unknown.json().message).toBe(DraftMessages.UNKNOWN_SUBJECT);
    const tooMany = await admin.call('PUT', DraftPaths.DRAFTS, {
      subject: `collection:${aboutId}`,
      value: { blocks: Array.from({ length: 61 }, () => textBlock('<p>x</p>')) },
      baseVersion: 0,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(DraftMessages.TOO_MANY_BLOCKS);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: DraftPaths.DRAFTS,
      headers: { host: admin.host, ...(admin.site ? { 'x-emporium-site': admin.site } : {}) },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows drafts only with a genuine preview token of the same site', async () => {
    const saved = await admin.call('PUT', DraftPaths.DRAFTS, {
      subject: `collection:${aboutId}`,
      value: { blocks: [textBlock('<p>Draft only.</p>')] },
      baseVersion: 0,
    });
    expect(saved.json()).toEqual({ subject: `collection:${aboutId}`, version: 1 });
    const cookie = await previewCookie(admin, '/about');
    expect((await visitor('/about', cookie)).body).toContain('Draft only.');
    const signature = cookie.slice(cookie.lastIndexOf('.') + 1);
    const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
    expect((await visitor('/about', cookie.replace(signature, flipped))).body).not.toContain('Draft only.');
    const lastChar = signature.slice(0, -1) + (signature.at(-1) === 'A' ? 'B' : 'A');
    expect((await visitor('/about', cookie.replace(signature, lastChar))).body).not.toContain('Draft only.');
    const expired = await t.app.inject({ method: 'GET', url: `${DraftPaths.SITE_PREVIEW}?token=bad.token&path=/`, headers: { host: DEMO_HOST } });
    expect(expired.statusCode).toBe(401);
    const onJournal = await t.get(JOURNAL_IDENTIFIER, '/', { cookie });
    expect(onJournal.statusCode).toBe(200);
    await admin.call('DELETE', `${DraftPaths.DRAFTS}?subject=${encodeURIComponent(`collection:${aboutId}`)}`);
  });
});
