import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { ITEM_MESSAGES } from '../collection-items/index.js';
import { collections } from '../db/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { DraftPaths } from './routes.js';

// A post's URL slug, SEO title and description and social image are drafted with its text (decision 0055).
const DEMO_HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;
let t: PagesTestApp;
let editor: OwnerClient;
let journalId: string;
let post: { id: string; urlId: string; title: string };
let other: { id: string; urlId: string };

beforeAll(async () => {
  t = await createPagesTestApp();
  const { db } = t.testDb;
  const demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
  await makeOwner(db, demo.id, 'editor@slugs.test', 'editor');
  editor = await signInOwner(t.app, DEMO_HOST, 'editor@slugs.test');
  const rows = await db.select({ id: collections.id, urlId: collections.urlId }).from(collections).where(eq(collections.websiteId, demo.id));
  journalId = rows.find((r) => r.urlId === 'journal')!.id;
  const listed = (await editor.call('GET', `${itemsPath()}?status=published`)).json().items as { id: string; urlId: string; title: string }[];
  expect(listed.length).toBeGreaterThanOrEqual(2);
  [post, other] = listed as [typeof post, typeof other];
});
afterAll(async () => {
  await t?.close();
});

const itemsPath = () => `/api/owner/collections/${journalId}/items`;
const visitor = (path: string, cookie = '') => t.get(DEMO_SHOP_IDENTIFIER, path, cookie ? { cookie } : {});

async function previewCookie(path: string): Promise<string> {
  const link = await editor.call('POST', DraftPaths.PREVIEW, { path });
  const url = new URL(link.json().url as string);
  const opened = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: DEMO_HOST } });
  return String(opened.headers['set-cookie']).split(';')[0]!;
}

async function publishedFields(id: string): Promise<Record<string, unknown>> {
  const state = await editor.call('GET', `${DraftPaths.SUBJECT}?subject=item:${id}`);
  expect(state.statusCode, state.body).toBe(200);
  return state.json().published as Record<string, unknown>;
}

async function draftOf(id: string, value: Record<string, unknown>, baseVersion = 0) {
  return editor.call('PUT', DraftPaths.DRAFTS, { subject: `item:${id}`, value, baseVersion });
}

const SEO_TITLE = 'Lichen walks for beginners';
const SEO_DESCRIPTION = 'Where to look for lichens on a winter walk, and what the colours tell.';
const SOCIAL_IMAGE = '/assets/social/lichen-walk.png';
const NEW_SLUG = 'lichen-walks-for-beginners';

describe("a post's slug and SEO fields in its draft", () => {
  it('keeps a drafted slug, SEO title, description and social image from visitors, and shows them in the preview, the published address redirecting there', async () => {
    const published = await publishedFields(post.id);
    expect(published).toMatchObject({ urlId: post.urlId, seoTitle: '', seoDescription: '', socialImageUrl: '' });
    const saved = await draftOf(post.id, {
      ...published,
      urlId: NEW_SLUG,
      seoTitle: SEO_TITLE,
      seoDescription: SEO_DESCRIPTION,
      socialImageUrl: SOCIAL_IMAGE,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const oldUrl = `/journal/${post.urlId}`;
    const newUrl = `/journal/${NEW_SLUG}`;
    const seen = await visitor(oldUrl);
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toContain(SEO_TITLE);
    expect(seen.body).not.toContain(SOCIAL_IMAGE);
    expect((await visitor(newUrl)).statusCode).toBe(404);
    expect((await visitor('/journal')).body).not.toContain(`href="${newUrl}"`);
    expect((await visitor('/sitemap.xml')).body).not.toContain(newUrl);

    const cookie = await previewCookie(newUrl);
    const previewed = await visitor(newUrl, cookie);
    expect(previewed.statusCode).toBe(200);
    expect(previewed.body).toContain(`<title>${SEO_TITLE}`);
    expect(previewed.body).toContain(SEO_DESCRIPTION);
    expect(previewed.body).toMatch(new RegExp(`og:image" content="[^"]*${SOCIAL_IMAGE}"`));
    expect((await visitor('/journal', cookie)).body).toContain(`href="${newUrl}"`);
    // In the preview its published address leads to the drafted one, for now only: visitors still read it there.
    const moved = await visitor(`${oldUrl}?format=json`, cookie);
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe(`${newUrl}?format=json`);
    expect(moved.headers['cache-control']).toBe('no-store');
    expect((await visitor(oldUrl)).statusCode).toBe(200);
  });

  it('publishes them, and the old address then redirects permanently to the new one', async () => {
    const release = await editor.call('POST', DraftPaths.PUBLISH);
    expect(release.statusCode, release.body).toBe(200);
    const newUrl = `/journal/${NEW_SLUG}`;
    const page = await visitor(newUrl);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<title>${SEO_TITLE}`);
    expect(page.body).toContain(SEO_DESCRIPTION);
    expect(page.body).toMatch(new RegExp(`og:image" content="[^"]*${SOCIAL_IMAGE}"`));

    const old = await visitor(`/journal/${post.urlId}`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(newUrl);
    const oldJson = await visitor(`/journal/${post.urlId}?format=json`);
    expect(oldJson.statusCode).toBe(301);
    expect(oldJson.headers.location).toBe(`${newUrl}?format=json`);
    const sitemap = (await visitor('/sitemap.xml')).body;
    expect(sitemap).toContain(newUrl);
    expect(sitemap).not.toContain(`/journal/${post.urlId}<`);

    const view = (await editor.call('GET', `${itemsPath()}/${post.id}`)).json();
    expect(view).toMatchObject({ urlId: NEW_SLUG, seoTitle: SEO_TITLE, seoDescription: SEO_DESCRIPTION, socialImageUrl: SOCIAL_IMAGE });
    expect(view.previousUrlIds).toEqual([post.urlId]);
  });

  it('refuses a slug another post has or another draft claims, one of the wrong form and an SEO title over the limit', async () => {
    const published = await publishedFields(other.id);
    const taken = await draftOf(other.id, { ...published, urlId: NEW_SLUG });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(ITEM_MESSAGES.urlIdTaken(NEW_SLUG));
    expect(taken.json().fields.urlId).toBe(ITEM_MESSAGES.urlIdTaken(NEW_SLUG));

    const claimed = await draftOf(post.id, { ...(await publishedFields(post.id)), urlId: 'winter-lichens' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const twice = await draftOf(other.id, { ...published, urlId: 'winter-lichens' });
    expect(twice.json().message).toBe(ITEM_MESSAGES.urlIdTaken('winter-lichens'));
    expect((await editor.call('DELETE', `${DraftPaths.DRAFTS}?subject=${encodeURIComponent(`item:${post.id}`)}`)).statusCode).toBe(204);

    const form = await draftOf(other.id, { ...published, urlId: 'Not A Slug' });
    expect(form.statusCode).toBe(400);
    expect(form.json().message).toBe(ITEM_MESSAGES.urlIdForm);
    const long = await draftOf(other.id, { ...published, seoTitle: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('At most 100 characters.');

    // The items call checks the same rules.
    const current = (await editor.call('GET', `${itemsPath()}/${other.id}`)).json();
    const put = await editor.call('PUT', `${itemsPath()}/${other.id}`, { ...published, urlId: NEW_SLUG, version: current.version });
    expect(put.statusCode).toBe(400);
    expect(put.json().fields.urlId).toBe(ITEM_MESSAGES.urlIdTaken(NEW_SLUG));
    expect((await visitor(`/journal/${other.urlId}`)).statusCode).toBe(200);
  });
});
