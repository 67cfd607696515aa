import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, enableAccounts, signedInShopper } from '../../test-support/site-users.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { CartPaths } from '../cart/index.js';
import { cartEntries, carts } from '../db/schema.js';
import type { Website } from '../sites/index.js';

describe("an account's cart is served only with that account's session (issue 28)", () => {
  let t: TestApp;
  let site: Website;

  beforeAll(async () => {
    t = await createTestApp({ config: { outboxPollMs: 600_000 }, rateLimitStore: { hit: async () => 1, close: async () => {} } });
    site = await t.createSite({ identifier: 'owned-carts', title: 'Owned carts' });
    await enableAccounts(t.testDb.db, site.id);
  }, 60_000);
  afterAll(() => t.close());

  async function cartOf(siteUserId: string | null): Promise<{ cartId: string; entryId: string }> {
    const [cart] = await t.testDb.db.insert(carts).values({ websiteId: site.id, siteUserId }).returning();
    const [entry] = await t.testDb.db.insert(cartEntries).values({ websiteId: site.id, cartId: cart!.id, itemId: 'item-a', quantity: 2 }).returning();
    return { cartId: cart!.id, entryId: entry!.id };
  }

  it('gives the account its cart, and a signed-out browser or another account an empty cart with the cookies expired', async () => {
    const owner = await signedInShopper(t.app, t.testDb.db, t.hostOf(site), site.id, 'owner-cart@example.com');
    const other = await signedInShopper(t.app, t.testDb.db, t.hostOf(site), site.id, 'other-cart@example.com');
    const { cartId, entryId } = await cartOf(owner.siteUserId);

    owner.browser.jar.set('emporium_cart', cartId);
    const mine = await owner.browser.send('GET', CartPaths.CART);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().id).toBe(cartId);
    expect(owner.browser.jar.get('emporium_cart')).toBe(cartId);

    const signedOut = await Browser.open(t.app, t.hostOf(site));
    signedOut.jar.set('emporium_cart', cartId);
    signedOut.jar.set('hasCart', '2');
    const stranger = await signedOut.send('GET', CartPaths.CART);
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json().id).toBe('');
    expect(stranger.json().entries).toEqual([]);
    expect(signedOut.jar.has('emporium_cart')).toBe(false);
    expect(signedOut.jar.has('hasCart')).toBe(false);

    other.browser.jar.set('emporium_cart', cartId);
    expect((await other.browser.send('GET', CartPaths.CART)).json().id).toBe('');

    signedOut.jar.set('emporium_cart', cartId);
    const removal = await signedOut.send('DELETE', CartPaths.ENTRY.replace(':entryId', entryId));
    expect(removal.statusCode).toBeGreaterThanOrEqual(400);
    expect(removal.statusCode).toBeLessThan(500);
    expect(await t.testDb.db.select().from(cartEntries).where(eq(cartEntries.id, entryId))).toHaveLength(1);
  });

  it('still serves a guest cart to any browser holding its cookie', async () => {
    const { cartId } = await cartOf(null);
    const guest = await Browser.open(t.app, t.hostOf(site));
    guest.jar.set('emporium_cart', cartId);
    expect((await guest.send('GET', CartPaths.CART)).json().id).toBe(cartId);
    const shopper = await signedInShopper(t.app, t.testDb.db, t.hostOf(site), site.id, 'guest-cart@example.com');
    shopper.browser.jar.set('emporium_cart', cartId);
    expect((await shopper.browser.send('GET', CartPaths.CART)).json().id).toBe(cartId);
  });
});
