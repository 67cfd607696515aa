import type { DbOrTx } from '../db/types.js';

/** What a listener of completed orders is told: the order, in the transaction that records its payment. */
export interface CompletedOrder {
  websiteId: string;
  orderId: string;
  /** The cart the order was bought from. */
  cartId: string;
  /** When the order was placed. */
  placedAt: Date;
}

/** Runs inside the completing transaction: what it writes commits (or rolls back) with the payment. */
export type OrderCompletedListener = (tx: DbOrTx, order: CompletedOrder) => Promise<void>;

const listeners = new Set<OrderCompletedListener>();

/**
 * Adds a listener of orders whose payment was taken: told once per order, in the transaction
 * that marks it paid (at checkout with an immediate payment, or when a pending PaymentIntent
 * succeeds by webhook, by the page that follows it, or by the expiry job). A feature that sells
 * something through checkout (member areas) grants it here without checkout importing it.
 * Adding the same function twice adds it once.
 */
export function onOrderCompleted(listener: OrderCompletedListener): void {
  listeners.add(listener);
}

/** Tells every listener about a completed order (in order of adding). */
export async function orderCompleted(tx: DbOrTx, order: CompletedOrder): Promise<void> {
  for (const listener of listeners) await listener(tx, order);
}
