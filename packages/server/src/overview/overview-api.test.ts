import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProductFixture } from '../../test-support/fixtures.js';
import { makeOwner, signInOwner, type OwnerClient } from '../../test-support/owners.js';
import { createTestApp, crumbForHost, dashboardTarget, type TestApp } from '../../test-support/test-app.js';
import { orders } from '../db/index.js';
import { owners as ownerTable } from '../db/schema-owners.js';
import { analyticsHourly, analyticsSessions } from '../db/schema-analytics.js';
import { OWNER_ROLE_REFUSED, OWNER_SIGN_IN_REQUIRED, PASSWORD_CHANGE_REQUIRED, type OwnerRole } from '../owner-sessions/index.js';
import type { Website } from '../sites/index.js';
import { localDayOf, type LocalDay } from './local-day.js';
import { OVERVIEW_PATH } from './index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

describe('GET /api/owner/overview (#24: the dashboard has an overview)', () => {
  let t: TestApp;
  let shop: Website;
  let other: Website;
  let today: LocalDay;
  /** An instant of today (the site's day) that has already passed. */
  let earlierToday: Date;
  let orderNumber = 1000;
  const owners = new Map<string, OwnerClient>();

  async function order(site: Website, status: string, createdAt: Date, grandTotalCents: number, firstName = 'Ada', currency = 'EUR') {
    orderNumber += 1;
    const [row] = await t.testDb.db
      .insert(orders)
      .values({
        websiteId: site.id,
        orderNumber,
        status,
        createdAt,
        currency,
        grandTotalCents,
        customerEmail: `${firstName.toLowerCase()}@example.com`,
        shippingAddress: { firstName, lastName: 'Lovelace' },
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    return row!;
  }

  async function variantWith(site: Website, title: string, qtyInStock: number, unlimited = false) {
    return createProductFixture(t.testDb.db, site.id, { title, qtyInStock, unlimited });
  }

  async function visit(site: Website, session: string, visitor: string, at: Date, pageViews: number) {
    await t.testDb.db
      .insert(analyticsSessions)
      .values({ websiteId: site.id, sessionHash: session, day: utcDay(at), visitorHash: visitor, startedAt: at, lastSeenAt: at, pageViews });
    await t.testDb.db.insert(analyticsHourly).values({
      websiteId: site.id,
      hour: new Date(Math.floor(at.getTime() / HOUR) * HOUR),
      pageType: `page-${session}`,
      referrer: '',
      utmSource: '',
      utmMedium: '',
      utmCampaign: '',
      device: 'desktop',
      browser: 'Chrome',
      pageViews,
      entries: 1,
    });
  }

  async function ownerOf(site: Website, role: OwnerRole): Promise<OwnerClient> {
    const key = `${site.id}:${role}`;
    const known = owners.get(key);
    if (known) return known;
    const email = `${role}-${site.identifier}@example.com`;
    await makeOwner(t.testDb.db, site.id, email, role);
    const client = await signInOwner(t.app, t.hostOf(site), email);
    owners.set(key, client);
    return client;
  }

  const overviewAs = async (site: Website, role: OwnerRole) => (await ownerOf(site, role)).call('GET', OVERVIEW_PATH);

  beforeAll(async () => {
    t = await createTestApp({ config: { outboxPollMs: 3_600_000 } });
    // Tokyo has no daylight saving and whole-hour offsets, so hourly rollups split cleanly at its midnight.
    shop = await t.createSite({ identifier: 'overview-shop', title: 'Overview shop', settings: { timeZone: 'Asia/Tokyo', currency: 'EUR' } });
    other = await t.createSite({ identifier: 'overview-other', title: 'Other shop' });
    const now = new Date();
    today = localDayOf(now, 'Asia/Tokyo');
    earlierToday = new Date(today.start.getTime() + Math.floor((now.getTime() - today.start.getTime()) / 2));
    const yesterday = new Date(today.start.getTime() - 60_000);
    // The other site keeps New York's day: a second ago is today there too.
    const justNow = new Date(now.getTime() - 1000);

    // Paid orders waiting: six, the oldest 9 days old; one of them placed today, one just before today.
    for (const [days, total, name] of [
      [9, 1200, 'Oldest'],
      [7, 2300, 'Second'],
      [5, 3400, 'Third'],
      [3, 4500, 'Fourth'],
    ] as const)
      await order(shop, 'PAID', new Date(now.getTime() - days * DAY), total, name);
    await order(shop, 'PAID', yesterday, 5600, 'Yesterday');
    await order(shop, 'PAID', earlierToday, 6700, 'Today');
    await order(shop, 'FULFILLED', earlierToday, 1000, 'Shipped');
    await order(shop, 'FULFILLED', new Date(today.start.getTime() - 2 * HOUR), 9900, 'ShippedYesterday');
    await order(shop, 'PENDING', earlierToday, 800, 'Unpaid');
    await order(shop, 'CANCELLED', earlierToday, 700, 'Cancelled');
    await order(shop, 'PAYMENT_FAILED', earlierToday, 600, 'Declined');
    await order(other, 'PAID', justNow, 100_000, 'Elsewhere', 'USD');

    for (const [title, qty] of [
      ['Sold-out mug', 0],
      ['Bowl', 1],
      ['Plate', 2],
      ['Cup', 3],
      ['Jug', 5],
      ['Vase', 5],
      ['Teapot', 6],
    ] as const)
      await variantWith(shop, title, qty);
    await variantWith(shop, 'Gift card', 0, true);
    await variantWith(other, 'Elsewhere mug', 1);

    await visit(shop, 's1', 'visitor-a', earlierToday, 3);
    await visit(shop, 's2', 'visitor-a', earlierToday, 2);
    await visit(shop, 's3', 'visitor-b', earlierToday, 1);
    await visit(shop, 's0', 'visitor-c', new Date(today.start.getTime() - HOUR), 7);
    await visit(other, 's9', 'visitor-z', justNow, 50);
  });
  afterAll(() => t.close());

  it('#24 counts paid orders waiting to be shipped and lists the five oldest with number, customer, total and age', async () => {
    const response = await overviewAs(shop, 'admin');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store, private');
    const { ordersToFulfil } = response.json();
    expect(ordersToFulfil.count).toBe(6);
    expect(ordersToFulfil.oldest.map((o: { customerName: string }) => o.customerName)).toEqual([
      'Oldest Lovelace',
      'Second Lovelace',
      'Third Lovelace',
      'Fourth Lovelace',
      'Yesterday Lovelace',
    ]);
    const [oldest] = ordersToFulfil.oldest;
    expect(oldest).toMatchObject({ orderNumber: 1001, customerEmail: 'oldest@example.com', currency: 'EUR', grandTotalCents: 1200, testMode: false });
    expect(Math.round(oldest.ageSeconds / 86_400)).toBe(9);
  });

  it('#24 counts limited variants at or below the low-stock threshold (sold out included, unlimited never), fewest first', async () => {
    const { lowStock } = (await overviewAs(shop, 'admin')).json();
    expect(lowStock.threshold).toBe(5);
    expect(lowStock.count).toBe(6);
    expect(lowStock.variants.map((v: { productTitle: string; qtyInStock: number }) => [v.productTitle, v.qtyInStock])).toEqual([
      ['Sold-out mug', 0],
      ['Bowl', 1],
      ['Plate', 2],
      ['Cup', 3],
      [expect.stringMatching(/^(Jug|Vase)$/), 5],
    ]);
    expect(lowStock.variants[0]).toEqual(expect.objectContaining({ variantId: expect.any(String), productId: expect.any(String), sku: expect.any(String) }));
  });

  it("#24 gives today's visitors, page views and sales in the site's time zone (paid and shipped orders of today only)", async () => {
    const { today: figures } = (await overviewAs(shop, 'admin')).json();
    expect(figures).toEqual({ date: today.date, timeZone: 'Asia/Tokyo', currency: 'EUR', visitors: 2, pageViews: 6, orders: 2, salesCents: 7700 });
  });

  it("#24 shows each site only its own figures, and a quiet site's zeros", async () => {
    const mine = (await overviewAs(other, 'admin')).json();
    expect(mine.ordersToFulfil.count).toBe(1);
    expect(mine.ordersToFulfil.oldest.map((o: { customerName: string }) => o.customerName)).toEqual(['Elsewhere Lovelace']);
    expect(mine.lowStock.variants.map((v: { productTitle: string }) => v.productTitle)).toEqual(['Elsewhere mug']);
    expect(mine.today).toMatchObject({ visitors: 1, pageViews: 50, orders: 1, salesCents: 100_000, currency: 'USD', timeZone: 'America/New_York' });
    const quiet = await t.createSite({ identifier: 'overview-quiet', title: 'Quiet' });
    expect((await overviewAs(quiet, 'admin')).json()).toEqual({
      ordersToFulfil: { count: 0, oldest: [] },
      lowStock: { threshold: 5, count: 0, variants: [] },
      today: { date: expect.any(String), timeZone: 'America/New_York', currency: 'USD', visitors: 0, pageViews: 0, orders: 0, salesCents: 0 },
    });
  });

  it.each([
    ['store-manager', { ordersToFulfil: true, lowStock: true, today: true }],
    ['reporting', { ordersToFulfil: true, lowStock: true, today: true }],
    ['viewer', { ordersToFulfil: true, lowStock: true, today: true }],
    ['billing', { ordersToFulfil: true, lowStock: false, today: true }],
  ] as const)('#24 answers a %s with the sections the role may read, the others null', async (role, shown) => {
    const response = await overviewAs(shop, role);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect({ ordersToFulfil: body.ordersToFulfil !== null, lowStock: body.lowStock !== null, today: body.today !== null }).toEqual(shown);
  });

  it.each(['editor', 'moderator', 'website-manager', 'none'] as const)(
    '#24 refuses a %s, who may read none of orders, inventory and reports (403 naming them)',
    async (role) => {
      const response = await overviewAs(shop, role);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        message: OWNER_ROLE_REFUSED,
        permission: 'orders:read',
        anyOf: ['orders:read', 'inventory:read', 'reports:read'],
      });
    },
  );

  it("#24 answers 401 without a session, and with another site's session", async () => {
    const target = await dashboardTarget(t.app, t.hostOf(shop));
    const crumb = await crumbForHost(t.app, target.host);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: OVERVIEW_PATH,
      headers: { host: target.host, 'x-emporium-site': target.site!, cookie: `crumb=${crumb}`, accept: 'application/json' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(OWNER_SIGN_IN_REQUIRED);
    const otherAdmin = await ownerOf(other, 'admin');
    const crossed = await otherAdmin.call('GET', OVERVIEW_PATH, undefined, { 'x-emporium-site': shop.identifier });
    expect(crossed.statusCode).toBe(401);
  });

  it('#24 refuses an owner whose one-time password is still to be changed (403)', async () => {
    const email = 'first-time@example.com';
    await makeOwner(t.testDb.db, shop.id, email, 'admin');
    await t.testDb.db.update(ownerTable).set({ mustChangePassword: true }).where(eq(ownerTable.email, email));
    const client = await signInOwner(t.app, t.hostOf(shop), email);
    const response = await client.call('GET', OVERVIEW_PATH);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: PASSWORD_CHANGE_REQUIRED, mustChangePassword: true });
  });
});
