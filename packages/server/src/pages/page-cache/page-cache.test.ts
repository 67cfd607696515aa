import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, items, PAGE_VERSION_LEASE_MS, variants, websites, writeEpochOf } from '../../db/index.js';
import { takeStock } from '../../db/stock.js';
import { crumbForHost } from '../../../test-support/test-app.js';
import { PAGE_CACHE_HEADER, PAGE_CACHE_TTL_MS, PAGE_REBUILD_GRACE_MS, PageCache, pageCacheKey, readPageVersion } from './index.js';
import { createPagesTestApp, type PagesTestApp } from '../../../test-support/pages-test-app.js';
import { cachedBody } from './cached-page.js';

const PRODUCT = '/shop/linen-camp-shirt';
const POST = '/journal/why-we-wash-our-linen-twice';
const PER_REQUEST_HEADERS = ['date', 'set-cookie', 'content-security-policy', PAGE_CACHE_HEADER, 'vary', 'content-length', 'connection', 'x-request-id'];

let t: PagesTestApp;
let siteId: string;
beforeAll(async () => {
  t = await createPagesTestApp();
  siteId = (await t.context('demo', '/')).json.website.id as string;
  crumb = await crumbForHost(t.app, 'demo.localhost');
  journalCrumb = await crumbForHost(t.app, 'journal.localhost');
});
afterAll(async () => {
  await t?.close();
});

let crumb = '';
let journalCrumb = '';
const anonymous = (path: string, headers: Record<string, string> = {}) => t.get('demo', path, { cookie: `crumb=${crumb}`, ...headers });

function stableHeaders(res: LightMyRequestResponse): Record<string, unknown> {
  return Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_REQUEST_HEADERS.includes(name)));
}

async function shirtVariant() {
  const json = (await t.context('demo', PRODUCT)).json;
  const [variant] = await t.testDb.db
    .select()
    .from(variants)
    .where(and(eq(variants.websiteId, siteId), eq(variants.productId, json.item.id as string)));
  return { itemId: json.item.id as string, variant: variant! };
}

