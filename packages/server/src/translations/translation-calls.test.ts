import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { DEMO_HOST, type TranslationEntry as Entry } from '../../test-support/translations-test-kit.js';
import { collections } from '../db/index.js';
import { DEMO_SHOP_IDENTIFIER, JOURNAL_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier, type Website } from '../sites/index.js';
import { TranslationMessages as M, TranslationPaths as P } from './index.js';

/** The owner's translation calls (issue 29, item 3): texts beside translations, stale flags, CSV and XLIFF, with the owner checks of every owner call. */
describe('translation calls (issue 29)', () => {
  let t: PagesTestApp;
  let demo: Website;
  let editor: OwnerClient;
  let viewer: OwnerClient;
  let storeManager: OwnerClient;
  let journalEditor: OwnerClient;
  let shopId: string;

  beforeAll(async () => {
    t = await createPagesTestApp();
    const db = t.testDb.db;
    demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
    const journal = (await findWebsiteByIdentifier(db, JOURNAL_IDENTIFIER))!;
    for (const role of ['editor', 'viewer', 'store-manager'] as const) await makeOwner(db, demo.id, `${role}@tr.test`, role);
    await makeOwner(db, journal.id, 'admin@journal.test', 'admin');
    editor = await signInOwner(t.app, DEMO_HOST, 'editor@tr.test');
    viewer = await signInOwner(t.app, DEMO_HOST, 'viewer@tr.test');
    storeManager = await signInOwner(t.app, DEMO_HOST, 'store-manager@tr.test');
    journalEditor = await signInOwner(t.app, `${JOURNAL_IDENTIFIER}.localhost`, 'admin@journal.test');
    const admin = await makeOwner(db, demo.id, 'admin@tr.test', 'admin');
    expect(admin).toBeTruthy();
    const manager = await signInOwner(t.app, DEMO_HOST, 'admin@tr.test');
    const saved = await manager.call('PUT', '/api/multilingual/languages', {
      languages: [
        { code: 'en-US', primary: true },
        { code: 'fr', published: true },
        { code: 'de', published: true },
        { code: 'it', published: false },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    shopId = (await db.select({ id: collections.id }).from(collections).where(eq(collections.urlId, 'shop')))[0]!.id;
  }, 120_000);
  afterAll(() => t?.close());

  const list = async (query: string, as = editor) => {
    const res = await as.call('GET', `${P.LIST}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { entries: Entry[]; total: number; counts: Record<string, number>; languages: string[] };
  };
  /** Every text of the language, page after page (the demo has more than one page of 200). */
  const everyEntry = async (language: string): Promise<Entry[]> => {
    const all: Entry[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await list(`language=${language}&pageSize=200&page=${page}`);
      all.push(...answer.entries);
      if (answer.entries.length === 0 || all.length >= answer.total) return all;
    }
  };
  const entryOf = async (language: string, subjectId: string, field: string) =>
    (await everyEntry(language)).find((e) => e.subjectId === subjectId && e.field === field);

  it('lists every text as not translated at first, paged, with counts by state', async () => {
    const answer = await list('language=de&pageSize=5');
    expect(answer.entries).toHaveLength(5);
    expect(answer.total).toBeGreaterThan(50);
    expect(answer.counts).toEqual({ missing: answer.total, stale: 0, current: 0 });
    const french = await list('language=fr&pageSize=5');
    expect(french.counts.current).toBeGreaterThan(50);
    expect(answer.languages).toEqual(['fr', 'de', 'it']);
    const shop = (await list('language=de&subjectType=collection&pageSize=200')).entries.find((e) => e.subjectId === shopId && e.field === 'title');
    expect(shop).toMatchObject({ source: 'Shop', translation: null, state: 'missing' });
  });

  it('saves a translation as current, and flags it stale when the source changes while keeping it', async () => {
    const saved = await editor.call('PUT', P.LIST, { language: 'fr', subjectType: 'collection', subjectId: shopId, field: 'title', text: 'Boutique' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ source: 'Shop', translation: 'Boutique', state: 'current' });
    await t.testDb.db.update(collections).set({ title: 'The Shop' }).where(eq(collections.id, shopId));
    expect(await entryOf('fr', shopId, 'title')).toMatchObject({ source: 'The Shop', translation: 'Boutique', state: 'stale' });
    expect((await list('language=fr&state=stale')).entries.map((e) => e.field)).toEqual(['title']);
    const again = await editor.call('PUT', P.LIST, { language: 'fr', subjectType: 'collection', subjectId: shopId, field: 'title', text: 'La Boutique' });
    expect(again.json()).toMatchObject({ translation: 'La Boutique', state: 'current' });
    await t.testDb.db.update(collections).set({ title: 'Shop' }).where(eq(collections.id, shopId));
  });

  it('removes a translation saved empty, and refuses what is not a text, a language or a slug of the site', async () => {
    const key = { language: 'de', subjectType: 'collection', subjectId: shopId, field: 'description' };
    expect((await editor.call('PUT', P.LIST, { ...key, text: 'Laden' })).json().state).toBe('current');
    const removed = await editor.call('PUT', P.LIST, { ...key, text: '' });
    expect(removed.json()).toMatchObject({ translation: null, state: 'missing' });
    const primary = await editor.call('PUT', P.LIST, { language: 'en-US', subjectType: 'collection', subjectId: shopId, field: 'title', text: 'x' });
    expect(primary.statusCode).toBe(400);
    expect(primary.json().message).toBe(M.NOT_A_LANGUAGE('en-US'));
    const unknown = await editor.call('PUT', P.LIST, { language: 'fr', subjectType: 'collection', subjectId: 'nope', field: 'title', text: 'x' });
    expect(unknown.statusCode).toBe(404);
    const slug = await editor.call('PUT', P.LIST, { language: 'fr', subjectType: 'collection', subjectId: shopId, field: 'slug', text: 'la boutique!' });
    expect(slug.statusCode).toBe(400);
    expect(slug.json().message).toBe(M.SLUG_FORMAT);
    const tooLong = await editor.call('PUT', P.LIST, {
      language: 'fr',
      subjectType: 'collection',
      subjectId: shopId,
      field: 'title',
      text: 'x'.repeat(300_000),
    });
    expect(tooLong.statusCode).toBe(413);
  });

  it('exports CSV and XLIFF 1.2 that import back as they were, and an import of an older source is stale', async () => {
    await editor.call('PUT', P.LIST, {
      language: 'fr',
      subjectType: 'site',
      subjectId: 'site',
      field: 'description',
      text: 'Du lin, "de la" céramique & = des teintures.',
    });
    for (const format of ['csv', 'xliff'] as const) {
      const exported = await editor.call('GET', `${P.EXPORT}?language=fr&format=${format}`);
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.headers['content-type']).toContain(format === 'csv' ? 'text/csv' : 'application/xliff+xml');
      const withoutDates = (entries: Entry[]) => entries.map(({ updatedAt: _, ...e }: Entry & { updatedAt?: unknown }) => e);
      const before = withoutDates(await everyEntry('fr'));
      const cleared = await editor.call('PUT', P.LIST, { language: 'fr', subjectType: 'site', subjectId: 'site', field: 'description', text: '' });
      expect(cleared.json().state).toBe('missing');
      const imported = await editor.call('POST', P.IMPORT, { language: 'fr', format, content: exported.body });
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json()).toEqual({ imported: 1, stale: 0, unchanged: before.filter((e) => e.translation).length - 1, skipped: 0 });
      expect(withoutDates(await everyEntry('fr'))).toEqual(before);
    }
    const xliff = (await editor.call('GET', `${P.EXPORT}?language=fr&format=xliff`)).body;
    expect(xliff).toContain('urn:oasis:names:tc:xliff:document:1.2');
    const older = xliff.replace('<source>Shop</source>', '<source>Old shop</source>').replace('>La Boutique<', '>Boutique<');
    const imported = await editor.call('POST', P.IMPORT, { language: 'fr', format: 'xliff', content: older });
    expect(imported.json().stale).toBe(1);
    expect(await entryOf('fr', shopId, 'title')).toMatchObject({ translation: 'Boutique', state: 'stale' });
    const wrong = await editor.call('POST', P.IMPORT, { language: 'de', format: 'xliff', content: older });
    expect(wrong.statusCode).toBe(400);
    const entity = await editor.call('POST', P.IMPORT, { language: 'fr', format: 'xliff', content: '<!DOCTYPE x [<!ENTITY a "b">]><xliff version="1.2"/>' });
    expect(entity.json().message).toBe(M.XLIFF_DOCTYPE);
  });

  it('lets roles with content:read list and content:write save; other roles and other sites are refused', async () => {
    expect((await viewer.call('GET', `${P.LIST}?language=fr`)).statusCode).toBe(200);
    const body = { language: 'fr', subjectType: 'collection', subjectId: shopId, field: 'title', text: 'Vue' };
    expect((await viewer.call('PUT', P.LIST, body)).statusCode).toBe(403);
    expect((await storeManager.call('GET', `${P.LIST}?language=fr`)).statusCode).toBe(403);
    // The journal's owner acts on the journal only: it has no French, and the demo's page is not one of its texts.
    expect((await journalEditor.call('PUT', P.LIST, body)).json().message).toBe(M.NOT_A_LANGUAGE('fr'));
    await journalEditor.call('PUT', '/api/multilingual/languages', { languages: [{ code: 'en-US', primary: true }, { code: 'fr' }] });
    expect((await journalEditor.call('PUT', P.LIST, body)).statusCode).toBe(404);
    const withoutCrumb = await t.app.inject({
      method: 'PUT',
      url: P.LIST,
      headers: { host: editor.host, cookie: editor.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(withoutCrumb.statusCode).toBe(401);
  });
});
