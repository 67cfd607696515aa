import { and, eq } from 'drizzle-orm';
import { Engine } from '@emporium/template';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, items } from '../db/index.js';
import { SeedWriter } from '../seed/seed-writer.js';
import { nodeCldrProvider } from '@emporium/template/node';
import { staticIslandAssets } from './island-assets.js';
import { pageFormatters } from './island-formatter.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { adminHostOf } from '../../test-support/test-app.js';

const HOSTILE = `<script>alert("x")</script>"><img src=x onerror=alert(1)>`;
let compiles = 0;
let t: PagesTestApp;

beforeAll(async () => {
  const engine = new Engine({ formatters: pageFormatters, cldr: nodeCldrProvider() });
  const compile = engine.compile.bind(engine);
  engine.compile = (source: string) => {
    compiles += 1;
    return compile(source);
  };
  t = await createPagesTestApp({
    engine,
    islands: staticIslandAssets(
      true,
      '<script type="module" src="/assets/storefront/assets/main-test.js"></script>',
      '<link rel="stylesheet" href="/assets/storefront/assets/main-test.css">',
    ),
  });
  const site = (await t.context('demo', '/')).json.website.id as string;
  const collection = async (urlId: string) =>
    (
      await t.testDb.db
        .select()
        .from(collections)
        .where(and(eq(collections.websiteId, site), eq(collections.urlId, urlId)))
    )[0]!;
  const shop = await collection('shop');
  const journal = await collection('journal');
  const w = new SeedWriter(t.testDb.db, site);
  await w.product(shop.id, {
    productType: 1,
    urlId: 'hostile-product',
    title: HOSTILE,
    tags: [HOSTILE],
    categories: ['Home'],
    merchandising: { scarcityEnabled: true, scarcityText: `Only {qtyInStock} left ${HOSTILE}`, customSoldOutText: HOSTILE },
    variants: [{ sku: 'HOSTILE-1', priceCents: 100, qtyInStock: 1, attributes: { [HOSTILE]: HOSTILE } }],
  });
  const post = await w.item(journal.id, {
    recordType: 1,
    urlId: 'hostile-post',
    title: HOSTILE,
    authorName: HOSTILE,
    tags: [HOSTILE],
    categories: [HOSTILE],
    publishOn: new Date(Date.now() - 60_000),
    structuredContent: { commentsOpen: true },
  });
  await w.comment(post, { authorName: HOSTILE, authorEmail: 'x@example.com', body: HOSTILE, createdAt: new Date(Date.now() - 1000) });
});
afterAll(async () => {
  await t?.close();
});

function expectNoRawHostile(body: string): void {
  expect(body).not.toContain('<script>alert');
  expect(body).not.toContain('<img src=x');
  expect(body).not.toContain('onerror=alert(1)>');
}

describe('escaping of owner and visitor text', () => {
  it.each(['/shop', '/shop/hostile-product', '/journal', '/journal/hostile-post', '/search?q=alert', `/search?q=${encodeURIComponent(HOSTILE)}`])(
    '%s prints hostile titles, tags, options and comments as text',
    async (path) => {
      const res = await t.get('demo', path);
      expect(res.statusCode).toBe(200);
      expectNoRawHostile(res.body);
      expect(res.body).toContain('&lt;script&gt;alert(');
    },
  );

  it('keeps JSON context safe to embed: hostile text is data, not markup', async () => {
    const { json } = await t.context('demo', '/shop/hostile-product');
    expect(json.item.title).toBe(HOSTILE);
  });
});

describe('tenancy', () => {
  it.each([
    ['demo', '/notes/the-ridge-trail-in-november'],
    ['demo', '/notes'],
    ['demo', '/photos'],
    ['journal', '/shop/linen-camp-shirt'],
    ['journal', '/shop'],
    ['journal', '/journal/dyeing-with-walnut-hulls'],
  ])("%s%s (another site's URL) is not found", async (site, path) => {
    const res = await t.get(site, path);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('class="page-type-100 ');
  });

  it('searches only the site asked', async () => {
    const demo = (await t.context('demo', '/search?q=ridge')).json;
    const journal = (await t.context('journal', '/search?q=ridge')).json;
    expect(demo.items).toEqual([]);
    expect(journal.items.map((i: { urlId: string }) => i.urlId)).toContain('the-ridge-trail-in-november');
    expect(journal.showCart).toBe(false);
  });

  it("never shows another site's rows in a listing", async () => {
    const { json } = await t.context('journal', '/notes');
    const websiteId = json.website.id;
    const foreign = await t.testDb.db.select({ w: items.websiteId }).from(items);
    expect(foreign.some((r) => r.w !== websiteId)).toBe(true);
    expect(json.items.every((i: { websiteId: string }) => i.websiteId === websiteId)).toBe(true);
  });
});

