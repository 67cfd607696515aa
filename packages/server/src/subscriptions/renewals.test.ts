import { billingDateAfter } from '@emporium/commerce';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unlimitedStore } from '../../test-support/commerce-test-kit.js';
import {
  addPlanProduct,
  ordersOf,
  PAY_FAILS_LATER,
  plan,
  plusDays,
  plusMinutes,
  reloadSubscription,
  subscribe,
} from '../../test-support/subscriptions-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createTestDb, type TestDb } from '../../test-support/test-db.js';
import { orderItems, outbox } from '../db/schema.js';
import { subscriptionRenewals, subscriptions } from '../db/schema-subscriptions.js';
import { PaymentProviders, TestPaymentProvider } from '../payments/index.js';
import type { Website } from '../sites/index.js';
import { DUNNING_RETRY_DAYS, renewDueSubscriptions, SUBSCRIPTION_SWEEP_JOB } from './index.js';

const testProvider = (t: TestApp) => t.app.emporium.payments.test as TestPaymentProvider;
let siteCounter = 0;
const newSite = (t: TestApp) => {
  siteCounter += 1;
  return t.createSite({
    identifier: `renew-${process.pid}-${siteCounter}`,
    title: `Renew ${siteCounter}`,
    settings: { commerce: { testMode: true } } as never,
  });
};
const renewalsOf = (t: TestApp, subscriptionId: string) =>
  t.testDb.db.select().from(subscriptionRenewals).where(eq(subscriptionRenewals.subscriptionId, subscriptionId));
const mailsTo = async (t: TestApp, site: Website, kind: string) =>
  (
    await t.testDb.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.websiteId, site.id), eq(outbox.kind, kind)))
  ).sort((a, b) => +a.createdAt - +b.createdAt);

