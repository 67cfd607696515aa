import { randomUUID } from 'node:crypto';
import { formatMoney, money } from '@emporium/commerce';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { orderCheckoutDetails, orders } from '../db/schema.js';
import { orderEvents, orderRefunds, type RefundState } from '../db/schema-orders.js';
import type { Db, DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { recordAuditAs, type AuditActor } from '../owner-accounts/index.js';
import type { PaymentProvider, PaymentProviders, ProviderRefundResult } from '../payments/index.js';
import { getWebsite, type Website } from '../sites/index.js';
import { loadOrderDetail, refundSumsOf, type OrderDetail } from './order-detail-repository.js';
import { ORDER_NOT_FOUND_MESSAGE, OrderMessages } from './order-messages.js';
import { isPaidByProvider, providerPaymentOf, refundLimitCents, type ProviderPayment } from './order-payment.js';

/** What refunds need besides the order: the database, the site's providers, and how to retry later. */
export interface RefundDeps {
  db: Db;
  payments: PaymentProviders;
  log: FastifyBaseLogger;
  /** Asks for a pending refund to be retried in the background (the refund retry job). */
  retryLater: (websiteId: string, refundId: string) => Promise<void>;
}

/** What the owner asks to refund. */
export interface RefundRequest {
  /** Minor units to refund; absent refunds everything not yet refunded. */
  amountCents?: number;
  /** Refunds given or under way as the owner saw them; a refund is refused when they have changed since. */
  expectedRefundedCents: number;
  reason: string;
}

/** A refund's outcome for the owner: the order afterwards, and whether the provider has paid it out yet. */
export interface RefundOutcome {
  order: OrderDetail;
  /** `succeeded`, or `pending` when the provider did not answer (the retry job finishes it). */
  state: Exclude<RefundState, 'failed'>;
}

type RefundRow = typeof orderRefunds.$inferSelect;

/** An order with what its provider took, read (and locked with `lock`) for a refund. */
async function refundableOrder(db: DbOrTx, websiteId: string, orderId: string, lock: boolean) {
  const query = db
    .select({ order: orders, payment: orderCheckoutDetails.payment })
    .from(orders)
    .leftJoin(orderCheckoutDetails, and(eq(orderCheckoutDetails.websiteId, orders.websiteId), eq(orderCheckoutDetails.orderId, orders.id)))
    .where(and(eq(orders.websiteId, websiteId), eq(orders.id, orderId)));
  const [row] = lock ? await query.for('update', { of: orders }) : await query;
  if (!row) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
  const payment = providerPaymentOf(row.payment);
  return { order: row.order, payment, limit: refundLimitCents(row.order.grandTotalCents, payment) };
}

function assertPaid(status: string): void {
  if (status === 'PENDING' || status === 'PAYMENT_FAILED') throw new AppError('CONFLICT', OrderMessages.REFUND_UNPAID);
}

/** The provider that took the order's payment, as the site may use it now; refused with a clear message otherwise. */
async function providerFor(payments: PaymentProviders, site: Website, payment: ProviderPayment): Promise<{ provider: PaymentProvider; paymentRef: string }> {
  if (!payment.provider || !payment.paymentRef) throw new AppError('UNPROCESSABLE', OrderMessages.REFUND_NO_PAYMENT_REFERENCE);
  const provider = await payments.get(site, payment.provider);
  if (!provider) throw new AppError('UNPROCESSABLE', OrderMessages.refundProviderUnavailable(payment.provider));
  return { provider, paymentRef: payment.paymentRef };
}

/**
 * Refunds part or all of an order, through the provider that took its payment. Three steps:
 * 1. One transaction with the order row locked checks what is left, counting succeeded AND
 *    pending refunds, and writes the refund `pending` with a fresh idempotency key. Two refunds
 *    of one order at once run one after the other, so together they never exceed the payment.
 * 2. The provider is asked with that key, outside any transaction.
 * 3. A second transaction marks the refund succeeded or failed (a failed one frees its amount).
 * When the provider does not answer, the refund stays pending and is retried in the background
 * with the same key, so it pays out once. An order no provider took money for (a gift card
 * paid it all) is refunded in step 1 alone.
 */
export async function refundOrder(deps: RefundDeps, site: Website, orderId: string, request: RefundRequest, actor: AuditActor): Promise<RefundOutcome> {
  const { db } = deps;
  const before = await refundableOrder(db, site.id, orderId, false);
  assertPaid(before.order.status);
  const viaProvider = isPaidByProvider(before.payment) ? await providerFor(deps.payments, site, before.payment) : null;
  const refund = await db.transaction(async (tx) => {
    const { order, limit } = await refundableOrder(tx, site.id, orderId, true);
    assertPaid(order.status);
    const sums = await refundSumsOf(tx, site.id, orderId);
    if (sums.succeeded + sums.pending !== request.expectedRefundedCents) {
      throw new AppError('CONFLICT', sums.pending > 0 ? OrderMessages.REFUND_IN_PROGRESS : OrderMessages.REFUNDS_CHANGED);
    }
    const left = limit - sums.succeeded - sums.pending;
    if (left <= 0) throw new AppError('CONFLICT', OrderMessages.REFUNDED_IN_FULL);
    const amount = request.amountCents ?? left;
    if (amount > left) {
      const message = OrderMessages.refundTooLarge(formatMoney(money(left, order.currency), site.settings.locale));
      throw new AppError('VALIDATION_FAILED', message, { body: { fields: { amountCents: message } } });
    }
    const [row] = await tx
      .insert(orderRefunds)
      .values({
        websiteId: site.id,
        orderId,
        amountCents: amount,
        reason: request.reason,
        actor: actor.email,
        state: 'pending',
        provider: viaProvider?.provider.id ?? null,
        idempotencyKey: `refund_${randomUUID().replace(/-/g, '')}`,
      })
      .returning();
    if (!viaProvider) await markSettled(tx, site, row!, { ok: true, refundId: null }, actor);
    return row!;
  });
  if (!viaProvider) return { order: await detailOf(db, site.id, orderId), state: 'succeeded' };

  let result: ProviderRefundResult;
  try {
    result = await viaProvider.provider.refund({
      paymentRef: viaProvider.paymentRef,
      amount: money(refund.amountCents, before.order.currency),
      idempotencyKey: refund.idempotencyKey,
    });
  } catch (error) {
    deps.log.warn({ err: error, orderId, refundId: refund.id }, 'payment provider did not answer a refund; it stays pending and is retried');
    await deps.retryLater(site.id, refund.id).catch((queueError: unknown) => {
      deps.log.error({ err: queueError, refundId: refund.id }, 'could not queue the refund retry; the pending refund sweep will find it');
    });
    return { order: await detailOf(db, site.id, orderId), state: 'pending' };
  }
  const state = await settleRefund(db, site, refund.id, result, actor);
  if (!result.ok) throw new AppError('UNPROCESSABLE', OrderMessages.refundRefused(result.message));
  return { order: await detailOf(db, site.id, orderId), state: state === 'pending' ? 'pending' : 'succeeded' };
}

/**
 * Records the provider's answer to a pending refund, in one transaction with the order row
 * locked: succeeded (its refund id, the timeline entry, the audit record and the order's
 * payment status) or failed (the provider's reason; its amount is free to refund again). A
 * refund already settled (the retry job and the request both got an answer) is left as it is.
 * Returns the refund's state afterwards.
 */
export async function settleRefund(db: Db, site: Website, refundId: string, result: ProviderRefundResult, actor: AuditActor): Promise<RefundState> {
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.websiteId, site.id), eq(orderRefunds.id, refundId)));
    if (!pending) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
    await refundableOrder(tx, site.id, pending.orderId, true);
    return markSettled(tx, site, pending, result, actor);
  });
}

