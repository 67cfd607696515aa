import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';

let t: PagesTestApp;
beforeAll(async () => {
  t = await createPagesTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ROUTES: [path: string, status: number, pageType: number][] = [
  ['/', 200, 2],
  ['/shop', 200, 1],
  ['/shop/linen-camp-shirt', 200, 50],
  ['/journal', 200, 1],
  ['/journal?page=2', 200, 1],
  ['/journal/dyeing-with-walnut-hulls', 200, 50],
  ['/events', 200, 1],
  ['/events/holiday-market-open-studio', 200, 50],
  ['/studio', 200, 1],
  ['/contact', 200, 2],
  ['/about', 200, 2],
  ['/cart', 200, 200],
  ['/checkout', 200, 201],
  ['/search?q=linen', 200, 102],
  ['/search', 200, 102],
  ['/checkout/order-confirmed/0000000000000000', 404, 100],
  ['/no-such-page', 404, 100],
  ['/shop/no-such-product', 404, 100],
  ['/studio/studio-1', 404, 100],
  ['/journal?page=3', 404, 100],
  ['/journal?page=abc', 404, 100],
  ['/a/b/c', 404, 100],
];

describe('page router (spec section 2)', () => {
  it.each(ROUTES)('%s → HTTP %i, page type %i', async (path, status, pageType) => {
    const html = await t.get('demo', path);
    expect(html.statusCode).toBe(status);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain(`class="page-type-${pageType} `);
    const { status: jsonStatus, json } = await t.context('demo', path);
    expect(jsonStatus).toBe(status);
    expect(json.pageType).toBe(pageType);
  });

  it('renders every seeded page without a template error', async () => {
    const paths = ['/', '/shop', '/journal', '/events', '/studio', '/contact', '/about', '/cart', '/checkout', '/search?q=linen', '/nowhere'];
    for (const slug of [
      'linen-camp-shirt',
      'stoneware-mug',
      'waxed-canvas-tote',
      'beeswax-taper-candles',
      'everyday-apron',
      'hedgerow-sewing-pattern',
      'natural-dye-workshop',
      'gift-card',
      'seasonal-seed-box',
      'oat-honey-soap',
    ])
      paths.push(`/shop/${slug}`);
    for (const path of paths) expect((await t.get('demo', path)).statusCode).toBeLessThan(500);
    for (const path of ['/', '/notes', '/notes/the-ridge-trail-in-november', '/readings/winter-reading-at-oblong-books', '/photos', '/contact']) {
      expect((await t.get('journal', path)).statusCode).toBe(200);
    }
    expect(t.logs.filter((line) => line.includes('template errors'))).toEqual([]);
  });

  it('renders the theme not-found page for unknown paths, and JSON 404 under /api', async () => {
    const html = await t.get('demo', '/nothing-here');
    expect(html.body).toContain('We couldn&rsquo;t find that page');
    expect(html.body).toContain('<nav class="site-nav" aria-label="Main">');
    const api = await t.get('demo', '/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
  });

  it('shows the order-confirmed page (202) for an order of this site', async () => {
    const { orders, orderItems } = await import('../db/index.js');
    const site = await t.context('demo', '/');
    const websiteId = site.json.website.id as string;
    const [order] = await t.testDb.db
      .insert(orders)
      .values({ websiteId, orderNumber: 1001, currency: 'USD', subtotalCents: 2400, grandTotalCents: 2400 })
      .returning();
    const [shop] = (await t.context('demo', '/shop')).json.items;
    await t.testDb.db
      .insert(orderItems)
      .values({ websiteId, orderId: order!.id, itemId: shop.id, productName: 'Oat & Honey Soap', quantity: 2, unitPriceCents: 1200 });
    const res = await t.get('demo', `/checkout/order-confirmed/${order!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('class="page-type-202 ');
    expect(res.body).toContain('Order <strong>#1001</strong> is confirmed');
    expect(res.body).toContain('Oat &amp; Honey Soap &times; 2');
    expect(res.body).toContain('$24.00');
    const other = await t.get('journal', `/checkout/order-confirmed/${order!.id}`);
    expect(other.statusCode).toBe(404);
  });

  it('shows each line at quantity times unit price, and the discount, shipping, tax and gift card parts of the total', async () => {
    const { orders, orderItems, orderCheckoutDetails } = await import('../db/index.js');
    const site = await t.context('demo', '/');
    const websiteId = site.json.website.id as string;
    const [order] = await t.testDb.db
      .insert(orders)
      .values({
        websiteId,
        orderNumber: 1002,
        currency: 'USD',
        subtotalCents: 3600,
        discountCents: 360,
        shippingCents: 800,
        taxCents: 259,
        grandTotalCents: 4299,
        statusToken: 'a'.repeat(32),
      })
      .returning();
    const [shop] = (await t.context('demo', '/shop')).json.items;
    await t.testDb.db
      .insert(orderItems)
      .values({ websiteId, orderId: order!.id, itemId: shop.id, productName: 'Oat & Honey Soap', quantity: 3, unitPriceCents: 1200 });
    await t.testDb.db
      .insert(orderCheckoutDetails)
      .values({ websiteId, orderId: order!.id, shippingOption: { id: 'x', name: 'Standard', costCents: 800 }, giftCardCode: 'GIFT', giftCardCents: 1000 });
    for (const path of [`/checkout/order-confirmed/${order!.id}`, `/checkout/order-status/${order!.id}?token=${'a'.repeat(32)}`]) {
      const res = await t.get('demo', path);
      expect(res.statusCode).toBe(200);
      const text = res.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
      expect(text).toContain('Oat &amp; Honey Soap &times; 3 $36.00');
      expect(text).toContain(
        'Subtotal $36.00 Discount &minus;$3.60 Shipping (Standard) $8.00 Tax $2.59 Total $42.99 Paid by gift card &minus;$10.00 Charged $32.99',
      );
    }
  });

  it('serves the error page (101, HTTP 500) when building a page fails, without details', async () => {
    const broken = await createPagesTestApp({
      cartIdOf: () => {
        throw new Error('secret internal failure');
      },
    });
    try {
      const res = await broken.get('demo', '/shop');
      expect(res.statusCode).toBe(500);
      expect(res.body).toContain('class="page-type-101 ');
      expect(res.body).toContain('Something went wrong');
      expect(res.body).not.toContain('secret internal failure');
      expect(broken.logs.some((line) => line.includes('page failed') && line.includes('secret internal failure'))).toBe(true);
      const json = await broken.context('demo', '/shop');
      expect(json.status).toBe(500);
      expect(json.json.pageType).toBe(101);
    } finally {
      await broken.close();
    }
  });

  it('paginates collections, keeping filters in the page links', async () => {
    const first = await t.context('demo', '/journal');
    expect(first.json.items).toHaveLength(4);
    expect(first.json.pagination).toMatchObject({ currentPage: 1, totalPages: 2, nextPage: true, prevPage: false, nextPageUrl: '/journal?page=2' });
    const second = await t.context('demo', '/journal?page=2');
    expect(second.json.items).toHaveLength(1);
    expect(second.json.pagination.prevPageUrl).toBe('/journal');
    const tagged = await t.context('demo', '/journal?tag=linen');
    expect(tagged.json.items.map((i: { urlId: string }) => i.urlId)).toEqual(['why-we-wash-our-linen-twice']);
    const category = await t.context('demo', '/shop?category=Workshops');
    expect(category.json.items.map((i: { urlId: string }) => i.urlId)).toEqual(['natural-dye-workshop']);
  });

  it('searches titles, bodies and tags of published items', async () => {
    const titles = async (q: string) => (await t.context('demo', `/search?q=${encodeURIComponent(q)}`)).json.items.map((i: { title: string }) => i.title);
    expect(await titles('linen')).toEqual(['Linen Camp Shirt', 'Why we wash our linen twice before it reaches you']);
    expect(await titles('pumice')).toEqual(['Why we wash our linen twice before it reaches you']);
    expect(await titles('beeswax')).toContain('Hand-dipped Beeswax Tapers');
    expect(await titles('_')).toEqual([]);
    expect(await titles('%')).toEqual(['Waxed Canvas Market Tote']);
    expect(await titles('zzzz-nothing')).toEqual([]);
    const { json } = await t.context('demo', '/search?q=pumice');
    expect(json.search).toEqual({ query: 'pumice', count: 1 });
    expect(json.items[0].snippet).toContain('pumice');
  });

  it('sends the home page to the homepage collection and marks the active navigation entry', async () => {
    const { json } = await t.context('demo', '/journal/dyeing-with-walnut-hulls');
    const nav = json.navigation.mainNavigation.items as { title: string; fullUrl: string; active: boolean }[];
    expect(nav.map((n) => n.title)).toEqual(['Shop', 'Journal', 'Events', 'Studio', 'About', 'Contact', 'Members', 'Course']);
    expect(nav.filter((n) => n.active).map((n) => n.fullUrl)).toEqual(['/journal']);
    const home = await t.context('demo', '/');
    expect(home.json.collection).toMatchObject({ urlId: 'home', typeName: 'page', fullUrl: '/', homepage: true });
  });

  it('guards password-protected (105), members-only (106) and locked sites (103)', async () => {
    const { collections } = await import('../db/index.js');
    const { updateWebsiteSettings } = await import('../sites/repository.js');
    const { eq, and } = await import('drizzle-orm');
    const journal = (await t.context('journal', '/')).json.website.id as string;
    const setAccess = (urlId: string, access: string) =>
      t.testDb.db
        .update(collections)
        .set({ settings: { kind: 'blog', access } })
        .where(and(eq(collections.websiteId, journal), eq(collections.urlId, urlId)));
    await setAccess('notes', 'password');
    const locked = await t.get('journal', '/notes/the-ridge-trail-in-november');
    expect([locked.statusCode, (await t.context('journal', '/notes')).json.pageType]).toEqual([401, 105]);
    expect(locked.body).not.toContain('the crowds are gone');
    await setAccess('notes', 'members');
    expect([(await t.get('journal', '/notes')).statusCode, (await t.context('journal', '/notes')).json.pageType]).toEqual([403, 106]);
    await setAccess('notes', 'public');
    expect((await t.get('journal', '/notes')).statusCode).toBe(200);
    await updateWebsiteSettings(t.testDb.db, journal, { lockScreen: true });
    t.app.emporium.resolver.invalidate();
    const lock = await t.get('journal', '/notes');
    expect(lock.statusCode).toBe(403);
    expect(lock.body).toContain('class="page-type-103 ');
    expect(lock.body).not.toContain('The ridge trail');
    expect(lock.body).not.toContain('href="/readings"');
    await updateWebsiteSettings(t.testDb.db, journal, { lockScreen: false });
    t.app.emporium.resolver.invalidate();
    expect((await t.get('journal', '/notes')).statusCode).toBe(200);
  });
});
