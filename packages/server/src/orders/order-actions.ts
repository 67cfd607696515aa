import { escapeHtml } from '@emporium/template';
import { and, eq, inArray } from 'drizzle-orm';
import { returnStock } from '../db/index.js';
import { orderItems, orders } from '../db/schema.js';
import { orderEvents, orderFulfilments } from '../db/schema-orders.js';
import type { Db, DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { fillHtml, fillText, readMailLanguage, type MailLanguage } from '../mail-language/index.js';
import { enqueueMails } from '../outbox/index.js';
import { recordAuditAs, type AuditActor } from '../owner-accounts/index.js';
import type { Website } from '../sites/index.js';
import { loadOrderDetail, type OrderDetail } from './order-detail-repository.js';
import { cannotCancelMessage, cannotFulfilMessage, ORDER_NOT_FOUND_MESSAGE } from './order-messages.js';
import { recordStockMovements } from '../inventory/index.js';

/** Who acts on an order: recorded in the site's audit log, and by email on the order's timeline. */
export type OrderActor = AuditActor;

type OrderRow = typeof orders.$inferSelect;

async function currentStatus(db: DbOrTx, websiteId: string, orderId: string): Promise<string> {
  const [row] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.id, orderId)));
  if (!row) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
  return row.status;
}

async function detailAfterCommit(db: Db, websiteId: string, orderId: string): Promise<OrderDetail> {
  const detail = await loadOrderDetail(db, websiteId, orderId);
  if (!detail) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
  return detail;
}

/** What the owner enters to fulfil an order. */
export interface Fulfilment {
  trackingNumber: string;
  carrier: string;
  /** Mail the customer the tracking number (default true). */
  notifyCustomer: boolean;
}

/** The shipping mail in the order's language (decision 0052). */
function shippedMail(site: Website, language: MailLanguage, order: OrderRow, fulfilment: Fulfilment) {
  const { texts, owner } = language;
  const values = { number: order.orderNumber, site: owner.siteTitle };
  const facts = [
    fillText(texts.shippedTracking, { tracking: fulfilment.trackingNumber }),
    ...(fulfilment.carrier ? [fillText(texts.shippedCarrier, { carrier: fulfilment.carrier })] : []),
  ];
  const subject = fillText(texts.shippedSubject, values);
  const text = [fillText(texts.shippedBody, values), '', ...facts].join('\n');
  const html = `<p>${fillHtml(texts.shippedBody, values)}</p><p>${facts.map(escapeHtml).join('<br>')}</p>`;
  return { websiteId: site.id, kind: 'order-shipped', to: order.customerEmail, subject, text, html };
}

/**
 * Marks a paid order fulfilled with its tracking number and, unless told not to, queues the
 * customer's shipping mail in the same transaction. Only a PAID order can be fulfilled, once.
 * Returns the order and whether a mail was queued.
 */
export async function fulfilOrder(
  db: Db,
  site: Website,
  orderId: string,
  fulfilment: Fulfilment,
  actor: OrderActor,
): Promise<{ order: OrderDetail; mailQueued: boolean }> {
  const mailQueued = await db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ status: 'FULFILLED' })
      .where(and(eq(orders.websiteId, site.id), eq(orders.id, orderId), eq(orders.status, 'PAID')))
      .returning();
    if (!order) throw new AppError('CONFLICT', cannotFulfilMessage(await currentStatus(tx, site.id, orderId)));
    await tx.insert(orderFulfilments).values({ websiteId: site.id, orderId, trackingNumber: fulfilment.trackingNumber, carrier: fulfilment.carrier });
    const carrier = fulfilment.carrier ? ` (${fulfilment.carrier})` : '';
    await tx.insert(orderEvents).values({
      websiteId: site.id,
      orderId,
      kind: 'FULFILLED',
      message: `Fulfilled with tracking number ${fulfilment.trackingNumber}${carrier}`,
      actor: actor.email,
    });
    await recordAuditAs(tx, site.id, actor, {
      action: 'order.fulfil',
      subjectType: 'order',
      subjectId: orderId,
      detail: { orderNumber: order.orderNumber, trackingNumber: fulfilment.trackingNumber, carrier: fulfilment.carrier },
    });
    if (!fulfilment.notifyCustomer || order.customerEmail === '') return false;
    await enqueueMails(tx, [shippedMail(site, await readMailLanguage(tx, site, order.language), order, fulfilment)]);
    return true;
  });
  return { order: await detailAfterCommit(db, site.id, orderId), mailQueued };
}

/** Statuses an order can be cancelled from. */
const CANCELLABLE = ['PENDING', 'PAID', 'PAYMENT_FAILED'];

/**
 * Cancels an order that has not shipped and puts its units back in stock, in one transaction
 * guarded by the order's status, so two cancellations at once return the stock once.
 */
export async function cancelOrder(db: Db, websiteId: string, orderId: string, reason: string, actor: OrderActor): Promise<OrderDetail> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ status: 'CANCELLED' })
      .where(and(eq(orders.websiteId, websiteId), eq(orders.id, orderId), inArray(orders.status, CANCELLABLE)))
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    if (!order) throw new AppError('CONFLICT', cannotCancelMessage(await currentStatus(tx, websiteId, orderId)));
    const lines = await tx
      .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(and(eq(orderItems.websiteId, websiteId), eq(orderItems.orderId, orderId)));
    const units = new Map<string, number>();
    for (const line of lines) if (line.variantId) units.set(line.variantId, (units.get(line.variantId) ?? 0) + line.quantity);
    for (const [variantId, quantity] of [...units].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const level = await returnStock(tx, websiteId, variantId, quantity);
      if (level && !level.unlimited)
        await recordStockMovements(tx, websiteId, [{ variantId, reason: 'cancel', change: quantity, qtyAfter: level.qtyInStock, orderId, actor }]);
    }
    await tx.insert(orderEvents).values({ websiteId, orderId, kind: 'CANCELLED', message: reason ? `Cancelled: ${reason}` : 'Cancelled', actor: actor.email });
    await recordAuditAs(tx, websiteId, actor, {
      action: 'order.cancel',
      subjectType: 'order',
      subjectId: orderId,
      detail: { orderNumber: order.orderNumber, reason, unitsReturned: Object.fromEntries(units) },
    });
  });
  return detailAfterCommit(db, websiteId, orderId);
}

/** Adds an owner's note to an order's timeline. */
export async function addOrderNote(db: Db, websiteId: string, orderId: string, note: string, actor: OrderActor): Promise<OrderDetail> {
  await db.transaction(async (tx) => {
    await currentStatus(tx, websiteId, orderId);
    await tx.insert(orderEvents).values({ websiteId, orderId, kind: 'NOTE', message: note, actor: actor.email });
    await recordAuditAs(tx, websiteId, actor, { action: 'order.note', subjectType: 'order', subjectId: orderId });
  });
  return detailAfterCommit(db, websiteId, orderId);
}
