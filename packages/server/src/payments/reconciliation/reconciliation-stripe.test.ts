import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, addProduct, Visitor } from '../../../test-support/commerce-test-kit.js';
import { createOrdersTestApp, type OrdersTestApp } from '../../../test-support/orders-test-kit.js';
import { makeOwner } from '../../../test-support/owners.js';
import { startStripeEmulator, type StripeEmulator } from '../../../test-support/stripe-emulator.js';
import { orderCheckoutDetails, orders, outbox } from '../../db/schema.js';
import { paymentReconciliationRuns } from '../../db/schema-payments.js';
import type { Website } from '../../sites/index.js';
import { saveStripeAccount } from '../stripe/account.js';
import { STRIPE_WEBHOOK_PATH } from '../stripe/messages.js';
import { RECONCILE_PAYMENTS_JOB, RECONCILIATION_MAIL_KIND, ReconciliationPaths } from './index.js';

const WEBHOOK_SECRET = 'whsec_reconcileemulator123';
const SECRET_KEY = 'sk_test_reconcile12345';
const SEALING_KEY = randomBytes(32).toString('hex');

// Issue 27, part 3, against a local Stripe emulator (test-support/stripe-emulator.ts).
describe('reconciliation of orders with Stripe (emulator)', () => {
  let stripe: StripeEmulator;
  let t: OrdersTestApp;
  let site: Website;
  let host: string;
  let mug: { itemId: string; variantIds: Record<string, string> };

  const run = async () => {
    const response = await t.call(site, 'POST', ReconciliationPaths.RUN, {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const differencesOf = (view: { differences: Array<{ orderId: string }> }, orderId: string) => view.differences.filter((d) => d.orderId === orderId);
  const checkout = async (paymentMethod: string) => {
    const visitor = new Visitor(t.app, host);
    await visitor.add(mug.itemId, 'MUG', 1);
    const response = await visitor.checkout({ email: 'ada@example.com', shippingAddress: ADDRESS, payment: { provider: 'stripe', paymentMethod } });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    return { orderId: body.order.id as string, intentId: String(body.payment.clientSecret ?? '').split('_secret_')[0]! };
  };
  const intentOf = async (orderId: string) =>
    String((await t.testDb.db.select().from(orderCheckoutDetails).where(eq(orderCheckoutDetails.orderId, orderId)))[0]!.payment.intentId);
  const deliver = (type: string, objectId: string) => {
    const event = stripe.events().find((e) => e.type === type && (e.data.object as { id?: string; payment_intent?: string }).id === objectId)!;
    const { payload, header } = stripe.signed(event, WEBHOOK_SECRET);
    return t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { host, 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
  };
  /** The order was placed `minutes` ago (its checkout attempt over). */
  const age = (orderId: string, minutes: number) =>
    t.testDb.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(orders.id, orderId));

  beforeAll(async () => {
    stripe = await startStripeEmulator();
    t = await createOrdersTestApp({ workJobs: true, config: { stripeApiUrl: stripe.url, sealingKey: SEALING_KEY, outboxPollMs: 500 } });
    site = await t.createSite({ identifier: 'reconcile-stripe', title: 'Reconcile Stripe' });
    host = t.hostOf(site);
    await makeOwner(t.testDb.db, site.id, 'admin@example.com', 'admin');
    mug = await addProduct(t.testDb.db, site.id, { title: 'Mug', variants: [{ sku: 'MUG', priceCents: 1800, qtyInStock: 100 }] });
    await saveStripeAccount(
      t.testDb.db,
      Buffer.from(SEALING_KEY, 'hex'),
      site.id,
      { publishableKey: 'pk_test_reconcile12345', secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
      { testMode: true, accountCountry: 'US', connectedBy: 'admin@example.com' },
    );
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.stop();
  });

  it('finds no difference for an order Stripe charged as recorded', async () => {
    const { orderId } = await checkout('pm_card_visa');
    const view = await run();
    expect(differencesOf(view, orderId)).toEqual([]);
    expect(view.latestRun).toMatchObject({ ordersChecked: 1, ordersUnchecked: 0, differencesNew: 0, failure: null });
  });

  it("reports a refund made in Stripe's dashboard only, once however often it runs", async () => {
    const { orderId } = await checkout('pm_card_visa');
    const intentId = await intentOf(orderId);
    await stripe.client(SECRET_KEY).refunds.create({ payment_intent: intentId, amount: 700 });
    const first = await run();
    expect(differencesOf(first, orderId)).toEqual([
      expect.objectContaining({ kind: 'refunds', provider: 'stripe', paymentRef: intentId, ourValue: '0', providerValue: '700' }),
    ]);
    const second = await run();
    expect(differencesOf(second, orderId)).toEqual(differencesOf(first, orderId));
    expect(second.latestRun).toMatchObject({ differencesNew: 0, differencesResolved: 0 });
    const mails = await t.testDb.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.websiteId, site.id), eq(outbox.kind, RECONCILIATION_MAIL_KIND)));
    expect(mails.map((m) => m.toAddress)).toEqual(['admin@example.com']);
    expect(mails[0]!.textBody).toContain('Refunded in total: ours $0.00, stripe $7.00');
  });

  it('reports an order marked paid whose PaymentIntent was in fact cancelled', async () => {
    const { orderId, intentId } = await checkout('pm_card_threeDSecure2Required');
    await stripe.client(SECRET_KEY).paymentIntents.cancel(intentId);
    await t.testDb.db.update(orders).set({ status: 'PAID', paymentStatus: 'paid' }).where(eq(orders.id, orderId));
    const view = await run();
    expect(differencesOf(view, orderId)).toEqual([
      expect.objectContaining({ kind: 'status', paymentRef: intentId, ourValue: 'paid', providerValue: 'canceled' }),
    ]);
  });

  it('resolves a missed payment once its webhook arrives', async () => {
    const { orderId, intentId } = await checkout('pm_card_threeDSecure2Required');
    const authenticated = await fetch(`${stripe.url}/_emulator/authenticate/${intentId}`, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'succeed' }),
    });
    expect(authenticated.ok).toBe(true);
    await age(orderId, 31);
    const missed = await run();
    expect(differencesOf(missed, orderId)).toEqual([expect.objectContaining({ kind: 'status', ourValue: 'pending', providerValue: 'succeeded' })]);
    expect((await deliver('payment_intent.succeeded', intentId)).json().result).toBe('applied');
    const settled = await run();
    expect(differencesOf(settled, orderId)).toEqual([]);
    expect(settled.latestRun.differencesResolved).toBeGreaterThanOrEqual(1);
  });

  it('reports a dispute until its webhook is applied', async () => {
    const { orderId } = await checkout('pm_card_visa');
    const intentId = await intentOf(orderId);
    const opened = await fetch(`${stripe.url}/_emulator/disputes`, { method: 'POST', body: new URLSearchParams({ payment_intent: intentId }) });
    expect(opened.ok).toBe(true);
    const dispute = (await opened.json()) as { id: string };
    const found = await run();
    expect(differencesOf(found, orderId)).toEqual([expect.objectContaining({ kind: 'dispute', ourValue: 'not disputed', providerValue: 'disputed' })]);
    expect((await deliver('charge.dispute.created', dispute.id)).json().result).toBe('applied');
    expect(differencesOf(await run(), orderId)).toEqual([]);
  });

  it('runs from the job queue for every site with a connected provider', async () => {
    await t.app.emporium.jobs.send(RECONCILE_PAYMENTS_JOB, {});
    const started = Date.now();
    let scheduled: unknown[] = [];
    while (scheduled.length === 0 && Date.now() - started < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      scheduled = await t.testDb.db
        .select()
        .from(paymentReconciliationRuns)
        .where(and(eq(paymentReconciliationRuns.websiteId, site.id), eq(paymentReconciliationRuns.trigger, 'schedule')));
      scheduled = scheduled.filter((r) => (r as { finishedAt: Date | null }).finishedAt !== null);
    }
    expect(scheduled).toHaveLength(1);
    const view = (await t.call(site, 'GET', ReconciliationPaths.RECONCILIATION)).json();
    expect(view.latestRun).toMatchObject({ trigger: 'schedule', failure: null });
    expect(view.differences.map((d: { kind: string }) => d.kind).sort()).toEqual(['refunds', 'status']);
  });
});
