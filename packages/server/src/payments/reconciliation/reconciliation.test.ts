import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrdersTestApp, type OrdersTestApp } from '../../../test-support/orders-test-kit.js';
import { makeOwner } from '../../../test-support/owners.js';
import { orderCheckoutDetails, orders, outbox } from '../../db/schema.js';
import type { Website } from '../../sites/index.js';
import { PaymentProviders } from '../registry.js';
import { TestPaymentProvider } from '../test-provider.js';
import { RECONCILIATION_MAIL_KIND, ReconciliationPaths } from './index.js';

// Issue 27, part 3: a reconciliation job compares recent orders with the provider and reports any difference to the owner.
describe('reconciliation of orders with the test provider', () => {
  const provider = new TestPaymentProvider();
  let t: OrdersTestApp;
  let site: Website;
  let mug: { itemId: string; variantId: string; sku: string };
  const customer = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };

  const run = async () => {
    const response = await t.call(site, 'POST', ReconciliationPaths.RUN, {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const paymentRefOf = async (orderId: string) =>
    String((await t.testDb.db.select().from(orderCheckoutDetails).where(eq(orderCheckoutDetails.orderId, orderId)))[0]!.payment.authorizationId);
  const mails = () =>
    t.testDb.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.websiteId, site.id), eq(outbox.kind, RECONCILIATION_MAIL_KIND)));
  const differencesOf = (view: { differences: Array<{ orderId: string }> }, orderId: string) => view.differences.filter((d) => d.orderId === orderId);

  beforeAll(async () => {
    t = await createOrdersTestApp({ payments: new PaymentProviders({ test: provider }) });
    site = await t.createSite({ identifier: 'reconcile-test', title: 'Reconcile' });
    await makeOwner(t.testDb.db, site.id, 'billing@example.com', 'billing');
    await makeOwner(t.testDb.db, site.id, 'editor@example.com', 'editor');
    mug = await t.addProduct(site, 'Mug', 2500, 100);
  });
  afterAll(() => t.close());

  it('finds no difference for an order the provider took as recorded', async () => {
    const orderId = await t.placeOrder(site, mug, 2, customer);
    const view = await run();
    expect(differencesOf(view, orderId)).toEqual([]);
    expect(view.latestRun).toMatchObject({ trigger: 'owner', ordersChecked: 1, ordersUnchecked: 0, differencesNew: 0, failure: null });
    expect(view.windowDays).toBe(30);
    expect(await mails()).toEqual([]);
  });

  it("reports a refund made in the provider's dashboard only, once, and mails the billing owners", async () => {
    const orderId = await t.placeOrder(site, mug, 2, customer);
    const paymentRef = await paymentRefOf(orderId);
    expect(await provider.refund({ paymentRef, amount: { value: 1000, currency: 'USD' }, idempotencyKey: `dashboard-${orderId}` })).toMatchObject({ ok: true });

    const first = await run();
    expect(differencesOf(first, orderId)).toEqual([
      expect.objectContaining({ kind: 'refunds', provider: 'test', paymentRef, currency: 'USD', ourValue: '0', providerValue: '1000' }),
    ]);
    expect(first.latestRun).toMatchObject({ differencesNew: 1 });
    const sent = await mails();
    expect(sent.map((m) => m.toAddress)).toEqual(['billing@example.com']);
    expect(sent[0]!.subject).toBe('1 payment difference found at Reconcile');
    expect(sent[0]!.textBody).toContain('Refunded in total: ours $0.00, test $10.00');

    const second = await run();
    expect(differencesOf(second, orderId)).toEqual(differencesOf(first, orderId));
    expect(second.latestRun).toMatchObject({ differencesNew: 0, differencesResolved: 0 });
    expect(await mails()).toHaveLength(1);

    // Another refund in the dashboard: the old difference is resolved, the new total reported.
    await provider.refund({ paymentRef, amount: { value: 500, currency: 'USD' }, idempotencyKey: `dashboard-2-${orderId}` });
    const third = await run();
    expect(differencesOf(third, orderId)).toEqual([expect.objectContaining({ kind: 'refunds', ourValue: '0', providerValue: '1500' })]);
    expect(third.latestRun).toMatchObject({ differencesNew: 1, differencesResolved: 1 });
    expect(await mails()).toHaveLength(2);
    const listed = await t.call(site, 'GET', ReconciliationPaths.RECONCILIATION);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(differencesOf(listed.json(), orderId)).toEqual(differencesOf(third, orderId));
  });

  it('reports an order marked paid whose payment the provider cancelled, and a dispute', async () => {
    const cancelled = await t.placeOrder(site, mug, 1, customer);
    const voided = await provider.authorize({ amount: { value: 2500, currency: 'USD' }, details: { cardNumber: '4242424242424242' }, orderId: cancelled });
    if (!voided.ok) throw new Error(voided.message);
    await provider.void(voided.authorizationId);
    // Our record points at the authorization that was voided, as a lost capture would leave it.
    const [details] = await t.testDb.db.select().from(orderCheckoutDetails).where(eq(orderCheckoutDetails.orderId, cancelled));
    await t.testDb.db
      .update(orderCheckoutDetails)
      .set({ payment: { ...details!.payment, authorizationId: voided.authorizationId } })
      .where(eq(orderCheckoutDetails.orderId, cancelled));
    const disputed = await t.placeOrder(site, mug, 1, customer);
    provider.dispute(await paymentRefOf(disputed));

    const view = await run();
    expect(differencesOf(view, cancelled)).toEqual([expect.objectContaining({ kind: 'status', ourValue: 'paid', providerValue: 'canceled' })]);
    expect(differencesOf(view, disputed)).toEqual([expect.objectContaining({ kind: 'dispute', ourValue: 'not disputed', providerValue: 'disputed' })]);
    expect(view.latestRun).toMatchObject({ differencesNew: 2 });
    expect((await mails()).at(-1)!.subject).toBe('2 payment differences found at Reconcile');
  });

  it('reports a payment the provider does not know, and resolves it once the provider knows it again', async () => {
    const orderId = await t.placeOrder(site, mug, 1, customer);
    const paymentRef = await paymentRefOf(orderId);
    const kept = provider.authorizations.get(paymentRef)!;
    provider.authorizations.delete(paymentRef);
    const missing = await run();
    expect(differencesOf(missing, orderId)).toEqual([expect.objectContaining({ kind: 'missing', ourValue: 'paid', providerValue: 'unknown' })]);
    provider.authorizations.set(paymentRef, kept);
    // Checked again even once the order is older than the window, while its difference is open.
    await t.testDb.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(orders.id, orderId));
    const resolved = await run();
    expect(differencesOf(resolved, orderId)).toEqual([]);
    expect(resolved.latestRun.differencesResolved).toBeGreaterThanOrEqual(1);
  });

  it('gives one run at a time per site and writes each difference once when two are asked for together', async () => {
    const orderId = await t.placeOrder(site, mug, 1, customer);
    await provider.refund({ paymentRef: await paymentRefOf(orderId), amount: { value: 300, currency: 'USD' }, idempotencyKey: `together-${orderId}` });
    const before = (await mails()).length;
    const [a, b] = await Promise.all([run(), run()]);
    expect(differencesOf(a, orderId)).toHaveLength(1);
    expect(differencesOf(b, orderId)).toEqual(differencesOf(a, orderId));
    expect(await mails()).toHaveLength(before + 1);
  });

  it('needs billing:read to see the differences and billing:write to run a check', async () => {
    const viewer = await t.call(site, 'GET', ReconciliationPaths.RECONCILIATION, undefined, { owner: false });
    expect(viewer.statusCode).toBe(401);
    const anonymousRun = await t.call(site, 'POST', ReconciliationPaths.RUN, {}, { owner: false });
    expect(anonymousRun.statusCode).toBe(401);
  });
});
