import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentTestApp, type ContentSite, type ContentTestApp } from '../../test-support/content-test-kit.js';
import {
  analyticsDailyEvents,
  analyticsDailyProducts,
  analyticsErrors,
  analyticsEvents,
  analyticsHourly,
  analyticsSessions,
  analyticsVitals,
} from '../db/schema-analytics.js';
import { siteUsers } from '../db/schema.js';
import type { Website } from '../sites/index.js';
import { clanker, IPHONE, pageSpeed, send } from '../../test-support/analytics-test-kit.js';
import { NO_PAYLOAD_MESSAGE, RECORDING_ID_PATH, TRACKING_PATHS, TRACKING_RATE_LIMIT, UNKNOWN_PRODUCT_MESSAGE } from './index.js';

const P = TRACKING_PATHS;
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('tracking calls of spec 7 (issue 13)', () => {
  let t: ContentTestApp;
  let a: ContentSite;
  let b: ContentSite;
  let host: string;
  const raw = (site: Website) => t.testDb.db.select().from(analyticsEvents).where(eq(analyticsEvents.websiteId, site.id)).orderBy(analyticsEvents.id);

  beforeAll(async () => {
    t = await createContentTestApp();
    a = await t.seedSite({ identifier: 'analytics-a', title: 'A' });
    b = await t.seedSite({ identifier: 'analytics-b', title: 'B' });
    host = t.hostOf(a.site);
  });
  afterAll(() => t.close());

  describe('POST /api/events/RecordJavascriptErrors (JSON array of event, data, timestamp; CSRF header)', () => {
    const report = (message: string, extra: Record<string, unknown> = {}) => ({
      event: 'javascript_error',
      timestamp: Date.now(),
      data: {
        message,
        errorType: 'TypeError',
        url: `http://${host}/shop/mug`,
        stack: `TypeError: ${message}\n    at addToCart (http://${host}/assets/cart.js:10:5)\n    at onClick (http://${host}/assets/app.js:3:1)`,
        ...extra,
      },
    });

    it('stores each report and groups the same error with varying numbers under one fingerprint', async () => {
      const response = await send(t, a.site, P.javascriptErrors, [
        report("Cannot read properties of undefined (reading 'id') at 12"),
        report("Cannot read properties of undefined (reading 'sku') at 40"),
      ]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ accepted: 2 });
      const groups = await t.testDb.db.select().from(analyticsErrors).where(eq(analyticsErrors.websiteId, a.site.id));
      expect(groups).toHaveLength(1);
      expect(groups[0]).toMatchObject({ errorType: 'TypeError', count: 2, pages: ['/shop/mug'], browsers: ['Chrome'] });
      expect(groups[0]!.exampleStack).toContain('addToCart');
      expect((await raw(a.site)).filter((r) => r.call === 'error')).toHaveLength(2);
    });

    it.each<[string, unknown, number, string | undefined]>([
      ['an empty array', [], 400, NO_PAYLOAD_MESSAGE],
      ['an empty body', undefined, 400, NO_PAYLOAD_MESSAGE],
      ['more than 20 reports (spec 9)', Array.from({ length: 21 }, () => ({ event: 'e', timestamp: 1, data: { message: 'x' } })), 400, undefined],
      ['an unknown data field', [{ event: 'e', timestamp: 1, data: { message: 'x', secret: 1 } }], 400, undefined],
      ['a stack over 5000 characters (spec 9)', [{ event: 'e', timestamp: 1, data: { message: 'x', stack: 'x'.repeat(5001) } }], 400, undefined],
      [
        'a page on another site',
        [{ event: 'e', timestamp: 1, data: { message: 'x', url: 'http://analytics-b.localhost/' } }],
        400,
        'data.url is not on this site.',
      ],
      ['an object instead of an array', { event: 'e', timestamp: 1, data: { message: 'x' } }, 400, undefined],
    ])('refuses %s', async (_name, payload, status, message) => {
      const before = (await raw(a.site)).length;
      const response = await send(t, a.site, P.javascriptErrors, payload);
      expect(response.statusCode).toBe(status);
      if (message) expect(response.json().message).toBe(message);
      expect(await raw(a.site)).toHaveLength(before);
    });

    it('refuses reports without the crumb (401 crumbFail)', async () => {
      const response = await send(t, a.site, P.javascriptErrors, [report('x')], { crumb: false });
      expect(response.statusCode).toBe(401);
      expect(response.json().crumbFail).toBe(true);
    });
  });

  describe('POST /api/events/RecordEvent (older client: form-encoded crumb, event, data)', () => {
    const form = (fields: Record<string, string>, crumb: string) => new URLSearchParams({ crumb, ...fields }).toString();
    const post = (fields: Record<string, string>, options: { crumb?: boolean } = {}) => {
      const crumb = t.app.emporium.crumbs.issue(a.site.id);
      return send(t, a.site, P.recordEvent, form(fields, options.crumb === false ? '' : crumb), {
        contentType: 'application/x-www-form-urlencoded',
        crumb: options.crumb,
      });
    };

    it('stores the event and counts it under its name', async () => {
      const response = await post({
        event: 'visit_product_page',
        data: JSON.stringify({ pagePath: '/shop/mug', websiteId: a.site.id, templateId: 't1', memberAccountId: 'm-1' }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ accepted: 1 });
      const [row] = (await raw(a.site)).filter((r) => r.call === 'event');
      expect(row).toMatchObject({ name: 'visit_product_page', path: '/shop/mug' });
      expect(row!.payload).not.toHaveProperty('memberAccountId');
      const [count] = await t.testDb.db
        .select()
        .from(analyticsDailyEvents)
        .where(and(eq(analyticsDailyEvents.websiteId, a.site.id), eq(analyticsDailyEvents.name, 'visit_product_page')));
      expect(count!.count).toBe(1);
    });

    it.each<[string, Record<string, string>, string | undefined]>([
      ['no data', { event: 'x' }, NO_PAYLOAD_MESSAGE],
      ['empty data', { event: 'x', data: '{}' }, NO_PAYLOAD_MESSAGE],
      ['data that is not JSON', { event: 'x', data: '{nope' }, 'data must be a JSON string.'],
      ['an unknown payload field', { event: 'x', data: '{"password":"1"}' }, undefined],
      ['a malformed event name', { event: '<script>', data: '{"pagePath":"/"}' }, undefined],
    ])('refuses %s with 400', async (_name, fields, message) => {
      const response = await post(fields);
      expect(response.statusCode).toBe(400);
      if (message) expect(response.json().message).toBe(message);
    });

    it('refuses an event without the crumb', async () => {
      expect((await post({ event: 'x', data: '{"pagePath":"/"}' }, { crumb: false })).statusCode).toBe(401);
    });
  });

  describe('POST /api/v1/clanker/events (newer client; beacon)', () => {
    it('accepts a page view as JSON and as text/plain from sendBeacon without a crumb, with 202, and rolls it up', async () => {
      const site = (await t.seedSite({ identifier: 'analytics-views', title: 'Views' })).site;
      const h = t.hostOf(site);
      const first = clanker(h, 'page_view', {
        page_path: '/shop',
        page_referrer_url: 'https://www.example.org/list',
        page_query_params: 'utm_source=news&utm_campaign=winter',
      });
      expect((await send(t, site, P.clankerEvents, first, { crumb: false })).statusCode).toBe(202);
      const second = clanker(h, 'page_view', { page_path: '/shop/mug', page_referrer_url: `http://${h}/shop` });
      const beacon = await send(t, site, P.clankerEvents, JSON.stringify(second), { crumb: false, contentType: 'text/plain;charset=UTF-8' });
      expect(beacon.statusCode).toBe(202);
      expect(beacon.json()).toEqual({ accepted: 1 });
      await send(t, site, P.clankerEvents, clanker(h, 'page_view', { session_id: 'tab-2' }), { crumb: false, userAgent: IPHONE, ip: '198.51.100.8' });
      const sessions = await t.testDb.db.select().from(analyticsSessions).where(eq(analyticsSessions.websiteId, site.id));
      expect(sessions.map((s) => s.pageViews).sort()).toEqual([1, 2]);
      expect(new Set(sessions.map((s) => s.visitorHash)).size).toBe(2);
      const hourly = await t.testDb.db.select().from(analyticsHourly).where(eq(analyticsHourly.websiteId, site.id));
      const shop = hourly.find((h) => h.pageType === 'collection')!;
      expect(shop).toMatchObject({
        referrer: 'example.org',
        utmSource: 'news',
        utmCampaign: 'winter',
        device: 'desktop',
        browser: 'Chrome',
        pageViews: 1,
        entries: 1,
      });
      expect(hourly.find((h) => h.pageType === 'item')).toMatchObject({ referrer: '', pageViews: 1, entries: 0 });
      expect(hourly.find((h) => h.device === 'phone')).toMatchObject({ pageType: 'home', browser: 'Safari', entries: 1 });
      const stored = await raw(site);
      expect(stored).toHaveLength(3);
      for (const row of stored) {
        expect(row.payload).not.toHaveProperty('analytics_id');
        expect(row.payload).not.toHaveProperty('session_id');
        expect(JSON.stringify(row.payload)).not.toContain('198.51.100');
      }
    });

    it('counts a product view by its object_identifier', async () => {
      expect(
        (await send(t, a.site, P.clankerEvents, clanker(host, 'product_view', { page_path: '/shop/mug', object_identifier: a.productId }), { crumb: false }))
          .statusCode,
      ).toBe(202);
      const [row] = await t.testDb.db.select().from(analyticsDailyProducts).where(eq(analyticsDailyProducts.websiteId, a.site.id));
      expect(row).toMatchObject({ itemId: a.productId, views: 1 });
    });

    it.each<[string, unknown, string | undefined]>([
      ['an empty body', undefined, NO_PAYLOAD_MESSAGE],
      ['an unknown schema', { eventSchemaName: 'nope', eventContent: '{}' }, undefined],
      ['eventContent that is not JSON', { eventSchemaName: 'page_view', eventContent: '{x' }, 'eventContent must be a JSON string.'],
      [
        'an unknown eventContent field',
        { eventSchemaName: 'page_view', eventContent: JSON.stringify({ page_host: 'analytics-a.localhost', page_path: '/', ip: '1.2.3.4' }) },
        undefined,
      ],
      [
        'a product view without object_identifier',
        { eventSchemaName: 'product_view', eventContent: JSON.stringify({ page_host: 'analytics-a.localhost', page_path: '/' }) },
        undefined,
      ],
      [
        'a page on another site',
        { eventSchemaName: 'page_view', eventContent: JSON.stringify({ page_host: 'analytics-b.localhost', page_path: '/' }) },
        'page_host is not this site.',
      ],
    ])('refuses %s with 400', async (_name, payload, message) => {
      const response = await send(t, a.site, P.clankerEvents, payload, { crumb: false });
      expect(response.statusCode).toBe(400);
      if (message) expect(response.json().message).toBe(message);
    });

    it('names the wrong eventContent field', async () => {
      const response = await send(
        t,
        a.site,
        P.clankerEvents,
        { eventSchemaName: 'page_view', eventContent: JSON.stringify({ page_host: host, page_path: 'no-slash' }) },
        { crumb: false },
      );
      expect(response.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { 'eventContent.page_path': 'page_path must start with /.' } });
    });

    it('refuses a cross-site beacon (Sec-Fetch-Site, Origin)', async () => {
      const crossSite = await send(t, a.site, P.clankerEvents, clanker(host, 'page_view'), { crumb: false, headers: { 'sec-fetch-site': 'cross-site' } });
      expect(crossSite.statusCode).toBe(403);
      const foreignOrigin = await send(t, a.site, P.clankerEvents, clanker(host, 'page_view'), {
        crumb: false,
        headers: { 'sec-fetch-site': '', origin: 'https://evil.example' },
      });
      expect(foreignOrigin.statusCode).toBe(403);
    });

    it('answers robots with 202 and stores nothing (isbot)', async () => {
      const site = (await t.seedSite({ identifier: 'analytics-robots', title: 'Robots' })).site;
      const robot = await send(t, site, P.clankerEvents, clanker(t.hostOf(site), 'page_view'), { crumb: false, userAgent: GOOGLEBOT });
      expect(robot.statusCode).toBe(202);
      expect(robot.json()).toEqual({ accepted: 0 });
      const reported = await send(t, site, P.clankerEvents, clanker(t.hostOf(site), 'page_view', { enduser_user_agent: GOOGLEBOT }), { crumb: false });
      expect(reported.json()).toEqual({ accepted: 0 });
      expect(await raw(site)).toHaveLength(0);
    });

    it("does not count the owner's own visits", async () => {
      const site = (await t.seedSite({ identifier: 'analytics-owner', title: 'Owner' })).site;
      const response = await send(t, site, P.clankerEvents, clanker(t.hostOf(site), 'page_view'), {
        crumb: false,
        headers: { authorization: 'Bearer content-owner-token-0123456789' },
      });
      expect(response.json()).toEqual({ accepted: 0 });
      expect(await raw(site)).toHaveLength(0);
    });
  });

  it('spec 6: does not count signed-in site users unless their role is viewer', async () => {
    const site = (await t.seedSite({ identifier: 'analytics-site-users', title: 'Users' })).site;
    const [editor, viewer] = await t.testDb.db
      .insert(siteUsers)
      .values([
        { websiteId: site.id, email: 'editor@example.com', passwordHash: 'x', role: 4 },
        { websiteId: site.id, email: 'viewer@example.com', passwordHash: 'x', role: 10 },
      ])
      .returning();
    const signedIn = (id: string) => `SiteUserInfo=${encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId: id }))}`;
    const asEditor = await send(t, site, P.clankerEvents, clanker(t.hostOf(site), 'page_view'), { crumb: false, headers: { cookie: signedIn(editor!.id) } });
    expect(asEditor.json()).toEqual({ accepted: 0 });
    expect(await raw(site)).toHaveLength(0);
    const asViewer = await send(t, site, P.clankerEvents, clanker(t.hostOf(site), 'page_view'), { crumb: false, headers: { cookie: signedIn(viewer!.id) } });
    expect(asViewer.json()).toEqual({ accepted: 1 });
    expect(await raw(site)).toHaveLength(1);
  });

  describe('POST /api/v1/clanker/validate-event-content/{schemaName}', () => {
    it('lists what is wrong and stores nothing', async () => {
      const before = (await raw(a.site)).length;
      const response = await send(
        t,
        a.site,
        '/api/v1/clanker/validate-event-content/product_view',
        { page_host: host, page_path: 'x', browser_window_width: -1 },
        {},
      );
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.valid).toBe(false);
      expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['browser_window_width', 'object_identifier', 'page_path']);
      const ok = await send(t, a.site, '/api/v1/clanker/validate-event-content/page_view', JSON.stringify({ page_host: host, page_path: '/' }), {});
      expect(ok.json()).toEqual({ valid: true, errors: [] });
      const unknown = await send(t, a.site, '/api/v1/clanker/validate-event-content/nope', { page_host: host, page_path: '/' }, {});
      expect(unknown.json().errors[0].field).toBe('eventSchemaName');
      expect(await raw(a.site)).toHaveLength(before);
      expect(
        (await send(t, a.site, '/api/v1/clanker/validate-event-content/page_view', { page_host: host, page_path: '/' }, { crumb: false })).statusCode,
      ).toBe(401);
    });
  });

  describe('census calls (button-click, button-render, form-render, overlay, RecordQuickView)', () => {
    it('stores and counts each, a quick view also as a product view', async () => {
      const site = await t.seedSite({ identifier: 'analytics-census', title: 'Census' });
      const h = t.hostOf(site.site);
      const url = `http://${h}/shop/mug`;
      const calls: Array<[string, Record<string, unknown>]> = [
        [P.buttonClick, { visitorCookie: 'v1', url, title: 'Mug', buttonText: 'Add To Cart' }],
        [P.buttonRender, { visitorCookie: 'v1', url }],
        [P.formRender, { visitorCookie: 'v1', formId: 'contact-1' }],
        [P.overlay, { visitorCookie: 'v1', url, overlayAction: 'shown', overlayVersion: 3 }],
        [`/api/census/RecordQuickView/${site.productId}`, { visitorCookie: 'v1', url: `http://${h}/shop` }],
      ];
      for (const [path, body] of calls) {
        const response = await send(t, site.site, path, body);
        expect(response.statusCode, path).toBe(200);
        expect(response.json()).toEqual({ accepted: 1 });
      }
      const names = (await t.testDb.db.select().from(analyticsDailyEvents).where(eq(analyticsDailyEvents.websiteId, site.site.id))).map((r) => r.name).sort();
      expect(names).toEqual(['button-click', 'button-render', 'form-render', 'overlay-shown', 'quick-view']);
      const [views] = await t.testDb.db.select().from(analyticsDailyProducts).where(eq(analyticsDailyProducts.websiteId, site.site.id));
      expect(views).toMatchObject({ itemId: site.productId, views: 1 });
    });

    it('refuses a quick view of a product the site does not have (404), a call without crumb (401) and an empty body', async () => {
      const foreign = await send(t, a.site, `/api/census/RecordQuickView/${b.productId}`, { visitorCookie: 'v1' });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe(UNKNOWN_PRODUCT_MESSAGE);
      expect((await send(t, a.site, `/api/census/RecordQuickView/${a.postId}`, { visitorCookie: 'v1' })).statusCode).toBe(404);
      expect((await send(t, a.site, P.buttonClick, { visitorCookie: 'v1', url: `http://${host}/` }, { crumb: false })).statusCode).toBe(401);
      const empty = await send(t, a.site, P.formRender, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(NO_PAYLOAD_MESSAGE);
      expect((await send(t, a.site, P.overlay, { visitorCookie: 'v1', url: `http://${host}/`, overlayAction: 'exploded' })).statusCode).toBe(400);
    });
  });

  describe('POST /api/1/performance/records (JSON array; text/plain by beacon)', () => {
    it('accepts records from sendBeacon and keeps the timings as web-vital histograms per page type', async () => {
      const site = (await t.seedSite({ identifier: 'analytics-perf', title: 'Perf' })).site;
      const h = t.hostOf(site);
      const records = [
        pageSpeed(h, '/shop/mug', {
          firstContentfulPaint: 900,
          largestContentfulPaint: 2100,
          cumulativeLayoutShift: 0.05,
          interactionToNextPaint: 120,
          responseStart: 180,
        }),
        { app: 'storefront', event: 'image', pageLoadId: 'load-1', ts: Date.now(), raw: true, data: { src: '/img/mug.jpg', duration: 42 } },
      ];
      const response = await send(t, site, P.performance, JSON.stringify(records), { crumb: false, contentType: 'text/plain;charset=UTF-8' });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ accepted: 2 });
      const vitals = await t.testDb.db.select().from(analyticsVitals).where(eq(analyticsVitals.websiteId, site.id));
      expect(vitals.map((v) => v.metric).sort()).toEqual(['cls', 'fcp', 'inp', 'lcp', 'ttfb']);
      expect(new Set(vitals.map((v) => v.pageType))).toEqual(new Set(['item']));
      const stored = (await raw(site)).find((r) => r.name === 'page_speed')!;
      expect(JSON.stringify(stored.payload)).not.toContain('analyticsId');
    });

    it.each<[string, unknown, string | undefined]>([
      ['an empty array', [], NO_PAYLOAD_MESSAGE],
      ['an empty beacon', '', NO_PAYLOAD_MESSAGE],
      ['an unknown event', [{ app: 'x', event: 'page_load', pageLoadId: 'l', ts: 1, raw: false, data: {} }], undefined],
      ['a page on another host', [pageSpeed('analytics-b.localhost', '/', { firstContentfulPaint: 1 })], 'hostname is not this site.'],
      ['a negative timing', [pageSpeed('analytics-a.localhost', '/', { largestContentfulPaint: -5 })], undefined],
      ['more than 50 records', Array.from({ length: 51 }, () => pageSpeed('analytics-a.localhost', '/', {})), undefined],
    ])('refuses %s with 400', async (_name, payload, message) => {
      const response = await send(t, a.site, P.performance, typeof payload === 'string' ? payload : JSON.stringify(payload), {
        crumb: false,
        contentType: 'text/plain',
      });
      expect(response.statusCode).toBe(400);
      if (message) expect(response.json().message).toBe(message);
    });
  });

  describe('GET /api/commerce/fullstory/getId (spec 5 eligibility)', () => {
    it('answers the mock id while recording is off, with the eligibility of the visit', async () => {
      const us = (
        await t.seedSite({ identifier: 'analytics-us', title: 'US', settings: { country: 'US', timeZone: 'America/Chicago', sessionRecording: true } })
      ).site;
      const get = (site: Website, query: string) => t.app.inject({ method: 'GET', url: `${RECORDING_ID_PATH}${query}`, headers: { host: t.hostOf(site) } });
      expect((await get(us, '?hardwareConcurrency=4&sampled=true')).json()).toEqual({ id: 'mock', eligible: true });
      expect((await get(us, '?hardwareConcurrency=2&sampled=true')).json()).toEqual({ id: 'mock', eligible: false });
      expect((await get(us, '?hardwareConcurrency=8')).json()).toEqual({ id: 'mock', eligible: false });
      expect((await get(a.site, '?hardwareConcurrency=8&sampled=true')).json()).toEqual({ id: 'mock', eligible: false });
      expect((await get(us, '?hardwareConcurrency=lots')).statusCode).toBe(400);
    });
  });

  it('limits tracking calls per site and client IP (429 with Retry-After)', async () => {
    const site = (await t.seedSite({ identifier: 'analytics-limit', title: 'Limit' })).site;
    for (let i = 0; i < TRACKING_RATE_LIMIT.max; i++) await send(t, site, P.performance, '[]', { crumb: false, ip: '203.0.113.50' });
    const refused = await send(t, site, P.performance, JSON.stringify([pageSpeed(t.hostOf(site), '/', {})]), { crumb: false, ip: '203.0.113.50' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await send(t, site, P.performance, JSON.stringify([pageSpeed(t.hostOf(site), '/', {})]), { crumb: false, ip: '203.0.113.51' })).statusCode).toBe(
      202,
    );
  });
});
