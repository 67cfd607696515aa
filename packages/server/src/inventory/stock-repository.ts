import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { items, variants } from '../db/index.js';
import { stockMovements, type StockReason } from '../db/schema-catalogue.js';
import type { Db, DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';

/** The inventory's messages. */
export const INVENTORY_MESSAGES = Object.freeze({
  unknownVariant: 'No such variant on this site.',
  belowZero: (inStock: number) => `Stock cannot go below zero: ${inStock} in stock.`,
  unlimited: 'This variant has unlimited stock; turn unlimited off to count it.',
  noChange: 'The change must not be zero.',
});

/** Who made a stock change (an owner), when an owner did. */
export interface StockActor {
  ownerId: string | null;
  email: string | null;
}

/** One stock change to record. */
export interface StockMovementInput {
  variantId: string;
  reason: StockReason;
  change: number;
  qtyAfter: number;
  orderId?: string | null;
  note?: string;
  actor?: StockActor;
}

/** Records stock changes in the history; pass the transaction of the change so both commit together. */
export async function recordStockMovements(db: DbOrTx, websiteId: string, movements: ReadonlyArray<StockMovementInput>): Promise<void> {
  if (movements.length === 0) return;
  await db.insert(stockMovements).values(
    movements.map((m) => ({
      websiteId,
      variantId: m.variantId,
      reason: m.reason,
      change: m.change,
      qtyAfter: m.qtyAfter,
      orderId: m.orderId ?? null,
      note: m.note ?? '',
      ownerId: m.actor?.ownerId ?? null,
      actorEmail: m.actor?.email ?? null,
    })),
  );
}

/** A variant's stock as the inventory shows it. */
export interface StockLevelView {
  variantId: string;
  sku: string;
  qtyInStock: number;
  unlimited: boolean;
}

const levelColumns = { variantId: variants.id, sku: variants.sku, qtyInStock: variants.qtyInStock, unlimited: variants.unlimited };

/**
 * Sets a variant's stock to `quantity` (and its unlimited flag when given) and records the
 * difference. The variant row is locked first, so the recorded change is exactly the one
 * made even while orders take stock.
 */
export async function setStock(
  db: Db,
  websiteId: string,
  variantId: string,
  target: { qtyInStock: number; unlimited?: boolean },
  reason: 'manual' | 'import',
  extra: { note?: string; actor?: StockActor } = {},
): Promise<StockLevelView> {
  return db.transaction(async (tx) => setStockIn(tx, websiteId, variantId, target, reason, extra));
}

/** {@link setStock} inside a caller's transaction; null when the site has no such variant. */
export async function setStockIn(
  tx: DbOrTx,
  websiteId: string,
  variantId: string,
  target: { qtyInStock: number; unlimited?: boolean },
  reason: 'manual' | 'import',
  extra: { note?: string; actor?: StockActor } = {},
): Promise<StockLevelView> {
  const [before] = await tx
    .select(levelColumns)
    .from(variants)
    .where(and(eq(variants.websiteId, websiteId), eq(variants.id, variantId)))
    .for('update');
  if (!before) throw new AppError('NOT_FOUND', INVENTORY_MESSAGES.unknownVariant);
  const unlimited = target.unlimited ?? before.unlimited;
  const qtyInStock = unlimited ? before.qtyInStock : target.qtyInStock;
  const [after] = await tx
    .update(variants)
    .set({ qtyInStock, unlimited, updatedAt: new Date() })
    .where(and(eq(variants.websiteId, websiteId), eq(variants.id, variantId)))
    .returning(levelColumns);
  const change = after!.qtyInStock - before.qtyInStock;
  if (change !== 0 || after!.unlimited !== before.unlimited) {
    const note =
      after!.unlimited !== before.unlimited ? [extra.note, after!.unlimited ? 'unlimited on' : 'unlimited off'].filter(Boolean).join('; ') : extra.note;
    await recordStockMovements(tx, websiteId, [{ variantId, reason, change, qtyAfter: after!.qtyInStock, note, actor: extra.actor }]);
  }
  return after!;
}

/**
 * Adds `change` units (negative: removes) in one guarded statement
 * (`SET qty = qty + change WHERE qty + change >= 0`), so stock never goes below zero whatever
 * runs at the same time, and records the change with the level it produced. 409 when too few
 * units are in stock or the variant is unlimited.
 */
export async function adjustStock(
  db: Db,
  websiteId: string,
  variantId: string,
  change: number,
  extra: { note?: string; actor?: StockActor } = {},
): Promise<StockLevelView> {
  if (change === 0) throw new AppError('VALIDATION_FAILED', INVENTORY_MESSAGES.noChange);
  return db.transaction(async (tx) => {
    const [after] = await tx
      .update(variants)
      .set({ qtyInStock: sql`${variants.qtyInStock} + ${change}`, updatedAt: new Date() })
      .where(and(eq(variants.websiteId, websiteId), eq(variants.id, variantId), eq(variants.unlimited, false), sql`${variants.qtyInStock} + ${change} >= 0`))
      .returning(levelColumns);
    if (!after) {
      const [now] = await tx
        .select(levelColumns)
        .from(variants)
        .where(and(eq(variants.websiteId, websiteId), eq(variants.id, variantId)));
      if (!now) throw new AppError('NOT_FOUND', INVENTORY_MESSAGES.unknownVariant);
      if (now.unlimited) throw new AppError('CONFLICT', INVENTORY_MESSAGES.unlimited);
      throw new AppError('INSUFFICIENT_STOCK', INVENTORY_MESSAGES.belowZero(now.qtyInStock), { body: { qtyInStock: now.qtyInStock } });
    }
    await recordStockMovements(tx, websiteId, [{ variantId, reason: 'manual', change, qtyAfter: after.qtyInStock, note: extra.note, actor: extra.actor }]);
    return after;
  });
}

/** One entry of a variant's stock history. */
export interface StockMovementView {
  id: number;
  reason: StockReason;
  change: number;
  qtyAfter: number;
  orderId: string | null;
  note: string;
  actorEmail: string | null;
  createdAt: string;
}

/** A variant's stock history, newest first, before the entry id `before`; `limit + 1` rows. 404 for another site's variant. */
export async function stockHistory(db: Db, websiteId: string, variantId: string, limit: number, before: number | undefined): Promise<StockMovementView[]> {
  const [variant] = await db
    .select({ id: variants.id })
    .from(variants)
    .where(and(eq(variants.websiteId, websiteId), eq(variants.id, variantId)));
  if (!variant) throw new AppError('NOT_FOUND', INVENTORY_MESSAGES.unknownVariant);
  const rows = await db
    .select()
    .from(stockMovements)
    .where(
      and(eq(stockMovements.websiteId, websiteId), eq(stockMovements.variantId, variantId), before !== undefined ? lt(stockMovements.id, before) : undefined),
    )
    .orderBy(desc(stockMovements.id))
    .limit(limit + 1);
  return rows.map((r) => ({
    id: r.id,
    reason: r.reason,
    change: r.change,
    qtyAfter: r.qtyAfter,
    orderId: r.orderId,
    note: r.note,
    actorEmail: r.actorEmail,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** A variant low in stock, with its product. */
export interface LowStockRow extends StockLevelView {
  productId: string;
  productTitle: string;
  optionValues: Record<string, string>;
}

/**
 * Limited variants with at most `threshold` units, fewest first (then by SKU), after the keyset
 * position `after` ([qty, sku]); `limit + 1` rows.
 */
export async function lowStock(db: Db, websiteId: string, threshold: number, limit: number, after: [number, string] | undefined): Promise<LowStockRow[]> {
  return db
    .select({ ...levelColumns, productId: variants.productId, productTitle: items.title, optionValues: variants.attributes })
    .from(variants)
    .innerJoin(items, and(eq(items.websiteId, variants.websiteId), eq(items.id, variants.productId)))
    .where(
      and(
        eq(variants.websiteId, websiteId),
        eq(variants.unlimited, false),
        sql`${variants.qtyInStock} <= ${threshold}`,
        after ? sql`(${variants.qtyInStock}, ${variants.sku}) > (${after[0]}, ${after[1]})` : undefined,
      ),
    )
    .orderBy(asc(variants.qtyInStock), asc(variants.sku))
    .limit(limit + 1);
}

/** Variants of the site with the given SKUs, keyed by SKU. */
export async function variantsBySku(db: DbOrTx, websiteId: string, skus: string[]): Promise<Map<string, StockLevelView>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select(levelColumns)
    .from(variants)
    .where(and(eq(variants.websiteId, websiteId), inArray(variants.sku, skus)));
  return new Map(rows.map((r) => [r.sku, r]));
}
