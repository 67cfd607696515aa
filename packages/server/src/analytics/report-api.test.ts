import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentTestApp, TEST_OWNER_TOKEN, type ContentSite, type ContentTestApp } from '../../test-support/content-test-kit.js';
import { cartEntries, carts, orders } from '../db/index.js';
import { analyticsSessions } from '../db/schema-analytics.js';
import { utcDay } from './visitor-hash.js';
import { clanker, IPHONE, pageSpeed, send } from '../../test-support/analytics-test-kit.js';
import { ANALYTICS_CSV_PATH, ANALYTICS_REPORT_PATH, TRACKING_PATHS } from './index.js';
import { BAD_PERIOD_MESSAGE } from './report-schemas.js';

describe('GET /api/owner/analytics (issue 13: the owner figures)', () => {
  let t: ContentTestApp;
  let s: ContentSite;
  let host: string;
  const today = utcDay(new Date());
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
  const report = (query: string, headers: Record<string, string> = { authorization: `Bearer ${TEST_OWNER_TOKEN}` }, path = ANALYTICS_REPORT_PATH) =>
    t.app.inject({ method: 'GET', url: `${path}?${query}`, headers: { host, ...headers } });

  beforeAll(async () => {
    t = await createContentTestApp();
    s = await t.seedSite({ identifier: 'report-site', title: 'Report' });
    host = t.hostOf(s.site);
    const view = (path: string, extra: Record<string, unknown> = {}) => clanker(host, 'page_view', { page_path: path, ...extra });
    // Visitor 1 (desktop, from a newsletter): home, product, cart. Visitor 2 (phone, direct): home only (a bounce).
    for (const body of [
      view('/', { page_referrer_url: 'https://news.example/issue', page_query_params: 'utm_source=nl&utm_campaign=winter' }),
      view('/shop/mug'),
      view('/cart'),
    ]) {
      expect((await send(t, s.site, TRACKING_PATHS.clankerEvents, body, { crumb: false })).statusCode).toBe(202);
    }
    await send(t, s.site, TRACKING_PATHS.clankerEvents, view('/', { session_id: 'tab-9' }), { crumb: false, userAgent: IPHONE, ip: '198.51.100.99' });
    await send(t, s.site, TRACKING_PATHS.clankerEvents, clanker(host, 'product_view', { page_path: '/shop/mug', object_identifier: s.productId }), {
      crumb: false,
    });
    const speed = (lcp: number) =>
      pageSpeed(host, '/shop/mug', {
        largestContentfulPaint: lcp,
        firstContentfulPaint: lcp / 2,
        cumulativeLayoutShift: 0.02,
        interactionToNextPaint: 80,
        firstInputDelay: 12,
        responseStart: 150,
      });
    await send(t, s.site, TRACKING_PATHS.performance, JSON.stringify([speed(1000), speed(1200), speed(1400), speed(3000)]), {
      crumb: false,
      contentType: 'text/plain',
    });
    const error = (n: number) => ({
      event: 'javascript_error',
      timestamp: Date.now(),
      data: {
        message: `Item ${n} is not defined`,
        errorType: 'ReferenceError',
        url: `http://${host}/shop/mug`,
        stack: `ReferenceError: Item ${n} is not defined\n    at render (http://${host}/assets/app.js:${n}:1)`,
      },
    });
    await send(t, s.site, TRACKING_PATHS.javascriptErrors, [error(1), error(2), error(3)]);
    // Store records: two cart lines, a paid order, a failed payment, and an old paid order outside the period.
    const [cart] = await t.testDb.db.insert(carts).values({ websiteId: s.site.id }).returning();
    await t.testDb.db.insert(cartEntries).values([
      { websiteId: s.site.id, cartId: cart!.id, itemId: s.productId, quantity: 1, sku: 'MUG-L' },
      { websiteId: s.site.id, cartId: cart!.id, itemId: s.productId, quantity: 2, sku: 'MUG-S' },
    ]);
    await t.testDb.db.insert(orders).values([
      { websiteId: s.site.id, orderNumber: 1, status: 'PAID', currency: 'USD', grandTotalCents: 2_700 },
      { websiteId: s.site.id, orderNumber: 2, status: 'PAYMENT_FAILED', currency: 'USD', grandTotalCents: 1_500 },
      { websiteId: s.site.id, orderNumber: 3, status: 'PAID', currency: 'USD', grandTotalCents: 9_900, createdAt: daysAgo(40) },
    ]);
  });
  afterAll(() => t.close());

  it('answers the visits, funnel, revenue, top lists, web vitals and grouped errors of the period', async () => {
    const response = await report(`from=${utcDay(daysAgo(6))}&to=${today}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      visitors: 2,
      sessions: 2,
      pageViews: 4,
      bounceRate: 0.5,
      funnel: { productViews: 1, addToCarts: 2, checkouts: 2, orders: 1 },
      revenue: 2_700,
      orders: 1,
      topProducts: [{ itemId: s.productId, title: 'Mug', views: 1 }],
      referrers: [{ source: 'news.example', visits: 1, pageViews: 1 }],
      campaigns: [{ source: 'nl', medium: '', campaign: 'winter', visits: 1, pageViews: 1 }],
      currency: 'USD',
    });
    expect(body.browsers).toEqual([
      { browser: 'Chrome', visits: 1, pageViews: 3 },
      { browser: 'Safari', visits: 1, pageViews: 1 },
    ]);
    expect(body.timeOnSite).toBeGreaterThanOrEqual(0);
    expect(body.days.map((d: { day: string }) => d.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => utcDay(daysAgo(n))));
    expect(body.days.at(-1)).toEqual({ day: today, visitors: 2, sessions: 2, pageViews: 4, orders: 1, revenue: 2_700 });
    expect(body.days.slice(0, -1).every((d: { pageViews: number; orders: number }) => d.pageViews === 0 && d.orders === 0)).toBe(true);
    expect(body.topPages).toEqual([
      { path: '/', pageType: 'home', views: 2 },
      { path: '/cart', pageType: 'cart', views: 1 },
      { path: '/shop/mug', pageType: 'item', views: 1 },
    ]);
    expect(body.devices).toEqual([
      { device: 'desktop', visits: 1, pageViews: 3 },
      { device: 'phone', visits: 1, pageViews: 1 },
    ]);
    expect(Object.keys(body.webVitals)).toEqual(['item']);
    const item = body.webVitals.item;
    expect(item.lcp.p75).toBeGreaterThanOrEqual(1400 * 0.975);
    expect(item.lcp.p75).toBeLessThanOrEqual(1400 * 1.025);
    expect(item.cls.p75).toBeCloseTo(0.02, 2);
    expect(Object.keys(item).sort()).toEqual(['cls', 'fcp', 'fid', 'inp', 'lcp', 'ttfb']);
    expect(item.fid.p75).toBeCloseTo(12, -0.5);
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({ errorType: 'ReferenceError', count: 3, pages: ['/shop/mug'], browsers: ['Chrome'] });
    expect(body.errors[0].stack).toContain('render');
  });

  it('counts only the period: an empty earlier period answers zeros, the old order counts in its own period', async () => {
    const body = (await report(`from=${utcDay(daysAgo(45))}&to=${utcDay(daysAgo(30))}`)).json();
    expect(body).toMatchObject({ visitors: 0, sessions: 0, pageViews: 0, bounceRate: 0, revenue: 9_900, orders: 1, topPages: [], webVitals: {}, errors: [] });
  });

  it('exports the report as CSV', async () => {
    const response = await report(`from=${today}&to=${today}`, undefined, ANALYTICS_CSV_PATH);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="analytics-${today}-${today}.csv"`);
    expect(response.body).toContain('"section","name","value","detail"\r\n');
    expect(response.body).toContain('"summary","revenue","2700","minor units of USD"');
    expect(response.body).toContain('"campaign","winter","1","source nl, medium (none)"');
    expect(response.body).toContain(`"day","${today}","4","2 visitors, 2 sessions, 1 orders, 2700 revenue"`);
    expect(response.body).toContain('"funnel","addToCarts","2",""');
    expect(response.body).toContain('"top-page","/","2","home"');
  });

  it('averages the time on site over sessions, from the first to the last page view of each', async () => {
    const other = await t.seedSite({ identifier: 'report-time', title: 'Time' });
    const startedAt = new Date(Date.now() - 3_600_000);
    const later = (seconds: number) => new Date(startedAt.getTime() + seconds * 1000);
    await t.testDb.db.insert(analyticsSessions).values([
      { websiteId: other.site.id, sessionHash: 's-1', day: utcDay(startedAt), visitorHash: 'v-1', startedAt, lastSeenAt: later(150), pageViews: 3 },
      { websiteId: other.site.id, sessionHash: 's-2', day: utcDay(startedAt), visitorHash: 'v-2', startedAt, lastSeenAt: startedAt, pageViews: 1 },
    ]);
    const response = await t.app.inject({
      method: 'GET',
      url: `${ANALYTICS_REPORT_PATH}?from=${utcDay(daysAgo(1))}&to=${today}`,
      headers: { host: t.hostOf(other.site), authorization: `Bearer ${TEST_OWNER_TOKEN}` },
    });
    expect(response.json()).toMatchObject({ sessions: 2, visitors: 2, bounceRate: 0.5, timeOnSite: 75 });
  });

  it('refuses visitors (401) and bad periods (400)', async () => {
    expect((await report(`from=${today}&to=${today}`, {})).statusCode).toBe(401);
    expect((await report(`from=${today}&to=${today}`, {}, ANALYTICS_CSV_PATH)).statusCode).toBe(401);
    const reversed = await report(`from=${today}&to=${utcDay(daysAgo(1))}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe(BAD_PERIOD_MESSAGE);
    expect((await report(`from=2026-02-30&to=2026-03-01`)).statusCode).toBe(400);
    expect((await report(`from=2024-01-01&to=2026-01-01`)).statusCode).toBe(400);
    expect((await report(`to=${today}`)).statusCode).toBe(400);
  });
});
