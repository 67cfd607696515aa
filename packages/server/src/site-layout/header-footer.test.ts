import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { commercePreferences, websites } from '../db/index.js';
import { DEMO_SHOP_IDENTIFIER, JOURNAL_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier, type Website } from '../sites/index.js';
import { DraftPaths } from '../drafts/index.js';
import { SiteLayoutMessages as M, SiteLayoutPaths as P } from './index.js';

const DEMO_HOST = `${DEMO_SHOP_IDENTIFIER}.localhost`;
const prefs = (namespace: string) => P.PREFERENCES.replace(':namespace', namespace);

describe('the header and footer, and commerce preferences (spec 3 and 7)', () => {
  let t: PagesTestApp;
  let demo: Website;
  let journal: Website;
  let admin: OwnerClient;
  let manager: OwnerClient;
  let editor: OwnerClient;
  let storeManager: OwnerClient;

  beforeAll(async () => {
    t = await createPagesTestApp();
    const db = t.testDb.db;
    demo = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
    journal = (await findWebsiteByIdentifier(db, JOURNAL_IDENTIFIER))!;
    for (const role of ['admin', 'website-manager', 'editor', 'store-manager'] as const) await makeOwner(db, demo.id, `${role}@hf.test`, role);
    admin = await signInOwner(t.app, DEMO_HOST, 'admin@hf.test');
    manager = await signInOwner(t.app, DEMO_HOST, 'website-manager@hf.test');
    editor = await signInOwner(t.app, DEMO_HOST, 'editor@hf.test');
    storeManager = await signInOwner(t.app, DEMO_HOST, 'store-manager@hf.test');
  }, 120_000);
  afterAll(() => t?.close());

  it('answers the stored header and footer with the site title', async () => {
    const response = await admin.call('GET', P.HEADER_FOOTER);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      header: {
        title: demo.title,
        tagline: 'Goods for slow living',
        logoImageUrl: '',
        showLogo: true,
        showTitle: true,
        showTagline: true,
        announcement: 'Free shipping on orders over $75 · Hand-packed in Hudson, NY',
        announcementLink: '',
        announcementStartsAt: '',
        announcementEndsAt: '',
      },
      footer: {
        text: 'Small-batch linen, ceramics and natural-dye goods, made slowly in the Hudson Valley.',
        address: '214 Warren Street\nHudson, NY 12534',
        email: 'hello@fernandfield.example',
        legal: 'Prices in US dollars.',
        showNewsletter: true,
      },
    });
  });

  it('drafts a change, title included, that the next storefront page shows once published, keeping the footer newsletter', async () => {
    const form = (await admin.call('GET', P.HEADER_FOOTER)).json();
    form.header.title = 'Fern & Field Studio';
    form.header.tagline = 'Slow goods';
    form.header.announcement = '';
    form.footer.legal = 'All prices include tax.';
    const saved = await manager.call('PUT', P.HEADER_FOOTER, form);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(form);
    expect((await admin.call('GET', P.HEADER_FOOTER)).json()).toEqual(form);
    const before = (await t.get(DEMO_SHOP_IDENTIFIER, '/')).body;
    expect(before).not.toContain('Fern &amp; Field Studio');
    expect(before).not.toContain('Slow goods');
    const [site] = await t.testDb.db.select({ title: websites.title }).from(websites).where(eq(websites.id, demo.id));
    expect(site!.title).not.toBe('Fern & Field Studio');
    const published = await manager.call('POST', DraftPaths.PUBLISH, {});
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().changes[0].before.header.title).toBe(site!.title);
    const html = (await t.get(DEMO_SHOP_IDENTIFIER, '/')).body;
    expect(html).toContain('Fern &amp; Field Studio');
    expect(html).toContain('Slow goods');
    expect(html).not.toContain('announcement-bar"');
    expect(html).toContain('All prices include tax.');
    const [row] = await t.testDb.db.select({ s: websites.settings }).from(websites).where(eq(websites.id, demo.id));
    const footer = (row!.s.headerFooter as { footer: Record<string, unknown> }).footer;
    expect(footer.newsletter).toMatchObject({ title: 'Letters from the studio' });
    expect(html).toContain('Letters from the studio');
  });

  it.each([
    ['an empty title', { title: '' }, 'header.title', 'The site needs a title.'],
    ['a javascript: announcement link', { announcementLink: 'javascript:alert(1)' }, 'header.announcementLink', M.BAD_LINK],
    ['a mail announcement link without an address', { announcementLink: 'mailto:' }, 'header.announcementLink', M.emailForm],
    ['an announcement path with a space', { announcementLink: '/spring sale' }, 'header.announcementLink', M.notAPageUrl('/spring sale')],
    ['a logo over http', { logoImageUrl: 'http://example.com/logo.png' }, 'header.logoImageUrl', 'A logo address starts with https:// or /.'],
    [
      'an end before the start',
      { announcementStartsAt: '2026-12-10', announcementEndsAt: '2026-12-01' },
      'header.announcementEndsAt',
      'The announcement ends before it starts.',
    ],
  ])('refuses %s (400 naming the field)', async (_name, change, field, message) => {
    const form = (await admin.call('GET', P.HEADER_FOOTER)).json();
    const response = await admin.call('PUT', P.HEADER_FOOTER, { ...form, header: { ...form.header, ...change } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('refuses roles that do not change settings (403 naming the permission)', async () => {
    const form = (await admin.call('GET', P.HEADER_FOOTER)).json();
    const refused = await editor.call('PUT', P.HEADER_FOOTER, form);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('settings:write');
  });

  it('answers a namespace without websiteId, stores it only when it changed, and keeps sites apart', async () => {
    expect((await admin.call('GET', prefs('merchandising'))).json()).toEqual({});
    const value = { reviewsEnabled: true, websiteId: journal.id };
    const saved = await storeManager.call('PUT', prefs('merchandising'), value);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ reviewsEnabled: true });
    const row = async () => (await t.testDb.db.select().from(commercePreferences).where(eq(commercePreferences.websiteId, demo.id)))[0]!;
    const first = await row();
    expect(first.value).toEqual({ reviewsEnabled: true });
    const version = async () => (await t.testDb.db.select({ v: websites.pageVersion }).from(websites).where(eq(websites.id, demo.id)))[0]!.v;
    const before = await version();
    expect((await admin.call('PUT', prefs('merchandising'), { reviewsEnabled: true })).statusCode).toBe(200);
    expect((await row()).updatedAt).toEqual(first.updatedAt);
    expect(await version()).toBe(before);
    const none = await t.testDb.db.select().from(commercePreferences).where(eq(commercePreferences.websiteId, journal.id));
    expect(none).toEqual([]);
  });

  it('refuses a bad namespace, a body that is not an object, oversized preferences and roles without the store', async () => {
    const bad = await admin.call('GET', prefs('..%2Fx'));
    expect(bad.statusCode).toBe(400);
    expect((await admin.call('PUT', prefs('x'), [1, 2])).statusCode).toBe(400);
    expect((await admin.call('PUT', prefs('x'), { big: 'a'.repeat(20 * 1024) })).statusCode).toBe(413);
    const refused = await editor.call('PUT', prefs('x'), { a: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('catalogue:write');
  });
});
