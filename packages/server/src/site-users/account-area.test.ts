import { randomBytes } from 'node:crypto';
import { formatMoney, money } from '@emporium/commerce';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, enableAccounts, signedInShopper } from '../../test-support/site-users.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { orderStatusPath } from '../checkout/index.js';
import { carts, formSubmissions, forms, orderItems, orders, restockSignups } from '../db/schema.js';
import { subscriptions } from '../db/schema-subscriptions.js';
import type { Website } from '../sites/index.js';
import { ACCOUNT_ORDERS_PER_PAGE, SITE_USER_DATA_PATH, SiteUserMessages } from './index.js';

type Shopper = Awaited<ReturnType<typeof signedInShopper>>;

describe('the account area: orders, subscriptions and the data download (issue 28)', () => {
  let t: TestApp;
  let a: Website;
  let b: Website;
  let alice: Shopper;
  let bob: Shopper;
  let aliceOnB: Shopper;
  let orderNumber = 1000;
  const placed = new Map<string, { id: string; statusToken: string }>();

  /** An order of `site` bought from a cart of `siteUserId` (null: a guest's) to `email`. */
  async function order(site: Website, siteUserId: string | null, email: string, totalCents: number, name: string, createdAt: Date) {
    const db = t.testDb.db;
    const [cart] = await db.insert(carts).values({ websiteId: site.id, siteUserId, isPurchased: true }).returning();
    const statusToken = randomBytes(16).toString('hex');
    const [row] = await db
      .insert(orders)
      .values({
        websiteId: site.id,
        orderNumber: ++orderNumber,
        purchasedCartId: cart!.id,
        status: 'PAID',
        customerEmail: email,
        currency: 'EUR',
        grandTotalCents: totalCents,
        statusToken,
        createdAt,
      })
      .returning();
    await db.insert(orderItems).values({ websiteId: site.id, orderId: row!.id, itemId: 'item-1', productName: name, quantity: 1, unitPriceCents: totalCents });
    placed.set(name, { id: row!.id, statusToken });
    return row!;
  }

  async function subscriptionOn(site: Website, firstOrderId: string, email: string, productName: string) {
    const [row] = await t.testDb.db
      .insert(subscriptions)
      .values({
        websiteId: site.id,
        firstOrderId,
        customerEmail: email,
        plan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
        currency: 'EUR',
        amountCents: 990,
        lines: [{ itemId: 'item-1', variantId: null, sku: null, productName, quantity: 1, unitPriceCents: 990, variantOptions: null }],
        paymentMethod: { provider: 'test', customerRef: 'cus_1', methodRef: 'pm_1', summary: { brand: 'visa', last4: '4242' } },
        anchorAt: new Date('2026-11-01T00:00:00Z'),
        nextBillingAt: new Date('2027-01-01T00:00:00Z'),
        manageToken: randomBytes(24).toString('base64url'),
      })
      .returning();
    return row!;
  }

  const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));

  beforeAll(async () => {
    t = await createTestApp({ config: { outboxPollMs: 600_000 }, rateLimitStore: { hit: async () => 1, close: async () => {} } });
    a = await t.createSite({ identifier: 'area-a', title: 'Area A' });
    b = await t.createSite({ identifier: 'area-b', title: 'Area B' });
    await enableAccounts(t.testDb.db, a.id);
    await enableAccounts(t.testDb.db, b.id);
    alice = await signedInShopper(t.app, t.testDb.db, t.hostOf(a), a.id, 'alice@example.com');
    bob = await signedInShopper(t.app, t.testDb.db, t.hostOf(a), a.id, 'bob@example.com');
    aliceOnB = await signedInShopper(t.app, t.testDb.db, t.hostOf(b), b.id, 'alice@example.com');
    await order(a, alice.siteUserId, 'someone-else@example.com', 12345, 'Bought signed in', day(20));
    await order(a, null, ' Alice@Example.com', 500, 'Bought as a guest <b>', day(21));
    await order(a, bob.siteUserId, 'alice@example.com', 700, 'Bob’s gift to Alice', day(22));
    await order(a, null, 'bob@example.com', 800, 'Bob as a guest', day(23));
    await order(b, null, 'alice@example.com', 900, 'Alice on shop B', day(24));
  }, 90_000);
  afterAll(() => t.close());

  it("lists the person's own orders newest first, by account or confirmed address, never another person's nor another site's", async () => {
    const page = await alice.browser.send('GET', '/account');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const guest = placed.get('Bought as a guest <b>')!;
    const signedIn = placed.get('Bought signed in')!;
    expect(page.body).toContain(`href="${orderStatusPath(guest.id, guest.statusToken)}"`);
    expect(page.body).toContain(`href="${orderStatusPath(signedIn.id, signedIn.statusToken)}"`);
    expect(page.body).toContain(formatMoney(money(12345, 'EUR'), a.settings.locale));
    expect(page.body.indexOf(guest.id)).toBeLessThan(page.body.indexOf(signedIn.id));
    expect(page.body).toContain('Paid');
    for (const foreign of ['Bob’s gift to Alice', 'Bob as a guest', 'Alice on shop B']) expect(page.body).not.toContain(placed.get(foreign)!.id);

    const bobs = await bob.browser.send('GET', '/account');
    expect(bobs.body).toContain(placed.get('Bob’s gift to Alice')!.id);
    expect(bobs.body).toContain(placed.get('Bob as a guest')!.id);
    expect(bobs.body).not.toContain(signedIn.id);
    expect(bobs.body).not.toContain(guest.id);

    const onB = await aliceOnB.browser.send('GET', '/account');
    expect(onB.body).toContain(placed.get('Alice on shop B')!.id);
    expect(onB.body).not.toContain(guest.id);
  });

  it('pages the orders, newest first', async () => {
    const shopper = await signedInShopper(t.app, t.testDb.db, t.hostOf(a), a.id, 'many@example.com');
    const ids: string[] = [];
    for (let i = 1; i <= ACCOUNT_ORDERS_PER_PAGE + 2; i += 1)
      ids.push((await order(a, shopper.siteUserId, 'many@example.com', i * 100, `Many ${i}`, day(i))).id);
    const first = await shopper.browser.send('GET', '/account');
    expect(first.body).toContain(ids.at(-1)!);
    expect(first.body).not.toContain(ids[0]!);
    expect(first.body).toContain('href="/account?page=2#orders"');
    const second = await shopper.browser.send('GET', '/account?page=2');
    expect(second.body).toContain(ids[0]!);
    expect(second.body).toContain(ids[1]!);
    expect(second.body).not.toContain(ids.at(-1)!);
    expect(second.body).toContain('href="/account?page=1#orders"');
    expect(second.body).not.toContain('page=3');
    expect((await shopper.browser.send('GET', '/account?page=0')).statusCode).toBe(400);
  });

  it('pauses, resumes and cancels a subscription by form with the crumb and XSRF token; refuses without the token or for another person', async () => {
    const sub = await subscriptionOn(a, placed.get('Bought signed in')!.id, 'someone-else@example.com', 'Coffee <i>box</i>');
    const state = async () => (await t.testDb.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id)))[0]!.state;
    const page = await alice.browser.send('GET', '/account');
    expect(page.body).toContain('Coffee &lt;i&gt;box&lt;/i&gt;');
    expect(page.body).toContain(`action="/account/subscriptions/${sub.id}/pause"`);
    expect(page.body).toContain(`action="/account/subscriptions/${sub.id}/cancel"`);
    expect(page.body).not.toContain(`action="/account/subscriptions/${sub.id}/resume"`);

    const refused = await alice.browser.send('POST', `/account/subscriptions/${sub.id}/pause`, { form: { xsrfToken: 'not-the-token' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(SiteUserMessages.XSRF_FAILED);
    expect(await state()).toBe('active');
    const withoutToken = await alice.browser.send('POST', `/account/subscriptions/${sub.id}/pause`, { form: {} });
    expect(withoutToken.statusCode).toBe(403);

    const stranger = await bob.browser.send('POST', `/account/subscriptions/${sub.id}/pause`, { form: { xsrfToken: bob.xsrfToken } });
    expect(stranger.statusCode).toBe(404);
    expect(await state()).toBe('active');
    expect((await bob.browser.send('GET', '/account')).body).not.toContain(sub.id);

    const paused = await alice.browser.send('POST', `/account/subscriptions/${sub.id}/pause`, { form: { xsrfToken: alice.xsrfToken } });
    expect(paused.statusCode).toBe(303);
    expect(paused.headers.location).toBe('/account#subscriptions');
    expect(await state()).toBe('paused');
    expect((await alice.browser.send('POST', `/account/subscriptions/${sub.id}/pause`, { form: { xsrfToken: alice.xsrfToken } })).statusCode).toBe(409);
    expect((await alice.browser.send('POST', `/account/subscriptions/${sub.id}/resume`, { form: { xsrfToken: alice.xsrfToken } })).statusCode).toBe(303);
    expect(await state()).toBe('active');
    expect((await alice.browser.send('POST', `/account/subscriptions/${sub.id}/cancel`, { form: { xsrfToken: alice.xsrfToken } })).statusCode).toBe(303);
    expect(await state()).toBe('cancelled');
  });

  it("downloads the person's data as a JSON attachment, only when signed in, with nothing of anyone else", async () => {
    const db = t.testDb.db;
    await db.insert(restockSignups).values([
      { websiteId: a.id, productId: 'p1', variantId: 'v1', email: 'ALICE@example.com' },
      { websiteId: a.id, productId: 'p2', variantId: 'v2', email: 'bob@example.com' },
    ]);
    const [form] = await db.insert(forms).values({ websiteId: a.id, name: 'Contact' }).returning();
    await db.insert(formSubmissions).values([
      { websiteId: a.id, formId: form!.id, submissionKey: 'k-alice', data: { 'f-email': 'alice@example.com', 'f-message': 'Hello' } },
      { websiteId: a.id, formId: form!.id, submissionKey: 'k-bob', data: { 'f-email': 'bob@example.com', 'f-message': 'Hi' } },
    ]);

    const signedOut = await Browser.open(t.app, t.hostOf(a));
    expect((await signedOut.send('GET', SITE_USER_DATA_PATH)).statusCode).toBe(401);

    const download = await alice.browser.send('GET', SITE_USER_DATA_PATH);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="account-data.json"');
    expect(download.headers['cache-control']).toBe('no-store');
    const data = download.json();
    expect(data.account).toMatchObject({ id: alice.siteUserId, email: 'alice@example.com' });
    expect(data.orders.map((o: { lines: { productName: string }[] }) => o.lines[0]!.productName)).toEqual(['Bought as a guest <b>', 'Bought signed in']);
    expect(data.orders[1]).toMatchObject({ currency: 'EUR', grandTotalCents: 12345, customerEmail: 'someone-else@example.com' });
    expect(data.subscriptions).toHaveLength(1);
    expect(data.subscriptions[0]).toMatchObject({ state: 'cancelled', amountCents: 990, paymentMethod: { brand: 'visa', last4: '4242' } });
    expect(JSON.stringify(data.subscriptions)).not.toContain('pm_1');
    expect(data.restockSignups.map((r: { productId: string }) => r.productId)).toEqual(['p1']);
    expect(data.formSubmissions).toEqual([expect.objectContaining({ formName: 'Contact', data: { 'f-email': 'alice@example.com', 'f-message': 'Hello' } })]);
    expect(JSON.stringify(data)).not.toContain('bob@example.com');
    expect(JSON.stringify(data)).not.toContain('Alice on shop B');
  });
});
