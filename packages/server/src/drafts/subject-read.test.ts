import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { collections } from '../db/index.js';
import { DEMO_SHOP_IDENTIFIER, JOURNAL_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { DraftPaths } from './routes.js';
import { DraftMessages } from './subjects.js';

// The editor opens a page from its published value and its draft (issue 26, item 7).
const DEMO_HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;
let t: PagesTestApp;
let editor: OwnerClient;
let viewer: OwnerClient;
let aboutId: string;
let journalPageId: string;

beforeAll(async () => {
  t = await createPagesTestApp();
  const { db } = t.testDb;
  const demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
  const journal = (await findWebsiteByIdentifier(db, JOURNAL_IDENTIFIER))!;
  await makeOwner(db, demo.id, 'editor@subject.test', 'editor');
  await makeOwner(db, demo.id, 'viewer@subject.test', 'viewer');
  editor = await signInOwner(t.app, DEMO_HOST, 'editor@subject.test');
  viewer = await signInOwner(t.app, DEMO_HOST, 'viewer@subject.test');
  const [about] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.websiteId, demo.id), eq(collections.urlId, 'about')));
  aboutId = about!.id;
  const [other] = await db.select().from(collections).where(eq(collections.websiteId, journal.id)).limit(1);
  journalPageId = other!.id;
});
afterAll(async () => {
  await t?.close();
});

const read = (client: OwnerClient, subject: string) => client.call('GET', `${DraftPaths.SUBJECT}?subject=${encodeURIComponent(subject)}`);

describe('GET /api/owner/drafts/subject', () => {
  it('answers the published value and no draft, then the draft with its version and author once saved', async () => {
    const subject = `collection:${aboutId}`;
    const before = await viewer.call('GET', `${DraftPaths.SUBJECT}?subject=${encodeURIComponent(subject)}`);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store, private');
    const published = before.json().published;
    expect(published).toMatchObject({ title: 'About', navigationTitle: expect.any(String), description: expect.any(String), blocks: expect.any(Array) });
    expect(before.json().draft).toBeNull();

    const saved = await editor.call('PUT', DraftPaths.DRAFTS, { subject, value: { ...published, title: 'Our story' }, baseVersion: 0 });
    expect(saved.statusCode).toBe(200);
    const after = (await read(viewer, subject)).json();
    expect(after.published.title).toBe('About');
    expect(after.draft).toMatchObject({ subject, version: 1, updatedBy: 'editor@subject.test', value: { title: 'Our story' } });
    await editor.call('DELETE', `${DraftPaths.DRAFTS}?subject=${encodeURIComponent(subject)}`);
  });

  it('reads settings subjects, and refuses unknown subjects and pages of another site', async () => {
    const settings = await read(viewer, 'settings.navigation');
    expect(settings.statusCode).toBe(200);
    expect(settings.json().draft).toBeNull();
    const unknown = await read(viewer, 'settings.secrets');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(DraftMessages.UNKNOWN_SUBJECT);
    const otherSite = await read(viewer, `collection:${journalPageId}`);
    expect(otherSite.statusCode).toBe(404);
    expect(otherSite.json().message).toBe(DraftMessages.NO_SUCH_PAGE);
  });
});
