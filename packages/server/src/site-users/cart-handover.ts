import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { cartEntries, carts } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';

/**
 * On sign-in: the guest cart (`guestCartId`, the browser's cart cookie) joins the account's open
 * cart. Without an account cart the guest cart becomes the account's; with one, the guest's
 * lines move into it (the same product and variant without extra fields add up) and the guest
 * cart is deleted. Returns the id of the account's cart, or undefined when there is none.
 */
export async function mergeGuestCart(db: DbOrTx, websiteId: string, siteUserId: string, guestCartId: string | undefined): Promise<string | undefined> {
  const [account] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.websiteId, websiteId), eq(carts.siteUserId, siteUserId), eq(carts.isPurchased, false)))
    .orderBy(desc(carts.updatedAt))
    .limit(1)
    .for('update');
  const [guest] = guestCartId
    ? await db
        .select({ id: carts.id })
        .from(carts)
        .where(and(eq(carts.websiteId, websiteId), eq(carts.id, guestCartId), isNull(carts.siteUserId), eq(carts.isPurchased, false)))
        .for('update')
    : [];
  if (!guest) return account?.id;
  if (!account) {
    await db
      .update(carts)
      .set({ siteUserId, updatedAt: sql`now()` })
      .where(and(eq(carts.websiteId, websiteId), eq(carts.id, guest.id)));
    return guest.id;
  }
  const lines = await db
    .select()
    .from(cartEntries)
    .where(and(eq(cartEntries.websiteId, websiteId), eq(cartEntries.cartId, guest.id)));
  for (const line of lines) {
    const [added] =
      line.additionalFields === null
        ? await db
            .update(cartEntries)
            .set({ quantity: sql`${cartEntries.quantity} + ${line.quantity}`, updatedAt: sql`now()` })
            .where(
              and(
                eq(cartEntries.websiteId, websiteId),
                eq(cartEntries.cartId, account.id),
                eq(cartEntries.itemId, line.itemId),
                line.variantId === null ? isNull(cartEntries.variantId) : eq(cartEntries.variantId, line.variantId),
                isNull(cartEntries.additionalFields),
              ),
            )
            .returning({ id: cartEntries.id })
        : [];
    if (added) await db.delete(cartEntries).where(and(eq(cartEntries.websiteId, websiteId), eq(cartEntries.id, line.id)));
    else
      await db
        .update(cartEntries)
        .set({ cartId: account.id })
        .where(and(eq(cartEntries.websiteId, websiteId), eq(cartEntries.id, line.id)));
  }
  await db.delete(carts).where(and(eq(carts.websiteId, websiteId), eq(carts.id, guest.id)));
  await db
    .update(carts)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(carts.websiteId, websiteId), eq(carts.id, account.id)));
  return account.id;
}

/**
 * On sign-out with `cloneCart`: a guest copy of the account's open cart (lines, coupons and
 * shipping choice), so the browser keeps its cart while the account keeps its own. Returns the
 * copy's id, or undefined when the account has no open cart.
 */
export async function cloneAccountCart(db: DbOrTx, websiteId: string, cartId: string | undefined): Promise<string | undefined> {
  if (!cartId) return undefined;
  const [source] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.websiteId, websiteId), eq(carts.id, cartId), eq(carts.isPurchased, false)));
  if (!source) return undefined;
  const [copy] = await db
    .insert(carts)
    .values({ websiteId, coupons: source.coupons, shippingLocation: source.shippingLocation, selectedShippingOption: source.selectedShippingOption })
    .returning({ id: carts.id });
  const lines = await db
    .select()
    .from(cartEntries)
    .where(and(eq(cartEntries.websiteId, websiteId), eq(cartEntries.cartId, cartId)));
  if (lines.length > 0) {
    await db.insert(cartEntries).values(
      lines.map((line) => ({
        websiteId,
        cartId: copy!.id,
        itemId: line.itemId,
        variantId: line.variantId,
        sku: line.sku,
        quantity: line.quantity,
        purchasePriceCents: line.purchasePriceCents,
        additionalFields: line.additionalFields,
      })),
    );
  }
  return copy!.id;
}

/** The account's newest open cart, if any. */
export async function accountCartId(db: DbOrTx, websiteId: string, siteUserId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.websiteId, websiteId), eq(carts.siteUserId, siteUserId), eq(carts.isPurchased, false)))
    .orderBy(desc(carts.updatedAt))
    .limit(1);
  return row?.id;
}

/** How many items a cart holds (for the readable cart marker cookie). */
export async function cartQuantity(db: DbOrTx, websiteId: string, cartId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartEntries.quantity}), 0)::int` })
    .from(cartEntries)
    .where(and(eq(cartEntries.websiteId, websiteId), eq(cartEntries.cartId, cartId)));
  return Number(row?.n ?? 0);
}
