import { randomBytes, randomUUID } from 'node:crypto';
import { AddToCartMessages, isStockedType, money, type SubscriptionPlan } from '@emporium/commerce';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { cartEmptyError, findCart, listEntries, loadPricedCart, lockOpenCart, priceCart, updateCart, useCoupon, type PricedCart } from '../cart/index.js';
import { orders } from '../db/schema.js';
import { takeStock } from '../db/stock.js';
import type { Db, DbOrTx } from '../db/types.js';
import type { DownloadLink } from '../downloads/index.js';
import { AppError } from '../errors/index.js';
import { loadOrderForPage, type OrderJson } from '../orders/index.js';
import type { PaymentProvider, SavedPaymentMethod } from '../payments/index.js';
import type { Website } from '../sites/index.js';
import type { CheckoutInput } from './checkout-input.js';
import { assertCheckoutAllowed } from './checkout-rules.js';
import { debitGiftCard, findGiftCard } from './gift-cards.js';
import { IDEMPOTENCY_MISMATCH } from '../http/idempotency-key.js';
import { claimKey, findStoredResponse, storeResponse } from './idempotency.js';
import { writeOrder } from './order-writer.js';
import { recordStockMovements } from '../inventory/index.js';

/** Message when the cart changed between pricing and placing the order. */
export const CART_CHANGED_MESSAGE = 'Your cart changed while you were checking out. Please review it and try again.';
/** Message for a gift card code this site does not know (or with nothing left). */
export const GIFT_CARD_INVALID_MESSAGE = 'This gift card code is not valid.';
/** Message when a coupon ran out between pricing and placing the order. */
export const COUPON_USED_UP_MESSAGE = 'This coupon is no longer available.';

/** What checkout needs besides the database. */
export interface CheckoutDeps {
  db: Db;
  providers: ReadonlyMap<string, PaymentProvider>;
  log: FastifyBaseLogger;
  /** Origin of the links in the confirmation mail (the origin the visitor checked out on). */
  origin?: string;
  /** The language of the page the visitor checked out from (decision 0052); the cart's when unknown. */
  language?: string | undefined;
}

/** The checkout response body. */
export interface CheckoutResponse {
  order: OrderJson;
  confirmationUrl: string;
  /** Unguessable link of the order status page (page type 211). */
  statusUrl: string;
  /** Download links of the order's digital products (empty when there are none). */
  downloads: DownloadLink[];
}

/** What an order records besides the cart: the plan of a subscription cart, and its free trial. */
export interface OrderOptions {
  subscription?: SubscriptionPlan;
  /**
   * Days of a free trial of the subscription: the card is checked and kept (the provider's
   * `saveMethod`), nothing is charged, the order's total is 0, and the first charge is the
   * first renewal when the trial ends.
   */
  trialDays?: number;
}

/** Message when the provider cannot keep a card without charging it (a free trial). */
export const TRIAL_NOT_SUPPORTED_MESSAGE = 'This payment method cannot start a free trial.';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The cart as a free trial's order records it: the lines at their price, all of it off, a total of 0. */
function trialPricing(priced: PricedCart): PricedCart {
  return { ...priced, taxCents: 0, shippingCostCents: 0, discountCents: priced.subtotalCents, grandTotalCents: 0 };
}

/** Result of {@link placeOrder}; `replayed` when an earlier response was returned for the key. */
export interface PlaceOrderResult {
  body: CheckoutResponse;
  replayed: boolean;
}

class KeyTaken extends Error {}

/** Path of the order-confirmed page (page type 202). */
export function confirmationPath(orderId: string): string {
  return `/checkout/order-confirmed/${orderId}`;
}

/** Path of the order status page (page type 211): the order id and its secret token. */
export function orderStatusPath(orderId: string, statusToken: string): string {
  return `/checkout/order-status/${orderId}?token=${encodeURIComponent(statusToken)}`;
}

/** Applies the checkout's coupons, shipping location and option to the cart before pricing. */
export async function applyInputToCart(db: DbOrTx, site: Website, cartId: string, input: CheckoutInput): Promise<void> {
  await updateCart(db, site.id, cartId, {
    ...(input.couponCodes ? { coupons: input.couponCodes } : {}),
    ...(input.shippingAddress
      ? { shippingLocation: { country: input.shippingAddress.country, region: input.shippingAddress.region, postalCode: input.shippingAddress.postalCode } }
      : {}),
    ...(input.shippingOptionId ? { selectedShippingOption: { id: input.shippingOptionId } } : {}),
  });
}