/** Marks a pending refund settled inside the caller's transaction, which holds the order's row lock. */
async function markSettled(
  tx: DbOrTx,
  site: Website,
  refund: RefundRow,
  result: ProviderRefundResult | { ok: true; refundId: null },
  actor: AuditActor,
): Promise<RefundState> {
  const [row] = await tx
    .update(orderRefunds)
    .set(
      result.ok
        ? { state: 'succeeded', providerRefundId: result.refundId, settledAt: new Date() }
        : { state: 'failed', failureMessage: result.message, settledAt: new Date() },
    )
    .where(and(eq(orderRefunds.websiteId, site.id), eq(orderRefunds.id, refund.id), eq(orderRefunds.state, 'pending')))
    .returning();
  if (!row) {
    const [now] = await tx.select({ state: orderRefunds.state }).from(orderRefunds).where(eq(orderRefunds.id, refund.id));
    return now?.state ?? 'pending';
  }
  const { order, limit } = await refundableOrder(tx, site.id, row.orderId, false);
  const amount = formatMoney(money(row.amountCents, order.currency), site.settings.locale);
  const base = { websiteId: site.id, orderId: row.orderId, amountCents: row.amountCents, actor: row.actor };
  if (!result.ok) {
    await tx.insert(orderEvents).values({ ...base, kind: 'REFUND_FAILED', message: `Refund of ${amount} refused by ${row.provider}: ${result.message}` });
    await recordAuditAs(tx, site.id, actor, {
      action: 'order.refund-failed',
      subjectType: 'order',
      subjectId: row.orderId,
      detail: { orderNumber: order.orderNumber, amountCents: row.amountCents, currency: order.currency, provider: row.provider, message: result.message },
    });
    return 'failed';
  }
  const { succeeded } = await refundSumsOf(tx, site.id, row.orderId);
  const before = succeeded - row.amountCents;
  const whole = succeeded < limit ? 'Refunded' : before === 0 ? 'Refunded in full' : 'Refunded the rest';
  await tx.insert(orderEvents).values({ ...base, kind: 'REFUNDED', message: `${whole}: ${amount}${row.reason ? ` (${row.reason})` : ''}` });
  await tx
    .update(orders)
    .set({ paymentStatus: succeeded < limit ? 'partially_refunded' : 'refunded' })
    .where(and(eq(orders.websiteId, site.id), eq(orders.id, row.orderId), inArray(orders.paymentStatus, ['paid', 'partially_refunded'])));
  await recordAuditAs(tx, site.id, actor, {
    action: 'order.refund',
    subjectType: 'order',
    subjectId: row.orderId,
    detail: {
      orderNumber: order.orderNumber,
      amountCents: row.amountCents,
      currency: order.currency,
      reason: row.reason,
      provider: row.provider,
      providerRefundId: row.providerRefundId,
    },
  });
  return 'succeeded';
}

