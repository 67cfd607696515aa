import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCards, orderCheckoutDetails, orders, variants } from '../db/schema.js';
import { saveStripeAccount, StripeMessages, type StripePaymentProvider } from '../payments/index.js';
import { ADDRESS, addProduct, createShop, unlimitedStore, type Shop } from '../../test-support/commerce-test-kit.js';
import { startStripeEmulator, type StripeEmulator } from '../../test-support/stripe-emulator.js';
import { expiredAttempts } from './payment-attempts.js';
import { GIFT_CARD_INVALID_MESSAGE } from './place-order.js';
import { expireAttempt } from './stripe-settlement.js';

// Issue "Real money": a gift card pays part of an order and Stripe the rest (money exact, held
// like stock until the card payment settles), against the local Stripe emulator.
const WEBHOOK_SECRET = 'whsec_emulatorgiftcards123';
const SEALING_KEY = randomBytes(32).toString('hex');

describe('a gift card with a Stripe card payment (emulator)', () => {
  let stripe: StripeEmulator;
  let shop: Shop;
  let product: { itemId: string; variantIds: Record<string, string> };
  let serial = 0;

  const balance = async (code: string) => (await shop.db.select({ b: giftCards.balanceCents }).from(giftCards).where(eq(giftCards.code, code)))[0]!.b;
  const stock = async () => (await shop.db.select({ q: variants.qtyInStock }).from(variants).where(eq(variants.id, product.variantIds.LAMP!)))[0]!.q;
  const giftPart = async (orderId: string) =>
    (await shop.db.select({ cents: orderCheckoutDetails.giftCardCents }).from(orderCheckoutDetails).where(eq(orderCheckoutDetails.orderId, orderId)))[0]!.cents;
  const newCard = async (cents: number, currency = 'USD') => {
    serial += 1;
    const code = `GIFT-CARD-TEST-${String(serial).padStart(4, '0')}`;
    await shop.db.insert(giftCards).values({ websiteId: shop.site.id, code, currency, initialCents: cents, balanceCents: cents });
    return code;
  };
  const pay = (giftCardCode: string, paymentMethod = 'pm_card_visa') => ({
    email: 'grace@example.com',
    shippingAddress: ADDRESS,
    giftCardCode,
    payment: { provider: 'stripe', paymentMethod },
  });
  const intentAmounts = () =>
    stripe
      .events()
      .filter((e) => e.type === 'payment_intent.created')
      .map((e) => e.data.object.amount);

  beforeAll(async () => {
    stripe = await startStripeEmulator();
    shop = await createShop({ rateLimitStore: unlimitedStore, config: { stripeApiUrl: stripe.url, sealingKey: SEALING_KEY } });
    product = await addProduct(shop.db, shop.site.id, { title: 'Lamp', variants: [{ sku: 'LAMP', priceCents: 4200, qtyInStock: 30 }] });
    await saveStripeAccount(
      shop.db,
      Buffer.from(SEALING_KEY, 'hex'),
      shop.site.id,
      { publishableKey: 'pk_test_emulatorgift1', secretKey: 'sk_test_emulatorgift1', webhookSecret: WEBHOOK_SECRET },
      { testMode: true, accountCountry: 'US', connectedBy: 'owner@example.com' },
    );
  });
  afterAll(async () => {
    await shop?.close();
    await stripe?.stop();
  });

  it('charges the card only what the gift card leaves, and the order records both', async () => {
    const code = await newCard(1500);
    const visitor = shop.visitor();
    await visitor.add(product.itemId, 'LAMP', 1);
    const response = await visitor.checkout(pay(code));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.payment).toEqual({ status: 'succeeded' });
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, body.order.id));
    expect(order).toMatchObject({ status: 'PAID', paymentStatus: 'paid' });
    expect(await giftPart(order!.id)).toBe(1500);
    expect(intentAmounts().at(-1)).toBe(order!.grandTotalCents - 1500);
    expect(await balance(code)).toBe(0);
  });

  it('gives the gift card its part back, with the stock, when the card is declined', async () => {
    const code = await newCard(1000);
    const visitor = shop.visitor();
    await visitor.add(product.itemId, 'LAMP', 1);
    const before = await stock();
    const declined = await visitor.checkout(pay(code, 'pm_card_chargeDeclined'));
    expect(declined.statusCode).toBe(422);
    expect(await balance(code)).toBe(1000);
    expect(await stock()).toBe(before);
    // The cart is kept: the next card pays.
    const paid = await visitor.checkout(pay(code));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await balance(code)).toBe(0);
  });

  it('gives the gift card its part back when the attempt expires unpaid', async () => {
    const code = await newCard(700);
    const visitor = shop.visitor();
    await visitor.add(product.itemId, 'LAMP', 1);
    const body = (await visitor.checkout(pay(code, 'pm_card_threeDSecure2Required'))).json();
    expect(body.payment.status).toBe('requires_action');
    expect(await balance(code)).toBe(0);
    const due = (await expiredAttempts(shop.db, new Date(Date.now() + 31 * 60_000))).filter((a) => a.orderId === body.order.id);
    const provider = (await shop.app.emporium.payments.get(shop.site, 'stripe')) as StripePaymentProvider;
    expect(await expireAttempt(shop.db as never, shop.site, due[0]!, provider)).toBe('expired');
    expect(await balance(code)).toBe(700);
  });

  it(`refuses a card part under Stripe's least charge with '${StripeMessages.CARD_PART_TOO_SMALL}', giving the gift card back`, async () => {
    const visitor = shop.visitor();
    await visitor.add(product.itemId, 'LAMP', 1);
    const cart = await visitor.cart();
    const total = (cart.shoppingCart ?? cart).grandTotalCents as number;
    expect(total).toBeGreaterThan(20);
    const code = await newCard(total - 20);
    const refused = await visitor.checkout(pay(code));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(StripeMessages.CARD_PART_TOO_SMALL);
    expect(await balance(code)).toBe(total - 20);
  });

  it('places an order the gift card pays in full without any PaymentIntent', async () => {
    const code = await newCard(100_000);
    const visitor = shop.visitor();
    await visitor.add(product.itemId, 'LAMP', 1);
    const intents = intentAmounts().length;
    const response = await visitor.checkout(pay(code));
    expect(response.statusCode, response.body).toBe(200);
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, response.json().order.id));
    expect(order).toMatchObject({ status: 'PAID' });
    expect(await giftPart(order!.id)).toBe(order!.grandTotalCents);
    expect(intentAmounts()).toHaveLength(intents);
    expect(await balance(code)).toBe(100_000 - order!.grandTotalCents);
  });

  it(`refuses a code it does not know, or of another currency: '${GIFT_CARD_INVALID_MESSAGE}'`, async () => {
    const euro = await newCard(1000, 'EUR');
    const visitor = shop.visitor();
    await visitor.add(product.itemId, 'LAMP', 1);
    for (const code of ['NOPE-NOPE-NOPE-NOPE', euro]) {
      const refused = await visitor.checkout(pay(code));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(GIFT_CARD_INVALID_MESSAGE);
    }
    expect(await balance(euro)).toBe(1000);
  });
});
