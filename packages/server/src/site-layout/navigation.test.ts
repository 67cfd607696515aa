import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { collections, websites } from '../db/index.js';
import { auditLog } from '../db/schema-owners.js';
import { DEMO_SHOP_IDENTIFIER, JOURNAL_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier, type Website } from '../sites/index.js';
import { DraftPaths } from '../drafts/index.js';
import { SiteLayoutMessages as M, SiteLayoutPaths as P } from './index.js';

const DEMO_HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;

interface Layout {
  websiteId: string;
  templateId: string;
  layout: { identifier: string; title: string; links: { collectionId?: string; externalLink?: string; title?: string; items?: unknown[] }[] }[];
  pages: { id: string; title: string; navigationTitle: string; fullUrl: string; enabled: boolean }[];
}

/** The texts of the storefront's main navigation links on a page's HTML. */
function mainNavTexts(html: string): string[] {
  const nav = /<nav class="site-nav"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  return [...nav.matchAll(/<a [^>]*>([\s\S]*?)<\/a>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').trim()).filter(Boolean);
}

describe('GetSiteLayout and UpdateNavigation (spec 7)', () => {
  let t: PagesTestApp;
  let demo: Website;
  let journal: Website;
  let admin: OwnerClient;
  let editor: OwnerClient;
  let viewer: OwnerClient;
  let storeManager: OwnerClient;
  let layout: Layout;

  beforeAll(async () => {
    t = await createPagesTestApp();
    const db = t.testDb.db;
    demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
    journal = (await findWebsiteByIdentifier(db, JOURNAL_IDENTIFIER))!;
    for (const role of ['admin', 'editor', 'viewer', 'store-manager'] as const) await makeOwner(db, demo.id, `${role}@nav.test`, role);
    admin = await signInOwner(t.app, DEMO_HOST, 'admin@nav.test');
    editor = await signInOwner(t.app, DEMO_HOST, 'editor@nav.test');
    viewer = await signInOwner(t.app, DEMO_HOST, 'viewer@nav.test');
    storeManager = await signInOwner(t.app, DEMO_HOST, 'store-manager@nav.test');
    layout = (await admin.call('GET', P.SITE_LAYOUT)).json();
  }, 120_000);
  afterAll(() => t?.close());

  const about = () => layout.pages.find((page) => page.title === 'About')!;
  const update = (client: OwnerClient, items: unknown[], fieldName = 'mainNavigation', templateId = layout.templateId) =>
    client.call('POST', P.UPDATE_NAVIGATION, { fieldName, templateId, navigation: { items } });

  it("answers the theme's navigations with their stored entries and the site's pages", async () => {
    const response = await viewer.call('GET', P.SITE_LAYOUT);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store, private');
    const answer: Layout = response.json();
    expect(answer.websiteId).toBe(demo.id);
    expect(answer.templateId).toBe('default');
    expect(answer.layout.map((n) => [n.identifier, n.title])).toEqual([
      ['mainNavigation', 'Main Navigation'],
      ['footerNavigation', 'Footer Navigation'],
    ]);
    expect(answer.layout[0]!.links).toHaveLength(8); // the demo's six pages, its Members area's page and its course
    expect(answer.layout[0]!.links).toContainEqual({ collectionId: about().id });
    expect(answer.layout[1]!.links).toContainEqual({ externalLink: '/search', title: 'Search' });
    expect(about()).toMatchObject({ fullUrl: '/about', enabled: true });
  });

  it('drafts a navigation: GetSiteLayout shows it at once, visitors only after Publish (the cached page changes then)', async () => {
    expect(mainNavTexts((await t.get(DEMO_SHOP_IDENTIFIER, '/')).body)).toContain('About');
    const pageVersion = async () => (await t.testDb.db.select({ v: websites.pageVersion }).from(websites).where(eq(websites.id, demo.id)))[0]!.v;
    const versionBefore = await pageVersion();
    const items = [
      { collectionId: about().id, title: 'Our story', items: [{ externalLink: 'https://example.com/press', title: 'Press', newWindow: true }] },
      { externalLink: '/search', title: 'Find' },
    ];
    const response = await editor.call('POST', P.UPDATE_NAVIGATION, { fieldName: 'mainNavigation', templateId: 'default', navigation: { items } });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Layout).layout[0]!.links).toEqual(items);
    expect(((await editor.call('GET', P.SITE_LAYOUT)).json() as Layout).layout[0]!.links).toEqual(items);
    // Visitors still see the published navigation.
    expect(await pageVersion()).toBe(versionBefore);
    expect(mainNavTexts((await t.get(DEMO_SHOP_IDENTIFIER, '/')).body)).not.toContain('Our story');
    // Navigation is content: the editor who drafted it may publish it.
    const published = await editor.call('POST', DraftPaths.PUBLISH, {});
    expect(published.statusCode, published.body).toBe(200);
    expect(await pageVersion()).toBeGreaterThan(versionBefore);
    const texts = mainNavTexts((await t.get(DEMO_SHOP_IDENTIFIER, '/')).body);
    expect(texts).toContain('Our story');
    expect(texts).toContain('Find');
    expect(texts).not.toContain('Shop');
    const stored = (await t.testDb.db.select({ s: websites.settings }).from(websites).where(eq(websites.id, demo.id)))[0]!.s;
    expect((stored.navigation as Record<string, { items: unknown }>).mainNavigation!.items).toEqual(items);
    expect((stored.navigation as Record<string, { items: unknown[] }>).footerNavigation!.items).toHaveLength(5);
    const audit = await t.testDb.db.select().from(auditLog).where(eq(auditLog.websiteId, demo.id));
    expect(audit.some((entry) => entry.action === 'navigation.update' && entry.subjectId === 'mainNavigation')).toBe(true);
  });

  it('two navigation changes drafted at once both count (the site row serialises them)', async () => {
    const footer = [{ collectionId: about().id, title: 'About us' }];
    const main = [{ externalLink: '/search', title: 'Search' }];
    const [a, b] = await Promise.all([
      editor.call('POST', P.UPDATE_NAVIGATION, { fieldName: 'footerNavigation', templateId: 'default', navigation: { items: footer } }),
      editor.call('POST', P.UPDATE_NAVIGATION, { fieldName: 'mainNavigation', templateId: 'default', navigation: { items: main } }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const links = ((await editor.call('GET', P.SITE_LAYOUT)).json() as Layout).layout.map((nav) => nav.links);
    expect(links).toEqual([main, footer]);
    expect((await editor.call('DELETE', `${DraftPaths.DRAFTS}?subject=settings.navigation`)).statusCode).toBe(204);
  });

  it(`answers 404 '${M.NO_NAVIGATION}' for a navigation the theme does not declare`, async () => {
    const response = await update(admin, [], 'sideNavigation');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Unable to find site main navigation');
  });

  it('refuses a navigation read from another theme (409)', async () => {
    const response = await update(admin, [], 'mainNavigation', 'magazine');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(M.THEME_CHANGED);
  });

  it("refuses entries opening another site's page, an unknown page or a member area, naming each entry, and saves nothing", async () => {
    const [otherSitePage] = await t.testDb.db.select({ id: collections.id }).from(collections).where(eq(collections.websiteId, journal.id)).limit(1);
    const response = await update(admin, [
      { collectionId: about().id },
      { collectionId: otherSitePage!.id },
      { externalLink: '/x', items: [{ collectionId: 'no-such-page' }] },
      { memberAreaId: 'members' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: M.NAVIGATION_REFUSED,
      fields: {
        'navigation.items.1.collectionId': M.NO_SUCH_PAGE,
        'navigation.items.2.items.0.collectionId': M.NO_SUCH_PAGE,
        'navigation.items.3.memberAreaId': M.NO_SUCH_MEMBER_AREA,
      },
    });
    const now: Layout = (await admin.call('GET', P.SITE_LAYOUT)).json();
    expect(now.layout[0]!.links.map((l) => l.title)).toEqual(['Our story', 'Find']);
  });

  it.each([
    ['a folder inside a folder', [{ externalLink: '/a', items: [{ externalLink: '/b', items: [{ externalLink: '/c' }] }] }], M.TOO_DEEP],
    ['an entry with two targets', [{ externalLink: '/a', collectionId: 'x' }], M.ONE_TARGET],
    ['an entry without a target', [{ title: 'Nothing' }], M.ONE_TARGET],
    ['a javascript: link', [{ externalLink: 'javascript:alert(1)' }], M.BAD_LINK],
    ['an empty link', [{ externalLink: '' }], M.BAD_LINK],
    // Spec 5's link messages.
    ['a mail link without an address', [{ externalLink: 'mailto:studio' }], M.emailForm],
    ['a web address without a host', [{ externalLink: 'https://' }], M.linkForm],
    ['a web address with a space in its host', [{ externalLink: 'https://fern field.com/' }], M.linkForm],
    ['a path with a space', [{ externalLink: '/our story' }], M.notAPageUrl('/our story')],
    ['a path to another host', [{ externalLink: '//evil.example/x' }], M.notAPageUrl('//evil.example/x')],
    ['more than 100 entries', Array.from({ length: 101 }, () => ({ externalLink: '/a' })), M.TOO_MANY],
  ])('refuses %s (400)', async (_name, items, message) => {
    const response = await update(admin, items);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.values(response.json().fields ?? {})).toContain(message);
  });

  it('refuses a body over 64 KB (413)', async () => {
    const response = await update(admin, [{ externalLink: `/${'a'.repeat(70 * 1024)}` }]);
    expect(response.statusCode).toBe(413);
  });

  it('lets roles that read content read, and only those that change content change (403 naming the permission)', async () => {
    expect((await storeManager.call('GET', P.SITE_LAYOUT)).statusCode).toBe(403);
    const refused = await viewer.call('POST', P.UPDATE_NAVIGATION, { fieldName: 'mainNavigation', templateId: 'default', navigation: { items: [] } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('content:write');
    expect((await update(storeManager, [])).statusCode).toBe(403);
  });

  it("never answers about another site: the journal's session reads the journal's layout, and the call is not served on a site's origin", async () => {
    const db = t.testDb.db;
    await makeOwner(db, journal.id, 'admin@journal-nav.test', 'admin');
    const journalAdmin = await signInOwner(t.app, `${JOURNAL_IDENTIFIER}.localhost`, 'admin@journal-nav.test');
    const answer: Layout = (await journalAdmin.call('GET', P.SITE_LAYOUT)).json();
    expect(answer.websiteId).toBe(journal.id);
    expect(answer.pages.some((page) => page.id === about().id)).toBe(false);
    const crossed = await journalAdmin.call('POST', P.UPDATE_NAVIGATION, {
      fieldName: 'mainNavigation',
      templateId: 'default',
      navigation: { items: [{ collectionId: about().id }] },
    });
    expect(crossed.statusCode).toBe(400);
    const onSite = await t.app.inject({ method: 'GET', url: P.SITE_LAYOUT, headers: { host: DEMO_HOST, cookie: admin.cookie, accept: 'application/json' } });
    expect(onSite.statusCode).toBe(401);
  });
});
