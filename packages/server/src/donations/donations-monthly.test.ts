import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unlimitedStore, Visitor } from '../../test-support/commerce-test-kit.js';
import { makeOwner, signInOwner, type OwnerClient } from '../../test-support/owners.js';
import { plusDays, reloadSubscription } from '../../test-support/subscriptions-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { orderItems, orders, outbox } from '../db/schema.js';
import { donations } from '../db/schema-donations.js';
import { PaymentProviders, TestPaymentProvider } from '../payments/index.js';
import type { Website } from '../sites/index.js';
import { renewSubscription } from '../subscriptions/index.js';
import { DONATIONS_PATH, DonationMessages, OWNER_DONATIONS_PATH, saveDonationSettings } from './index.js';

const SETTINGS = {
  enabled: true,
  title: 'Friends of the library',
  description: '',
  suggestedAmounts: [1500],
  allowCustom: true,
  minCents: 100,
  maxCents: 50_000,
  allowMonthly: true,
  thankYou: 'Books for everyone, every month.',
};

describe('monthly donations renew through subscriptions (issue 27 item 6, acceptance 4)', () => {
  let t: TestApp;
  let site: Website;
  let payments: PaymentProviders;
  let admin: OwnerClient;

  beforeAll(async () => {
    payments = new PaymentProviders({ test: new TestPaymentProvider() });
    t = await createTestApp({ rateLimitStore: unlimitedStore, payments });
    site = await t.createSite({ identifier: `monthly-${process.pid}`, title: 'Library', settings: { commerce: { testMode: true } } as never });
    await makeOwner(t.testDb.db, site.id, 'admin@library.example', 'admin');
    admin = await signInOwner(t.app, t.hostOf(site), 'admin@library.example');
    expect((await admin.call('PUT', `${OWNER_DONATIONS_PATH}/settings`, SETTINGS)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('a monthly donation is paid now, starts an indefinite monthly subscription, mails a receipt with its manage link, and renews a month later', async () => {
    const visitor = new Visitor(t.app, t.hostOf(site));
    const response = await visitor.request(
      'POST',
      DONATIONS_PATH,
      { amountCents: 1500, currency: 'USD', frequency: 'monthly', email: 'reader@example.com', payment: { provider: 'test', cardNumber: '4242424242424242' } },
      { headers: { 'idempotency-key': 'monthly-donation-0001' } },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().donation).toMatchObject({ status: 'paid', frequency: 'monthly', amountText: '$15.00/month' });
    expect(response.json().confirmationUrl).toMatch(/^\/checkout\/contribution-confirmed\//);

    const [row] = await t.testDb.db.select().from(donations).where(eq(donations.id, response.json().donation.id));
    expect(row!.subscriptionId).toBeTruthy();
    const sub = await reloadSubscription(t.testDb.db, row!.subscriptionId!);
    expect(sub).toMatchObject({
      state: 'active',
      amountCents: 1500,
      currency: 'USD',
      customerEmail: 'reader@example.com',
      cyclesBilled: 1,
      firstOrderId: row!.orderId,
    });
    expect(sub.plan).toEqual({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 });
    expect(sub.nextBillingAt!.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);

    const [receipt] = await t.testDb.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.websiteId, site.id), eq(outbox.kind, 'donation-receipt')));
    expect(receipt!.textBody).toContain('Amount: $15.00/month');
    expect(receipt!.textBody).toContain('charged again every month until you cancel it');
    expect(receipt!.textBody).toContain(`/subscriptions/manage/${sub.manageToken}`);

    const renewal = await renewSubscription({ db: t.testDb.db, payments, config: t.app.emporium.config }, site.id, sub.id, plusDays(sub.nextBillingAt!, 1));
    expect(renewal).toMatchObject({ kind: 'paid', cycle: 2, state: 'active' });
    const renewed = await reloadSubscription(t.testDb.db, sub.id);
    expect(renewed.cyclesBilled).toBe(2);
    if (renewal.kind !== 'paid') throw new Error('not renewed');
    const [order] = await t.testDb.db
      .select()
      .from(orders)
      .where(and(eq(orders.websiteId, site.id), eq(orders.id, renewal.orderId)));
    expect(order).toMatchObject({ status: 'PAID', grandTotalCents: 1500 });
    const lines = await t.testDb.db.select().from(orderItems).where(eq(orderItems.orderId, renewal.orderId));
    expect(lines).toMatchObject([{ productName: 'Monthly donation', quantity: 1, unitPriceCents: 1500 }]);
    const mails = await t.testDb.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.websiteId, site.id), eq(outbox.toAddress, 'reader@example.com')));
    expect(mails.map((m) => m.kind).sort()).toEqual(['donation-receipt', 'order-confirmation']);
    expect(mails.find((m) => m.kind === 'order-confirmation')!.textBody).toContain('1 x Monthly donation');

    const list = (await admin.call('GET', OWNER_DONATIONS_PATH)).json();
    expect(list.donations[0]).toMatchObject({ frequency: 'monthly', subscription: { id: sub.id, state: 'active', cyclesBilled: 2 } });
  });

  it('the donor cancels the monthly donation from the manage link; renewals stop', async () => {
    const visitor = new Visitor(t.app, t.hostOf(site));
    const given = await visitor.request(
      'POST',
      DONATIONS_PATH,
      { amountCents: 700, currency: 'USD', frequency: 'monthly', email: 'ada@example.com', payment: { provider: 'test', cardNumber: '4242424242424242' } },
      { headers: { 'idempotency-key': 'monthly-donation-0002' } },
    );
    const [row] = await t.testDb.db.select().from(donations).where(eq(donations.id, given.json().donation.id));
    const sub = await reloadSubscription(t.testDb.db, row!.subscriptionId!);
    const cancelled = await visitor.request('POST', `/api/commerce/subscriptions/manage/${sub.manageToken}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const outcome = await renewSubscription({ db: t.testDb.db, payments, config: t.app.emporium.config }, site.id, sub.id, plusDays(sub.nextBillingAt!, 1));
    expect(outcome.kind).toBe('skipped');
    const list = (await admin.call('GET', OWNER_DONATIONS_PATH)).json();
    expect(list.donations[0]).toMatchObject({ id: row!.id, subscription: { state: 'cancelled', cyclesBilled: 1 } });
  });

  it('refuses a monthly donation when the provider did not keep the payment method, and takes no money', async () => {
    /** A provider that pays but never keeps a method (like a wallet without off-session charges). */
    class NoSavingProvider extends TestPaymentProvider {
      override authorize(request: Parameters<TestPaymentProvider['authorize']>[0]) {
        return super.authorize({ ...request, saveForLater: false });
      }
    }
    const provider = new NoSavingProvider();
    const other = await createTestApp({ rateLimitStore: unlimitedStore, payments: new PaymentProviders({ test: provider }) });
    try {
      const shop = await other.createSite({ identifier: `nosave-${process.pid}`, title: 'Choir', settings: { commerce: { testMode: true } } as never });
      await saveDonationSettings(other.testDb.db, shop.id, SETTINGS);
      const visitor = new Visitor(other.app, other.hostOf(shop));
      const response = await visitor.request(
        'POST',
        DONATIONS_PATH,
        { amountCents: 1500, currency: 'USD', frequency: 'monthly', email: 'alto@example.com', payment: { provider: 'test', cardNumber: '4242424242424242' } },
        { headers: { 'idempotency-key': 'monthly-donation-nosave' } },
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(DonationMessages.MONTHLY_METHOD_NOT_KEPT);
      expect([...provider.authorizations.values()].map((a) => a.state)).toEqual(['voided']);
      expect(await other.testDb.db.select().from(orders).where(eq(orders.websiteId, shop.id))).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});