describe('page cache', () => {
  it('serves anonymous pages from the cache, identical to rendered ones apart from per-request headers', async () => {
    const first = await anonymous(PRODUCT);
    const second = await anonymous(PRODUCT);
    const bypassed = await anonymous(PRODUCT, { cookie: `crumb=${crumb}; ss_unlock_nothing=1` });
    expect(first.statusCode).toBe(200);
    expect(second.headers[PAGE_CACHE_HEADER]).toBe('hit');
    expect(bypassed.headers[PAGE_CACHE_HEADER]).toBe('bypass');
    expect(second.body).toBe(first.body);
    expect(bypassed.body).toBe(first.body);
    expect(stableHeaders(second)).toEqual(stableHeaders(bypassed));
    expect(second.headers['content-security-policy']).not.toBe(first.headers['content-security-policy']);
    expect(first.body).not.toContain(crumb);
    const json = await anonymous(`${PRODUCT}?format=json`);
    const jsonAgain = await anonymous(`${PRODUCT}?format=json`);
    expect(jsonAgain.headers[PAGE_CACHE_HEADER]).toBe('hit');
    expect(jsonAgain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(jsonAgain.json()).toEqual(json.json());
  });

  it('sends the body compressed once with brotli or gzip as accepted', async () => {
    const plain = await anonymous('/');
    const br = await anonymous('/', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await anonymous('/', { 'accept-encoding': 'gzip, br;q=0' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('shows a price change and a stock change on the next request', async () => {
    const { variant } = await shirtVariant();
    await anonymous(`${PRODUCT}?format=json`);
    await t.testDb.db
      .update(variants)
      .set({ priceCents: variant.priceCents + 1234 })
      .where(eq(variants.id, variant.id));
    const repriced = await anonymous(`${PRODUCT}?format=json`);
    expect(repriced.headers[PAGE_CACHE_HEADER]).toBe('miss');
    expect(JSON.stringify(repriced.json().item)).toContain(String(variant.priceCents + 1234));
    const before = await readPageVersion(t.testDb.db, siteId);
    const left = await t.testDb.db.transaction((tx) => takeStock(tx, siteId, variant.id, 1));
    expect(left).not.toBeNull();
    expect(await readPageVersion(t.testDb.db, siteId)).toBeGreaterThan(before);
    const restocked = await anonymous(`${PRODUCT}?format=json`);
    expect(restocked.headers[PAGE_CACHE_HEADER]).toBe('miss');
    expect(restocked.body).not.toBe(repriced.body);
    await t.testDb.db.update(variants).set({ priceCents: variant.priceCents, qtyInStock: variant.qtyInStock }).where(eq(variants.id, variant.id));
  });

  it('shows an owner edit of an item on the next request; a site edit bumps the page version', async () => {
    const { itemId } = await shirtVariant();
    await anonymous(PRODUCT);
    await t.testDb.db.update(items).set({ title: 'Linen Camp Shirt, Washed' }).where(eq(items.id, itemId));
    expect((await anonymous(PRODUCT)).body).toContain('Linen Camp Shirt, Washed');
    const [site] = await t.testDb.db.select().from(websites).where(eq(websites.id, siteId));
    const before = await readPageVersion(t.testDb.db, siteId);
    await t.testDb.db.update(websites).set({ title: 'Cached Linen Co.' }).where(eq(websites.id, siteId));
    expect(await readPageVersion(t.testDb.db, siteId)).toBe(before + 1);
    await t.testDb.db.update(websites).set({ title: site!.title }).where(eq(websites.id, siteId));
  });

  it('shows a newly approved comment on the next request', async () => {
    const postId = (await t.context('demo', POST)).json.item.id as string;
    const [comment] = await t.testDb.db
      .insert(comments)
      .values({ websiteId: siteId, itemId: postId, authorName: 'Cache Tester', authorEmail: 'c@example.com', body: 'Seen at once after approval' })
      .returning();
    expect((await anonymous(POST)).body).not.toContain('Seen at once after approval');
    expect((await anonymous(POST)).headers[PAGE_CACHE_HEADER]).toBe('hit');
    await t.testDb.db.update(comments).set({ status: 'approved', moderatedAt: new Date() }).where(eq(comments.id, comment!.id));
    expect((await anonymous(POST)).body).toContain('Seen at once after approval');
  });

  it('never caches for a signed-in site user, an owner or an unlocked visitor, nor a cart id without its marker, nor cart, checkout and search', async () => {
    await anonymous(PRODUCT);
    for (const cookie of ['emporium_cart=abc', `emporium_cart=${'a'.repeat(32)}`, 'SiteUserInfo=x', 'emporium_owner=x', 'ss_unlock_site=x']) {
      const res = await anonymous(PRODUCT, { cookie: `crumb=${crumb}; ${cookie}` });
      expect(res.headers[PAGE_CACHE_HEADER], cookie).toBe('bypass');
    }
    for (const path of ['/cart', '/checkout', '/search?q=linen']) {
      await anonymous(path);
      expect((await anonymous(path)).headers[PAGE_CACHE_HEADER], path).toBe('bypass');
    }
    await anonymous('/no-such-page');
    expect((await anonymous('/no-such-page')).headers[PAGE_CACHE_HEADER]).not.toBe('hit');
  });

  it('serves a returning visitor with the cookies of injected analytics and ad code from the cache (only significant cookies bypass it)', async () => {
    await anonymous(PRODUCT);
    for (const cookie of ['_ga=GA1.1.1234.5678; _gid=GA1.1.99.88; _fbp=fb.1.1700000000000.42', 'unrelated=1', 'hasCartless=1; cart=1']) {
      expect((await anonymous(PRODUCT, { cookie: `crumb=${crumb}; ${cookie}` })).headers[PAGE_CACHE_HEADER], cookie).toBe('hit');
    }
    for (const cookie of ['ss_unlock_abc=x', '__Host-emporium_owner_site=x', 'emporium_preview=x', 'emporium_lang=fr']) {
      expect((await anonymous(PRODUCT, { cookie: `crumb=${crumb}; _ga=GA1.1.1.2; ${cookie}` })).headers[PAGE_CACHE_HEADER], cookie).toBe('bypass');
    }
  });

  it("serves the analytics collector's visitors from the cache (spec 9 cookies do not change a page)", async () => {
    await anonymous(PRODUCT);
    const cookie = `crumb=${crumb}; ss_cvr=v1; ss_cvt=1700000000000; SS_MID=m1; SS_ANALYTICS_ID=a1; SS_SESSION_ID=s1`;
    expect((await anonymous(PRODUCT, { cookie })).headers[PAGE_CACHE_HEADER]).toBe('hit');
  });

  it('gives a visitor with a cart the same cached page as everyone, with the count left to the browser (decision 0022)', async () => {
    const { itemId, variant } = await shirtVariant();
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      headers: { host: 'demo.localhost', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb, 'content-type': 'application/json' },
      payload: { itemId, sku: variant.sku, quantity: 2 },
    });
    expect(add.statusCode).toBe(200);
    const cartCookies = add.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect(add.cookies.find((c) => c.name === 'hasCart')?.value).toBe('2');
    const shared = await anonymous(PRODUCT);
    const holder = await anonymous(PRODUCT, { cookie: `crumb=${crumb}; ${cartCookies}` });
    expect(holder.headers[PAGE_CACHE_HEADER]).toBe('hit');
    expect(holder.body).toBe(shared.body);
    expect(holder.body).toContain('<span class="header-cart__count" aria-hidden="true"></span>');
    expect(holder.body).toContain('<a class="header-cart" href="/cart" aria-label="Cart">');
    // The cart page and the JSON context still carry the visitor's own cart.
    const cartPage = await anonymous('/cart', { cookie: `crumb=${crumb}; ${cartCookies}` });
    expect(cartPage.body).toContain('aria-label="Cart, 2 items in cart"');
    const json = await anonymous(`${PRODUCT}?format=json`, { cookie: `crumb=${crumb}; ${cartCookies}` });
    expect(json.headers[PAGE_CACHE_HEADER]).toBe('bypass');
    expect(JSON.parse(json.body).cart.totalQuantity).toBe(2);
  });

  it('keeps sites apart', async () => {
    const demo = await anonymous('/');
    const journal = await t.get('journal', '/', { cookie: `crumb=${journalCrumb}` });
    const journalAgain = await t.get('journal', '/', { cookie: `crumb=${journalCrumb}` });
    expect(journalAgain.headers[PAGE_CACHE_HEADER]).toBe('hit');
    expect(journalAgain.body).toBe(journal.body);
    expect(journal.body).not.toBe(demo.body);
    expect(pageCacheKey('a', 1, 'http://x', '/', 'b=2&a=1&a=3')).toBe(pageCacheKey('a', 1, 'http://x', '/', 'a=1&b=2'));
    expect(pageCacheKey('a', 1, 'http://x', '/', '')).not.toBe(pageCacheKey('b', 1, 'http://x', '/', ''));
    expect(pageCacheKey('a', 1, 'http://x', '/', '')).not.toBe(pageCacheKey('a', 2, 'http://x', '/', ''));
  });
});

/** The variant `sku` of the shirt as the product page's JSON shows it. */
async function shownVariant(sku: string) {
  const res = await anonymous(`${PRODUCT}?format=json`);
  expect(res.statusCode).toBe(200);
  const shown = (res.json().item.structuredContent.variants as Array<{ sku: string; price: number; qtyInStock: number }>).find((v) => v.sku === sku)!;
  return { cache: res.headers[PAGE_CACHE_HEADER], priceCents: shown.price, qtyInStock: shown.qtyInStock };
}

describe('page cache and writes (issue 3: no write may be missed)', () => {
  it('shows a raw SQL price update on the very next request', async () => {
    const { variant } = await shirtVariant();
    await shownVariant(variant.sku);
    expect((await shownVariant(variant.sku)).cache).toBe('hit');
    await t.testDb.db.execute(sql`UPDATE variants SET price_cents = ${variant.priceCents + 7} WHERE id = ${variant.id}`);
    expect((await shownVariant(variant.sku)).priceCents).toBe(variant.priceCents + 7);
    await t.testDb.db.execute(sql`UPDATE variants SET price_cents = ${variant.priceCents} WHERE id = ${variant.id}`);
    expect((await shownVariant(variant.sku)).priceCents).toBe(variant.priceCents);
    if (t.testDb.dialect !== 'pglite') return;
    const client = (t.testDb.db as unknown as { $client: PGlite }).$client;
    await client.exec(`UPDATE variants SET price_cents = ${variant.priceCents + 9} WHERE id = '${variant.id}'`);
    expect((await shownVariant(variant.sku)).priceCents).toBe(variant.priceCents + 9);
    await client.exec(`UPDATE variants SET price_cents = ${variant.priceCents} WHERE id = '${variant.id}'`);
  });

  it('shows writes committed inside a transaction on the first request after the commit', async () => {
    const { variant } = await shirtVariant();
    await shownVariant(variant.sku);
    await shownVariant(variant.sku);
    await t.testDb.db.transaction(async (tx) => {
      await tx
        .update(variants)
        .set({ priceCents: variant.priceCents + 11 })
        .where(eq(variants.id, variant.id));
      await tx
        .update(variants)
        .set({ qtyInStock: variant.qtyInStock + 5 })
        .where(eq(variants.id, variant.id));
    });
    expect(await shownVariant(variant.sku)).toMatchObject({ priceCents: variant.priceCents + 11, qtyInStock: variant.qtyInStock + 5 });
    await t.testDb.db.update(variants).set({ priceCents: variant.priceCents, qtyInStock: variant.qtyInStock }).where(eq(variants.id, variant.id));
  });

  it('shows the stock a checkout through the API took on the next request', async () => {
    const { itemId, variant } = await shirtVariant();
    const before = await shownVariant(variant.sku);
    expect((await shownVariant(variant.sku)).cache).toBe('hit');
    const api = (method: 'POST', url: string, body: object, cookie: string) =>
      t.app.inject({ method, url, payload: body, headers: { host: 'demo.localhost', accept: 'application/json', cookie, 'x-csrf-token': crumb } });
    const added = await api('POST', '/api/commerce/shopping-cart/entries', { itemId, sku: variant.sku, quantity: 2 }, `crumb=${crumb}`);
    expect(added.statusCode).toBe(200);
    const cartId = added.json().shoppingCart.id as string;
    const address = { firstName: 'Ada', lastName: 'Lovelace', address1: '1 Main St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };
    const paid = await api(
      'POST',
      '/api/commerce/checkout',
      { email: 'ada@example.com', shippingAddress: address, payment: { provider: 'test', cardNumber: '4242 4242 4242 4242' } },
      `crumb=${crumb}; emporium_cart=${cartId}`,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const after = await shownVariant(variant.sku);
    expect(after.cache).toBe('miss');
    expect(after.qtyInStock).toBe(before.qtyInStock - 2);
    await t.testDb.db.update(variants).set({ qtyInStock: variant.qtyInStock }).where(eq(variants.id, variant.id));
  });

  it('serves no request that starts after a commit from before it, however many are in flight during the write', async () => {
    const { variant } = await shirtVariant();
    await shownVariant(variant.sku);
    const newPrice = variant.priceCents + 23;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let updated!: () => void;
    const hasUpdated = new Promise<void>((resolve) => (updated = resolve));
    const write = t.testDb.db.transaction(async (tx) => {
      await tx.update(variants).set({ priceCents: newPrice }).where(eq(variants.id, variant.id));
      updated();
      await gate;
    });
    await hasUpdated;
    const during = Array.from({ length: 12 }, () => shownVariant(variant.sku));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await write;
    const after = await Promise.all(Array.from({ length: 12 }, () => shownVariant(variant.sku)));
    for (const seen of after) expect(seen.priceCents).toBe(newPrice);
    for (const seen of await Promise.all(during)) expect([variant.priceCents, newPrice]).toContain(seen.priceCents);
    await t.testDb.db.update(variants).set({ priceCents: variant.priceCents }).where(eq(variants.id, variant.id));
  });

  it('on PGlite reuses a version read while nothing wrote, and reads again after any write; on PostgreSQL reuses one sent within the lease, and reads again after a write (decision 0028)', async () => {
    const cache = new PageCache();
    const db = t.testDb.db;
    const first = await cache.pageVersion(db, siteId);
    const again = cache.pageVersion(db, siteId);
    if (writeEpochOf(db)) expect(again).toBe(first);
    else {
      let clock = 1000;
      const leased = new PageCache({ monotonicNow: () => clock });
      const sent = leased.pageVersion(db, siteId);
      expect(sent).toBeInstanceOf(Promise);
      expect(leased.pageVersion(db, siteId), 'a request during the read joins it').toBe(sent);
      const version = await sent;
      clock += PAGE_VERSION_LEASE_MS - 0.01;
      expect(leased.pageVersion(db, siteId), 'within the lease the answer is reused').toBe(version);
      clock += 0.01;
      const next = leased.pageVersion(db, siteId);
      expect(next, 'past the lease a new read is sent').toBeInstanceOf(Promise);
      expect(next).not.toBe(sent);
      expect(await next).toBe(version);
    }
    await db.execute(sql`UPDATE websites SET title = title WHERE id = ${siteId}`);
    const afterWrite = cache.pageVersion(db, siteId);
    expect(afterWrite).toBeInstanceOf(Promise);
    expect(await afterWrite).toBe(first + 1);
  });
});

describe('page cache under a crowd', () => {
  it('builds a page once when many visitors ask for it at once; the others are answered with that build', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => anonymous('/shop/waxed-canvas-tote')));
    const kinds = answers.map((answer) => answer.headers[PAGE_CACHE_HEADER]);
    expect(kinds.filter((kind) => kind === 'miss')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'hit')).toHaveLength(7);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
    }
  });

  it('rebuilds an expired page once when many visitors ask for it at once, and builds afresh once the grace is over (serving the expired entry meanwhile is checked in PageCache below)', async () => {
    let now = 1_000_000;
    const cache = new PageCache({ now: () => now });
    const crowd = await createPagesTestApp({ pageCache: cache });
    try {
      const visitorCrumb = await crumbForHost(crowd.app, 'demo.localhost');
      const ask = () => crowd.get('demo', PRODUCT, { cookie: `crumb=${visitorCrumb}` });
      const first = await ask();
      expect(first.headers[PAGE_CACHE_HEADER]).toBe('miss');
      // The miss is answered before its page is compressed and stored.
      await cache.settled();
      now += PAGE_CACHE_TTL_MS + 1;
      const answers = await Promise.all(Array.from({ length: 8 }, ask));
      const kinds = answers.map((answer) => answer.headers[PAGE_CACHE_HEADER]);
      expect(kinds.filter((kind) => kind === 'miss')).toHaveLength(1);
      expect(kinds.filter((kind) => kind === 'hit')).toHaveLength(7);
      for (const answer of answers) expect(answer.body).toBe(first.body);
      expect((await ask()).headers[PAGE_CACHE_HEADER]).toBe('hit');
      await cache.settled();
      now += PAGE_CACHE_TTL_MS + PAGE_REBUILD_GRACE_MS + 1;
      expect((await ask()).headers[PAGE_CACHE_HEADER]).toBe('miss');
    } finally {
      await crowd.close();
    }
  });
});

describe('PageCache', () => {
  it('answers a built page at once and stores it once compressed off the main thread; requests meanwhile wait for that store', async () => {
    const cache = new PageCache();
    const build = cache.startBuild('k')!;
    const { identity, stored } = cache.setLater('k', 'text/html', '<p>built</p>');
    expect(identity.toString()).toBe('<p>built</p>');
    cache.endBuild(build);
    expect(cache.building('k')).toBe(build);
    const waited = await build.done;
    expect(waited).toBe(await stored);
    expect(brotliDecompressSync(waited!.br).toString()).toBe('<p>built</p>');
    // Gzip is made once, for the first browser that accepts it but not brotli (decision 0053).
    expect(waited!.gzip).toBeUndefined();
    const gzipped = cachedBody(waited!, 'gzip');
    expect([gzipped.encoding, gunzipSync(gzipped.body).toString()]).toEqual(['gzip', '<p>built</p>']);
    expect(cachedBody(waited!, 'gzip, deflate').body).toBe(gzipped.body);
    expect(cache.get('k')).toBe(waited);
    expect(cache.building('k')).toBeUndefined();
  });

  it('serves an expired entry only while a build of it runs, within the grace; a build hands its stored page to those waiting', async () => {
    let now = 0;
    const cache = new PageCache({ ttlMs: 100, now: () => now });
    cache.set('a', 'text/html', 'first');
    now = 101;
    expect(cache.get('a')).toBeUndefined();
    const build = cache.startBuild('a')!;
    expect(cache.startBuild('a')).toBeUndefined();
    expect(cache.building('a')).toBe(build);
    expect(cache.get('a')?.identity.toString()).toBe('first');
    const stored = cache.set('a', 'text/html', 'second');
    await expect(build.done).resolves.toBe(stored);
    expect(cache.building('a')).toBeUndefined();
    expect(cache.get('a')?.identity.toString()).toBe('second');

    now = 300;
    const failed = cache.startBuild('a')!;
    expect(cache.get('a')?.identity.toString()).toBe('second');
    cache.endBuild(failed);
    await expect(failed.done).resolves.toBeUndefined();
    expect(cache.get('a')).toBeUndefined();

    const late = cache.startBuild('a')!;
    now = 300 + PAGE_REBUILD_GRACE_MS + 1;
    expect(cache.building('a')).toBeUndefined();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.startBuild('a')).not.toBe(late);
  });

  it('drops least recently used entries past its byte bound and expired ones', () => {
    let now = 0;
    const body = (seed: string) => Array.from({ length: 400 }, (_, i) => `${seed}${(i * 7919) % 997}`).join(' ');
    const entryBytes = new PageCache().set('a', 'text/html', body('a')).bytes;
    const cache = new PageCache({ maxBytes: Math.floor(entryBytes * 2.5), ttlMs: 100, now: () => now });
    cache.set('a', 'text/html', body('a'));
    cache.set('b', 'text/html', body('b'));
    expect(cache.get('a')).toBeDefined();
    cache.set('c', 'text/html', body('c'));
    expect(cache.size).toBeLessThanOrEqual(cache.maxBytes);
    expect(cache.count).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    now = 101;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
  });
});
