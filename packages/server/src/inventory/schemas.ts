import { ItemId } from '../cart/index.js';
import { PageEnd, z } from '../http/schemas.js';

/** Route parameters naming a variant. */
export const VariantParams = z.object({ variantId: z.string().min(1).max(64) });

/** Body of a stock set: the count now on the shelf, optionally the unlimited flag. */
export const StockSetBody = z.object({
  qtyInStock: z.number().int({ error: 'Stock is a whole number.' }).min(0, { error: 'Stock cannot be below zero.' }).max(1_000_000_000),
  unlimited: z.boolean().optional(),
  note: z.string().max(500).optional(),
});

/** Body of a stock adjustment: units added (positive) or removed (negative). */
export const StockAdjustBody = z.object({
  change: z.number().int({ error: 'The change is a whole number.' }).min(-1_000_000_000).max(1_000_000_000),
  note: z.string().max(500).optional(),
});

/** A variant's stock. */
export const StockLevel = z.object({ variantId: z.string(), sku: z.string(), qtyInStock: z.number().int(), unlimited: z.boolean() });

/** One entry of the stock history. */
export const StockMovement = z.object({
  id: z.number().int(),
  reason: z.enum(['initial', 'order', 'cancel', 'refund', 'manual', 'import']),
  change: z.number().int(),
  qtyAfter: z.number().int(),
  orderId: z.string().nullable(),
  note: z.string(),
  actorEmail: z.string().nullable(),
  createdAt: z.string(),
});

/** A page of a variant's stock history, newest first. */
export const StockHistoryPage = z.object({ movements: z.array(StockMovement), ...PageEnd });

/** Query of a paged list. */
export const HistoryQuery = z.object({ cursor: z.string().max(1000).optional(), limit: z.string().optional() });

/** Query of the low-stock list. */
export const LowStockQuery = HistoryQuery.extend({
  threshold: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'threshold must be a whole number.' })
    .optional()
    .describe('Most units a variant may have to be listed (default 5)'),
});

/** A page of the low-stock list, fewest units first. */
export const LowStockPage = z.object({
  variants: z.array(StockLevel.extend({ productId: z.string(), productTitle: z.string(), optionValues: z.record(z.string(), z.string()) })),
  ...PageEnd,
});

/** Query of the variant stock list. */
export const VariantStockQuery = HistoryQuery.extend({
  q: z.string().max(200).optional().describe('Words in the product title or the SKU'),
  low: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'low must be a whole number.' })
    .optional()
    .describe('Only limited variants with at most this many units'),
  inStock: z.enum(['true', 'false']).optional().describe('true: only variants that can be bought (unlimited or in stock)'),
});

/** A variant with its product and stock, as the inventory lists it. */
export const VariantStock = StockLevel.extend({ productId: z.string(), productTitle: z.string(), optionValues: z.record(z.string(), z.string()) });

/** A page of the variant stock list, by product title then the variants' order in their product. */
export const VariantStockPage = z.object({ variants: z.array(VariantStock), ...PageEnd });

/** Body of a stock import: the CSV text (a header row naming SKU and Stock, optionally Unlimited). */
export const StockImportBody = z.object({
  csv: z
    .string()
    .min(1, { error: 'The CSV is empty.' })
    .max(8 * 1024 * 1024),
});

/** What an import did, with every rejected row's line and reason. */
export const ImportReport = z.object({
  applied: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});

/** The CSV export. */
export const StockCsv = z
  .string()
  .describe('CSV file (UTF-8 with byte-order mark; header Product, URL slug, SKU, Options, Price, Sale price, On sale, Stock, Unlimited)');

/** Query of GET /api/commerce/inventory/stock/. */
export const StockQuery = z.object({ itemId: ItemId });

/** Answer of the stock call: one result per variant in display order. */
export const StockAnswer = z.object({
  results: z.array(z.object({ unlimited: z.boolean(), qtyInStock: z.number().int().describe('0 when unlimited') })),
});
