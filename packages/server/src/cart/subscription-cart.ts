import { randomBytes } from 'node:crypto';
import { AddToCartMessages, isValidPlan, SUBSCRIBABLE_PRODUCT_TYPES, type SubscriptionPlan } from '@emporium/commerce';
import { and, eq } from 'drizzle-orm';
import { cartEntries, subscriptionCarts } from '../db/schema.js';
import { getStock } from '../db/stock.js';
import type { Db, DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import type { Website } from '../sites/index.js';
import { unitPriceCents } from './catalog.js';
import { loadBuyableProduct, QUANTITY_TOO_LARGE, type AddEntryInput } from './cart-entries.js';
import { cartJson, type ShoppingCartJson } from './cart-json.js';
import { priceCart } from './cart-pricing.js';
import { createCart, findCart, listEntries } from './cart-repository.js';
import { chooseVariant } from './variant-choice.js';

/** Message for a product that cannot be bought as a subscription. */
export const NOT_SUBSCRIBABLE_MESSAGE = 'This product is not available as a subscription.';

/**
 * Creates a one-entry cart for a subscription purchase (spec 7: POST
 * /api/3/commerce/cart/subscription) and returns its token. The product must be subscribable
 * (physical or service) with a valid plan; stock is checked like add-to-cart.
 */
export async function createSubscriptionCart(db: Db, site: Website, input: AddEntryInput): Promise<string> {
  const product = await loadBuyableProduct(db, site.id, input.itemId);
  const plan = product.subscriptionPlan;
  if (!product.isSubscribable || !SUBSCRIBABLE_PRODUCT_TYPES.includes(product.productType) || !isValidPlan(plan)) {
    throw new AppError('VALIDATION_FAILED', NOT_SUBSCRIBABLE_MESSAGE);
  }
  const variant = chooseVariant(product, input.sku);
  if (input.quantity > 9999) throw new AppError('VALIDATION_FAILED', QUANTITY_TOO_LARGE);
  const token = randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    const stock = await getStock(tx, site.id, variant.id);
    if (!stock) throw new AppError('VALIDATION_FAILED', AddToCartMessages.VARIANT_UNAVAILABLE);
    if (!stock.unlimited && stock.qtyInStock < input.quantity) throw new AppError('INSUFFICIENT_STOCK', AddToCartMessages.NOT_ENOUGH_STOCK);
    const cart = await createCart(tx, site.id);
    await tx.insert(cartEntries).values({
      websiteId: site.id,
      cartId: cart.id,
      itemId: product.itemId,
      variantId: variant.id,
      sku: variant.sku,
      quantity: input.quantity,
      purchasePriceCents: unitPriceCents(variant),
      additionalFields: input.additionalFields ?? null,
    });
    await tx.insert(subscriptionCarts).values({ token, websiteId: site.id, cartId: cart.id, plan: { ...plan } });
  });
  return token;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The cart id and plan behind a subscription cart token of this site (purchased carts too, so
 * a checkout retry can replay its order), or null for a malformed or unknown token.
 */
export async function findSubscriptionCart(db: DbOrTx, site: Website, cartToken: unknown): Promise<{ cartId: string; plan: SubscriptionPlan } | null> {
  if (typeof cartToken !== 'string' || !TOKEN_PATTERN.test(cartToken)) return null;
  const [row] = await db
    .select({ cartId: subscriptionCarts.cartId, plan: subscriptionCarts.plan })
    .from(subscriptionCarts)
    .where(and(eq(subscriptionCarts.websiteId, site.id), eq(subscriptionCarts.token, cartToken)));
  return row ? { cartId: row.cartId, plan: row.plan as unknown as SubscriptionPlan } : null;
}

/** A subscription cart for the subscription page: the cart JSON and the plan, or null (also once purchased). */
export async function loadSubscriptionCart(db: DbOrTx, site: Website, cartToken: string): Promise<{ cart: ShoppingCartJson; plan: SubscriptionPlan } | null> {
  const row = await findSubscriptionCart(db, site, cartToken);
  if (!row) return null;
  const cart = await findCart(db, site.id, row.cartId);
  if (!cart) return null;
  const priced = await priceCart(db, site, cart, await listEntries(db, site.id, cart.id));
  return { cart: cartJson(priced, site.id), plan: row.plan as unknown as SubscriptionPlan };
}
