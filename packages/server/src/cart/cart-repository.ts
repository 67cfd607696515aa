import { and, asc, eq, sql } from 'drizzle-orm';
import { cartEntries, carts } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';

/** A cart row. */
export type CartRow = typeof carts.$inferSelect;
/** A cart entry row. */
export type CartEntryRow = typeof cartEntries.$inferSelect;

/** A cart of this website by id (purchased carts only when asked), or undefined. */
export async function findCart(db: DbOrTx, websiteId: string, cartId: string, options: { includePurchased?: boolean } = {}): Promise<CartRow | undefined> {
  const conditions = [eq(carts.websiteId, websiteId), eq(carts.id, cartId)];
  if (!options.includePurchased) conditions.push(eq(carts.isPurchased, false));
  const [row] = await db
    .select()
    .from(carts)
    .where(and(...conditions));
  return row;
}

/** Creates an empty cart for a website, in the visitor's `language` when known. */
export async function createCart(db: DbOrTx, websiteId: string, language?: string): Promise<CartRow> {
  const [row] = await db
    .insert(carts)
    .values({ websiteId, language: language ?? null })
    .returning();
  return row!;
}

/**
 * Locks an open cart for the rest of the transaction (a row lock through a no-op update), so
 * entry changes and checkout of one cart run one at a time. Undefined when the cart is gone
 * or already purchased. A `language` given (the page an add was made from) is kept as the cart's.
 */
export async function lockOpenCart(db: DbOrTx, websiteId: string, cartId: string, language?: string): Promise<CartRow | undefined> {
  const [row] = await db
    .update(carts)
    .set({ updatedAt: sql`now()`, ...(language ? { language } : {}) })
    .where(and(eq(carts.websiteId, websiteId), eq(carts.id, cartId), eq(carts.isPurchased, false)))
    .returning();
  return row;
}

/** Entries of a cart in the order they were added. */
export async function listEntries(db: DbOrTx, websiteId: string, cartId: string): Promise<CartEntryRow[]> {
  return db
    .select()
    .from(cartEntries)
    .where(and(eq(cartEntries.websiteId, websiteId), eq(cartEntries.cartId, cartId)))
    .orderBy(asc(cartEntries.createdAt), asc(cartEntries.id));
}

/** Saves the cart's coupon codes, shipping location or selected option. */
export async function updateCart(
  db: DbOrTx,
  websiteId: string,
  cartId: string,
  patch: Partial<Pick<CartRow, 'coupons' | 'shippingLocation' | 'selectedShippingOption'>>,
): Promise<void> {
  await db
    .update(carts)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(carts.websiteId, websiteId), eq(carts.id, cartId)));
}
