import { and, asc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import { items, products, variants } from '../db/index.js';
import { productRevisions } from '../db/schema-catalogue.js';
import type { Db } from '../db/types.js';
import { PRODUCT_RECORD_TYPE, productJoin, revisionJoin } from './product-repository.js';
import { visibilityOf } from './product-rules.js';
import type { ProductSummary } from './schemas.js';

/** Filters of the product list. */
export interface ProductFilter {
  q?: string;
  visibility?: 'draft' | 'scheduled' | 'published';
  productType?: number;
  collectionId?: string;
  stock?: 'in' | 'out' | 'low';
  lowStockAt: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function visibilityCondition(visibility: ProductFilter['visibility']): SQL | undefined {
  if (visibility === 'draft') return sql`${items.status} <> 'published'`;
  if (visibility === 'scheduled') return and(eq(items.status, 'published'), gt(items.publishOn, sql`now()`));
  if (visibility === 'published') return and(eq(items.status, 'published'), sql`${items.publishOn} <= now()`);
  return undefined;
}

function stockCondition(stock: ProductFilter['stock'], lowStockAt: number): SQL | undefined {
  const limited = sql`${variants.websiteId} = ${items.websiteId} AND ${variants.productId} = ${items.id}`;
  if (stock === 'out') return sql`NOT EXISTS (SELECT 1 FROM ${variants} WHERE ${limited} AND (${variants.unlimited} OR ${variants.qtyInStock} > 0))`;
  if (stock === 'in') return sql`EXISTS (SELECT 1 FROM ${variants} WHERE ${limited} AND (${variants.unlimited} OR ${variants.qtyInStock} > 0))`;
  if (stock === 'low')
    return sql`EXISTS (SELECT 1 FROM ${variants} WHERE ${limited} AND NOT ${variants.unlimited} AND ${variants.qtyInStock} <= ${lowStockAt})`;
  return undefined;
}

/**
 * One page of a site's products ordered by title then id, after the keyset position `after`
 * ([title, id]); fetches `limit + 1` rows so the caller can tell whether more follow.
 */
export async function listProducts(
  db: Db,
  websiteId: string,
  filter: ProductFilter,
  limit: number,
  after: string[] | undefined,
  now: Date,
): Promise<(ProductSummary & { position: string[] })[]> {
  const words = filter.q?.trim();
  const search = words
    ? or(
        ilike(items.title, `%${escapeLike(words)}%`),
        sql`EXISTS (SELECT 1 FROM ${variants} WHERE ${variants.websiteId} = ${items.websiteId} AND ${variants.productId} = ${items.id} AND upper(${variants.sku}) = upper(${words}))`,
      )
    : undefined;
  const stats = db
    .select({
      productId: variants.productId,
      variantCount: sql<number>`count(*)::int`.as('variant_count'),
      minPrice: sql<number>`min(${variants.priceCents})::int`.as('min_price'),
      maxPrice: sql<number>`max(${variants.priceCents})::int`.as('max_price'),
      totalStock: sql<number>`coalesce(sum(${variants.qtyInStock}) FILTER (WHERE NOT ${variants.unlimited}), 0)::int`.as('total_stock'),
      anyUnlimited: sql<boolean>`bool_or(${variants.unlimited})`.as('any_unlimited'),
    })
    .from(variants)
    .where(eq(variants.websiteId, websiteId))
    .groupBy(variants.productId)
    .as('stats');
  const rows = await db
    .select({
      id: items.id,
      title: items.title,
      urlId: items.urlId,
      status: items.status,
      publishOn: items.publishOn,
      imageUrl: items.assetUrl,
      updatedAt: items.updatedAt,
      productType: products.productType,
      version: productRevisions.version,
      variantCount: stats.variantCount,
      minPrice: stats.minPrice,
      maxPrice: stats.maxPrice,
      totalStock: stats.totalStock,
      anyUnlimited: stats.anyUnlimited,
    })
    .from(items)
    .innerJoin(products, productJoin)
    .leftJoin(productRevisions, revisionJoin)
    .leftJoin(stats, eq(stats.productId, items.id))
    .where(
      and(
        eq(items.websiteId, websiteId),
        eq(items.recordType, PRODUCT_RECORD_TYPE),
        filter.collectionId ? eq(items.collectionId, filter.collectionId) : undefined,
        filter.productType ? eq(products.productType, filter.productType) : undefined,
        visibilityCondition(filter.visibility),
        stockCondition(filter.stock, filter.lowStockAt),
        search,
        after ? sql`(${items.title}, ${items.id}) > (${after[0]}, ${after[1]})` : undefined,
      ),
    )
    .orderBy(asc(items.title), asc(items.id))
    .limit(limit + 1);
  return rows.map((r) => ({
    id: r.id,
    version: r.version ?? 0,
    title: r.title,
    urlId: r.urlId,
    productType: r.productType,
    visibility: visibilityOf(r.status, r.publishOn, now),
    imageUrl: r.imageUrl,
    variantCount: r.variantCount ?? 0,
    minPriceCents: r.minPrice ?? null,
    maxPriceCents: r.maxPrice ?? null,
    totalStock: r.totalStock ?? 0,
    unlimited: r.anyUnlimited ?? false,
    updatedAt: r.updatedAt.toISOString(),
    position: [r.title, r.id],
  }));
}