/** Units to take per stocked variant, in a fixed order (so concurrent checkouts lock rows alike). */
export function stockNeeds(priced: PricedCart): Array<[string, number]> {
  const byVariant = new Map<string, number>();
  for (const line of priced.lines) {
    if (!isStockedType(line.product.productType)) continue;
    byVariant.set(line.variant.id, (byVariant.get(line.variant.id) ?? 0) + line.entry.quantity);
  }
  return [...byVariant.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** What a price check compares: the total, each line's quantity and price, and what is unavailable. */
export function pricingKey(p: PricedCart): string {
  return JSON.stringify([p.currency, p.grandTotalCents, p.lines.map((l) => [l.entry.id, l.entry.quantity, l.unitPriceCents]), p.unavailable.length]);
}

/** True when two pricings of a cart agree on {@link pricingKey}. */
export function samePricing(a: PricedCart, b: PricedCart): boolean {
  return pricingKey(a) === pricingKey(b);
}

async function replay(db: Db, siteId: string, scope: string, key: string, hash: string): Promise<PlaceOrderResult | undefined> {
  const stored = await findStoredResponse(db, siteId, scope, key);
  if (!stored) return undefined;
  if (stored.requestHash !== hash) throw new AppError('UNPROCESSABLE', IDEMPOTENCY_MISMATCH);
  if (stored.body === null || stored.body === undefined) throw new AppError('CONFLICT', 'A checkout with this Idempotency-Key is still in progress.');
  const body = stored.body as Omit<CheckoutResponse, 'downloads'> & { downloads?: CheckoutResponse['downloads'] };
  // Answers stored before orders had download links carry none.
  return { body: { ...body, downloads: body.downloads ?? [] }, replayed: true };
}

/**
 * Places an order for the visitor's cart in test or live mode: prices the cart, checks the
 * rules, authorizes payment, then in ONE transaction claims the idempotency key, locks the
 * cart, re-prices it, takes stock with guarded decrements (never below zero), counts coupon
 * uses, debits the gift card, writes the order and marks the cart purchased. The payment is
 * captured after commit and voided on any failure. The same `idempotencyKey` for the same
 * cart returns the first response without charging or taking stock again. A subscription
 * cart's order records its plan (`options.subscription`); its payment method is kept with the
 * provider and its subscription starts in the order's transaction.
 */
export async function placeOrder(
  deps: CheckoutDeps,
  site: Website,
  cartId: string | undefined,
  input: CheckoutInput,
  idempotency: { key: string; hash: string } | undefined,
  now: Date = new Date(),
  options: OrderOptions = {},
): Promise<PlaceOrderResult> {
  const { db } = deps;
  if (!cartId) throw cartEmptyError();
  const scope = `checkout:${cartId}`;
  if (idempotency) {
    const earlier = await replay(db, site.id, scope, idempotency.key, idempotency.hash);
    if (earlier) return earlier;
  }
  // A concurrent duplicate may have placed the order since the replay check: its purchased
  // cart then reads as empty, so the stored response is looked up again before refusing.
  const emptyOrReplay = async (): Promise<PlaceOrderResult> => {
    const earlier = idempotency ? await replay(db, site.id, scope, idempotency.key, idempotency.hash) : undefined;
    if (earlier) return earlier;
    throw cartEmptyError();
  };
  if (!(await findCart(db, site.id, cartId))) return emptyOrReplay();
  await applyInputToCart(db, site, cartId, input);
  const priced = await loadPricedCart(db, site, cartId, now);
  if (priced.lines.length === 0 && priced.unavailable.length === 0) return emptyOrReplay();
  assertCheckoutAllowed(site, priced, input);

  let giftCard: { id: string; code: string; amountCents: number } | null = null;
  if (input.giftCardCode) {
    const card = await findGiftCard(db, site.id, input.giftCardCode);
    if (!card || card.balanceCents <= 0 || card.currency !== priced.currency) throw new AppError('VALIDATION_FAILED', GIFT_CARD_INVALID_MESSAGE);
    giftCard = { id: card.id, code: card.code, amountCents: Math.min(card.balanceCents, priced.grandTotalCents) };
  }
  const amountDue = priced.grandTotalCents - (giftCard?.amountCents ?? 0);
  const orderId = randomUUID().replace(/-/g, '');
  const statusToken = randomBytes(24).toString('base64url');
  let provider: PaymentProvider | undefined;
  let authorizationId: string | undefined;
  let payment: Record<string, unknown> = { amount: money(amountDue, priced.currency) };
  let savedMethod: SavedPaymentMethod | undefined;
  const trialDays = options.subscription && options.trialDays && options.trialDays > 0 ? options.trialDays : 0;
  const trial = trialDays > 0 ? { days: trialDays, endsAt: new Date(now.getTime() + trialDays * DAY_MS).toISOString(), amountCents: amountDue } : null;
  if (trial) {
    if (giftCard) throw new AppError('VALIDATION_FAILED', GIFT_CARD_INVALID_MESSAGE);
    if (!input.payment) throw new AppError('VALIDATION_FAILED', 'Payment details are required.');
    provider = deps.providers.get(input.payment.provider);
    if (!provider) throw new AppError('VALIDATION_FAILED', `Payment provider '${input.payment.provider}' is not available.`);
    if (provider.testMode && site.settings.commerce.testMode === false)
      throw new AppError('VALIDATION_FAILED', 'Test payments are not accepted by this store.');
    if (!provider.saveMethod) throw new AppError('VALIDATION_FAILED', TRIAL_NOT_SUPPORTED_MESSAGE);
    const kept = await provider.saveMethod({ details: input.payment.details, orderId, email: input.email });
    if (!kept.ok) throw new AppError('UNPROCESSABLE', kept.message);
    savedMethod = kept.savedMethod;
    payment = { amount: money(0, priced.currency), ...kept.summary, trial };
  } else if (amountDue > 0) {
    if (!input.payment) throw new AppError('VALIDATION_FAILED', 'Payment details are required.');
    provider = deps.providers.get(input.payment.provider);
    if (!provider) throw new AppError('VALIDATION_FAILED', `Payment provider '${input.payment.provider}' is not available.`);
    if (provider.testMode && site.settings.commerce.testMode === false) {
      throw new AppError('VALIDATION_FAILED', 'Test payments are not accepted by this store.');
    }
    const keep = options.subscription ? { saveForLater: true, email: input.email } : {};
    const auth = await provider.authorize({ amount: money(amountDue, priced.currency), details: input.payment.details, orderId, ...keep });
    if (!auth.ok) throw new AppError('UNPROCESSABLE', auth.message);
    savedMethod = auth.savedMethod;
    authorizationId = auth.authorizationId;
    payment = { ...payment, ...auth.summary, authorizationId };
  }
  const testMode = provider ? provider.testMode : site.settings.commerce.testMode !== false;

  let body: CheckoutResponse;
  try {
    body = await db.transaction(async (tx) => {
      if (idempotency && !(await claimKey(tx, site.id, scope, idempotency.key, idempotency.hash))) throw new KeyTaken();
      const cart = await lockOpenCart(tx, site.id, cartId);
      if (!cart) throw cartEmptyError();
      const fresh = await priceCart(tx, site, cart, await listEntries(tx, site.id, cartId), now);
      if (!samePricing(priced, fresh)) throw new AppError('CONFLICT', CART_CHANGED_MESSAGE);
      for (const [variantId, quantity] of stockNeeds(fresh)) {
        const level = await takeStock(tx, site.id, variantId, quantity);
        if (!level) throw new AppError('INSUFFICIENT_STOCK', AddToCartMessages.NOT_ENOUGH_STOCK);
        if (!level.unlimited) await recordStockMovements(tx, site.id, [{ variantId, reason: 'order', change: -quantity, qtyAfter: level.qtyInStock, orderId }]);
      }
      for (const couponId of [...fresh.couponResult.couponIds].sort()) {
        if (!(await useCoupon(tx, site.id, couponId))) throw new AppError('CONFLICT', COUPON_USED_UP_MESSAGE);
      }
      if (giftCard && !(await debitGiftCard(tx, site.id, giftCard.id, giftCard.amountCents))) {
        throw new AppError('CONFLICT', GIFT_CARD_INVALID_MESSAGE);
      }
      const { downloads } = await writeOrder(tx, {
        orderId,
        site,
        priced: trial ? trialPricing(fresh) : fresh,
        trial,
        input,
        testMode,
        giftCard,
        payment,
        subscription: options.subscription ?? null,
        ...(savedMethod ? { savedMethod } : {}),
        statusToken,
        now,
        ...(deps.origin ? { origin: deps.origin } : {}),
        language: deps.language ?? cart.language,
      });
      const order = await loadOrderForPage(tx, site.id, orderId);
      const response: CheckoutResponse = {
        order: order!,
        confirmationUrl: confirmationPath(orderId),
        statusUrl: orderStatusPath(orderId, statusToken),
        downloads,
      };
      if (!idempotency) return response;
      await storeResponse(tx, site.id, scope, idempotency.key, 200, response);
      const stored = await findStoredResponse(tx, site.id, scope, idempotency.key);
      return stored!.body as CheckoutResponse;
    });
  } catch (error) {
    if (provider && authorizationId) await provider.void(authorizationId);
    if (error instanceof KeyTaken && idempotency) {
      const earlier = await replay(db, site.id, scope, idempotency.key, idempotency.hash);
      if (earlier) return earlier;
    }
    throw error;
  }
  if (provider && authorizationId) {
    try {
      await provider.capture(authorizationId);
    } catch (error) {
      deps.log.error({ err: error, orderId }, 'payment capture failed after the order was written');
      await db
        .update(orders)
        .set({ status: 'PAYMENT_FAILED', paymentStatus: 'failed' })
        .where(and(eq(orders.websiteId, site.id), eq(orders.id, orderId)));
    }
  }
  return { body, replayed: false };
}
