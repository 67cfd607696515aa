import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentTestApp, TEST_OWNER_TOKEN, type ContentSite, type ContentTestApp } from '../../test-support/content-test-kit.js';
import { loadConfig } from '../config.js';
import { siteUsers, trackingEvents } from '../db/schema.js';
import type { Website } from '../sites/website.js';
import { CENSUS_HIT_BODY_LIMIT } from './census-hit.js';
import { CENSUS_HIT_RATE_LIMIT, RECORD_HIT_PATH, UNKNOWN_HIT_TARGET_MESSAGE } from './census-routes.js';
import { pruneOldPageViews, VISIT_RETENTION_DAYS } from './visit-retention.js';

const VISITOR = 'visitor-0001|1700000000000|1700000000000|1700000000000|1';

interface HitOptions {
  data?: Record<string, unknown>;
  form?: Record<string, string>;
  cookie?: string;
  crumb?: string | false;
  contentType?: string;
  remoteAddress?: string;
  headers?: Record<string, string>;
  raw?: string;
}

describe('POST /api/census/RecordHit (spec 7, census hit data of spec 3)', () => {
  let t: ContentTestApp;
  let a: ContentSite;
  let b: ContentSite;

  const urlOn = (site: Website, path: string) => `http://${t.hostOf(site)}${path}`;

  function hit(site: Website, options: HitOptions = {}): Promise<LightMyRequestResponse> {
    const data = options.data ?? { event: 'view', url: urlOn(site, '/journal/first-post'), title: 'Fish & Chips' };
    const form = options.form ?? { event: 'view', data: JSON.stringify(data), ss_cvr: VISITOR };
    const crumb = t.app.emporium.crumbs.issue(site.id);
    if (options.crumb !== false) form.crumb = options.crumb ?? crumb;
    return t.app.inject({
      method: 'POST',
      url: RECORD_HIT_PATH,
      remoteAddress: options.remoteAddress,
      headers: {
        host: t.hostOf(site),
        'content-type': options.contentType ?? 'application/x-www-form-urlencoded;charset=UTF-8',
        cookie: [`crumb=${crumb}`, `ss_cvr=${encodeURIComponent(VISITOR)}`, options.cookie].filter(Boolean).join('; '),
        ...options.headers,
      },
      payload: options.raw?.replace('CRUMB', crumb) ?? new URLSearchParams(form).toString(),
    });
  }

  async function storedHits(site: Website) {
    return t.testDb.db
      .select()
      .from(trackingEvents)
      .where(and(eq(trackingEvents.websiteId, site.id), eq(trackingEvents.source, 'census')))
      .orderBy(trackingEvents.id);
  }

  beforeAll(async () => {
    t = await createContentTestApp();
    a = await t.seedSite({ identifier: 'census-a', title: 'A' });
    b = await t.seedSite({ identifier: 'census-b', title: 'B' });
  });
  afterAll(() => t.close());

  it('stores a product page view under the site of the Host header, ignoring the website id in the payload', async () => {
    const response = await hit(a.site, {
      data: {
        event: 'view',
        websiteId: b.site.id,
        templateId: 'default',
        locale: 'en-US',
        viewportWidth: 1280,
        viewportHeight: 900,
        screenWidth: 1920,
        screenHeight: 1080,
        userAgent: 'Test/1.0',
        clientDate: 1_763_900_000_000,
        url: urlOn(a.site, '/shop/mug?color=blue#top'),
        title: 'Mug',
        itemId: a.productId,
        recordType: 11,
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const rows = await storedHits(a.site);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ websiteId: a.site.id, name: 'view', visitorId: 'visitor-0001' });
    expect(rows[0]!.payload).toEqual({
      path: '/shop/mug',
      title: 'Mug',
      itemId: a.productId,
      recordType: 11,
      templateId: 'default',
      locale: 'en-US',
      viewportWidth: 1280,
      viewportHeight: 900,
      screenWidth: 1920,
      screenHeight: 1080,
      userAgent: 'Test/1.0',
      clientDate: 1_763_900_000_000,
    });
    expect(await storedHits(b.site)).toHaveLength(0);
  });

  it.each<[string, HitOptions, number]>([
    ['data that is not JSON', { form: { event: 'view', data: '{nope', ss_cvr: VISITOR } }, 400],
    ['data that is an array', { form: { event: 'view', data: '[1]', ss_cvr: VISITOR } }, 400],
    ['an unknown data field', { data: { event: 'view', url: 'http://census-a.localhost/', referrer: 'x' } }, 400],
    ['a __proto__ data field', { form: { event: 'view', data: '{"url":"http://census-a.localhost/","__proto__":{"x":1}}', ss_cvr: VISITOR } }, 400],
    ['an unknown form field', { form: { event: 'view', data: '{"url":"http://census-a.localhost/"}', ss_cvr: VISITOR, extra: '1' } }, 400],
    ['another event', { form: { event: 'click', data: '{"url":"http://census-a.localhost/"}', ss_cvr: VISITOR } }, 400],
    ['a data event differing from the form event', { data: { event: 'click', url: 'http://census-a.localhost/' } }, 400],
    ['no visitor cookie value', { form: { event: 'view', data: '{"url":"http://census-a.localhost/"}' } }, 400],
    ['a malformed visitor cookie value', { form: { event: 'view', data: '{"url":"http://census-a.localhost/"}', ss_cvr: '<script>' } }, 400],
    ['no url', { data: { event: 'view', title: 'x' } }, 400],
    ['a url on another host', { data: { event: 'view', url: 'http://census-b.localhost/journal' } }, 400],
    ['a javascript: url', { data: { event: 'view', url: 'javascript:alert(1)' } }, 400],
    ['a non-integer viewport', { data: { event: 'view', url: 'http://census-a.localhost/', viewportWidth: '1280' } }, 400],
    ['an over-long title', { data: { event: 'view', url: 'http://census-a.localhost/', title: 'x'.repeat(513) } }, 400],
    ['a malformed item id', { data: { event: 'view', url: 'http://census-a.localhost/', itemId: '../x' } }, 400],
    [
      'a JSON body',
      {
        contentType: 'application/json',
        raw: JSON.stringify({ event: 'view', data: '{"url":"http://census-a.localhost/"}', ss_cvr: VISITOR, crumb: 'CRUMB' }),
      },
      415,
    ],
    ['an oversized body', { raw: `event=view&ss_cvr=v&data=${'x'.repeat(CENSUS_HIT_BODY_LIMIT)}` }, 413],
  ])('refuses %s with a clear 4xx and stores nothing', async (_name, options, status) => {
    const before = (await storedHits(a.site)).length;
    const response = await hit(a.site, options);
    expect(response.statusCode).toBe(status);
    expect(typeof response.json().message).toBe('string');
    expect(response.json().message.length).toBeGreaterThan(0);
    expect(await storedHits(a.site)).toHaveLength(before);
  });

  it('refuses a hit without the crumb (CSRF: crumb on every state change)', async () => {
    const response = await hit(a.site, { crumb: false });
    expect(response.statusCode).toBe(401);
    expect(response.json().crumbFail).toBe(true);
    const wrong = await hit(a.site, { crumb: t.app.emporium.crumbs.issue(a.site.id) });
    expect(wrong.statusCode).toBe(401);
  });

  it("refuses a hit naming another site's item or collection (422)", async () => {
    const foreignItem = await hit(a.site, { data: { event: 'view', url: urlOn(a.site, '/shop/mug'), itemId: b.productId } });
    expect(foreignItem.statusCode).toBe(422);
    expect(foreignItem.json().message).toBe(UNKNOWN_HIT_TARGET_MESSAGE);
    const foreignCollection = await hit(a.site, { data: { event: 'view', url: urlOn(a.site, '/journal'), collectionId: b.blogId } });
    expect(foreignCollection.statusCode).toBe(422);
    const mismatched = await hit(a.site, { data: { event: 'view', url: urlOn(a.site, '/shop/mug'), itemId: a.productId, collectionId: a.blogId } });
    expect(mismatched.statusCode).toBe(422);
    const own = await hit(a.site, {
      data: { event: 'view', url: urlOn(a.site, '/journal/first-post'), itemId: a.postId, collectionId: a.blogId, recordType: 1 },
    });
    expect(own.statusCode).toBe(204);
  });

  it('answers 204 but records nothing on /search, config paths, for the owner and for signed-in non-viewers', async () => {
    const before = (await storedHits(a.site)).length;
    expect((await hit(a.site, { data: { event: 'view', url: urlOn(a.site, '/search?q=mug') } })).statusCode).toBe(204);
    expect((await hit(a.site, { data: { event: 'view', url: urlOn(a.site, '/config/forms') } })).statusCode).toBe(204);
    expect((await hit(a.site, { data: { event: 'view', url: urlOn(a.site, '/shop/config/x') } })).statusCode).toBe(204);
    expect((await hit(a.site, { headers: { authorization: `Bearer ${TEST_OWNER_TOKEN}` } })).statusCode).toBe(204);
    const [editor, viewer] = await t.testDb.db
      .insert(siteUsers)
      .values([
        { websiteId: a.site.id, email: 'editor@example.com', passwordHash: 'x', role: 4 },
        { websiteId: a.site.id, email: 'viewer@example.com', passwordHash: 'x', role: 10 },
      ])
      .returning();
    const signedIn = (id: string) => `SiteUserInfo=${encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId: id }))}`;
    expect((await hit(a.site, { cookie: signedIn(editor!.id) })).statusCode).toBe(204);
    expect(await storedHits(a.site)).toHaveLength(before);
    expect((await hit(a.site, { cookie: signedIn(viewer!.id) })).statusCode).toBe(204);
    expect(await storedHits(a.site)).toHaveLength(before + 1);
  });

  it('limits hits per site and client IP with 429 and Retry-After; other sites and IPs are unaffected', async () => {
    const limited = await t.seedSite({ identifier: 'census-limit', title: 'Limited' });
    const ip = '203.0.113.9';
    for (let i = 0; i < CENSUS_HIT_RATE_LIMIT.max; i++) {
      const ok = await hit(limited.site, { remoteAddress: ip, form: { event: 'nope' } });
      expect(ok.statusCode).toBe(400);
    }
    const refused = await hit(limited.site, { remoteAddress: ip, data: { event: 'view', url: urlOn(limited.site, '/') } });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await storedHits(limited.site)).toHaveLength(0);
    expect((await hit(limited.site, { remoteAddress: '203.0.113.10', data: { event: 'view', url: urlOn(limited.site, '/') } })).statusCode).toBe(204);
    expect((await hit(b.site, { remoteAddress: ip, data: { event: 'view', url: urlOn(b.site, '/') } })).statusCode).toBe(204);
  });

  it("gives the owner each path's views of the last 30 days, and only the own site's", async () => {
    const site = (await t.seedSite({ identifier: 'census-report', title: 'Report' })).site;
    const path = '/journal/fish&chips<b>';
    for (const visitor of ['visitor-r1', 'visitor-r1', 'visitor-r2']) {
      const response = await hit(site, { form: { event: 'view', data: JSON.stringify({ url: urlOn(site, path) }), ss_cvr: visitor } });
      expect(response.statusCode).toBe(204);
    }
    await hit(site, { form: { event: 'view', data: JSON.stringify({ url: urlOn(site, '/') }), ss_cvr: 'visitor-r3' } });
    await t.testDb.db.insert(trackingEvents).values({
      websiteId: site.id,
      source: 'census',
      name: 'view',
      visitorId: 'old-visitor',
      payload: { path: '/' },
      createdAt: new Date(Date.now() - 31 * 86_400_000),
    });
    const owner = { host: t.hostOf(site), authorization: `Bearer ${TEST_OWNER_TOKEN}` };
    const json = await t.app.inject({ method: 'GET', url: '/api/owner/visits', headers: owner });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({
      days: 30,
      paths: [
        { path: '/journal/fish&chips%3Cb%3E', views: 3, visitors: 2 },
        { path: '/', views: 1, visitors: 1 },
      ],
    });
    const stranger = await t.app.inject({ method: 'GET', url: '/api/owner/visits', headers: { host: t.hostOf(site) } });
    expect(stranger.statusCode).toBe(401);
    const other = await t.app.inject({ method: 'GET', url: '/api/owner/visits', headers: { ...owner, host: t.hostOf(b.site) } });
    expect(other.json().paths.map((p: { path: string }) => p.path)).not.toContain('/journal/fish&chips%3Cb%3E');
  });

  it('answers 204 but records nothing for self-declared robots (user agent header or hit data)', async () => {
    const { site } = await t.seedSite({ identifier: 'census-bots', title: 'Bots' });
    const view = { event: 'view', url: urlOn(site, '/') };
    const robots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Chrome-Lighthouse',
      'curl/8.5.0',
    ];
    for (const agent of robots) {
      expect((await hit(site, { data: view, headers: { 'user-agent': agent } })).statusCode).toBe(204);
    }
    expect((await hit(site, { data: { ...view, userAgent: robots[0] } })).statusCode).toBe(204);
    expect(await storedHits(site)).toHaveLength(0);
    const browser = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';
    expect((await hit(site, { data: { ...view, userAgent: browser }, headers: { 'user-agent': browser } })).statusCode).toBe(204);
    expect(await storedHits(site)).toHaveLength(1);
  });

  it(`prunes page views older than ${VISIT_RETENTION_DAYS} days, site by site in batches, and keeps newer ones and other events`, async () => {
    const { site } = await t.seedSite({ identifier: 'census-old', title: 'Old' });
    const now = new Date('2026-11-23T12:00:00Z');
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const row = (createdAt: Date, source = 'census') => ({ websiteId: site.id, source, name: 'view', visitorId: 'v', payload: { path: '/' }, createdAt });
    await t.testDb.db
      .insert(trackingEvents)
      .values([
        ...Array.from({ length: 7 }, (_, i) => row(daysAgo(VISIT_RETENTION_DAYS + 1 + i))),
        row(daysAgo(VISIT_RETENTION_DAYS - 1)),
        row(daysAgo(1)),
        row(daysAgo(VISIT_RETENTION_DAYS + 30), 'likes'),
      ]);
    const otherSiteBefore = (await storedHits(a.site)).length;
    expect(await pruneOldPageViews(t.testDb.db, now, 3)).toBe(7);
    const left = await t.testDb.db.select().from(trackingEvents).where(eq(trackingEvents.websiteId, site.id));
    expect(left.map((r) => r.source).sort()).toEqual(['census', 'census', 'likes']);
    expect(await storedHits(a.site)).toHaveLength(otherSiteBefore);
    expect(await pruneOldPageViews(t.testDb.db, now)).toBe(0);
  });
});

describe('global visit-recording switch (spec 6)', () => {
  it('EMPORIUM_RECORD_VISITS=0 turns recording off: hits are accepted (204) and nothing is stored', async () => {
    expect(loadConfig({ EMPORIUM_RECORD_VISITS: '0' }).recordVisits).toBe(false);
    expect(loadConfig({}).recordVisits).toBe(true);
    const t = await createContentTestApp({ config: { recordVisits: false } });
    try {
      const { site } = await t.seedSite({ identifier: 'census-off', title: 'Off' });
      const crumb = t.app.emporium.crumbs.issue(site.id);
      const response = await t.app.inject({
        method: 'POST',
        url: RECORD_HIT_PATH,
        headers: { host: t.hostOf(site), 'content-type': 'application/x-www-form-urlencoded', cookie: `crumb=${crumb}` },
        payload: new URLSearchParams({ crumb, event: 'view', data: JSON.stringify({ url: `http://${t.hostOf(site)}/` }), ss_cvr: VISITOR }).toString(),
      });
      expect(response.statusCode).toBe(204);
      expect(await t.testDb.db.select().from(trackingEvents).where(eq(trackingEvents.websiteId, site.id))).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
