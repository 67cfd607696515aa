import { ProductType } from '@emporium/commerce';
import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { digitalDownloads, items, orderItems, products } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';

/** An order line that carries a download right, with what its link shows. */
export interface DownloadLine {
  orderItemId: string;
  itemId: string;
  productName: string;
  fileName: string;
}

/**
 * Records a download right for every line of an order whose product is digital and has a file
 * (inside the checkout transaction), each usable `maxDownloads` times until `expiresAt`.
 * Returns the lines, ordered like the order's lines.
 */
export async function grantDownloads(
  tx: DbOrTx,
  input: { websiteId: string; orderId: string; maxDownloads: number; expiresAt: Date },
): Promise<DownloadLine[]> {
  const lines = await tx
    .select({
      orderItemId: orderItems.id,
      itemId: orderItems.itemId,
      productName: orderItems.productName,
      fileName: sql<string>`${items.structuredContent}->'digitalFile'->>'name'`,
    })
    .from(orderItems)
    .innerJoin(products, and(eq(products.itemId, orderItems.itemId), eq(products.websiteId, orderItems.websiteId)))
    .innerJoin(items, and(eq(items.id, orderItems.itemId), eq(items.websiteId, orderItems.websiteId)))
    .where(
      and(
        eq(orderItems.websiteId, input.websiteId),
        eq(orderItems.orderId, input.orderId),
        eq(products.productType, ProductType.DIGITAL),
        isNotNull(sql`${items.structuredContent}->'digitalFile'`),
      ),
    )
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  if (lines.length === 0) return [];
  await tx.insert(digitalDownloads).values(
    lines.map((l) => ({
      websiteId: input.websiteId,
      orderItemId: l.orderItemId,
      orderId: input.orderId,
      itemId: l.itemId,
      maxDownloads: input.maxDownloads,
      expiresAt: input.expiresAt,
    })),
  );
  return lines;
}

/** The download rights of an order with the current name of each product's file, ordered like the order's lines. */
export async function listDownloads(db: DbOrTx, websiteId: string, orderId: string): Promise<DownloadLine[]> {
  return db
    .select({
      orderItemId: digitalDownloads.orderItemId,
      itemId: digitalDownloads.itemId,
      productName: orderItems.productName,
      fileName: sql<string>`coalesce(${items.structuredContent}->'digitalFile'->>'name', '')`,
    })
    .from(digitalDownloads)
    .innerJoin(orderItems, and(eq(orderItems.websiteId, digitalDownloads.websiteId), eq(orderItems.id, digitalDownloads.orderItemId)))
    .leftJoin(items, and(eq(items.websiteId, digitalDownloads.websiteId), eq(items.id, digitalDownloads.itemId)))
    .where(and(eq(digitalDownloads.websiteId, websiteId), eq(digitalDownloads.orderId, orderId)))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
}

/** A download right as the download call reads it. */
export interface DownloadRight {
  itemId: string;
  downloads: number;
  maxDownloads: number;
  expiresAt: Date;
}

/** The download right of an order line, or null. */
export async function findDownloadRight(db: DbOrTx, websiteId: string, orderItemId: string): Promise<DownloadRight | null> {
  const [row] = await db
    .select({
      itemId: digitalDownloads.itemId,
      downloads: digitalDownloads.downloads,
      maxDownloads: digitalDownloads.maxDownloads,
      expiresAt: digitalDownloads.expiresAt,
    })
    .from(digitalDownloads)
    .where(and(eq(digitalDownloads.websiteId, websiteId), eq(digitalDownloads.orderItemId, orderItemId)));
  return row ?? null;
}

/**
 * Counts one download of an order line. One guarded statement: the count never passes the
 * line's limit and an expired right is never counted, however many requests race.
 * Returns false when the right is used up or expired.
 */
export async function countDownload(db: DbOrTx, websiteId: string, orderItemId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(digitalDownloads)
    .set({ downloads: sql`${digitalDownloads.downloads} + 1` })
    .where(
      and(
        eq(digitalDownloads.websiteId, websiteId),
        eq(digitalDownloads.orderItemId, orderItemId),
        lt(digitalDownloads.downloads, digitalDownloads.maxDownloads),
        sql`${digitalDownloads.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ downloads: digitalDownloads.downloads });
  return rows.length > 0;
}
