import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { items, variants } from '../db/index.js';
import type { Db } from '../db/types.js';

/** Filters of the variant stock list. */
export interface VariantStockFilter {
  /** Words in the product title or the SKU (case-insensitive). */
  q?: string;
  /** Only limited variants with at most this many units. */
  low?: number;
  /** Only variants that can be bought (unlimited or with stock). */
  inStock?: boolean;
}

/** One variant of the stock list, with its keyset position. */
export interface VariantStockRow {
  variantId: string;
  sku: string;
  qtyInStock: number;
  unlimited: boolean;
  productId: string;
  productTitle: string;
  optionValues: Record<string, string>;
  position: string[];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * One page of a site's variants with their products, in a stable order (product title, product
 * id, the variant's place in its product, variant id), after the keyset position `after`;
 * fetches `limit + 1` rows so the caller can tell whether more follow. One statement, whatever
 * the number of products on the page.
 */
export async function listVariantStock(
  db: Db,
  websiteId: string,
  filter: VariantStockFilter,
  limit: number,
  after: string[] | undefined,
): Promise<VariantStockRow[]> {
  const words = filter.q?.trim();
  const rows = await db
    .select({
      variantId: variants.id,
      sku: variants.sku,
      qtyInStock: variants.qtyInStock,
      unlimited: variants.unlimited,
      displayIndex: variants.displayIndex,
      productId: items.id,
      productTitle: items.title,
      optionValues: variants.attributes,
    })
    .from(variants)
    .innerJoin(items, and(eq(items.websiteId, variants.websiteId), eq(items.id, variants.productId)))
    .where(
      and(
        eq(variants.websiteId, websiteId),
        words ? or(ilike(items.title, `%${escapeLike(words)}%`), ilike(variants.sku, `%${escapeLike(words)}%`)) : undefined,
        filter.low !== undefined ? and(eq(variants.unlimited, false), sql`${variants.qtyInStock} <= ${filter.low}`) : undefined,
        filter.inStock ? sql`(${variants.unlimited} OR ${variants.qtyInStock} > 0)` : undefined,
        after
          ? sql`(${items.title}, ${items.id}, ${variants.displayIndex}, ${variants.id}) > (${after[0]}, ${after[1]}, ${Number(after[2])}::int, ${after[3]})`
          : undefined,
      ),
    )
    .orderBy(asc(items.title), asc(items.id), asc(variants.displayIndex), asc(variants.id))
    .limit(limit + 1);
  return rows.map(({ displayIndex, ...row }) => ({
    ...row,
    optionValues: row.optionValues as Record<string, string>,
    position: [row.productTitle, row.productId, String(displayIndex), row.variantId],
  }));
}