describe('assets and islands', () => {
  it('serves hashed system assets immutably and refuses unknown names', async () => {
    const home = await t.get('demo', '/');
    // Pages inline the system and theme stylesheets: no stylesheet request holds the first paint.
    expect(home.body).toMatch(/<style>[^<]*--color-accent/);
    const icon = /href="(\/static\/theme\/favicon\.[0-9a-f]{10}\.svg)"/.exec(home.body)?.[1];
    expect(icon).toBeTruthy();
    const res = await t.get('demo', icon!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.get('demo', '/static/theme/favicon.0000000000.svg')).statusCode).toBe(404);
    expect((await t.get('demo', '/assets/nothing.0000000000.svg')).statusCode).toBe(404);
  });

  it('serves generated illustrations with cache headers, and 404 for unknown ones', async () => {
    const res = await t.get('demo', '/assets/illustrations/shirt-sage.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const again = await t.get('demo', '/assets/illustrations/shirt-sage.svg', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect((await t.get('demo', '/assets/illustrations/constructor-sage.svg')).statusCode).toBe(404);
    // The editor shows them as block thumbnails on the dashboard's origin; nothing else of a site is served there.
    const dashboard = { host: adminHostOf(t.app) };
    expect((await t.app.inject({ method: 'GET', url: '/assets/illustrations/shirt-sage.svg', headers: dashboard })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/assets/illustrations/x/shirt-sage.svg', headers: dashboard })).statusCode).toBe(404);
  });

  it('gives every product image alt text', async () => {
    for (const path of ['/', '/shop', '/shop/linen-camp-shirt', '/studio']) {
      const body = (await t.get('demo', path)).body;
      const imgs = body.match(/<img [^>]*>/g) ?? [];
      expect(imgs.length).toBeGreaterThan(0);
      for (const img of imgs) expect(img).toMatch(/ alt="/);
    }
  });

  it('server-renders hydratable islands with their props and the bundle tags', async () => {
    const body = (await t.get('demo', '/shop/linen-camp-shirt')).body;
    expect(body).toContain('data-island="ProductForm"');
    expect(body).toContain('data-island="CartPill"');
    expect(body).toContain('<script type="module" src="/assets/storefront/assets/main-test.js"></script>');
    const head = body.slice(0, body.indexOf('</head>'));
    const islandSheet = head.indexOf('/assets/storefront/assets/main-test.css');
    // The theme's stylesheet is inlined, so the first paint waits for no request.
    const themeSheet = head.indexOf('<style>');
    expect(head).not.toMatch(/<link rel="stylesheet" href="\/static\/theme\//);
    expect(head.slice(themeSheet)).toContain('.header-cart__count');
    expect(islandSheet, 'island sheet in the head').toBeGreaterThan(0);
    expect(themeSheet, 'theme sheet after the island sheet, so the theme wins ties').toBeGreaterThan(islandSheet);
    const props = /data-island="ProductForm" data-props="([^"]*)"/
      .exec(body)![1]!
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    const parsed = JSON.parse(props);
    expect(parsed.product.variants[0].priceMoney).toEqual({ value: 8800, currency: 'USD' });
    const cart = (await t.get('demo', '/cart')).body;
    // (The inlined stylesheet names the island in its selectors; the element itself is absent.)
    expect(cart).not.toMatch(/<[a-z]+ [^>]*data-island="CartPill"/);
    expect((await t.get('demo', '/checkout')).body).not.toMatch(/<[a-z]+ [^>]*data-island="CartPill"/);
    const contact = (await t.get('demo', '/contact')).body;
    expect(contact.match(/data-island="FormBlock"/g)).toHaveLength(2);
    const shop = (await t.get('demo', '/shop')).body;
    expect(shop.match(/data-island="FormBlock"/g)).toHaveLength(1);
  });

  it.each([
    ['/shop', ['ProductQuickView', 'CartPill']],
    ['/shop/everyday-apron', ['ProductForm', 'Reviews', 'InstallmentPill', 'ShareButtons']],
    ['/shop/stoneware-mug', ['RestockSignup']],
    ['/journal/dyeing-with-walnut-hulls', ['Comments', 'LikeButton', 'ShareButtons']],
    ['/studio', ['Gallery']],
    ['/cart', ['CartPage']],
    ['/checkout', ['Checkout']],
  ])('%s mounts the %j islands', async (path, names) => {
    const body = (await t.get('demo', path)).body;
    for (const name of names) expect(body, name).toContain(`data-island="${name}"`);
  });

  it('compiles theme templates once, never per request', async () => {
    await t.get('demo', '/shop/linen-camp-shirt');
    const after = compiles;
    for (const path of ['/', '/shop', '/shop/linen-camp-shirt', '/journal/hostile-post', '/cart', '/nowhere']) await t.get('demo', path);
    expect(compiles).toBe(after);
  });
});
