import { and, eq, inArray, sql } from 'drizzle-orm';
import { returnStock, takeStock } from '../db/stock.js';
import { coupons, giftCards, orderCheckoutDetails, orders } from '../db/schema.js';
import { orderEvents } from '../db/schema-orders.js';
import { paymentAttempts, type PaymentAttemptStatus } from '../db/schema-payments.js';
import type { Db, DbOrTx } from '../db/types.js';
import { recordStockMovements } from '../inventory/index.js';
import type { Website } from '../sites/index.js';
import { debitGiftCard } from './gift-cards.js';
import { completeOrder, type OrderRecord } from './order-writer.js';

/** A payment attempt row. */
export type PaymentAttempt = typeof paymentAttempts.$inferSelect;

/** How long an attempt holds its stock while the provider has not answered: 30 minutes. */
export const ATTEMPT_LIFETIME_MS = 30 * 60_000;

/** The order record kept with an attempt, as JSON (dates as ISO strings). */
export function storedRecord(record: OrderRecord): Record<string, unknown> {
  const { site: _site, now, ...rest } = record;
  return JSON.parse(JSON.stringify({ ...rest, now: (now ?? new Date()).toISOString() })) as Record<string, unknown>;
}

function recordOf(site: Website, stored: Record<string, unknown>): OrderRecord {
  return { ...(stored as unknown as Omit<OrderRecord, 'site' | 'now'>), site, now: new Date(String(stored.now)) };
}

async function lockAttempt(tx: DbOrTx, websiteId: string, attemptId: string): Promise<PaymentAttempt | undefined> {
  const [row] = await tx
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.websiteId, websiteId), eq(paymentAttempts.id, attemptId)))
    .for('update');
  return row;
}

/** The attempt of a provider's intent, or undefined. */
export async function attemptOfIntent(db: DbOrTx, websiteId: string, provider: string, intentId: string): Promise<PaymentAttempt | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.websiteId, websiteId), eq(paymentAttempts.provider, provider), eq(paymentAttempts.intentId, intentId)));
  return row;
}

/** The cart's open attempt, or undefined. */
export async function openAttemptOfCart(db: DbOrTx, websiteId: string, cartId: string): Promise<PaymentAttempt | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.websiteId, websiteId), eq(paymentAttempts.cartId, cartId), eq(paymentAttempts.status, 'pending')));
  return row;
}

/** Records the provider's intent id on an attempt (once). */
export async function setAttemptIntent(db: DbOrTx, websiteId: string, attemptId: string, intentId: string): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ intentId, updatedAt: new Date() })
    .where(and(eq(paymentAttempts.websiteId, websiteId), eq(paymentAttempts.id, attemptId), eq(paymentAttempts.intentId, '')));
}

async function releaseHolds(tx: DbOrTx, websiteId: string, attempt: PaymentAttempt): Promise<void> {
  for (const [variantId, quantity] of attempt.holds.stock) {
    const level = await returnStock(tx, websiteId, variantId, quantity);
    if (level && !level.unlimited) {
      await recordStockMovements(tx, websiteId, [{ variantId, reason: 'cancel', change: quantity, qtyAfter: level.qtyInStock, orderId: attempt.orderId }]);
    }
  }
  if (attempt.holds.couponIds.length > 0) {
    await tx
      .update(coupons)
      .set({ timesUsed: sql`greatest(${coupons.timesUsed} - 1, 0)` })
      .where(and(eq(coupons.websiteId, websiteId), inArray(coupons.id, attempt.holds.couponIds)));
  }
  const card = attempt.holds.giftCard;
  if (card && card.amountCents > 0) {
    await tx
      .update(giftCards)
      .set({ balanceCents: sql`${giftCards.balanceCents} + ${card.amountCents}` })
      .where(and(eq(giftCards.websiteId, websiteId), eq(giftCards.id, card.id)));
  }
}

/**
 * Takes an ended attempt's stock and gift card part again when its payment arrives late; false
 * when some stock ran out or the gift card no longer holds its part.
 */
