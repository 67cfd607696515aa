import { sql } from 'drizzle-orm';
import type { PaymentStatus } from '../../db/schema-payments.js';
import type { DbOrTx } from '../../db/types.js';
import type { OurPayment } from './compare.js';

/** Orders of the last this many days are compared with their provider. */
export const RECONCILIATION_DAYS = 30;
/** Most orders one run compares (newest first). */
export const RECONCILIATION_MAX_ORDERS = 1000;
/** A pending order younger than this is still in its checkout attempt (which ends it): it is left alone. */
export const PENDING_GRACE_MS = 30 * 60_000;

interface Row {
  order_id: string;
  payment_status: PaymentStatus;
  currency: string;
  provider: string | null;
  payment_ref: string | null;
  captured: string | null;
  refunded: string | number;
  refund_pending: boolean;
}

/**
 * A site's orders since `since` that a provider took (or is taking) money for, and older ones
 * with an open difference (so it can still be resolved), with what our records say: the
 * provider and its payment reference (the checkout's authorization, or the PaymentIntent of its
 * latest attempt), the amount captured, and the refunds the provider confirmed. Orders no provider was asked about (a gift card paid them) are not included.
 */
export async function recentPayments(db: DbOrTx, websiteId: string, since: Date, now: Date): Promise<OurPayment[]> {
  const pendingBefore = new Date(now.getTime() - PENDING_GRACE_MS);
  const result = (await db.execute(sql`
    SELECT o.id AS order_id, o.payment_status, o.currency,
      coalesce(d.payment->>'provider', a.provider) AS provider,
      coalesce(nullif(d.payment->>'authorizationId', ''), nullif(d.payment->>'intentId', ''), nullif(a.intent_id, '')) AS payment_ref,
      d.payment->'amount'->>'value' AS captured,
      (SELECT coalesce(sum(r.amount_cents), 0) FROM order_refunds r
        WHERE r.website_id = o.website_id AND r.order_id = o.id AND r.state = 'succeeded' AND r.provider IS NOT NULL) AS refunded,
      EXISTS (SELECT 1 FROM order_refunds r
        WHERE r.website_id = o.website_id AND r.order_id = o.id AND r.state = 'pending' AND r.provider IS NOT NULL) AS refund_pending
    FROM orders o
    LEFT JOIN order_checkout_details d ON d.website_id = o.website_id AND d.order_id = o.id
    LEFT JOIN LATERAL (
      SELECT pa.provider, pa.intent_id FROM payment_attempts pa
      WHERE pa.website_id = o.website_id AND pa.order_id = o.id
      ORDER BY pa.created_at DESC LIMIT 1
    ) a ON true
    WHERE o.website_id = ${websiteId}
      AND (o.created_at >= ${since} OR EXISTS (SELECT 1 FROM payment_differences pd
        WHERE pd.website_id = o.website_id AND pd.order_id = o.id AND pd.resolved_at IS NULL))
      AND o.payment_status IN ('pending', 'paid', 'failed', 'refunded', 'partially_refunded', 'disputed')
      AND (o.payment_status <> 'pending' OR o.created_at < ${pendingBefore})
    ORDER BY o.created_at DESC, o.id
    LIMIT ${RECONCILIATION_MAX_ORDERS}`)) as unknown as { rows: Row[] };
  return result.rows
    .filter((row) => row.provider && row.payment_ref)
    .map((row) => ({
      orderId: row.order_id,
      paymentStatus: row.payment_status,
      provider: row.provider!,
      paymentRef: row.payment_ref!,
      currency: row.currency,
      capturedCents: row.captured === null || row.captured === '' ? null : Number(row.captured),
      refundedCents: Number(row.refunded),
      refundPending: row.refund_pending === true || String(row.refund_pending) === 't',
    }));
}
