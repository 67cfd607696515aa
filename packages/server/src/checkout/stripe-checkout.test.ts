import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outbox, variants } from '../db/schema.js';
import { paymentAccounts, paymentAttempts } from '../db/schema-payments.js';
import { saveStripeAccount, STRIPE_WEBHOOK_PATH, StripeMessages, StripePaymentProvider } from '../payments/index.js';
import { ADDRESS, addProduct, createShop, unlimitedStore, type Shop } from '../../test-support/commerce-test-kit.js';
import { startStripeEmulator, type StripeEmulator } from '../../test-support/stripe-emulator.js';
import { expiredAttempts } from './payment-attempts.js';
import { expireAttempt } from './stripe-settlement.js';

// Issue "Real money", acceptance 1: against a local Stripe emulator (test-support/stripe-emulator.ts).
const WEBHOOK_SECRET = 'whsec_emulatortestsecret123';
const SEALING_KEY = randomBytes(32).toString('hex');

describe('checkout through Stripe (emulator)', () => {
  let stripe: StripeEmulator;
  let shop: Shop;
  let product: { itemId: string; variantIds: Record<string, string> };

  const stock = async () => {
    const [row] = await shop.db.select({ q: variants.qtyInStock }).from(variants).where(eq(variants.id, product.variantIds.MUG!));
    return row!.q;
  };
  const orderOf = async (orderId: string) => {
    const [row] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
    return row!;
  };
  const pay = (paymentMethod: string) => ({ email: 'ada@example.com', shippingAddress: ADDRESS, payment: { provider: 'stripe', paymentMethod } });
  const intentsCreated = () => stripe.events().filter((e) => e.type === 'payment_intent.created').length;
  const chargesMade = () => stripe.events().filter((e) => e.type === 'charge.succeeded').length;
  const deliver = (event: ReturnType<StripeEmulator['events']>[number], secret = WEBHOOK_SECRET) => {
    const { payload, header } = stripe.signed(event, secret);
    return shop.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { host: shop.host, 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
  };

  beforeAll(async () => {
    stripe = await startStripeEmulator();
    shop = await createShop({ rateLimitStore: unlimitedStore, config: { stripeApiUrl: stripe.url, sealingKey: SEALING_KEY } });
    product = await addProduct(shop.db, shop.site.id, { title: 'Mug', variants: [{ sku: 'MUG', priceCents: 1800, qtyInStock: 40 }] });
    await saveStripeAccount(
      shop.db,
      Buffer.from(SEALING_KEY, 'hex'),
      shop.site.id,
      { publishableKey: 'pk_test_emulator12345', secretKey: 'sk_test_emulator12345', webhookSecret: WEBHOOK_SECRET },
      { testMode: true, accountCountry: 'US', connectedBy: 'owner@example.com' },
    );
  });
  afterAll(async () => {
    await shop?.close();
    await stripe?.stop();
  });

  it('keeps the secret keys sealed at rest', async () => {
    const [row] = await shop.db.select().from(paymentAccounts).where(eq(paymentAccounts.websiteId, shop.site.id));
    expect(row!.secretKeySealed).not.toContain('sk_test');
    expect(row!.webhookSecretSealed).not.toContain('whsec_');
  });

  it('pays with one PaymentIntent: the order is paid, stock taken, the receipt queued', async () => {
    const visitor = shop.visitor();
    await visitor.add(product.itemId, 'MUG', 2);
    const before = { intents: intentsCreated(), stock: await stock() };
    const response = await visitor.checkout(pay('pm_card_visa'));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.payment).toEqual({ status: 'succeeded' });
    expect(body.orderReceivedUrl).toMatch(/^\/checkout\/order-received\//);
    expect(intentsCreated()).toBe(before.intents + 1);
    const order = await orderOf(body.order.id);
    expect(order).toMatchObject({ status: 'PAID', paymentStatus: 'paid', grandTotalCents: body.order.grandTotal.value });
    expect(await stock()).toBe(before.stock - 2);
    const mails = await shop.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.websiteId, shop.site.id), eq(outbox.kind, 'order-confirmation')));
    expect(mails.some((m) => m.subject.includes(`#${order.orderNumber}`))).toBe(true);
  });

  it('double submit and two tabs give one charge and one order', async () => {
    const visitor = shop.visitor();
    await visitor.add(product.itemId, 'MUG', 1);
    const charges = chargesMade();
    const answers = await Promise.all([visitor.checkout(pay('pm_card_visa')), visitor.checkout(pay('pm_card_visa')), visitor.checkout(pay('pm_card_visa'))]);
    const paid = answers.filter((a) => a.statusCode === 200);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    for (const other of answers.filter((a) => a.statusCode !== 200)) {
      expect([400, 409]).toContain(other.statusCode);
    }
    expect(new Set(paid.map((a) => a.json().order.id)).size).toBe(1);
    expect(chargesMade()).toBe(charges + 1);
  });

  it('a retry after the answer was lost reaches the same PaymentIntent: one charge', async () => {
    const visitor = shop.visitor();
    await visitor.add(product.itemId, 'MUG', 1);
    const provider = (await shop.app.emporium.payments.get(shop.site, 'stripe')) as StripePaymentProvider;
    const confirm = StripePaymentProvider.prototype.confirmIntent;
    let lost = false;
    StripePaymentProvider.prototype.confirmIntent = async function (this: StripePaymentProvider, request) {
      const outcome = await confirm.call(this, request);
      if (!lost) {
        lost = true;
        throw Object.assign(new Error('socket hang up'), { type: 'StripeConnectionError' });
      }
      return outcome;
    };
    try {
      const charges = chargesMade();
      const first = await visitor.checkout(pay('pm_card_visa'));
      expect(first.statusCode).toBe(503);
      expect(first.json().message).toBe(StripeMessages.UNAVAILABLE);
      const retry = await visitor.checkout(pay('pm_card_visa'));
      expect(retry.statusCode).toBe(200);
      expect(retry.json().payment.status).toBe('succeeded');
      expect(chargesMade()).toBe(charges + 1);
      expect(provider).toBeInstanceOf(StripePaymentProvider);
    } finally {
      StripePaymentProvider.prototype.confirmIntent = confirm;
    }
  });

  it('a declined card leaves no paid order, gives the stock back and keeps the cart', async () => {
    const visitor = shop.visitor();
    await visitor.add(product.itemId, 'MUG', 3);
    const before = await stock();
    const declined = await visitor.checkout(pay('pm_card_chargeDeclined'));
    expect(declined.statusCode).toBe(422);
    expect(declined.json().message).toBe('Your card was declined.');
    expect(await stock()).toBe(before);
    expect((await visitor.cart()).totalQuantity).toBe(3);
    const [attempt] = await shop.db.select().from(paymentAttempts).where(eq(paymentAttempts.status, 'failed')).limit(1);
    expect((await orderOf(attempt!.orderId)).paymentStatus).toBe('failed');
    const second = await visitor.checkout(pay('pm_card_visa'));
    expect(second.statusCode).toBe(200);
    expect(await stock()).toBe(before - 3);
  });

  it('3-D Secure: pending with the client secret, then the webhook settles it; replayed and out-of-order events change nothing twice', async () => {
    const visitor = shop.visitor();
    await visitor.add(product.itemId, 'MUG', 1);
    const before = await stock();
    const response = await visitor.checkout(pay('pm_card_threeDSecure2Required'));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.payment.status).toBe('requires_action');
    expect(body.payment.clientSecret).toMatch(/_secret_/);
    expect((await orderOf(body.order.id)).paymentStatus).toBe('pending');
    expect(await stock()).toBe(before - 1);
    const status = await shop.app.inject({
      url: `${body.orderReceivedUrl.replace('/checkout/order-received/', '/api/commerce/orders/').replace('?token=', '/payment?token=')}`,
      headers: { host: shop.host },
    });
    expect(status.json()).toMatchObject({ paymentStatus: 'pending' });
    const wrong = await shop.app.inject({ url: `/api/commerce/orders/${body.order.id}/payment?token=nope`, headers: { host: shop.host } });
    expect(wrong.statusCode).toBe(404);

    const intentId = body.payment.clientSecret.split('_secret_')[0];
    const auth = await fetch(`${stripe.url}/_emulator/authenticate/${intentId}`, { method: 'POST', body: new URLSearchParams({ outcome: 'succeed' }) });
    expect(auth.ok).toBe(true);
    const events = stripe.events().filter((e) => (e.data.object as { id?: string; payment_intent?: string }).id === intentId);
    const succeeded = events.find((e) => e.type === 'payment_intent.succeeded')!;
    const failedBefore = events.find((e) => e.type === 'payment_intent.requires_action');
    // Out of order: the success first, then older events, then the success again.
    expect((await deliver(succeeded)).json()).toEqual({ received: true, result: 'applied' });
    if (failedBefore) expect((await deliver(failedBefore)).statusCode).toBe(200);
    expect((await deliver(succeeded)).json()).toEqual({ received: true, result: 'duplicate' });
    const order = await orderOf(body.order.id);
    expect(order).toMatchObject({ status: 'PAID', paymentStatus: 'paid' });
    expect(await stock()).toBe(before - 1);
  });

  it('a failed 3-D Secure releases the stock; a late success still places the order', async () => {
    const visitor = shop.visitor();
    await visitor.add(product.itemId, 'MUG', 1);
    const before = await stock();
    const body = (await visitor.checkout(pay('pm_card_threeDSecure2Required'))).json();
    const intentId = body.payment.clientSecret.split('_secret_')[0];
    await fetch(`${stripe.url}/_emulator/authenticate/${intentId}`, { method: 'POST', body: new URLSearchParams({ outcome: 'fail' }) });
    const failed = stripe.events().find((e) => e.type === 'payment_intent.payment_failed' && (e.data.object as { id: string }).id === intentId)!;
    expect((await deliver(failed)).json().result).toBe('applied');
    expect(await orderOf(body.order.id)).toMatchObject({ paymentStatus: 'failed' });
    expect(await stock()).toBe(before);
    expect((await visitor.cart()).totalQuantity).toBe(1);
  });

  it('refuses a webhook whose signature is not genuine', async () => {
    const event = stripe.events()[0]!;
    const forged = await deliver(event, 'whsec_someoneelsesecret999');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(StripeMessages.WEBHOOK_SIGNATURE);
  });

  it('an attempt past its lifetime is cancelled with Stripe and its stock goes back', async () => {
    const visitor = shop.visitor();
    await visitor.add(product.itemId, 'MUG', 2);
    const before = await stock();
    const body = (await visitor.checkout(pay('pm_card_threeDSecure2Required'))).json();
    expect(await stock()).toBe(before - 2);
    const due = (await expiredAttempts(shop.db, new Date(Date.now() + 31 * 60_000))).filter((a) => a.orderId === body.order.id);
    expect(due).toHaveLength(1);
    const provider = (await shop.app.emporium.payments.get(shop.site, 'stripe')) as StripePaymentProvider;
    expect(await expireAttempt(shop.db as never, shop.site, due[0]!, provider)).toBe('expired');
    expect(await stock()).toBe(before);
    const intentId = body.payment.clientSecret.split('_secret_')[0];
    expect((await provider.intent(intentId)).status).toBe('canceled');
  });

  it('refunds through Stripe at most what was charged, once per key', async () => {
    const visitor = shop.visitor();
    await visitor.add(product.itemId, 'MUG', 1);
    const body = (await visitor.checkout(pay('pm_card_visa'))).json();
    const [attempt] = await shop.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, body.order.id));
    const provider = (await shop.app.emporium.payments.get(shop.site, 'stripe')) as StripePaymentProvider;
    const part = await provider.refund({ paymentRef: attempt!.intentId, amount: { value: 1000, currency: 'USD' }, idempotencyKey: `r1-${attempt!.id}` });
    expect(part).toMatchObject({ ok: true });
    expect(await provider.refund({ paymentRef: attempt!.intentId, amount: { value: 1000, currency: 'USD' }, idempotencyKey: `r1-${attempt!.id}` })).toEqual(
      part,
    );
    expect(
      await provider.refund({ paymentRef: attempt!.intentId, amount: { value: 1000, currency: 'USD' }, idempotencyKey: `r2-${attempt!.id}` }),
    ).toMatchObject({
      ok: false,
    });
  });
});
