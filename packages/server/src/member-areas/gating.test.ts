import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct } from '../../test-support/commerce-test-kit.js';
import { Browser, enableAccounts, signedInShopper } from '../../test-support/site-users.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { availableDialects, createTestDb, type TestDb } from '../../test-support/test-db.js';
import { collections, items } from '../db/index.js';
import { memberships } from '../db/schema-member-areas.js';
import { subscriptions } from '../db/schema-subscriptions.js';
import { registerPages } from '../pages/index.js';
import { staticIslandAssets } from '../pages/island-assets.js';
import type { Website } from '../sites/index.js';
import { createArea } from './area-repository.js';
import { grantPaidMemberships } from './join-service.js';
import { imageAccess } from './media-access.js';
import { MemberAreaMessages } from './messages.js';

const SECRET = 'Only members read this sentence';
const GATED_POST = 'Members-only studio notes';
const IMAGE_ID = 'ab'.repeat(16);

describe.each(availableDialects())('member areas on the site (%s)', (dialect) => {
  let testDb: TestDb;
  let t: TestApp;
  let site: Website;
  let host: string;
  let areaId: string;
  let postUrl: string;

  beforeAll(async () => {
    testDb = await createTestDb({ dialect });
    t = await createTestApp({
      testDb,
      rateLimitStore: { hit: async () => 1, close: async () => {} },
      config: { logLevel: 'silent' },
      setup: (app) => registerPages(app, app.emporium, { islands: staticIslandAssets(false) }),
    });
    site = await t.createSite({ identifier: `gate-${dialect}`, title: 'Gate', settings: { commerce: { testMode: true } } });
    host = t.hostOf(site);
    const db = testDb.db;
    await enableAccounts(db, site.id);
    const [page] = await db
      .insert(collections)
      .values({
        websiteId: site.id,
        type: 10,
        urlId: 'members',
        title: 'Members',
        settings: { kind: 'page', blocks: [{ typeName: 'html', html: `<p>${SECRET}</p>` }] },
      })
      .returning();
    const [blog] = await db
      .insert(collections)
      .values({ websiteId: site.id, type: 1, urlId: 'blog', title: 'Blog', settings: { kind: 'blog' } })
      .returning();
    const past = new Date(Date.now() - 86_400_000);
    const [gatedPost] = await db
      .insert(items)
      .values({
        websiteId: site.id,
        collectionId: blog!.id,
        recordType: 1,
        urlId: 'notes',
        title: GATED_POST,
        body: '<p>Secret glaze notes</p>',
        status: 'published',
        publishOn: past,
        assetUrl: `/api/media/${site.id}/${IMAGE_ID}-100.webp`,
      })
      .returning();
    await db.insert(items).values({
      websiteId: site.id,
      collectionId: blog!.id,
      recordType: 1,
      urlId: 'open',
      title: 'Open studio day',
      body: '<p>Everyone welcome, glaze demo</p>',
      status: 'published',
      publishOn: past,
    });
    postUrl = '/blog/notes';
    const paywall = await addProduct(db, site.id, { title: 'Membership', productType: 5, variants: [{ sku: 'MEMBERS', priceCents: 100, unlimited: true }] });
    areaId = await createArea(db, site.id, {
      name: 'Members',
      description: 'Talks and notes from the studio',
      priceCents: 900,
      billing: 'recurring',
      billingPeriod: { value: 1, unit: 'MONTH' },
      trialDays: 7,
      productItemId: paywall.itemId,
      gates: [
        { kind: 'collection', id: page!.id },
        { kind: 'item', id: gatedPost!.id },
      ],
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await testDb.close();
  });

  const get = (path: string, browser?: Browser) =>
    browser
      ? browser.send('GET', path, { headers: { accept: 'text/html' } })
      : t.app.inject({ method: 'GET', url: path, headers: { host, accept: 'text/html' } });

  it('shows a guest the access-denied page (106) with the join button, and keeps the page out of its JSON, feed, search and sitemap', async () => {
    const page = await get('/members');
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('page-type-106');
    expect(page.body).toContain(`href="/commerce/join/${areaId}"`);
    expect(page.body).toContain('data-member-area-join');
    expect(page.body).toContain(`${MemberAreaMessages.JOIN_BUTTON} Members`);
    expect(page.body).not.toContain(SECRET);
    const json = await get('/members?format=json');
    expect(json.statusCode).toBe(403);
    expect(json.body).not.toContain(SECRET);
    expect(json.json().pageType).toBe(106);
    expect(json.json().render.memberAreas[0]).toMatchObject({ id: areaId, joinUrl: `/commerce/join/${areaId}`, priceText: '$9.00 every 1 month' });
    const post = await get(postUrl);
    expect(post.statusCode).toBe(403);
    expect(post.body).not.toContain('Secret glaze notes');
    const list = await get('/blog');
    expect(list.body).toContain('Open studio day');
    expect(list.body).not.toContain(GATED_POST);
    const rss = await get('/blog/rss.xml');
    expect(rss.statusCode).toBe(200);
    expect(rss.body).toContain('Open studio day');
    expect(rss.body).not.toContain(GATED_POST);
    const search = await get('/search?q=glaze');
    expect(search.body).toContain('Open studio day');
    expect(search.body).not.toContain(GATED_POST);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.body).toContain('/blog/open');
    expect(sitemap.body).not.toContain('/members');
    expect(sitemap.body).not.toContain('/blog/notes');
    expect(await imageAccess(testDb.db, site.id, IMAGE_ID, {}, new Date())).toBe('denied');
    const image = await get(`/api/media/${site.id}/${IMAGE_ID}-100.webp`);
    expect(image.statusCode).toBe(404);
  });

  it('asks a guest to sign in before joining', async () => {
    const guest = await Browser.open(t.app, host);
    const join = await guest.send('GET', `/commerce/join/${areaId}`);
    expect(join.statusCode).toBe(200);
    expect(join.body).toContain(MemberAreaMessages.SIGN_IN_TO_JOIN);
    const post = await guest.send('POST', `/commerce/join/${areaId}`, { form: { cardNumber: '4242 4242 4242 4242' } });
    expect(post.statusCode).toBe(401);
    expect(post.body).toContain(MemberAreaMessages.SIGN_IN_TO_JOIN);
  });

  it('sells the area to a signed-in visitor once, who then sees the page everywhere; another visitor still gets 106, cached or not', async () => {
    const { browser, siteUserId } = await signedInShopper(t.app, testDb.db, host, site.id, `member-${dialect}@example.com`);
    expect((await get('/members', browser)).statusCode).toBe(403);
    const declined = await browser.send('POST', `/commerce/join/${areaId}`, { form: { cardNumber: '4000 0000 0000 0002' } });
    expect(declined.statusCode).toBe(422);
    expect(declined.body).toContain('Your card was declined.');
    const joined = await browser.send('POST', `/commerce/join/${areaId}`, { form: { cardNumber: '4242 4242 4242 4242' } });
    expect(joined.statusCode, joined.body).toBe(303);
    expect(joined.headers.location).toBe(`/checkout/membership-confirmed/${areaId}`);
    const confirmed = await get(`/checkout/membership-confirmed/${areaId}`, browser);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('page-type-208');
    expect(confirmed.body).toContain('href="/members"');
    expect((await get(`/checkout/membership-confirmed/${areaId}`)).statusCode).toBe(404);

    // Granted once: the order's grant does not repeat; the 7-day trial charged nothing and bills its first cycle when it ends.
    expect(await grantPaidMemberships(testDb.db, site.id, siteUserId, new Date())).toBe(0);
    const rows = await testDb.db.select().from(memberships).where(eq(memberships.websiteId, site.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ siteUserId, source: 'order', memberAreaId: areaId });
    const [subscription] = await testDb.db.select().from(subscriptions).where(eq(subscriptions.id, rows[0]!.subscriptionId!));
    const days = (subscription!.nextBillingAt!.getTime() - subscription!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    expect(subscription).toMatchObject({ cyclesBilled: 0, amountCents: 900 });

    // The member first (never stored), then a guest: 106. The guest first, then the member: the page.
    const memberPage = await get('/members', browser);
    expect(memberPage.statusCode).toBe(200);
    expect(memberPage.body).toContain(SECRET);
    expect(memberPage.headers['cache-control']).toBe('no-store');
    for (let i = 0; i < 2; i++) {
      const guest = await get('/members');
      expect(guest.statusCode).toBe(403);
      expect(guest.body).not.toContain(SECRET);
    }
    expect((await get('/members', browser)).body).toContain(SECRET);
    const memberJson = await get('/members?format=json', browser);
    expect(memberJson.statusCode).toBe(200);
    expect(memberJson.body).toContain(SECRET);
    expect((await get('/members?format=json')).body).not.toContain(SECRET);
    // The blog list: cached for guests without the gated post, fresh for the member with it.
    expect((await get('/blog')).body).not.toContain(GATED_POST);
    expect((await get('/blog', browser)).body).toContain(GATED_POST);
    expect((await get('/blog')).body).not.toContain(GATED_POST);
    expect((await get(postUrl, browser)).body).toContain('Secret glaze notes');
    expect((await get('/search?q=glaze', browser)).body).toContain(GATED_POST);
    expect((await get('/search?q=glaze')).body).not.toContain(GATED_POST);
    expect(await imageAccess(testDb.db, site.id, IMAGE_ID, Object.fromEntries(browser.jar), new Date())).toBe('member');
    // Members are listed for the owner's screen with their start date.
    expect((await browser.send('GET', `/commerce/join/${areaId}`)).body).toContain(MemberAreaMessages.ALREADY_MEMBER);

    // Cancelled during its free trial, the membership lasts until the trial ends; once a cycle was billed, cancelling ends it at once.
    await testDb.db
      .update(subscriptions)
      .set({ state: 'cancelled', endedAt: new Date() })
      .where(and(eq(subscriptions.websiteId, site.id), eq(subscriptions.id, rows[0]!.subscriptionId!)));
    expect((await get('/members', browser)).statusCode).toBe(200);
    await testDb.db
      .update(subscriptions)
      .set({ cyclesBilled: 1 })
      .where(and(eq(subscriptions.websiteId, site.id), eq(subscriptions.id, rows[0]!.subscriptionId!)));
    const after = await get('/members', browser);
    expect(after.statusCode).toBe(403);
    expect(after.body).not.toContain(SECRET);
    await testDb.db.execute(sql`UPDATE subscriptions SET state = 'active', ended_at = NULL, cycles_billed = 0 WHERE website_id = ${site.id}`);
  }, 120_000);

  it('charges once when two joins are sent at once', async () => {
    const email = `twice-${dialect}@example.com`;
    const { browser, siteUserId } = await signedInShopper(t.app, testDb.db, host, site.id, email);
    const answers = await Promise.all([0, 1].map(() => browser.send('POST', `/commerce/join/${areaId}`, { form: { cardNumber: '4242 4242 4242 4242' } })));
    expect(answers.some((answer) => answer.statusCode === 303)).toBe(true);
    const orderRows = (await testDb.db.execute(
      sql`SELECT o.id FROM orders o JOIN carts c ON c.website_id = o.website_id AND c.id = o.purchased_cart_id WHERE o.website_id = ${site.id} AND c.site_user_id = ${siteUserId}`,
    )) as unknown as { rows: unknown[] };
    expect(orderRows.rows).toHaveLength(1);
    const granted = await testDb.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.websiteId, site.id), eq(memberships.siteUserId, siteUserId)));
    expect(granted).toHaveLength(1);
    expect((await get('/members', browser)).statusCode).toBe(200);
  }, 60_000);

  it("does not open another site's gated page with this site's membership", async () => {
    const other = await t.createSite({ identifier: `gate-other-${dialect}`, title: 'Other' });
    const [page] = await testDb.db
      .insert(collections)
      .values({
        websiteId: other.id,
        type: 10,
        urlId: 'members',
        title: 'Members',
        settings: { kind: 'page', blocks: [{ typeName: 'html', html: `<p>${SECRET}</p>` }] },
      })
      .returning();
    await createArea(testDb.db, other.id, {
      name: 'Other members',
      description: '',
      priceCents: 0,
      billing: 'one-time',
      trialDays: 0,
      gates: [{ kind: 'collection', id: page!.id }],
    });
    const { browser } = await signedInShopper(t.app, testDb.db, host, site.id, `cross-${dialect}@example.com`);
    const cookie = browser.cookieHeader();
    const response = await t.app.inject({ method: 'GET', url: '/members', headers: { host: t.hostOf(other), cookie, accept: 'text/html' } });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain(SECRET);
  });
});
