import { and, eq } from 'drizzle-orm';
import { items, type DbOrTx } from '../db/index.js';

/** Spec 3 record type of store products. */
const PRODUCT_RECORD_TYPE = 11;

/** True when the site has a product with this id. */
export async function isSiteProduct(db: DbOrTx, websiteId: string, itemId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.id, itemId), eq(items.recordType, PRODUCT_RECORD_TYPE)));
  return row !== undefined;
}
