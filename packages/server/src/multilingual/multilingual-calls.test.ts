import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { collections } from '../db/index.js';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier, type Website } from '../sites/index.js';
import { MultilingualMessages as M, MultilingualPaths as P } from './index.js';

const DEMO_HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;

/** The five multilingual calls of spec 7 "Site users and setup", with the owner checks of every owner call. */
describe('multilingual settings, status, languages and connection (spec 7)', () => {
  let t: PagesTestApp;
  let demo: Website;
  let admin: OwnerClient;
  let manager: OwnerClient;
  let editor: OwnerClient;

  beforeAll(async () => {
    t = await createPagesTestApp();
    const db = t.testDb.db;
    demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
    for (const role of ['admin', 'website-manager', 'editor'] as const) await makeOwner(db, demo.id, `${role}@ml.test`, role);
    admin = await signInOwner(t.app, DEMO_HOST, 'admin@ml.test');
    manager = await signInOwner(t.app, DEMO_HOST, 'website-manager@ml.test');
    editor = await signInOwner(t.app, DEMO_HOST, 'editor@ml.test');
    // The demo is seeded with French (issue 29): these tests start from a site that has saved no languages.
    expect((await manager.call('DELETE', P.CONNECTION)).statusCode).toBe(200);
  }, 120_000);
  afterAll(() => t?.close());

  const save = (languages: unknown[], version?: number, as = manager) =>
    as.call('PUT', P.LANGUAGES, { languages, ...(version === undefined ? {} : { version }) });

  it('answers the one language of the site locale before any set-up', async () => {
    const status = await manager.call('GET', P.STATUS);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.headers['cache-control']).toBe('no-store, private');
    expect(status.json()).toEqual({ connected: false, primaryLanguage: 'en-US', languageCount: 1, publishedCount: 1, hiddenCount: 0 });
    const languages = (await manager.call('GET', P.LANGUAGES)).json();
    expect(languages).toEqual({
      languages: [{ code: 'en-US', name: 'American English', nativeName: 'American English', primary: true, published: true, urlPrefix: '/' }],
      version: 0,
    });
    const settings = (await manager.call('GET', P.SETTINGS)).json();
    expect(settings).toMatchObject({ enabled: false, primaryLanguage: 'en-US', urlStrategy: 'path-prefix', xDefault: '/', version: 0 });
  });

  it('saves the list as a whole with canonical codes, the primary first, and moves the version on', async () => {
    const saved = await save([{ code: 'FR' }, { code: 'en-us', primary: true }, { code: 'de-ch', published: false }], 0);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      languages: [
        { code: 'en-US', name: 'American English', nativeName: 'American English', primary: true, published: true, urlPrefix: '/' },
        { code: 'fr', name: 'French', nativeName: 'français', primary: false, published: true, urlPrefix: '/fr/' },
        { code: 'de-CH', name: 'Swiss High German', nativeName: 'Schweizer Hochdeutsch', primary: false, published: false, urlPrefix: '/de-ch/' },
      ],
      version: 1,
    });
    expect((await manager.call('GET', P.LANGUAGES)).json()).toEqual(saved.json());
    expect((await manager.call('GET', P.STATUS)).json()).toEqual({
      connected: true,
      primaryLanguage: 'en-US',
      languageCount: 3,
      publishedCount: 2,
      hiddenCount: 1,
    });
    const settings = (await manager.call('GET', P.SETTINGS)).json();
    expect(settings.enabled).toBe(true);
    expect(settings.languages.map((l: { code: string }) => l.code)).toEqual(['en-US', 'fr']);
  });

  it('refuses a save over a newer version with a clear conflict (409)', async () => {
    const stale = await save([{ code: 'en-US', primary: true }], 0);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'CONFLICT', message: M.STALE(0, 1), currentVersion: 1 });
  });

  const refusals: [string, unknown[], string, string][] = [
    ['a code that is not BCP 47', [{ code: 'en-US', primary: true }, { code: 'fr_FR' }], 'languages.1.code', M.NOT_A_CODE('fr_FR')],
    ['a language CLDR does not know', [{ code: 'en-US', primary: true }, { code: 'qq' }], 'languages.1.code', M.UNKNOWN_LANGUAGE('qq')],
    ['a code with extensions', [{ code: 'en-US', primary: true }, { code: 'th-u-nu-thai' }], 'languages.1.code', M.WITH_EXTENSIONS('th-u-nu-thai', 'th')],
    [
      'a code listed twice (in another case)',
      [{ code: 'en-US', primary: true }, { code: 'fr' }, { code: 'FR' }],
      'languages.2.code',
      M.DUPLICATE('French', 'fr'),
    ],
    ['no primary', [{ code: 'en-US' }, { code: 'fr' }], 'languages', M.NO_PRIMARY],
    [
      'two primaries',
      [
        { code: 'en-US', primary: true },
        { code: 'fr', primary: true },
      ],
      'languages.1.primary',
      M.MANY_PRIMARIES,
    ],
    ['a hidden primary', [{ code: 'en-US', primary: true, published: false }], 'languages.0.published', M.PRIMARY_HIDDEN],
    ['removing the primary', [{ code: 'fr', primary: true }], 'languages', M.PRIMARY_REMOVED('American English', 'en-US')],
  ];
  it.each(refusals)('refuses %s with its message, saving nothing (400)', async (_name, languages, field, message) => {
    const response = await save(languages, 1);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_FAILED', message, fields: { [field]: message } });
    expect((await manager.call('GET', P.LANGUAGES)).json().version).toBe(1);
  });

  it('refuses a language whose prefix a page of the site uses', async () => {
    const db = t.testDb.db;
    const [about] = await db.select({ id: collections.id, urlId: collections.urlId }).from(collections).where(eq(collections.websiteId, demo.id)).limit(1);
    await db.update(collections).set({ urlId: 'it' }).where(eq(collections.id, about!.id));
    try {
      const response = await save([{ code: 'en-US', primary: true }, { code: 'it' }], 1);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: M.PAGE_AT_PREFIX('it', '/it'), fields: { 'languages.1.code': M.PAGE_AT_PREFIX('it', '/it') } });
    } finally {
      await db.update(collections).set({ urlId: about!.urlId }).where(eq(collections.id, about!.id));
    }
  });

  it('lets the primary change while the old one stays, then removes it', async () => {
    const changed = await save([{ code: 'fr', primary: true }, { code: 'en-US' }, { code: 'de-CH', published: false }], 1);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().languages.map((l: { code: string; urlPrefix: string }) => `${l.code} ${l.urlPrefix}`)).toEqual([
      'fr /',
      'en-US /en-us/',
      'de-CH /de-ch/',
    ]);
    const back = await save([{ code: 'en-US', primary: true }, { code: 'fr' }, { code: 'de-CH', published: false }], 2);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().version).toBe(3);
  });

  it('refuses roles without settings:write (403), requests without a session (401), a forged crumb and a body over 16 KB', async () => {
    expect((await save([{ code: 'en-US', primary: true }], undefined, editor)).statusCode).toBe(403);
    expect((await editor.call('DELETE', P.CONNECTION)).statusCode).toBe(403);
    expect((await editor.call('GET', P.LANGUAGES)).json()).toMatchObject({ error: 'FORBIDDEN', permission: 'settings:read' });
    const anonymous = await t.app.inject({
      method: 'GET',
      url: P.LANGUAGES,
      headers: { host: admin.host, 'x-emporium-site': admin.site!, accept: 'application/json' },
    });
    expect(anonymous.statusCode).toBe(401);
    const forged = await admin.call('PUT', P.LANGUAGES, { languages: [{ code: 'en-US', primary: true }] }, { 'x-csrf-token': 'forged' });
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect(forged.statusCode).toBeLessThan(500);
    const big = await admin.call('PUT', P.LANGUAGES, { languages: [{ code: 'en-US', primary: true }], padding: 'a'.repeat(20 * 1024) });
    expect(big.statusCode).toBe(413);
    expect((await manager.call('GET', P.LANGUAGES)).json().version).toBe(3);
  });

  it('removes the connection: the site is left with the language of its locale', async () => {
    const removed = await admin.call('DELETE', P.CONNECTION);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ connected: false, primaryLanguage: 'en-US', languageCount: 1, publishedCount: 1, hiddenCount: 0 });
    expect((await manager.call('GET', P.LANGUAGES)).json().languages).toHaveLength(1);
  });
});
