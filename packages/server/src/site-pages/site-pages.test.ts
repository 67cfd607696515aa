import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { collections } from '../db/index.js';
import { auditLog } from '../db/schema-owners.js';
import { EDITED_BLOCK_TYPE_NAMES } from '../blocks/index.js';
import { BLOCK_KINDS } from '../pages/context/blocks-context.js';
import { DEMO_SHOP_IDENTIFIER, JOURNAL_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier, type Website } from '../sites/index.js';
import { PagePaths } from './routes.js';
import { KEPT_BLOCK_KINDS, MAX_BLOCKS, PageMessages, type PageView } from './schemas.js';

const DEMO_HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;
const pagePath = (id: string) => PagePaths.PAGE.replace(':id', id);

describe("the owner's Pages calls", () => {
  let t: PagesTestApp;
  let demo: Website;
  let journal: Website;
  let admin: OwnerClient;
  let editor: OwnerClient;
  let viewer: OwnerClient;
  let manager: OwnerClient;

  beforeAll(async () => {
    t = await createPagesTestApp();
    const db = t.testDb.db;
    demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
    journal = (await findWebsiteByIdentifier(db, JOURNAL_IDENTIFIER))!;
    await makeOwner(db, demo.id, 'admin@pages.test', 'admin');
    await makeOwner(db, demo.id, 'editor@pages.test', 'editor');
    await makeOwner(db, demo.id, 'viewer@pages.test', 'viewer');
    await makeOwner(db, demo.id, 'manager@pages.test', 'store-manager');
    admin = await signInOwner(t.app, DEMO_HOST, 'admin@pages.test');
    editor = await signInOwner(t.app, DEMO_HOST, 'editor@pages.test');
    viewer = await signInOwner(t.app, DEMO_HOST, 'viewer@pages.test');
    manager = await signInOwner(t.app, DEMO_HOST, 'manager@pages.test');
  }, 120_000);
  afterAll(() => t?.close());

  async function create(owner: OwnerClient, body: Record<string, unknown>): Promise<PageView> {
    const response = await owner.call('POST', PagePaths.PAGES, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  it('keeps the same block kinds as the storefront renders', () => {
    expect([...BLOCK_KINDS].sort()).toEqual([...EDITED_BLOCK_TYPE_NAMES, ...KEPT_BLOCK_KINDS].sort());
  });

  it("lists the site's pages of every kind with their settings, and a page's blocks", async () => {
    const response = await viewer.call('GET', PagePaths.PAGES);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store, private');
    const pages: PageView[] = response.json().pages;
    const home = pages.find((p) => p.isHomepage)!;
    expect(home).toMatchObject({ kind: 'page', type: 10, fullUrl: '/', enabled: true, version: 1 });
    expect(home.blocks.length).toBeGreaterThan(0);
    expect(pages.some((p) => p.kind === 'store' && p.type === 13 && p.blocks.length === 0)).toBe(true);
    expect(pages.every((p) => typeof p.urlId === 'string' && typeof p.navigationTitle === 'string')).toBe(true);
  });

  it.each([
    ['page', 10],
    ['blog', 1],
    ['store', 13],
    ['events', 1],
    ['gallery', 6],
    ['folder', 1],
  ] as const)('adds a %s (collection type %i) as a draft with a slug from its title', async (kind, type) => {
    const page = await create(editor, { kind, title: `New ${kind} Ünïcode` });
    expect(page).toMatchObject({ kind, type, urlId: `new-${kind}-unicode`, enabled: false, isHomepage: false, version: 1, title: `New ${kind} Ünïcode` });
  });

  it('adds a link with its address, and refuses a link without one', async () => {
    expect(await create(admin, { kind: 'link', title: 'Our press kit', linkUrl: 'https://example.com/press' })).toMatchObject({
      kind: 'link',
      linkUrl: 'https://example.com/press',
    });
    const refused = await admin.call('POST', PagePaths.PAGES, { kind: 'link', title: 'Nowhere' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PageMessages.LINK_URL);
  });

  it('makes slugs unique on the site and refuses reserved ones, and a page without a title', async () => {
    const first = await create(admin, { kind: 'page', title: 'Press' });
    const second = await create(admin, { kind: 'page', title: 'Press' });
    expect([first.urlId, second.urlId]).toEqual(['press', 'press-1']);
    expect((await create(admin, { kind: 'page', title: 'Cart' })).urlId).toBe('cart-1');
    for (const urlId of ['cart', 'checkout', 'search', 'config', 'api', 'assets']) {
      const refused = await admin.call('POST', PagePaths.PAGES, { kind: 'page', title: 'Anything', urlId });
      expect(refused.statusCode, urlId).toBe(400);
      expect(refused.json().message).toBe(PageMessages.reservedUrlId(urlId));
    }
    const untitled = await admin.call('POST', PagePaths.PAGES, { kind: 'page', title: '  ' });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().fields.title).toBe(PageMessages.TITLE_REQUIRED);
  });

  it('publishes a page with a text block that visitors see at once; a draft answers 404', async () => {
    const page = await create(editor, { kind: 'page', title: 'Lookbook' });
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/lookbook')).statusCode).toBe(404);
    const blocks = [{ typeName: 'html', html: '<p>Autumn colours, <strong>hand-dyed</strong>.</p><script>alert(1)</script>' }];
    const saved = await editor.call('PATCH', pagePath(page.id), { version: page.version, blocks });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().blocks).toEqual([{ typeName: 'html', html: '<p>Autumn colours, <strong>hand-dyed</strong>.</p>' }]);
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/lookbook')).statusCode).toBe(404);
    const published = await editor.call('PATCH', pagePath(page.id), { version: saved.json().version, enabled: true });
    expect(published.json()).toMatchObject({ enabled: true, version: 3 });
    const visit = await t.get(DEMO_SHOP_IDENTIFIER, '/lookbook');
    expect(visit.statusCode).toBe(200);
    expect(visit.body).toContain('Autumn colours, <strong>hand-dyed</strong>.');
    expect(visit.body).not.toContain('alert(1)');
    await editor.call('PATCH', pagePath(page.id), { version: 3, enabled: false });
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/lookbook')).statusCode).toBe(404);
  });

  it('changes the settings, and a changed slug redirects from the old one (301)', async () => {
    const page = await create(admin, { kind: 'page', title: 'About us', enabled: true });
    const response = await admin.call('PATCH', pagePath(page.id), {
      version: 1,
      title: 'About',
      navigationTitle: 'Who we are',
      urlId: 'about-the-shop',
      seoTitle: 'About the shop',
      seoDescription: 'Who makes what we sell.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'About',
      navigationTitle: 'Who we are',
      urlId: 'about-the-shop',
      seoTitle: 'About the shop',
      seoDescription: 'Who makes what we sell.',
      previousUrlIds: ['about-us'],
      version: 2,
    });
    const old = await t.get(DEMO_SHOP_IDENTIFIER, '/about-us?ref=mail');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/about-the-shop?ref=mail');
    expect((await t.get(DEMO_SHOP_IDENTIFIER, '/about-the-shop')).statusCode).toBe(200);
    const taken = await admin.call('PATCH', pagePath(page.id), { version: 2, urlId: 'press' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(PageMessages.URL_ID_TAKEN);
    const reserved = await admin.call('PATCH', pagePath(page.id), { version: 2, urlId: 'checkout' });
    expect(reserved.json().message).toBe(PageMessages.reservedUrlId('checkout'));
    const badForm = await admin.call('PATCH', pagePath(page.id), { version: 2, urlId: 'Not A Slug' });
    expect(badForm.statusCode).toBe(400);
    expect(badForm.json().fields.urlId).toBe(PageMessages.URL_ID_FORM);
  });

  it('refuses a change from an old version with 409 and changes nothing', async () => {
    const page = await create(admin, { kind: 'page', title: 'Stale' });
    expect((await admin.call('PATCH', pagePath(page.id), { version: 1, title: 'First' })).statusCode).toBe(200);
    const stale = await editor.call('PATCH', pagePath(page.id), { version: 1, title: 'Second', blocks: [{ typeName: 'html', html: '<p>x</p>' }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: PageMessages.STALE, currentVersion: 2 });
    const [row] = await t.testDb.db.select().from(collections).where(eq(collections.id, page.id));
    expect(row).toMatchObject({ title: 'First', version: 2 });
    expect(row!.settings.blocks).toEqual([]);
  });

  it('lets exactly one of two changes from the same version win', async () => {
    const page = await create(admin, { kind: 'page', title: 'Race' });
    const answers = await Promise.all(['One', 'Two'].map((title) => admin.call('PATCH', pagePath(page.id), { version: 1, title })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    const [row] = await t.testDb.db.select().from(collections).where(eq(collections.id, page.id));
    expect(row).toMatchObject({ title: winner.title, version: 2 });
  });

  it('checks blocks: each known kind by its fields, unknown kinds kept, at most 60, only on pages of blocks', async () => {
    const page = await create(admin, { kind: 'page', title: 'Blocks' });
    const many = Array.from({ length: MAX_BLOCKS + 1 }, () => ({ typeName: 'html', html: '<p>x</p>' }));
    const tooMany = await admin.call('PATCH', pagePath(page.id), { version: 1, blocks: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields.blocks).toBe(PageMessages.TOO_MANY_BLOCKS);
    const bad = await admin.call('PATCH', pagePath(page.id), { version: 1, blocks: [{ typeName: 'quote', text: '' }] });
    expect(bad.statusCode).toBe(400);
    const kept = await admin.call('PATCH', pagePath(page.id), { version: 1, blocks: [{ typeName: 'quote', text: 'Less, but better.' }, ...many.slice(2)] });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().blocks[0]).toEqual({ typeName: 'quote', text: 'Less, but better.' });
    const blog = await create(admin, { kind: 'blog', title: 'Diary' });
    const refused = await admin.call('PATCH', pagePath(blog.id), { version: 1, blocks: [] });
    expect(refused.json().message).toBe(PageMessages.BLOCKS_ONLY_ON_PAGES);
  });

  it('duplicates a page as a draft with its blocks, deletes a page, and never the home page', async () => {
    const page = await create(admin, { kind: 'page', title: 'Care guide', enabled: true });
    await admin.call('PATCH', pagePath(page.id), { version: 1, blocks: [{ typeName: 'html', html: '<p>Wash cold.</p>' }] });
    const copy = await admin.call('POST', PagePaths.DUPLICATE.replace(':id', page.id), {});
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({
      title: 'Care guide (copy)',
      urlId: 'care-guide-1',
      enabled: false,
      blocks: [{ typeName: 'html', html: '<p>Wash cold.</p>' }],
    });
    const deleted = await admin.call('DELETE', pagePath(copy.json().id));
    expect(deleted.statusCode).toBe(204);
    expect((await admin.call('DELETE', pagePath(copy.json().id))).json().message).toBe(PageMessages.NOT_FOUND);
    const home = ((await admin.call('GET', PagePaths.PAGES)).json().pages as PageView[]).find((p) => p.isHomepage)!;
    const refused = await admin.call('DELETE', pagePath(home.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PageMessages.HOME_NOT_DELETABLE);
  });

  it('sets the display order of every page, and refuses a partial list', async () => {
    const pages: PageView[] = (await admin.call('GET', PagePaths.PAGES)).json().pages;
    const ids = pages.map((p) => p.id).reverse();
    const ordered = await admin.call('POST', PagePaths.ORDER, { ids });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect((ordered.json().pages as PageView[]).map((p) => p.id)).toEqual(ids);
    const partial = await admin.call('POST', PagePaths.ORDER, { ids: ids.slice(1) });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe(PageMessages.ORDER_MISMATCH);
  });

  it('records every change in the audit log', async () => {
    const page = await create(admin, { kind: 'page', title: 'Audited' });
    await admin.call('PATCH', pagePath(page.id), { version: 1, title: 'Audited page' });
    const entries = await t.testDb.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.websiteId, demo.id), eq(auditLog.subjectId, page.id)))
      .orderBy(desc(auditLog.createdAt));
    expect(entries.map((e) => e.action).sort()).toEqual(['page.create', 'page.update']);
  });

  it('lets roles without content writing read only, and refuses roles without content (403)', async () => {
    const page = await create(admin, { kind: 'page', title: 'Roles' });
    const viewerWrite = await viewer.call('PATCH', pagePath(page.id), { version: 1, title: 'No' });
    expect(viewerWrite.statusCode).toBe(403);
    expect(viewerWrite.json().permission).toBe('content:write');
    for (const [method, url, body] of [
      ['POST', PagePaths.PAGES, { kind: 'page', title: 'No' }],
      ['POST', PagePaths.DUPLICATE.replace(':id', page.id), {}],
      ['DELETE', pagePath(page.id), undefined],
      ['POST', PagePaths.ORDER, { ids: [page.id] }],
    ] as const)
      expect((await viewer.call(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    const managerRead = await manager.call('GET', PagePaths.PAGES);
    expect(managerRead.statusCode).toBe(403);
    expect(managerRead.json().permission).toBe('content:read');
  });

  it("refuses another site's page ids as not on this site", async () => {
    const [other] = await t.testDb.db.select().from(collections).where(eq(collections.websiteId, journal.id)).limit(1);
    for (const [method, url, body] of [
      ['PATCH', pagePath(other!.id), { version: other!.version, title: 'Taken over' }],
      ['POST', PagePaths.DUPLICATE.replace(':id', other!.id), {}],
      ['DELETE', pagePath(other!.id), undefined],
    ] as const) {
      const response = await admin.call(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe(PageMessages.NOT_FOUND);
    }
    const order = await admin.call('POST', PagePaths.ORDER, { ids: [other!.id] });
    expect(order.statusCode).toBe(400);
    const [after] = await t.testDb.db.select().from(collections).where(eq(collections.id, other!.id));
    expect(after!.title).toBe(other!.title);
  });

  it('refuses calls without a session or without the crumb', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: PagePaths.PAGES,
      headers: { host: admin.host, 'x-emporium-site': admin.site!, accept: 'application/json' },
    });
    expect(anonymous.statusCode).toBe(401);
    const noCrumb = await admin.call('POST', PagePaths.PAGES, { kind: 'page', title: 'No crumb' }, { 'x-csrf-token': 'forged' });
    expect(noCrumb.statusCode).toBe(401);
    expect(noCrumb.json().error).toBe('CRUMB_FAIL');
  });

  it('refuses a body over the size limit (413)', async () => {
    const page = await create(admin, { kind: 'page', title: 'Huge' });
    const huge = await admin.call('PATCH', pagePath(page.id), { version: 1, blocks: [{ typeName: 'html', html: 'x'.repeat(2 * 1024 * 1024) }] });
    expect(huge.statusCode).toBe(413);
  });
});
