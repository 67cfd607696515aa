import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderCheckoutDetails, orders } from '../db/schema.js';
import { orderRefunds } from '../db/schema-orders.js';
import {
  PaymentProviders,
  REFUND_EXCEEDS_PAYMENT_MESSAGE,
  TestPaymentProvider,
  type ProviderRefundRequest,
  type ProviderRefundResult,
} from '../payments/index.js';
import type { Website } from '../sites/index.js';
import { OrderMessages } from './order-messages.js';
import { PENDING_REFUND_GRACE_MS, PENDING_REFUND_SWEEP_JOB } from './refund-retries.js';
import { OWNER_ORDERS_PATH } from './routes.js';
import { createOrdersTestApp, type OrdersTestApp } from '../../test-support/orders-test-kit.js';

/**
 * The test provider, whose next refund answer can be lost on the way back (the provider paid out,
 * we never heard), and whose calls can be held until the test lets them through (`hold`).
 */
class LossyRefundProvider extends TestPaymentProvider {
  readonly keys: string[] = [];
  loseNextAnswer = false;
  private held: Promise<void> | undefined;

  /** Holds every refund call that arrives from now on until the returned function is called. */
  hold(): () => void {
    let release = () => {};
    this.held = new Promise((resolve) => {
      release = () => {
        this.held = undefined;
        resolve();
      };
    });
    return release;
  }

  override async refund(request: ProviderRefundRequest): Promise<ProviderRefundResult> {
    this.keys.push(request.idempotencyKey);
    if (this.held && !this.loseNextAnswer) await this.held;
    const answer = await super.refund(request);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new Error('connection reset by the payment provider');
    }
    return answer;
  }
}