describe('subscription renewals (spec: Subscription, billingPeriod and numBillingCycles)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitStore: unlimitedStore, config: { outboxPollMs: 3_600_000 } });
  });
  afterAll(() => t.close());

  it('a plan of numBillingCycles 3 renews exactly twice more as the clock advances, then is completed', async () => {
    const site = await newSite(t);
    const product = await addPlanProduct(t.testDb.db, site, 'TRIO', 1500, plan(1, 'MONTH', 3));
    const calls = testProvider(t).calls.chargeSaved;
    const { orderId, subscription } = await subscribe(t, site, product, 'TRIO');
    expect(subscription).toMatchObject({ state: 'active', cyclesBilled: 1, amountCents: 1500, currency: 'USD', customerEmail: 'ada@example.com' });
    expect(subscription.paymentMethod).toMatchObject({ provider: 'test', methodRef: 'testpm_4242', summary: { last4: '4242' } });
    const start = subscription.anchorAt;
    expect(subscription.nextBillingAt).toEqual(billingDateAfter(start, { value: 1, unit: 'MONTH' }, 1));
    const deps = t.app.emporium;

    expect(await renewDueSubscriptions(deps, plusDays(start, 20))).toMatchObject({ paid: 0 });
    const second = plusMinutes(subscription.nextBillingAt!, 1);
    expect(await renewDueSubscriptions(deps, second)).toMatchObject({ paid: 1 });
    expect(await renewDueSubscriptions(deps, second)).toMatchObject({ paid: 0 });
    const afterSecond = await reloadSubscription(t.testDb.db, subscription.id);
    expect(afterSecond).toMatchObject({ state: 'active', cyclesBilled: 2 });
    expect(afterSecond.nextBillingAt).toEqual(billingDateAfter(start, { value: 1, unit: 'MONTH' }, 2));

    expect(await renewDueSubscriptions(deps, plusMinutes(afterSecond.nextBillingAt!, 1))).toMatchObject({ paid: 1 });
    const done = await reloadSubscription(t.testDb.db, subscription.id);
    expect(done).toMatchObject({ state: 'completed', cyclesBilled: 3, nextBillingAt: null });
    expect(await renewDueSubscriptions(deps, plusDays(start, 400))).toMatchObject({ paid: 0, declined: 0 });

    expect(testProvider(t).calls.chargeSaved - calls).toBe(2);
    const placed = await ordersOf(t.testDb.db, site);
    expect(placed.map((o) => o.orderNumber)).toEqual([1, 2, 3]);
    expect(placed[0]!.id).toBe(orderId);
    for (const renewal of placed.slice(1)) {
      expect(renewal).toMatchObject({
        status: 'PAID',
        paymentStatus: 'paid',
        grandTotalCents: 1500,
        subscription: plan(1, 'MONTH', 3),
        customerEmail: 'ada@example.com',
      });
      const lines = await t.testDb.db.select().from(orderItems).where(eq(orderItems.orderId, renewal.id));
      expect(lines).toMatchObject([{ sku: 'TRIO', quantity: 1, unitPriceCents: 1500 }]);
    }
    expect((await renewalsOf(t, subscription.id)).map((r) => [r.cycle, r.outcome, r.attempt]).sort()).toEqual([
      [2, 'paid', 1],
      [3, 'paid', 1],
    ]);
    const confirmations = await mailsTo(t, site, 'order-confirmation');
    expect(confirmations).toHaveLength(3);
    expect(confirmations[0]!.textBody).toContain(`/subscriptions/manage/${subscription.manageToken}`);
    expect(confirmations[1]!.subject).toBe(`Your order #2 from ${site.title}`);
    expect(confirmations[1]!.textBody).toContain('your subscription renewed (payment 2 of 3)');
    expect(confirmations[2]!.textBody).toContain('(payment 3 of 3)');
  });

  it('a plan of numBillingCycles 1 is completed at checkout and never charged again', async () => {
    const site = await newSite(t);
    const product = await addPlanProduct(t.testDb.db, site, 'ONCE', 900, plan(1, 'WEEK', 1));
    const { subscription } = await subscribe(t, site, product, 'ONCE');
    expect(subscription).toMatchObject({ state: 'completed', cyclesBilled: 1, nextBillingAt: null });
    expect(await renewDueSubscriptions(t.app.emporium, plusDays(subscription.anchorAt, 30))).toMatchObject({ paid: 0 });
    expect(await ordersOf(t.testDb.db, site)).toHaveLength(1);
  });

  it(`a declined renewal (card 4000 0000 0000 0341) goes past due, mails the customer, retries after ${DUNNING_RETRY_DAYS.join(', ')} days, then is cancelled with a mail`, async () => {
    const site = await newSite(t);
    const product = await addPlanProduct(t.testDb.db, site, 'LATE', 2000, plan(1, 'MONTH', 0));
    const calls = testProvider(t).calls.chargeSaved;
    const { subscription } = await subscribe(t, site, product, 'LATE', { email: 'bo@example.com', payment: PAY_FAILS_LATER });
    const deps = t.app.emporium;
    const due = subscription.nextBillingAt!;

    expect(await renewDueSubscriptions(deps, plusMinutes(due, 1))).toMatchObject({ declined: 1 });
    let now = await reloadSubscription(t.testDb.db, subscription.id);
    expect(now).toMatchObject({ state: 'past_due', dunningAttempts: 1, cyclesBilled: 1 });
    expect(now.nextRetryAt).toEqual(plusDays(due, 1));
    const [failed] = await mailsTo(t, site, 'subscription-payment-failed');
    expect(failed).toMatchObject({ toAddress: 'bo@example.com' });
    expect(failed!.textBody).toContain('Your card was declined.');
    expect(failed!.textBody).toContain(`/subscriptions/manage/${subscription.manageToken}`);
    expect(failed!.htmlBody).toContain(`/subscriptions/manage/${subscription.manageToken}`);

    expect(await renewDueSubscriptions(deps, plusDays(due, 0.5))).toMatchObject({ declined: 0 });
    for (const [index, days] of DUNNING_RETRY_DAYS.entries()) {
      expect(await renewDueSubscriptions(deps, plusMinutes(plusDays(due, days), 1))).toMatchObject({ declined: 1 });
      now = await reloadSubscription(t.testDb.db, subscription.id);
      const last = index === DUNNING_RETRY_DAYS.length - 1;
      expect(now.state).toBe(last ? 'cancelled' : 'past_due');
      if (!last) expect(now.nextRetryAt).toEqual(plusDays(due, DUNNING_RETRY_DAYS[index + 1]!));
    }
    expect(now).toMatchObject({ state: 'cancelled', nextBillingAt: null, nextRetryAt: null, dunningAttempts: DUNNING_RETRY_DAYS.length + 1 });
    expect(await renewDueSubscriptions(deps, plusDays(due, 60))).toMatchObject({ declined: 0, paid: 0 });

    expect(testProvider(t).calls.chargeSaved - calls).toBe(DUNNING_RETRY_DAYS.length + 1);
    expect(await mailsTo(t, site, 'subscription-payment-failed')).toHaveLength(DUNNING_RETRY_DAYS.length);
    const [cancelled] = await mailsTo(t, site, 'subscription-cancelled');
    expect(cancelled).toMatchObject({ toAddress: 'bo@example.com' });
    expect(cancelled!.textBody).toContain('after several tries');
    expect(await renewalsOf(t, subscription.id)).toMatchObject([{ cycle: 2, outcome: 'declined', attempt: DUNNING_RETRY_DAYS.length + 1, orderId: null }]);
    expect(await ordersOf(t.testDb.db, site)).toHaveLength(1);
  });
});

