import { subscriptionManagePath } from '@emporium/commerce';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unlimitedStore, Visitor } from '../../test-support/commerce-test-kit.js';
import { makeOwner, signInOwner, type OwnerClient } from '../../test-support/owners.js';
import { addPlanProduct, plan, plusDays, reloadSubscription, subscribe } from '../../test-support/subscriptions-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { outbox } from '../db/schema.js';
import { auditLog } from '../db/schema-owners.js';
import { subscriptions } from '../db/schema-subscriptions.js';
import type { Website } from '../sites/index.js';
import { MANAGE_API_PATH, OWNER_SUBSCRIPTIONS_PATH, renewDueSubscriptions, SubscriptionMessages } from './index.js';

describe('subscription controls: the customer by manage token, the owner on the dashboard', () => {
  let t: TestApp;
  let site: Website;
  let other: Website;
  let product: { itemId: string };
  let owner: OwnerClient;
  let viewer: OwnerClient;
  let otherOwner: OwnerClient;

  beforeAll(async () => {
    t = await createTestApp({ rateLimitStore: unlimitedStore, config: { outboxPollMs: 3_600_000 } });
    site = await t.createSite({ identifier: `manage-${process.pid}`, title: "Tom & Jerry's <Shop>", settings: { commerce: { testMode: true } } as never });
    other = await t.createSite({ identifier: `manage-other-${process.pid}`, title: 'Other', settings: { commerce: { testMode: true } } as never });
    product = await addPlanProduct(t.testDb.db, site, 'BOX', 2500, plan(1, 'MONTH', 0));
    await makeOwner(t.testDb.db, site.id, 'owner@example.com', 'admin');
    await makeOwner(t.testDb.db, site.id, 'viewer@example.com', 'viewer');
    await makeOwner(t.testDb.db, other.id, 'other@example.com', 'admin');
    owner = await signInOwner(t.app, t.hostOf(site), 'owner@example.com');
    viewer = await signInOwner(t.app, t.hostOf(site), 'viewer@example.com');
    otherOwner = await signInOwner(t.app, t.hostOf(other), 'other@example.com');
  });
  afterAll(() => t.close());

  it('a customer sees, pauses, resumes and cancels their subscription by its token; a wrong token or another site is 404; changes need the crumb', async () => {
    const { subscription } = await subscribe(t, site, product, 'BOX', { email: 'cy@example.com' });
    const token = subscription.manageToken;
    const customer = new Visitor(t.app, t.hostOf(site));
    const read = await customer.request('GET', `${MANAGE_API_PATH}/${token}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().subscription).toMatchObject({
      state: 'active',
      stateText: 'Active',
      priceText: '$25.00 every month',
      cyclesBilled: 1,
      paymentMethod: { brand: 'visa', last4: '4242' },
      lines: [{ productName: 'Box BOX', sku: 'BOX', quantity: 1, unitPriceText: '$25.00' }],
      canPause: true,
      canResume: false,
      canCancel: true,
    });
    expect(read.body).not.toContain(token);
    expect(read.body).not.toContain('methodRef');

    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await customer.request('GET', `${MANAGE_API_PATH}/${wrong}`)).statusCode).toBe(404);
    expect((await customer.request('POST', `${MANAGE_API_PATH}/${wrong}/pause`)).statusCode).toBe(404);
    const elsewhere = new Visitor(t.app, t.hostOf(other));
    expect((await elsewhere.request('GET', `${MANAGE_API_PATH}/${token}`)).statusCode).toBe(404);
    expect((await elsewhere.request('POST', `${MANAGE_API_PATH}/${token}/cancel`)).statusCode).toBe(404);
    expect((await customer.request('POST', `${MANAGE_API_PATH}/${token}/pause`, undefined, { crumb: false })).statusCode).toBe(401);

    const paused = await customer.request('POST', `${MANAGE_API_PATH}/${token}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().subscription).toMatchObject({ state: 'paused', canPause: false, canResume: true, nextBillingAt: null });
    const again = await customer.request('POST', `${MANAGE_API_PATH}/${token}/pause`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SubscriptionMessages.CANNOT_PAUSE);
    // Nothing is billed while paused.
    await renewDueSubscriptions(t.app.emporium, plusDays(subscription.nextBillingAt!, 1));
    expect(await reloadSubscription(t.testDb.db, subscription.id)).toMatchObject({ state: 'paused', cyclesBilled: 1 });

    const resumed = await customer.request('POST', `${MANAGE_API_PATH}/${token}/resume`);
    expect(resumed.json().subscription).toMatchObject({ state: 'active' });
    const cancelled = await customer.request('POST', `${MANAGE_API_PATH}/${token}/cancel`);
    expect(cancelled.json().subscription).toMatchObject({ state: 'cancelled', canCancel: false, canResume: false, canPause: false });
    expect((await customer.request('POST', `${MANAGE_API_PATH}/${token}/resume`)).json().message).toBe(SubscriptionMessages.CANNOT_RESUME);
    const mails = await t.testDb.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.websiteId, site.id), eq(outbox.kind, 'subscription-cancelled'), eq(outbox.toAddress, 'cy@example.com')));
    expect(mails).toHaveLength(1);
  });

  it('resuming after the due date bills the next cycle at once', async () => {
    const { subscription } = await subscribe(t, site, product, 'BOX', { email: 'late@example.com' });
    const customer = new Visitor(t.app, t.hostOf(site));
    await customer.request('POST', `${MANAGE_API_PATH}/${subscription.manageToken}/pause`);
    await t.testDb.db
      .update(subscriptions)
      .set({ nextBillingAt: new Date(Date.now() - 86_400_000) })
      .where(eq(subscriptions.id, subscription.id));
    expect((await customer.request('POST', `${MANAGE_API_PATH}/${subscription.manageToken}/resume`)).statusCode).toBe(200);
    const resumed = await reloadSubscription(t.testDb.db, subscription.id);
    expect(resumed.nextBillingAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(resumed.anchorCycle).toBe(2);
    expect(await renewDueSubscriptions(t.app.emporium, new Date(Date.now() + 1_000))).toMatchObject({ paid: 1 });
    const renewed = await reloadSubscription(t.testDb.db, subscription.id);
    expect(renewed).toMatchObject({ cyclesBilled: 2, state: 'active' });
    expect(renewed.nextBillingAt!.getTime()).toBeGreaterThan(plusDays(resumed.nextBillingAt!, 27).getTime());
  });

  it('the manage page (like page type 211) escapes every value and its form posts come back to it', async () => {
    const { subscription } = await subscribe(t, site, product, 'BOX', { email: 'page@example.com' });
    const path = subscriptionManagePath(subscription.manageToken);
    const page = await t.app.inject({ method: 'GET', url: path, headers: { host: t.hostOf(site), accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('Your subscription at Tom &amp; Jerry&#39;s &lt;Shop&gt;');
    expect(page.body).not.toContain('<Shop>');
    expect(page.body).toContain('$25.00 every month');
    expect(page.body).toContain('>Pause subscription</button>');
    expect(page.body).toContain('>Cancel subscription</button>');
    const crumb = /name="crumb" value="([^"]+)"/.exec(page.body)![1]!;
    const cookie = String(page.headers['set-cookie']).split(';')[0]!;
    const posted = await t.app.inject({
      method: 'POST',
      url: `${MANAGE_API_PATH}/${subscription.manageToken}/pause`,
      headers: { host: t.hostOf(site), cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `crumb=${encodeURIComponent(crumb)}`,
    });
    expect(posted.statusCode, posted.body).toBe(303);
    expect(posted.headers.location).toBe(path);
    const after = await t.app.inject({ method: 'GET', url: path, headers: { host: t.hostOf(site), accept: 'text/html' } });
    expect(after.body).toContain('>Resume subscription</button>');
    expect(after.body).toContain('data-state="paused"');
    expect((await t.app.inject({ method: 'GET', url: path, headers: { host: t.hostOf(other), accept: 'text/html' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${path}x`, headers: { host: t.hostOf(site), accept: 'text/html' } })).statusCode).toBe(404);
  });

  it('an owner lists by state with pages, reads one with its renewals, pauses, resumes and cancels (audited); viewers only read; other sites see nothing', async () => {
    const { subscription } = await subscribe(t, site, product, 'BOX', { email: 'owned@example.com' });
    await renewDueSubscriptions(t.app.emporium, plusDays(subscription.nextBillingAt!, 0.01));
    const list = await owner.call('GET', OWNER_SUBSCRIPTIONS_PATH);
    expect(list.statusCode, list.body).toBe(200);
    const all = list.json().subscriptions as Array<{ id: string; state: string }>;
    expect(all.length).toBeGreaterThanOrEqual(4);
    const one = await owner.call('GET', `${OWNER_SUBSCRIPTIONS_PATH}?limit=1`);
    expect(one.json()).toMatchObject({ hasNextPage: true, subscriptions: [{ id: all[0]!.id }] });
    const next = await owner.call('GET', `${OWNER_SUBSCRIPTIONS_PATH}?limit=1&cursor=${one.json().nextPageCursor}`);
    expect(next.json().subscriptions[0].id).toBe(all[1]!.id);
    const cancelledOnly = await owner.call('GET', `${OWNER_SUBSCRIPTIONS_PATH}?state=cancelled`);
    expect((cancelledOnly.json().subscriptions as Array<{ state: string }>).every((s) => s.state === 'cancelled')).toBe(true);
    expect((await owner.call('GET', `${OWNER_SUBSCRIPTIONS_PATH}?state=nope`)).statusCode).toBe(400);

    const detail = await owner.call('GET', `${OWNER_SUBSCRIPTIONS_PATH}/${subscription.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      id: subscription.id,
      state: 'active',
      customerEmail: 'owned@example.com',
      amountCents: 2500,
      cyclesBilled: 2,
      firstOrderNumber: expect.any(Number),
      paymentMethod: { provider: 'test', last4: '4242' },
      renewals: [{ cycle: 2, attempt: 1, outcome: 'paid', orderNumber: expect.any(Number) }],
    });
    expect(detail.body).not.toContain(subscription.manageToken);

    expect((await viewer.call('GET', `${OWNER_SUBSCRIPTIONS_PATH}/${subscription.id}`)).statusCode).toBe(200);
    expect((await viewer.call('POST', `${OWNER_SUBSCRIPTIONS_PATH}/${subscription.id}/pause`)).statusCode).toBe(403);
    expect((await otherOwner.call('GET', `${OWNER_SUBSCRIPTIONS_PATH}/${subscription.id}`)).statusCode).toBe(404);
    expect((await otherOwner.call('POST', `${OWNER_SUBSCRIPTIONS_PATH}/${subscription.id}/cancel`)).statusCode).toBe(404);
    expect((await otherOwner.call('GET', OWNER_SUBSCRIPTIONS_PATH)).json().subscriptions).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: OWNER_SUBSCRIPTIONS_PATH, headers: { host: t.hostOf(site) } })).statusCode).not.toBe(200);

    expect((await owner.call('POST', `${OWNER_SUBSCRIPTIONS_PATH}/${subscription.id}/pause`)).json()).toMatchObject({ state: 'paused', canResume: true });
    expect((await owner.call('POST', `${OWNER_SUBSCRIPTIONS_PATH}/${subscription.id}/resume`)).json()).toMatchObject({ state: 'active' });
    expect((await owner.call('POST', `${OWNER_SUBSCRIPTIONS_PATH}/${subscription.id}/cancel`)).json()).toMatchObject({
      state: 'cancelled',
      nextBillingAt: null,
    });
    const refused = await owner.call('POST', `${OWNER_SUBSCRIPTIONS_PATH}/${subscription.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SubscriptionMessages.CANNOT_CANCEL);
    const audit = await t.testDb.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.websiteId, site.id), eq(auditLog.subjectId, subscription.id)));
    expect(audit.map((a) => [a.action, a.actorEmail]).sort()).toEqual([
      ['subscription.cancel', 'owner@example.com'],
      ['subscription.pause', 'owner@example.com'],
      ['subscription.resume', 'owner@example.com'],
    ]);
  });
});
