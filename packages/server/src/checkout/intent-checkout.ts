import { randomBytes, randomUUID } from 'node:crypto';
import { AddToCartMessages, money } from '@emporium/commerce';
import type { FastifyBaseLogger } from 'fastify';
import { cartEmptyError, findCart, listEntries, loadPricedCart, lockOpenCart, priceCart, useCoupon, type PricedCart } from '../cart/index.js';
import { paymentAttempts } from '../db/schema-payments.js';
import { takeStock } from '../db/stock.js';
import type { Db } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { recordStockMovements } from '../inventory/index.js';
import { loadOrderForPage } from '../orders/index.js';
import { StripeMessages } from '../payments/index.js';
import { StripePaymentProvider, type IntentOutcome } from '../payments/index.js';
import { absoluteUrl, type Website } from '../sites/index.js';
import type { CheckoutInput } from './checkout-input.js';
import { debitGiftCard, findGiftCard } from './gift-cards.js';
import { assertCheckoutAllowed } from './checkout-rules.js';
import { insertOrder, type OrderRecord } from './order-writer.js';
import {
  ATTEMPT_LIFETIME_MS,
  notePayment,
  openAttemptOfCart,
  setAttemptIntent,
  settlePaid,
  settleUnpaid,
  storedRecord,
  type PaymentAttempt,
} from './payment-attempts.js';
import {
  applyInputToCart,
  CART_CHANGED_MESSAGE,
  COUPON_USED_UP_MESSAGE,
  confirmationPath,
  GIFT_CARD_INVALID_MESSAGE,
  orderStatusPath,
  pricingKey,
  samePricing,
  stockNeeds,
  type CheckoutResponse,
} from './place-order.js';

/** Path of the order received page (page type 207): where a payment still being confirmed is followed. */
export function orderReceivedPath(orderId: string, statusToken: string): string {
  return `/checkout/order-received/${orderId}?token=${encodeURIComponent(statusToken)}`;
}

/** The checkout answer of a payment through a provider's intent. */
export interface IntentCheckoutResponse extends CheckoutResponse {
  payment: { status: 'succeeded' | 'requires_action' | 'processing'; clientSecret?: string };
  orderReceivedUrl: string;
}

/** What an intent checkout needs. */
export interface IntentCheckoutDeps {
  db: Db;
  stripe: StripePaymentProvider;
  log: FastifyBaseLogger;
  /** The site's canonical origin: Stripe's return URL and the mail's links. */
  origin: string;
  /** The language of the page the visitor checked out from (decision 0052); the cart's when unknown. */
  language?: string | undefined;
}

class AttemptTaken extends Error {}

/** Thrown before anything is written when a gift card pays the whole order: it is placed without a card payment. */
export class PaidByGiftCard extends Error {}

/** The part of an order a gift card pays: its balance, at most the order's total. */
export interface GiftCardPart {
  readonly id: string;
  readonly code: string;
  readonly amountCents: number;
}

/**
 * The part of `priced` the gift card named by `code` pays; refused with a clear message when
 * the code is unknown, spent or in another currency. Undefined without a code.
 */
export async function giftCardPart(db: Db, site: Website, code: string | null | undefined, priced: PricedCart): Promise<GiftCardPart | undefined> {
  if (!code) return undefined;
  const card = await findGiftCard(db, site.id, code);
  if (!card || card.balanceCents <= 0 || card.currency !== priced.currency) throw new AppError('VALIDATION_FAILED', GIFT_CARD_INVALID_MESSAGE);
  return { id: card.id, code: card.code, amountCents: Math.min(card.balanceCents, priced.grandTotalCents) };
}

function pricingHashOf(priced: PricedCart, input: CheckoutInput): string {
  return `${pricingKey(priced)}|${input.email}`;
}