const until = async (check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

// Issue "Real money", part 4: refunds go through the provider that took the payment, never
// exceed what it captured whatever the concurrency, and each accepted refund pays out once.
describe('refunds through the payment provider', () => {
  const provider = new LossyRefundProvider();
  let t: OrdersTestApp;
  let site: Website;
  let other: Website;
  let vase: { itemId: string; variantId: string; sku: string };
  const customer = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };

  const refund = (orderId: string, body: Record<string, unknown>, on = site) => t.call(on, 'POST', `${OWNER_ORDERS_PATH}/${orderId}/refunds`, body);
  const detail = async (orderId: string) => (await t.call(site, 'GET', `${OWNER_ORDERS_PATH}/${orderId}`)).json();
  const paymentRefOf = async (orderId: string) =>
    String((await t.testDb.db.select().from(orderCheckoutDetails).where(eq(orderCheckoutDetails.orderId, orderId)))[0]!.payment.authorizationId);
  const newOrder = () => t.placeOrder(site, vase, 2, customer);

  beforeAll(async () => {
    t = await createOrdersTestApp({ payments: new PaymentProviders({ test: provider }), workJobs: true, config: { outboxPollMs: 500 } });
    site = await t.createSite({ identifier: 'refunds-a', title: 'Refunds A' });
    other = await t.createSite({ identifier: 'refunds-b', title: 'Refunds B' });
    vase = await t.addProduct(site, 'Vase', 2500, 100);
  });
  afterAll(() => t?.close());

  it('lets one of two partial refunds that together exceed the charge through, and asks the provider once', async () => {
    const orderId = await newOrder();
    const callsBefore = provider.calls.refund;
    const answers = await Promise.all([
      refund(orderId, { amountCents: 3000, expectedRefundedCents: 0 }),
      refund(orderId, { amountCents: 3000, expectedRefundedCents: 0 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!.json();
    expect([OrderMessages.REFUNDS_CHANGED, OrderMessages.REFUND_IN_PROGRESS]).toContain(refused.message);
    expect(provider.calls.refund - callsBefore).toBe(1);
    const order = await detail(orderId);
    expect(order.refunds).toEqual([
      expect.objectContaining({
        amountCents: 3000,
        state: 'succeeded',
        provider: 'test',
        providerRefundId: expect.stringMatching(/^testre_/),
        failureMessage: null,
      }),
    ]);
    expect(order.totals).toMatchObject({ refundedCents: 3000, pendingRefundCents: 0, refundableCents: 2000 });
    expect(provider.authorizations.get(await paymentRefOf(orderId))?.refunded).toBe(3000);
  });

  it('moves the payment status to partially_refunded, then refunded', async () => {
    const orderId = await newOrder();
    expect((await detail(orderId)).paymentStatus).toBe('paid');
    const part = await refund(orderId, { amountCents: 1200, expectedRefundedCents: 0, reason: 'Chipped' });
    expect(part.statusCode).toBe(200);
    expect(part.json()).toMatchObject({ paymentStatus: 'partially_refunded', totals: { refundedCents: 1200, refundableCents: 3800 } });
    expect(part.json().timeline.at(-1)).toMatchObject({ kind: 'REFUNDED', amountCents: 1200, message: 'Refunded: $12.00 (Chipped)' });
    const rest = await refund(orderId, { expectedRefundedCents: 1200 });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ paymentStatus: 'refunded', totals: { refundedCents: 5000, refundableCents: 0 } });
    expect(rest.json().timeline.at(-1)).toMatchObject({ kind: 'REFUNDED', amountCents: 3800, message: 'Refunded the rest: $38.00' });
    const [row] = await t.testDb.db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId));
    expect(row!.paymentStatus).toBe('refunded');
    expect((await refund(orderId, { expectedRefundedCents: 5000 })).json().message).toBe(OrderMessages.REFUNDED_IN_FULL);
  });

  it('keeps a refund the provider refuses as failed, says why, and frees its amount', async () => {
    const orderId = await newOrder();
    // Refunded in the provider's own dashboard meanwhile: the provider refuses to pay out again.
    const payment = provider.authorizations.get(await paymentRefOf(orderId))!;
    payment.refunded = payment.amount;
    const refused = await refund(orderId, { amountCents: 2000, expectedRefundedCents: 0 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(OrderMessages.refundRefused(REFUND_EXCEEDS_PAYMENT_MESSAGE));
    const order = await detail(orderId);
    expect(order.refunds).toEqual([
      expect.objectContaining({ amountCents: 2000, state: 'failed', providerRefundId: null, failureMessage: REFUND_EXCEEDS_PAYMENT_MESSAGE }),
    ]);
    expect(order).toMatchObject({ paymentStatus: 'paid', totals: { refundedCents: 0, pendingRefundCents: 0, refundableCents: 5000 } });
    expect(order.timeline.at(-1)).toMatchObject({
      kind: 'REFUND_FAILED',
      amountCents: 2000,
      message: `Refund of $20.00 refused by test: ${REFUND_EXCEEDS_PAYMENT_MESSAGE}`,
    });
    payment.refunded = 0;
    const again = await refund(orderId, { amountCents: 2000, expectedRefundedCents: 0 });
    expect(again.statusCode).toBe(200);
    expect(again.json().totals).toMatchObject({ refundedCents: 2000, refundableCents: 3000 });
  });

  it('retries a refund left pending with the same key from the job queue, and the provider pays out once', async () => {
    const orderId = await newOrder();
    const callsBefore = provider.calls.refund;
    provider.loseNextAnswer = true;
    // The retry job may run as soon as it is queued: it waits at the provider until the checks of
    // the refund still pending are done.
    const release = provider.hold();
    const lost = await refund(orderId, { amountCents: 1000, expectedRefundedCents: 0 });
    expect(lost.statusCode).toBe(202);
    expect(lost.json().refunds).toEqual([expect.objectContaining({ amountCents: 1000, state: 'pending', providerRefundId: null })]);
    expect(lost.json().totals).toMatchObject({ refundedCents: 0, pendingRefundCents: 1000, refundableCents: 4000 });
    const meanwhile = await refund(orderId, { amountCents: 500, expectedRefundedCents: 0 });
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().message).toBe(OrderMessages.REFUND_IN_PROGRESS);
    release();

    await until(async () => (await detail(orderId)).refunds[0].state !== 'pending');
    const [row] = await t.testDb.db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.websiteId, site.id), eq(orderRefunds.orderId, orderId)));
    expect(provider.keys.filter((key) => key === row!.idempotencyKey)).toHaveLength(2);
    expect(provider.calls.refund - callsBefore).toBe(1);
    expect(provider.authorizations.get(await paymentRefOf(orderId))?.refunded).toBe(1000);
    const order = await detail(orderId);
    expect(order.refunds).toEqual([
      expect.objectContaining({ state: 'succeeded', providerRefundId: (provider.byKey.get(`refund:${row!.idempotencyKey}`) as { refundId: string }).refundId }),
    ]);
    expect(order).toMatchObject({ paymentStatus: 'partially_refunded', totals: { refundedCents: 1000, pendingRefundCents: 0, refundableCents: 4000 } });
    expect(order.timeline.filter((event: { kind: string }) => event.kind === 'REFUNDED')).toHaveLength(1);
  });

  it('finds a refund a stopped server left pending before asking the provider, and pays it out once', async () => {
    const orderId = await newOrder();
    // The server wrote the pending refund, then stopped before asking the provider.
    const [row] = await t.testDb.db
      .insert(orderRefunds)
      .values({
        websiteId: site.id,
        orderId,
        amountCents: 700,
        actor: 'owner@example.com',
        state: 'pending',
        provider: 'test',
        idempotencyKey: 'refund_left_by_a_stopped_server',
        createdAt: new Date(Date.now() - PENDING_REFUND_GRACE_MS - 60_000),
      })
      .returning();
    const callsBefore = provider.calls.refund;
    await t.app.emporium.jobs.send(PENDING_REFUND_SWEEP_JOB, {});
    await until(async () => (await detail(orderId)).refunds[0].state !== 'pending');
    const order = await detail(orderId);
    expect(order.refunds).toEqual([expect.objectContaining({ id: row!.id, state: 'succeeded', providerRefundId: expect.stringMatching(/^testre_/) })]);
    expect(order).toMatchObject({ paymentStatus: 'partially_refunded', totals: { refundedCents: 700, refundableCents: 4300 } });
    expect(provider.keys.filter((key) => key === 'refund_left_by_a_stopped_server')).toHaveLength(1);
    expect(provider.calls.refund - callsBefore).toBe(1);
  });

  it('refunds a live order through its provider', async () => {
    const orderId = await newOrder();
    await t.testDb.db.update(orders).set({ testMode: false }).where(eq(orders.id, orderId));
    const callsBefore = provider.calls.refund;
    const done = await refund(orderId, { expectedRefundedCents: 0 });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ testMode: false, paymentStatus: 'refunded', refunds: [{ state: 'succeeded', provider: 'test' }] });
    expect(provider.calls.refund - callsBefore).toBe(1);
  });

  it('refunds an order a gift card paid in full without asking a provider', async () => {
    const orderId = await newOrder();
    await t.testDb.db
      .update(orderCheckoutDetails)
      .set({ payment: { amount: { value: 0, currency: 'USD' } }, giftCardCents: 5000, giftCardCode: 'GIFT-0000-1234' })
      .where(eq(orderCheckoutDetails.orderId, orderId));
    const callsBefore = provider.calls.refund;
    const done = await refund(orderId, { amountCents: 5000, expectedRefundedCents: 0 });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      paymentStatus: 'refunded',
      refunds: [{ state: 'succeeded', provider: null, providerRefundId: null, amountCents: 5000 }],
    });
    expect(provider.calls.refund).toBe(callsBefore);
  });

  it("answers 404 for a refund of another site's order, and asks no provider", async () => {
    const orderId = await newOrder();
    const callsBefore = provider.calls.refund;
    const answer = await refund(orderId, { expectedRefundedCents: 0 }, other);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe('This order does not exist.');
    expect(provider.calls.refund).toBe(callsBefore);
    expect((await detail(orderId)).refunds).toEqual([]);
  });
});