describe('renewals with several servers', () => {
  let testDb: TestDb;
  const apps: TestApp[] = [];
  const payments = new PaymentProviders({ test: new TestPaymentProvider() });
  const provider = payments.test as TestPaymentProvider;
  const app = async () => {
    const made = await createTestApp({ testDb, payments, rateLimitStore: unlimitedStore, config: { outboxPollMs: 3_600_000 } });
    apps.push(made);
    return made;
  };
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(async () => {
    for (const made of apps) await made.app.close();
    await testDb.close();
  });

  it('two apps on one database renewing at the same time bill each cycle once', async () => {
    const [a, b] = [await app(), await app()];
    const site = await newSite(a);
    const product = await addPlanProduct(testDb.db, site, 'WEEKLY', 700, plan(1, 'WEEK', 0));
    const subs = [];
    for (let n = 0; n < 4; n += 1) subs.push((await subscribe(a, site, product, 'WEEKLY', { email: `c${n}@example.com` })).subscription);
    const calls = provider.calls.chargeSaved;
    const latest = subs.reduce((max, s) => (s.anchorAt > max ? s.anchorAt : max), subs[0]!.anchorAt);
    for (let week = 1; week <= 3; week += 1) {
      const at = plusMinutes(plusDays(latest, 7 * week), 1);
      const sweeps = await Promise.all([
        renewDueSubscriptions(a.app.emporium, at),
        renewDueSubscriptions(b.app.emporium, at),
        renewDueSubscriptions(a.app.emporium, at),
      ]);
      expect(sweeps.reduce((sum, s) => sum + s.paid, 0)).toBe(4);
      expect(sweeps.reduce((sum, s) => sum + s.failed, 0)).toBe(0);
    }
    expect(provider.calls.chargeSaved - calls).toBe(12);
    expect(await ordersOf(testDb.db, site)).toHaveLength(4 + 12);
    for (const sub of subs) {
      expect(await reloadSubscription(testDb.db, sub.id)).toMatchObject({ cyclesBilled: 4, state: 'active' });
      const cycles = (await testDb.db.select().from(subscriptionRenewals).where(eq(subscriptionRenewals.subscriptionId, sub.id))).map((r) => r.cycle).sort();
      expect(cycles).toEqual([2, 3, 4]);
    }
  });

  it('a restart between cycles, and a cycle left claimed by a server that died after charging, bill each cycle once', async () => {
    await testDb.db.update(subscriptions).set({ state: 'cancelled', nextBillingAt: null });
    const first = await app();
    const site = await newSite(first);
    const product = await addPlanProduct(testDb.db, site, 'TRIO', 1100, plan(1, 'MONTH', 3));
    const { subscription } = await subscribe(first, site, product, 'TRIO');
    const calls = provider.calls.chargeSaved;
    const second = plusMinutes(subscription.nextBillingAt!, 1);
    expect(await renewDueSubscriptions(first.app.emporium, second)).toMatchObject({ paid: 1 });
    await first.app.close();

    // A server charged cycle 3 and died before writing its order: its claim is still pending.
    const third = billingDateAfter(subscription.anchorAt, plan(1, 'MONTH', 3).billingPeriod, 2);
    await provider.chargeSaved({
      method: subscription.paymentMethod,
      amount: { value: 1100, currency: 'USD' },
      idempotencyKey: `renewal:${subscription.id}:3:1`,
      orderId: 'died-before-writing',
    });
    await testDb.db
      .insert(subscriptionRenewals)
      .values({ websiteId: site.id, subscriptionId: subscription.id, cycle: 3, attempt: 1, outcome: 'pending', claim: 'dead-server', claimedAt: third });

    const restarted = await app();
    expect(await renewDueSubscriptions(restarted.app.emporium, plusMinutes(third, 1))).toMatchObject({ paid: 0, skipped: 1 });
    expect(await renewDueSubscriptions(restarted.app.emporium, plusMinutes(third, 10))).toMatchObject({ paid: 1 });
    expect(await reloadSubscription(testDb.db, subscription.id)).toMatchObject({ state: 'completed', cyclesBilled: 3 });
    // Cycle 2 once, cycle 3 once (the dead server's charge, answered again for its key).
    expect(provider.calls.chargeSaved - calls).toBe(2);
    expect(await ordersOf(testDb.db, site)).toHaveLength(3);
  });

  it('the job queue renews a due subscription end to end (workJobs)', async () => {
    const worker = await createTestApp({ testDb, payments, workJobs: true, rateLimitStore: unlimitedStore, config: { outboxPollMs: 500 } });
    apps.push(worker);
    const site = await newSite(worker);
    const product = await addPlanProduct(testDb.db, site, 'JOB', 800, plan(1, 'WEEK', 0));
    const { subscription } = await subscribe(worker, site, product, 'JOB');
    await testDb.db
      .update(subscriptions)
      .set({ nextBillingAt: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.id, subscription.id));
    await worker.app.emporium.jobs.send(SUBSCRIPTION_SWEEP_JOB, {});
    const started = Date.now();
    while ((await ordersOf(testDb.db, site)).length < 2) {
      if (Date.now() - started > 20_000) throw new Error('the renewal job did not run');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await reloadSubscription(testDb.db, subscription.id)).toMatchObject({ cyclesBilled: 2, state: 'active' });
    expect((await ordersOf(testDb.db, site))[1]).toMatchObject({ status: 'PAID', grandTotalCents: 800 });
  }, 30_000);
});
