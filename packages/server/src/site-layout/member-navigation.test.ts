import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct } from '../../test-support/commerce-test-kit.js';
import { makeOwner, signInOwner } from '../../test-support/owners.js';
import { type Browser, enableAccounts, signedInShopper } from '../../test-support/site-users.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { availableDialects, createTestDb, type TestDb } from '../../test-support/test-db.js';
import { collections, websites } from '../db/index.js';
import { memberships } from '../db/schema-member-areas.js';
import { createArea } from '../member-areas/index.js';
import { registerPages } from '../pages/index.js';
import { NAV_MEMBERS_ONLY } from '../pages/context/navigation-access.js';
import { staticIslandAssets } from '../pages/island-assets.js';
import type { Website } from '../sites/index.js';
import { SiteLayoutMessages as M, SiteLayoutPaths as P } from './index.js';

const CACHE = 'x-page-cache';
const LOCK = `<span class="visually-hidden"> (${NAV_MEMBERS_ONLY})</span>`;

/** The main navigation's links of a page: their address, text and whether they carry the members-only lock. */
function mainNav(html: string): { href: string; text: string; locked: boolean }[] {
  const nav = /<ul class="site-nav__list">[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
  return [...nav.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({
    href: m[1]!,
    text: m[2]!
      .replace(/<span class="visually-hidden">[\s\S]*?<\/span>/g, '')
      .replace(/<[^>]+>/g, '')
      .trim(),
    locked: m[2]!.includes(LOCK),
  }));
}

describe.each(availableDialects())('navigation entries and member areas (spec 3, issue 28 item 5) on %s', (dialect) => {
  let testDb: TestDb;
  let t: TestApp;
  let site: Website;
  let other: Website;
  let host: string;
  let areaId: string;
  let member: Browser;
  let stranger: Browser;

  beforeAll(async () => {
    testDb = await createTestDb({ dialect });
    t = await createTestApp({
      testDb,
      rateLimitStore: { hit: async () => 1, close: async () => {} },
      config: { logLevel: 'silent', outboxPollMs: 600_000 },
      setup: (app) => registerPages(app, app.emporium, { islands: staticIslandAssets(false) }),
    });
    site = await t.createSite({ identifier: `navgate-${dialect}`, title: 'Nav gate', settings: { commerce: { testMode: true } } });
    other = await t.createSite({ identifier: `navgate-other-${dialect}`, title: 'Other' });
    host = t.hostOf(site);
    const db = testDb.db;
    await enableAccounts(db, site.id);
    const page = (urlId: string, title: string, isHomepage = false) =>
      db
        .insert(collections)
        .values({
          websiteId: site.id,
          type: 10,
          urlId,
          title,
          isHomepage,
          settings: { kind: 'page', blocks: [{ typeName: 'html', html: `<p>${title} text</p>` }] },
        })
        .returning()
        .then((rows) => rows[0]!);
    const home = await page('home', 'Home', true);
    const studio = await page('studio', 'Studio');
    const paywall = await addProduct(db, site.id, {
      title: 'Membership',
      productType: 5,
      variants: [{ sku: 'NAV-MEMBERS', priceCents: 500, unlimited: true }],
    });
    areaId = await createArea(db, site.id, {
      name: 'Members',
      description: 'The studio club',
      priceCents: 500,
      billing: 'one-time',
      billingPeriod: null,
      trialDays: 0,
      productItemId: paywall.itemId,
      gates: [{ kind: 'collection', id: studio.id }],
    });
    const navigation = { mainNavigation: { items: [{ collectionId: home.id }, { collectionId: studio.id }, { memberAreaId: areaId, title: 'Club' }] } };
    await db
      .update(websites)
      .set({ settings: { ...site.settings, navigation } })
      .where(eq(websites.id, site.id));
    const joined = await signedInShopper(t.app, db, host, site.id, `nav-member-${dialect}@example.com`);
    member = joined.browser;
    await db.insert(memberships).values({ websiteId: site.id, memberAreaId: areaId, siteUserId: joined.siteUserId, source: 'owner' });
    stranger = (await signedInShopper(t.app, db, host, site.id, `nav-stranger-${dialect}@example.com`)).browser;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await testDb.close();
  });

  const guest = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { host, accept: 'text/html' } });
  const asMember = (path: string) => member.send('GET', path, { headers: { accept: 'text/html' } });

  const guestNav = () => [
    { href: '/', text: 'Home', locked: false },
    { href: `/commerce/join/${areaId}`, text: 'Studio', locked: true },
    { href: `/commerce/join/${areaId}`, text: 'Club', locked: true },
  ];
  const memberNav = () => [
    { href: '/', text: 'Home', locked: false },
    { href: '/studio', text: 'Studio', locked: false },
    { href: `/checkout/membership-confirmed/${areaId}`, text: 'Club', locked: false },
  ];

  it("marks a guest's links to gated pages and areas as members only, leading to the join page; a member's lead to the pages", async () => {
    const first = await guest('/');
    expect(first.statusCode).toBe(200);
    expect(mainNav(first.body)).toEqual(guestNav());
    expect(first.body).toContain('<svg aria-hidden="true" focusable="false"');
    // A signed-in visitor without the area sees the guest's marking; the member none.
    expect(mainNav((await stranger.send('GET', '/', { headers: { accept: 'text/html' } })).body)).toEqual(guestNav());
    const mine = await asMember('/');
    expect(mainNav(mine.body)).toEqual(memberNav());
    expect(mine.body).not.toContain(LOCK);
    const json = (await guest('/?format=json')).json();
    expect(json.navigation.mainNavigation.items.map((i: { fullUrl: string; lock?: unknown }) => [i.fullUrl, i.lock ?? null])).toEqual([
      ['/', null],
      [`/commerce/join/${areaId}`, { label: NAV_MEMBERS_ONLY }],
      [`/commerce/join/${areaId}`, { label: NAV_MEMBERS_ONLY }],
    ]);
  });

  it("never serves a guest the member's navigation nor the member the guest's, whichever filled the page cache first", async () => {
    // The member first: built fresh and never stored, so the guest's first look is a miss with the marking.
    const memberFirst = await asMember('/?member-first=1');
    expect(memberFirst.headers[CACHE]).toBe('bypass');
    expect(mainNav(memberFirst.body)).toEqual(memberNav());
    const guestAfter = await guest('/?member-first=1');
    expect(guestAfter.headers[CACHE]).toBe('miss');
    expect(mainNav(guestAfter.body)).toEqual(guestNav());
    // The guest first: stored and shared by guests; the member still gets their own navigation.
    const guestFirst = await guest('/?guest-first=1');
    expect(mainNav(guestFirst.body)).toEqual(guestNav());
    const guestHit = await guest('/?guest-first=1');
    expect(guestHit.headers[CACHE]).toBe('hit');
    expect(mainNav(guestHit.body)).toEqual(guestNav());
    const memberAfter = await asMember('/?guest-first=1');
    expect(memberAfter.headers[CACHE]).toBe('bypass');
    expect(mainNav(memberAfter.body)).toEqual(memberNav());
    expect(memberAfter.body).not.toContain(LOCK);
  });

  it("caches a guest's access-denied page (106) as a 403 shared by guests; a member never gets it, nor a guest the member's page", async () => {
    // The member first: their page is built fresh and never stored; the guest's first look is a miss.
    const memberFirst = await asMember('/studio');
    expect(memberFirst.statusCode).toBe(200);
    expect(memberFirst.headers[CACHE]).toBe('bypass');
    expect(memberFirst.body).toContain('Studio text');
    const first = await guest('/studio');
    expect(first.statusCode).toBe(403);
    expect(first.headers[CACHE]).toBe('miss');
    expect(first.body).toContain('page-type-106');
    expect(first.body).not.toContain('Studio text');
    const hit = await guest('/studio');
    expect(hit.statusCode).toBe(403);
    expect(hit.headers[CACHE]).toBe('hit');
    expect(hit.headers['content-encoding']).toBeUndefined();
    expect(hit.body).toBe(first.body);
    // The guest's 106 in the cache: the member still gets the page, a signed-in non-member a fresh 106.
    const memberAfter = await asMember('/studio');
    expect(memberAfter.statusCode).toBe(200);
    expect(memberAfter.headers[CACHE]).toBe('bypass');
    expect(memberAfter.body).toContain('Studio text');
    const strangerPage = await stranger.send('GET', '/studio', { headers: { accept: 'text/html' } });
    expect(strangerPage.statusCode).toBe(403);
    expect(strangerPage.headers[CACHE]).toBe('bypass');
    // Compressed from the cache too, and the JSON form the same way.
    const br = await t.app.inject({ method: 'GET', url: '/studio', headers: { host, accept: 'text/html', 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(403);
    expect(br.headers['content-encoding']).toBe('br');
    await guest('/studio?format=json');
    const json = await guest('/studio?format=json');
    expect(json.statusCode).toBe(403);
    expect(json.headers[CACHE]).toBe('hit');
    expect(json.json().pageType).toBe(106);
    expect(json.body).not.toContain('Studio text');
    expect((await member.send('GET', '/studio?format=json')).body).toContain('Studio text');
  });

  it('stores a navigation entry with a member area of the site, returns it from GetSiteLayout, and refuses one of another site', async () => {
    await makeOwner(testDb.db, site.id, `nav-admin-${dialect}@example.com`, 'admin');
    const admin = await signInOwner(t.app, host, `nav-admin-${dialect}@example.com`);
    const layout = (await admin.call('GET', P.SITE_LAYOUT)).json();
    expect(layout.memberAreas).toEqual([{ id: areaId, name: 'Members' }]);
    const otherArea = await createArea(testDb.db, other.id, {
      name: 'Elsewhere',
      description: '',
      priceCents: 0,
      billing: 'one-time',
      billingPeriod: null,
      trialDays: 0,
      productItemId: null,
      gates: [],
    });
    const send = (items: unknown[]) =>
      admin.call('POST', P.UPDATE_NAVIGATION, { fieldName: 'mainNavigation', templateId: layout.templateId, navigation: { items } });
    const refused = await send([{ externalLink: '/a', items: [{ memberAreaId: otherArea }] }, { memberAreaId: 'no-such-area' }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: M.NAVIGATION_REFUSED,
      fields: { 'navigation.items.0.items.0.memberAreaId': M.NO_SUCH_MEMBER_AREA, 'navigation.items.1.memberAreaId': M.NO_SUCH_MEMBER_AREA },
    });
    const saved = await send([{ externalLink: '/a', title: 'More', items: [{ memberAreaId: areaId, title: 'Join the club' }] }, { memberAreaId: areaId }]);
    expect(saved.statusCode, saved.body).toBe(200);
    const main = (answer: { layout: { identifier: string; links: unknown[] }[] }) => answer.layout.find((n) => n.identifier === 'mainNavigation')!.links;
    expect(main(saved.json())).toEqual([
      { externalLink: '/a', title: 'More', items: [{ memberAreaId: areaId, title: 'Join the club' }] },
      { memberAreaId: areaId },
    ]);
    expect(main((await admin.call('GET', P.SITE_LAYOUT)).json())).toEqual(main(saved.json()));
  });
});
