import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, unlimitedStore, type Shop } from '../../test-support/commerce-test-kit.js';
import { plusDays, reloadSubscription } from '../../test-support/subscriptions-test-kit.js';
import { startStripeEmulator, type StripeEmulator } from '../../test-support/stripe-emulator.js';
import { orderCheckoutDetails, outbox } from '../db/schema.js';
import { donations } from '../db/schema-donations.js';
import { saveStripeAccount } from '../payments/index.js';
import { renewSubscription } from '../subscriptions/index.js';
import { DONATIONS_PATH, saveDonationSettings } from './index.js';

// Issue 27 item 6 through Stripe PaymentIntents, against the local emulator (test-support/stripe-emulator.ts).
const WEBHOOK_SECRET = 'whsec_emulatortestsecret123';
const SEALING_KEY = randomBytes(32).toString('hex');
const SETTINGS = {
  enabled: true,
  title: 'Donate',
  description: '',
  suggestedAmounts: [2000],
  allowCustom: true,
  minCents: 100,
  maxCents: 100_000,
  allowMonthly: true,
  thankYou: 'Thank you.',
};

describe('donations through Stripe (emulator)', () => {
  let stripe: StripeEmulator;
  let shop: Shop;
  const intentsCreated = () => stripe.events().filter((e) => e.type === 'payment_intent.created').length;
  const give = (body: Record<string, unknown>, key: string) =>
    shop.visitor().request('POST', DONATIONS_PATH, { currency: 'USD', email: 'ada@example.com', ...body }, { headers: { 'idempotency-key': key } });

  beforeAll(async () => {
    stripe = await startStripeEmulator();
    shop = await createShop({ rateLimitStore: unlimitedStore, config: { stripeApiUrl: stripe.url, sealingKey: SEALING_KEY } });
    await saveStripeAccount(
      shop.db,
      Buffer.from(SEALING_KEY, 'hex'),
      shop.site.id,
      { publishableKey: 'pk_test_emulator12345', secretKey: 'sk_test_emulator12345', webhookSecret: WEBHOOK_SECRET },
      { testMode: true, accountCountry: 'US', connectedBy: 'owner@example.com' },
    );
    await saveDonationSettings(shop.db, shop.site.id, SETTINGS);
  });
  afterAll(async () => {
    await shop?.close();
    await stripe?.stop();
  });

  it('a one-time donation is one PaymentIntent of the amount; a repeated submit creates no other', async () => {
    const before = intentsCreated();
    const body = { amountCents: 2000, payment: { provider: 'stripe', paymentMethod: 'pm_card_visa' } };
    const first = await give(body, 'stripe-donation-0001');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().donation).toMatchObject({ status: 'paid', amountText: '$20.00' });
    const again = await give(body, 'stripe-donation-0001');
    expect(again.json().donation.id).toBe(first.json().donation.id);
    expect(intentsCreated()).toBe(before + 1);
    const [row] = await shop.db.select().from(donations).where(eq(donations.id, first.json().donation.id));
    const [details] = await shop.db.select().from(orderCheckoutDetails).where(eq(orderCheckoutDetails.orderId, row!.orderId!));
    const intentId = details!.payment.authorizationId as string;
    expect(intentId).toMatch(/^pi_/);
    const intent = await stripe.client().paymentIntents.retrieve(intentId);
    expect(intent).toMatchObject({ status: 'succeeded', amount: 2000, currency: 'usd' });
    const mails = await shop.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.websiteId, shop.site.id), eq(outbox.kind, 'donation-receipt')));
    expect(mails).toHaveLength(1);
  });

  it("a declined card is refused with Stripe's words and leaves the donation failed", async () => {
    const response = await give({ amountCents: 2000, payment: { provider: 'stripe', paymentMethod: 'pm_card_chargeDeclined' } }, 'stripe-donation-0002');
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/declined/i);
    const [row] = await shop.db.select().from(donations).where(eq(donations.idempotencyKey, 'stripe-donation-0002'));
    expect(row).toMatchObject({ status: 'failed', orderId: null });
  });

  it('a monthly donation keeps the method with a Stripe customer and renews off session', async () => {
    const response = await give(
      { amountCents: 1200, frequency: 'monthly', payment: { provider: 'stripe', paymentMethod: 'pm_card_visa' } },
      'stripe-donation-0003',
    );
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await shop.db.select().from(donations).where(eq(donations.id, response.json().donation.id));
    const sub = await reloadSubscription(shop.db, row!.subscriptionId!);
    expect(sub.paymentMethod).toMatchObject({ provider: 'stripe', methodRef: 'pm_card_visa' });
    expect(sub.paymentMethod.customerRef).toMatch(/^cus_/);
    const renewal = await renewSubscription(
      { db: shop.t.testDb.db, payments: shop.app.emporium.payments, config: shop.app.emporium.config },
      shop.site.id,
      sub.id,
      plusDays(sub.nextBillingAt!, 1),
    );
    expect(renewal).toMatchObject({ kind: 'paid', cycle: 2 });
    const charged = stripe.events().filter((e) => e.type === 'payment_intent.succeeded' && (e.data.object as { amount?: number }).amount === 1200);
    expect(charged).toHaveLength(2);
  });
});