/**
 * Asks the provider again about a refund left pending (its answer was lost, or the server
 * stopped while asking), with the refund's own idempotency key, so the provider pays out once,
 * then records the answer. Throws when the provider still does not answer (the job retries).
 * Returns the refund's state, or null when there is no such refund.
 */
export async function retryPendingRefund(deps: Pick<RefundDeps, 'db' | 'payments'>, websiteId: string, refundId: string): Promise<RefundState | null> {
  const { db } = deps;
  const [refund] = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.websiteId, websiteId), eq(orderRefunds.id, refundId)));
  if (!refund || refund.state !== 'pending') return refund?.state ?? null;
  const site = await getWebsite(db, websiteId);
  if (!site) return null;
  const { order, payment } = await refundableOrder(db, websiteId, refund.orderId, false);
  const { provider, paymentRef } = await providerFor(deps.payments, site, { ...payment, provider: refund.provider ?? payment.provider });
  const result = await provider.refund({ paymentRef, amount: money(refund.amountCents, order.currency), idempotencyKey: refund.idempotencyKey });
  return settleRefund(db, site, refund.id, result, { ownerId: null, email: refund.actor });
}

/** Refunds pending since before `before`, oldest first (at most `limit`): those a retry has not finished. */
export async function listStalePendingRefunds(db: DbOrTx, before: Date, limit = 100): Promise<Array<{ websiteId: string; id: string }>> {
  return db
    .select({ websiteId: orderRefunds.websiteId, id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.state, 'pending'), lt(orderRefunds.createdAt, before)))
    .orderBy(asc(orderRefunds.createdAt))
    .limit(limit);
}

async function detailOf(db: Db, websiteId: string, orderId: string): Promise<OrderDetail> {
  const detail = await loadOrderDetail(db, websiteId, orderId);
  if (!detail) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
  return detail;
}
