import { randomUUID } from 'node:crypto';
import { ProductType } from '@emporium/commerce';
import { and, eq, sql } from 'drizzle-orm';
import { items, products } from '../db/index.js';
import type { Db, DbOrTx, Tx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { z } from '../http/schemas.js';
import { DIGITAL_FILE_MESSAGES } from './digital-file-messages.js';
import { PRIVATE_PREFIX, type MediaStorage } from './media-storage.js';

/** The file of a digital product, as kept in the product item's `structuredContent.digitalFile`. */
export const DigitalFile = z.object({
  id: z.string(),
  name: z.string().describe('The file name the buyer downloads'),
  size: z.number().int().nonnegative().describe('Bytes'),
  contentType: z.string(),
  uploadedOn: z.number().int().describe('Milliseconds since 1970'),
});
export type DigitalFile = z.infer<typeof DigitalFile>;

/** Storage key of a digital product's file: under {@link PRIVATE_PREFIX}, which the public media route never reads. */
export function digitalFileKey(websiteId: string, fileId: string): string {
  return `${PRIVATE_PREFIX}${websiteId}/${fileId}`;
}

/** A file name safe to keep and to send in Content-Disposition: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(-200);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'download' : cleaned;
}

/** The digital file recorded in a product's structured content, or null. */
export function digitalFileOf(structuredContent: Record<string, unknown>): DigitalFile | null {
  return DigitalFile.safeParse(structuredContent.digitalFile).data ?? null;
}

async function findProduct(db: DbOrTx, websiteId: string, productId: string) {
  const [product] = await db
    .select({ id: items.id, structuredContent: items.structuredContent, productType: products.productType })
    .from(items)
    .innerJoin(products, eq(products.itemId, items.id))
    .where(and(eq(items.websiteId, websiteId), eq(items.id, productId), eq(items.recordType, 11)));
  return product;
}

/** The file attached to a product of the site (null when none); throws NOT_FOUND for an unknown product. */
export async function findDigitalFile(db: DbOrTx, websiteId: string, productId: string): Promise<DigitalFile | null> {
  const product = await findProduct(db, websiteId, productId);
  if (!product) throw new AppError('NOT_FOUND', 'No such product on this site.');
  return digitalFileOf(product.structuredContent);
}

/** Throws NOT_FOUND for an unknown product of the site and UNPROCESSABLE for a product that is not digital. */
export async function assertDigitalProduct(db: DbOrTx, websiteId: string, productId: string): Promise<void> {
  const product = await findProduct(db, websiteId, productId);
  if (!product) throw new AppError('NOT_FOUND', 'No such product on this site.');
  if (product.productType !== ProductType.DIGITAL) throw new AppError('UNPROCESSABLE', DIGITAL_FILE_MESSAGES.notDigital);
}

/** What {@link attachDigitalFile} needs. */
export interface AttachDigitalFileInput {
  websiteId: string;
  productId: string;
  name: string;
  contentType: string;
  bytes: Buffer;
  /** Runs in the transaction that records the file (the owner call records its audit entry here). */
  onAttached?: (tx: Tx, file: DigitalFile) => Promise<void>;
}

/**
 * Stores the file of a digital product under a private key and records its name, size and type
 * on the product, replacing an earlier file (whose bytes are removed once the new one is
 * recorded). Throws NOT_FOUND for an unknown product and UNPROCESSABLE for a product that is not
 * digital.
 */
export async function attachDigitalFile(db: Db, storage: MediaStorage, input: AttachDigitalFileInput): Promise<DigitalFile> {
  const { websiteId, productId } = input;
  await assertDigitalProduct(db, websiteId, productId);
  const file: DigitalFile = {
    id: randomUUID().replace(/-/g, ''),
    name: cleanFileName(input.name),
    size: input.bytes.length,
    contentType: input.contentType || 'application/octet-stream',
    uploadedOn: Date.now(),
  };
  await storage.put(digitalFileKey(websiteId, file.id), input.bytes);
  let replaced: DigitalFile | null = null;
  try {
    await db.transaction(async (tx) => {
      const product = await findProduct(tx, websiteId, productId);
      if (!product) throw new AppError('NOT_FOUND', 'No such product on this site.');
      replaced = digitalFileOf(product.structuredContent);
      await tx
        .update(items)
        .set({ structuredContent: sql`jsonb_set(${items.structuredContent}, '{digitalFile}', ${JSON.stringify(file)}::jsonb)`, updatedAt: new Date() })
        .where(and(eq(items.websiteId, websiteId), eq(items.id, productId)));
      await input.onAttached?.(tx, file);
    });
  } catch (error) {
    await storage.delete(digitalFileKey(websiteId, file.id));
    throw error;
  }
  const old = replaced as DigitalFile | null;
  if (old) await storage.delete(digitalFileKey(websiteId, old.id));
  return file;
}

/** The bytes of a digital file, or null when the store has none under its key. */
export async function readDigitalFile(storage: MediaStorage, websiteId: string, file: DigitalFile): Promise<Buffer | null> {
  return storage.get(digitalFileKey(websiteId, file.id));
}
