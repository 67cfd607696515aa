import { and, eq } from 'drizzle-orm';
import { orderCheckoutDetails, outbox, type Db } from '../db/index.js';

/** Where an order's confirmation mail is: sent, still queued in the outbox, or given up on. */
export type ReceiptStatus = 'sent' | 'queued' | 'failed';

/** The texts the order confirmed page says about the receipt, one per {@link ReceiptStatus}. */
export const ReceiptTexts: Readonly<Record<ReceiptStatus, string>> = Object.freeze({
  sent: 'A receipt has been sent to your inbox.',
  queued: 'A receipt for your inbox is queued and has not been sent yet.',
  failed: 'We could not send you a receipt, so keep this page to see your order.',
});

/**
 * The status of the confirmation mail of an order, as the outbox knows it; null when the order
 * names no mail (orders placed before orders kept their mail's id).
 */
export async function receiptStatus(db: Db, websiteId: string, orderId: string): Promise<ReceiptStatus | null> {
  const rows = await db
    .select({ status: outbox.status })
    .from(orderCheckoutDetails)
    .innerJoin(outbox, and(eq(outbox.websiteId, orderCheckoutDetails.websiteId), eq(outbox.id, orderCheckoutDetails.receiptMailId)))
    .where(and(eq(orderCheckoutDetails.websiteId, websiteId), eq(orderCheckoutDetails.orderId, orderId)))
    .limit(1);
  const status = rows[0]?.status;
  if (status === undefined) return null;
  if (status === 'sent') return 'sent';
  return status === 'failed' ? 'failed' : 'queued';
}
