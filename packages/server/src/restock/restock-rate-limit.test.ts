import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormsTestApp, type FormsTestApp } from '../../test-support/forms-test-app.js';
import type { Website } from '../sites/website.js';
import { createProductFixture, type ProductFixture } from '../../test-support/fixtures.js';
import { fetchCrumb } from '../../test-support/test-app.js';
import { RESTOCK_PATH } from './routes.js';

/** Small limits; the counters live in Redis when REDIS_URL is set, in memory otherwise. */
const LIMITS = { signUpsPerWindow: 20, signUpsPerClient: 3, rateWindowMs: 24 * 60 * 60_000, redisUrl: process.env.REDIS_URL };

/** A browser: one address and the crumb cookie it got with its first page. */
interface Visitor {
  ip: string;
  crumb: string;
}

describe('restock sign-up rate limits: per client, and a per-site ceiling only accepted sign-ups reach', () => {
  let t: FormsTestApp;
  let addresses = 0;
  let signUps = 0;

  beforeAll(async () => {
    t = await createFormsTestApp(LIMITS);
  });
  afterAll(() => t.close());

  async function newShop(identifier: string): Promise<{ site: Website; product: ProductFixture }> {
    const site = await t.createSite({ identifier, title: identifier });
    return { site, product: await createProductFixture(t.testDb.db, site.id, { qtyInStock: 0 }) };
  }

  function newAddress(): string {
    addresses += 1;
    return `10.9.${(addresses >> 8) & 255}.${addresses & 255}`;
  }

  /** A visitor who viewed a page of the shop (and so holds its crumb), from `ip`. */
  async function newVisitor(shop: { site: Website }, ip = newAddress()): Promise<Visitor> {
    return { ip, crumb: await fetchCrumb(t.app, t.hostOf(shop.site)) };
  }

  function signUp(shop: { site: Website; product: ProductFixture }, visitor: Visitor, overrides: Record<string, unknown> = {}) {
    signUps += 1;
    const body = {
      isJoinMailingList: false,
      productId: shop.product.itemId,
      variantId: shop.product.variantId,
      siteVisitorEmail: `visitor${signUps}@example.com`,
      ...overrides,
    };
    return t.app.inject({
      method: 'POST',
      url: RESTOCK_PATH,
      remoteAddress: visitor.ip,
      headers: {
        host: t.hostOf(shop.site),
        accept: 'application/json',
        cookie: `crumb=${visitor.crumb}`,
        'x-csrf-token': visitor.crumb,
        'content-type': 'application/json',
      },
      payload: JSON.stringify(body),
    });
  }

  it('issue 4: 125 crumb-less posts from one address do not stop a valid sign-up from another address', async () => {
    const shop = await newShop('restock-crumbless');
    const attacker = await newVisitor(shop);
    const statuses = new Set<number>();
    for (let i = 0; i < 125; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: RESTOCK_PATH,
        remoteAddress: attacker.ip,
        headers: { host: t.hostOf(shop.site) },
        payload: {},
      });
      statuses.add(response.statusCode);
    }
    expect([...statuses].sort()).toEqual([401, 429]);
    const response = await signUp(shop, await newVisitor(shop));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
  });

  it('issue 4: sign-ups refused for a bad email or an unknown variant do not spend the site ceiling', async () => {
    const shop = await newShop('restock-refused');
    for (let i = 0; i < 25; i += 1) {
      expect((await signUp(shop, await newVisitor(shop), { siteVisitorEmail: 'nope' })).statusCode).toBe(400);
      expect((await signUp(shop, await newVisitor(shop), { variantId: 'missing' })).statusCode).toBe(404);
    }
    expect((await signUp(shop, await newVisitor(shop))).statusCode).toBe(200);
  });

  it('issue 4: a visitor over its own limit gets 429 with Retry-After; another visitor on the same address is served', async () => {
    const shop = await newShop('restock-eager');
    const eager = await newVisitor(shop);
    for (let i = 0; i < 3; i += 1) expect((await signUp(shop, eager)).statusCode).toBe(200);
    const limited = await signUp(shop, eager);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Please try again in a few seconds.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await signUp(shop, await newVisitor(shop, eager.ip))).statusCode).toBe(200);
  });

  it('issue 4: valid sign-ups from many addresses reach the per-site ceiling; another site is unaffected', async () => {
    const busy = await newShop('restock-busy');
    for (let i = 0; i < 20; i += 1) expect((await signUp(busy, await newVisitor(busy))).statusCode).toBe(200);
    const limited = await signUp(busy, await newVisitor(busy));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const quiet = await newShop('restock-quiet');
    expect((await signUp(quiet, await newVisitor(quiet))).statusCode).toBe(200);
  });
});