async function retakeHolds(tx: DbOrTx, websiteId: string, attempt: PaymentAttempt): Promise<boolean> {
  const card = attempt.holds.giftCard;
  let complete = !card || (await debitGiftCard(tx, websiteId, card.id, card.amountCents));
  for (const [variantId, quantity] of attempt.holds.stock) {
    const level = await takeStock(tx, websiteId, variantId, quantity);
    if (!level) complete = false;
    else if (!level.unlimited) {
      await recordStockMovements(tx, websiteId, [{ variantId, reason: 'order', change: -quantity, qtyAfter: level.qtyInStock, orderId: attempt.orderId }]);
    }
  }
  return complete;
}

/**
 * Settles an attempt as paid, once: completes its order (gift cards, downloads, mail, cart
 * purchased). A payment that arrives after the attempt had failed or expired still counts (the
 * money was taken): its stock is taken again and, when some ran out, the order's timeline says so
 * for the owner to restock or refund. Answers false when it was already paid.
 */
export async function settlePaid(db: Db, site: Website, attemptId: string, payment: Record<string, unknown>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, site.id, attemptId);
    if (!attempt || attempt.status === 'succeeded') return false;
    const late = attempt.status !== 'pending';
    if (late) {
      const stocked = await retakeHolds(tx, site.id, attempt);
      await tx
        .update(orders)
        .set({ status: 'PENDING' })
        .where(and(eq(orders.websiteId, site.id), eq(orders.id, attempt.orderId)));
      await tx.insert(orderEvents).values({
        websiteId: site.id,
        orderId: attempt.orderId,
        kind: 'NOTE',
        message: stocked
          ? 'The payment arrived after the checkout had ended; the order was placed.'
          : 'The payment arrived after the checkout had ended and some of what it held was gone meanwhile (items ran out or the gift card was spent): restock, charge or refund.',
        actor: null,
      });
    }
    const record = recordOf(site, attempt.orderRecord);
    const [order] = await tx
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(and(eq(orders.websiteId, site.id), eq(orders.id, attempt.orderId)));
    if (!order) return false;
    await completeOrder(tx, { ...record, payment: { ...record.payment, ...payment } }, order.orderNumber);
    await tx.update(paymentAttempts).set({ status: 'succeeded', updatedAt: new Date() }).where(eq(paymentAttempts.id, attempt.id));
    return true;
  });
}

/**
 * Ends a pending attempt whose payment failed, expired or was replaced: its stock and coupon
 * uses go back, its order is marked failed (or cancelled when replaced), and the cart stays open
 * for another try. Answers false when the attempt had already ended.
 */
export async function settleUnpaid(
  db: Db,
  websiteId: string,
  attemptId: string,
  outcome: Exclude<PaymentAttemptStatus, 'pending' | 'succeeded'>,
  message: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, websiteId, attemptId);
    if (!attempt || attempt.status !== 'pending') return false;
    await releaseHolds(tx, websiteId, attempt);
    await tx
      .update(orders)
      .set({ status: outcome === 'replaced' ? 'CANCELLED' : 'PAYMENT_FAILED', paymentStatus: 'failed' })
      .where(and(eq(orders.websiteId, websiteId), eq(orders.id, attempt.orderId), eq(orders.status, 'PENDING')));
    await tx.insert(orderEvents).values({ websiteId, orderId: attempt.orderId, kind: 'NOTE', message, actor: null });
    await tx.update(paymentAttempts).set({ status: outcome, updatedAt: new Date() }).where(eq(paymentAttempts.id, attempt.id));
    return true;
  });
}

/** Pending attempts past their lifetime, oldest first (for the expiry job). */
export async function expiredAttempts(db: DbOrTx, now: Date, limit = 100): Promise<PaymentAttempt[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.status, 'pending'), sql`${paymentAttempts.expiresAt} <= ${now}`))
    .orderBy(paymentAttempts.expiresAt)
    .limit(limit);
}

/** Keeps the provider's payment facts (card brand, last four, intent id) on the order's checkout details. */
export async function notePayment(db: DbOrTx, websiteId: string, orderId: string, payment: Record<string, unknown>): Promise<void> {
  await db
    .update(orderCheckoutDetails)
    .set({ payment: sql`${orderCheckoutDetails.payment} || ${JSON.stringify(payment)}::jsonb` })
    .where(and(eq(orderCheckoutDetails.websiteId, websiteId), eq(orderCheckoutDetails.orderId, orderId)));
}