async function answerOf(db: Db, site: Website, attempt: PaymentAttempt, outcome: IntentOutcome): Promise<IntentCheckoutResponse> {
  const order = await loadOrderForPage(db, site.id, attempt.orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Not found');
  const statusToken = String((attempt.orderRecord as { statusToken?: string }).statusToken ?? '');
  const status = outcome.status === 'succeeded' ? 'succeeded' : outcome.status === 'requires_action' ? 'requires_action' : 'processing';
  return {
    order,
    confirmationUrl: confirmationPath(attempt.orderId),
    statusUrl: orderStatusPath(attempt.orderId, statusToken),
    downloads: [],
    payment: { status, ...(status === 'succeeded' ? {} : { clientSecret: outcome.clientSecret }) },
    orderReceivedUrl: orderReceivedPath(attempt.orderId, statusToken),
  };
}

/**
 * Settles an attempt by its intent's outcome and answers the shopper: paid (the order is
 * completed), still to finish in the browser (3-D Secure, a redirect) or processing (both stay
 * pending, settled later by the webhook or the expiry job), or declined (the stock goes back,
 * the cart stays, and the provider's reason is a 422).
 */
async function settleAndAnswer(deps: IntentCheckoutDeps, site: Website, attempt: PaymentAttempt, outcome: IntentOutcome): Promise<IntentCheckoutResponse> {
  if (outcome.intentId) await setAttemptIntent(deps.db, site.id, attempt.id, outcome.intentId);
  if (outcome.status === 'succeeded') {
    await settlePaid(deps.db, site, attempt.id, outcome.summary);
  } else if (outcome.status === 'failed' || outcome.status === 'canceled') {
    await settleUnpaid(deps.db, site.id, attempt.id, 'failed', `Payment failed: ${outcome.failureMessage ?? outcome.status}`);
    throw new AppError('UNPROCESSABLE', outcome.failureMessage ?? StripeMessages.UNAVAILABLE);
  } else {
    await notePayment(deps.db, site.id, attempt.orderId, outcome.summary);
  }
  return answerOf(deps.db, site, attempt, outcome);
}

/** Writes the pending order and its attempt in one transaction: stock and coupons held, nothing mailed. */
async function openAttempt(
  db: Db,
  site: Website,
  cartId: string,
  priced: PricedCart,
  input: CheckoutInput,
  giftCard: GiftCardPart | undefined,
  now: Date,
  origin: string,
  language: string | undefined,
): Promise<PaymentAttempt> {
  const orderId = randomUUID().replace(/-/g, '');
  const statusToken = randomBytes(24).toString('base64url');
  return db.transaction(async (tx) => {
    const cart = await lockOpenCart(tx, site.id, cartId);
    if (!cart) throw cartEmptyError();
    if (await openAttemptOfCart(tx, site.id, cartId)) throw new AttemptTaken();
    const fresh = await priceCart(tx, site, cart, await listEntries(tx, site.id, cartId), now);
    if (!samePricing(priced, fresh)) throw new AppError('CONFLICT', CART_CHANGED_MESSAGE);
    const stock = stockNeeds(fresh);
    for (const [variantId, quantity] of stock) {
      const level = await takeStock(tx, site.id, variantId, quantity);
      if (!level) throw new AppError('INSUFFICIENT_STOCK', AddToCartMessages.NOT_ENOUGH_STOCK);
      if (!level.unlimited) await recordStockMovements(tx, site.id, [{ variantId, reason: 'order', change: -quantity, qtyAfter: level.qtyInStock, orderId }]);
    }
    const couponIds = [...fresh.couponResult.couponIds].sort();
    for (const couponId of couponIds) {
      if (!(await useCoupon(tx, site.id, couponId))) throw new AppError('CONFLICT', COUPON_USED_UP_MESSAGE);
    }
    // The gift card's part is held like the stock: given back if the card payment fails or expires.
    if (giftCard && !(await debitGiftCard(tx, site.id, giftCard.id, giftCard.amountCents))) throw new AppError('VALIDATION_FAILED', GIFT_CARD_INVALID_MESSAGE);
    const record: OrderRecord = {
      orderId,
      site,
      priced: fresh,
      input,
      testMode: false,
      giftCard: giftCard ?? null,
      payment: { amount: money(fresh.grandTotalCents - (giftCard?.amountCents ?? 0), fresh.currency), provider: 'stripe' },
      subscription: null,
      statusToken,
      origin,
      now,
      language: language ?? cart.language,
    };
    await insertOrder(tx, record, 'PENDING');
    const [attempt] = await tx
      .insert(paymentAttempts)
      .values({
        websiteId: site.id,
        cartId,
        orderId,
        provider: 'stripe',
        pricingHash: pricingHashOf(fresh, input),
        orderRecord: storedRecord(record),
        holds: { stock, couponIds, ...(giftCard ? { giftCard: { id: giftCard.id, amountCents: giftCard.amountCents } } : {}) },
        expiresAt: new Date(now.getTime() + ATTEMPT_LIFETIME_MS),
      })
      .onConflictDoNothing()
      .returning();
    if (!attempt) throw new AttemptTaken();
    return attempt;
  });
}

/**
 * Places an order paid through Stripe's PaymentIntents. One attempt per cart and pricing: the
 * pending order holds its stock while Stripe confirms the PaymentIntent, created with the
 * attempt's idempotency key, so a double submit, a retry after a timeout or a second tab reach
 * the same PaymentIntent and charge once. A cart that changed ends the old attempt first. The
 * order is paid only when Stripe says the payment succeeded (here or by webhook); a decline
 * gives the stock back and keeps the cart.
 */
export async function placeIntentOrder(
  deps: IntentCheckoutDeps,
  site: Website,
  cartId: string | undefined,
  input: CheckoutInput,
  now: Date = new Date(),
): Promise<IntentCheckoutResponse> {
  const { db, stripe } = deps;
  if (!cartId || !(await findCart(db, site.id, cartId))) throw cartEmptyError();
  const paymentMethod = input.payment?.details.paymentMethod;
  if (typeof paymentMethod !== 'string' || !/^pm_[A-Za-z0-9_]{1,200}$/.test(paymentMethod))
    throw new AppError('VALIDATION_FAILED', StripeMessages.PAYMENT_METHOD_REQUIRED);
  const open = await openAttemptOfCart(db, site.id, cartId);
  await applyInputToCart(db, site, cartId, input);
  const priced = await loadPricedCart(db, site, cartId, now);
  if (priced.lines.length === 0 && priced.unavailable.length === 0) throw cartEmptyError();
  assertCheckoutAllowed(site, priced, input);
  try {
    StripePaymentProvider.assertCurrency(priced.currency);
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', (error as Error).message);
  }
  const giftCard = await giftCardPart(db, site, input.giftCardCode, priced);
  if (giftCard && giftCard.amountCents >= priced.grandTotalCents) throw new PaidByGiftCard();

  let attempt = open;
  if (attempt && attempt.pricingHash !== pricingHashOf(priced, input)) {
    // The cart changed since the attempt began: end it first (its payment, if it went through, settles it).
    const ended = attempt.intentId ? await stripe.cancelIntent(attempt.intentId) : undefined;
    if (ended?.status === 'succeeded') return settleAndAnswer(deps, site, attempt, ended);
    await settleUnpaid(db, site.id, attempt.id, 'replaced', 'Checkout started again with a changed cart.');
    attempt = undefined;
  }
  if (attempt?.intentId) {
    const outcome = await stripe.intent(attempt.intentId);
    if (outcome.status !== 'failed' && outcome.status !== 'canceled') return settleAndAnswer(deps, site, attempt, outcome);
    await settleUnpaid(db, site.id, attempt.id, 'failed', `Payment failed: ${outcome.failureMessage ?? outcome.status}`);
    attempt = undefined;
  }
  if (!attempt) {
    try {
      attempt = await openAttempt(db, site, cartId, priced, input, giftCard, now, deps.origin, deps.language);
    } catch (error) {
      if (!(error instanceof AttemptTaken)) throw error;
      throw new AppError('CONFLICT', StripeMessages.PAYMENT_IN_PROGRESS);
    }
  }
  const held = attempt.holds.giftCard?.amountCents ?? 0;
  const amount = money(priced.grandTotalCents - held, priced.currency);
  const statusToken = String((attempt.orderRecord as { statusToken?: string }).statusToken ?? '');
  let outcome: IntentOutcome;
  try {
    outcome = await stripe.confirmIntent({
      amount,
      paymentMethod,
      returnUrl: absoluteUrl(deps.origin, orderReceivedPath(attempt.orderId, statusToken)),
      idempotencyKey: `checkout:${attempt.id}`,
      metadata: { websiteId: site.id, orderId: attempt.orderId, attemptId: attempt.id },
      email: input.email,
    });
  } catch (error) {
    const type = (error as { type?: string }).type;
    if ((error as { code?: string }).code === 'amount_too_small') {
      await settleUnpaid(db, site.id, attempt.id, 'failed', `Payment failed: ${StripeMessages.CARD_PART_TOO_SMALL}`);
      throw new AppError('VALIDATION_FAILED', StripeMessages.CARD_PART_TOO_SMALL);
    }
    // Another request with this attempt's key is with Stripe now, or came with other details.
    if (type === 'StripeIdempotencyError' || (error as { statusCode?: number }).statusCode === 409) {
      throw new AppError('CONFLICT', StripeMessages.PAYMENT_IN_PROGRESS);
    }
    deps.log.warn({ err: error, orderId: attempt.orderId }, 'Stripe could not be reached; the attempt stays open for a retry');
    throw new AppError('UNAVAILABLE', StripeMessages.UNAVAILABLE);
  }
  return settleAndAnswer(deps, site, attempt, outcome);
}
