import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { items, variants } from '../db/index.js';
import type { Db } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { bumpVersion, type WriteEffects } from './product-repository.js';
import { CATALOGUE_MESSAGES } from './product-rules.js';
import type { BulkPriceBody } from './schemas.js';

/**
 * Changes the prices of many variants in one transaction: all or nothing (an unknown variant
 * or a sale price not below its price refuses the whole change). Each product touched moves
 * to a new version, so an edit opened before the change cannot silently put old prices back.
 */
export async function changePrices(
  db: Db,
  websiteId: string,
  changes: BulkPriceBody['changes'],
  effects: WriteEffects = {},
): Promise<{ updated: number; products: { id: string; version: number }[] }> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(changes.map((c) => c.variantId))];
    const found = await tx
      .select({ id: variants.id, productId: variants.productId })
      .from(variants)
      .where(and(eq(variants.websiteId, websiteId), inArray(variants.id, ids)));
    const productOf = new Map(found.map((v) => [v.id, v.productId]));
    const missing = ids.find((id) => !productOf.has(id));
    if (missing) throw new AppError('NOT_FOUND', CATALOGUE_MESSAGES.unknownVariant(missing));
    const productIds = [...new Set(found.map((v) => v.productId))].sort();
    await tx
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.websiteId, websiteId), inArray(items.id, productIds)))
      .orderBy(asc(items.id))
      .for('update');
    for (const change of changes) {
      const set = {
        ...(change.priceCents !== undefined ? { priceCents: change.priceCents } : {}),
        ...(change.salePriceCents !== undefined ? { salePriceCents: change.salePriceCents } : {}),
        ...(change.onSale !== undefined ? { onSale: change.onSale } : {}),
      };
      if (Object.keys(set).length === 0) continue;
      await tx
        .update(variants)
        .set({ ...set, updatedAt: new Date() })
        .where(and(eq(variants.websiteId, websiteId), eq(variants.id, change.variantId)));
    }
    const [bad] = await tx
      .select({ sku: variants.sku })
      .from(variants)
      .where(
        and(eq(variants.websiteId, websiteId), inArray(variants.id, ids), eq(variants.onSale, true), sql`${variants.salePriceCents} >= ${variants.priceCents}`),
      )
      .limit(1);
    if (bad) throw new AppError('VALIDATION_FAILED', `${bad.sku}: ${CATALOGUE_MESSAGES.salePriceNotBelow}`);
    const versions = [];
    for (const productId of productIds) {
      const version = await bumpVersion(tx, websiteId, productId);
      versions.push({ id: productId, version });
      const own = changes.filter((c) => productOf.get(c.variantId) === productId);
      await effects.audit?.(tx, { action: 'product.prices', subjectType: 'product', subjectId: productId, detail: { version, changes: own } });
    }
    return { updated: ids.length, products: versions };
  });
}
