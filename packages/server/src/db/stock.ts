import { and, eq, gte, or, sql } from 'drizzle-orm';
import { variants } from './schema.js';
import type { DbOrTx } from './types.js';

/** Spec 3 stock result. */
export interface StockLevel {
  unlimited: boolean;
  qtyInStock: number;
}

function assertQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError(`Stock quantity must be a positive integer, got ${quantity}`);
}

/**
 * Takes `quantity` units of a variant in one guarded statement
 * (`... SET qty = qty - n WHERE ... AND qty >= n`), so concurrent buyers can never push stock
 * below zero. Returns the stock left, or null when the site has no such variant or too few
 * units. Unlimited variants always succeed and keep their count.
 */
export async function takeStock(db: DbOrTx, websiteId: string, variantId: string, quantity: number): Promise<StockLevel | null> {
  assertQuantity(quantity);
  const [row] = await db
    .update(variants)
    .set({
      qtyInStock: sql`CASE WHEN ${variants.unlimited} THEN ${variants.qtyInStock} ELSE ${variants.qtyInStock} - ${quantity} END`,
      updatedAt: new Date(),
    })
    .where(and(eq(variants.websiteId, websiteId), eq(variants.id, variantId), or(eq(variants.unlimited, true), gte(variants.qtyInStock, quantity))))
    .returning({ unlimited: variants.unlimited, qtyInStock: variants.qtyInStock });
  return row ?? null;
}

/** Puts `quantity` units back (cancelled order). Returns the new level, or null when not found. */
export async function returnStock(db: DbOrTx, websiteId: string, variantId: string, quantity: number): Promise<StockLevel | null> {
  assertQuantity(quantity);
  const [row] = await db
    .update(variants)
    .set({
      qtyInStock: sql`CASE WHEN ${variants.unlimited} THEN ${variants.qtyInStock} ELSE ${variants.qtyInStock} + ${quantity} END`,
      updatedAt: new Date(),
    })
    .where(and(eq(variants.websiteId, websiteId), eq(variants.id, variantId)))
    .returning({ unlimited: variants.unlimited, qtyInStock: variants.qtyInStock });
  return row ?? null;
}

/** Current stock of a variant of this site, or null when the site has no such variant. */
export async function getStock(db: DbOrTx, websiteId: string, variantId: string): Promise<StockLevel | null> {
  const [row] = await db
    .select({ unlimited: variants.unlimited, qtyInStock: variants.qtyInStock })
    .from(variants)
    .where(and(eq(variants.websiteId, websiteId), eq(variants.id, variantId)));
  return row ?? null;
}
