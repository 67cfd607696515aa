import { sql } from 'drizzle-orm';
import type { CompletedOrder } from '../checkout/index.js';
import type { Db, DbOrTx } from '../db/types.js';
import { grantMembership } from './membership-repository.js';

/** A paid order that opens an area for the account whose cart bought it. */
interface DueGrant {
  orderId: string;
  areaId: string;
  siteUserId: string;
  subscriptionId: string | null;
}

/**
 * The grants paid orders owe and that were not made yet: orders bought from an account's cart,
 * paid, holding the paywall product of an area, without a membership for the order. `which`
 * narrows them to one account's or one order's.
 */
async function dueGrants(db: DbOrTx, websiteId: string, which: { siteUserId: string } | { orderId: string }): Promise<DueGrant[]> {
  const narrow = 'siteUserId' in which ? sql`c.site_user_id = ${which.siteUserId}` : sql`o.id = ${which.orderId}`;
  const due = (await db.execute(sql`
    SELECT DISTINCT ON (o.id) o.id AS "orderId", a.id AS "areaId", c.site_user_id AS "siteUserId", s.id AS "subscriptionId"
    FROM orders o
    JOIN carts c ON c.website_id = o.website_id AND c.id = o.purchased_cart_id
    JOIN order_items oi ON oi.website_id = o.website_id AND oi.order_id = o.id
    JOIN member_areas a ON a.website_id = o.website_id AND a.product_item_id = oi.item_id
    LEFT JOIN subscriptions s ON s.website_id = o.website_id AND s.first_order_id = o.id
    WHERE o.website_id = ${websiteId} AND ${narrow} AND c.site_user_id IS NOT NULL
      AND o.payment_status = 'paid' AND o.status <> 'PAYMENT_FAILED'
      AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.website_id = o.website_id AND m.order_id = o.id)
    ORDER BY o.id, a.id`)) as unknown as { rows: DueGrant[] };
  return due.rows;
}

/**
 * Grants the memberships an order paid for, in the transaction that marks it paid (checkout's
 * order-completed listener): at checkout with an immediate payment, and when a PaymentIntent
 * that needed 3-D Secure succeeds later, whether the webhook, the join page's second call or
 * the expiry job settles it. Unique per order, so however these race, one membership is made.
 * A recurring area's membership follows the subscription the order started (a free trial's
 * included: it started in the same transaction).
 */
export async function grantOrderMemberships(tx: DbOrTx, order: CompletedOrder): Promise<void> {
  for (const row of await dueGrants(tx, order.websiteId, { orderId: order.orderId })) {
    await grantMembership(tx, {
      websiteId: order.websiteId,
      areaId: row.areaId,
      siteUserId: row.siteUserId,
      source: 'order',
      orderId: row.orderId,
      subscriptionId: row.subscriptionId,
      startedAt: order.placedAt,
    });
  }
}

/**
 * Grants the memberships a site user's committed orders have paid for and that were not yet
 * granted. Orders are granted as they complete ({@link grantOrderMemberships}); this heals an
 * order completed while no listener ran (before the listener existed, or a process without
 * member areas), and runs whenever the account opens a join page. The grant is unique per
 * order, so running it again grants nothing twice. Returns how many were granted.
 */
export async function grantPaidMemberships(db: Db, websiteId: string, siteUserId: string, now: Date): Promise<number> {
  let granted = 0;
  for (const row of await dueGrants(db, websiteId, { siteUserId })) {
    const fresh = await grantMembership(db, {
      websiteId,
      areaId: row.areaId,
      siteUserId,
      source: 'order',
      orderId: row.orderId,
      subscriptionId: row.subscriptionId,
      startedAt: now,
    });
    if (fresh) granted += 1;
  }
  return granted;
}
