import { and, asc, eq, gt } from 'drizzle-orm';
import { items, products, variants } from '../db/index.js';
import type { Db } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { csvLine } from '../csv/index.js';
import { readCsv } from './csv-reader.js';
import { setStockIn, variantsBySku, type StockActor } from './stock-repository.js';

/** Header of the products-and-stock CSV; an edited export imports back as it is. */
export const STOCK_CSV_HEADER = [
  'Product',
  'URL slug',
  'SKU',
  'Options',
  'Price (minor units)',
  'Sale price (minor units)',
  'On sale',
  'Stock',
  'Unlimited',
] as const;
/** Most data rows one import may hold. */
export const MAX_IMPORT_ROWS = 20_000;
const BATCH = 500;

/** Messages of the stock import, one per rejected-row reason. */
export const IMPORT_MESSAGES = Object.freeze({
  missingColumns: 'The first row must name the columns, with at least SKU and Stock.',
  tooManyRows: `An import holds at most ${MAX_IMPORT_ROWS} rows.`,
  emptySku: 'SKU is empty.',
  unknownSku: (sku: string) => `No variant with SKU "${sku}".`,
  repeatedSku: (sku: string, line: number) => `SKU "${sku}" appears again (first on line ${line}).`,
  badStock: 'Stock must be a whole number of at least 0.',
  badUnlimited: 'Unlimited must be yes or no.',
});

/** The products-and-stock CSV of a site, one line per variant, read in batches so memory stays flat. */
export async function* stockCsvLines(db: Db, websiteId: string): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(STOCK_CSV_HEADER)}`;
  let after = '';
  for (;;) {
    const rows = await db
      .select({
        title: items.title,
        urlId: items.urlId,
        sku: variants.sku,
        attributes: variants.attributes,
        price: variants.priceCents,
        sale: variants.salePriceCents,
        onSale: variants.onSale,
        qty: variants.qtyInStock,
        unlimited: variants.unlimited,
        ordering: products.variantOptionOrdering,
      })
      .from(variants)
      .innerJoin(items, and(eq(items.websiteId, variants.websiteId), eq(items.id, variants.productId)))
      .innerJoin(products, and(eq(products.websiteId, variants.websiteId), eq(products.itemId, variants.productId)))
      .where(and(eq(variants.websiteId, websiteId), gt(variants.sku, after)))
      .orderBy(asc(variants.sku))
      .limit(BATCH);
    if (rows.length === 0) return;
    yield rows
      .map((r) => {
        const names = [...r.ordering.filter((name) => name in r.attributes), ...Object.keys(r.attributes).filter((name) => !r.ordering.includes(name))];
        const options = names.map((name) => `${name}: ${r.attributes[name]}`).join('; ');
        return csvLine([r.title, r.urlId, r.sku, options, r.price, r.sale, r.onSale ? 'yes' : 'no', r.qty, r.unlimited ? 'yes' : 'no']);
      })
      .join('');
    after = rows[rows.length - 1]!.sku;
  }
}

/** A row the import did not apply, and why. */
export interface RejectedRow {
  line: number;
  reason: string;
}

/** What an import did. */
export interface ImportReport {
  applied: number;
  unchanged: number;
  rejected: RejectedRow[];
}

const YES = new Set(['yes', 'true', '1', 'y']);
const NO = new Set(['no', 'false', '0', 'n', '']);

/** A SKU cell as exported: a formula-looking text gets an apostrophe in front, which the import takes off again. */
function skuCell(cell: string): string {
  const trimmed = cell.trim();
  return /^'[=+\-@]/.test(trimmed) ? trimmed.slice(1) : trimmed;
}

/**
 * Sets stock from a CSV whose header names a SKU and a Stock column (an Unlimited column is
 * optional; other columns are ignored, so an edited export imports back). Valid rows are
 * applied in one transaction, each change recorded in the history as 'import'; every other
 * row is reported with its line and reason.
 */
export async function importStockCsv(db: Db, websiteId: string, text: string, actor: StockActor): Promise<ImportReport> {
  const [header, ...records] = readCsv(text);
  const names = (header?.cells ?? []).map((c) => c.trim().toLowerCase());
  const skuAt = names.indexOf('sku');
  const stockAt = names.indexOf('stock');
  const unlimitedAt = names.indexOf('unlimited');
  if (skuAt < 0 || stockAt < 0) throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.missingColumns);
  if (records.length > MAX_IMPORT_ROWS) throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.tooManyRows);
  const rejected: RejectedRow[] = [];
  const wanted: { line: number; sku: string; qty: number; unlimited: boolean | undefined }[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, cells } of records) {
    const sku = skuCell(cells[skuAt] ?? '');
    const stock = (cells[stockAt] ?? '').trim();
    const unlimitedText = unlimitedAt >= 0 ? (cells[unlimitedAt] ?? '').trim().toLowerCase() : undefined;
    if (sku === '') rejected.push({ line, reason: IMPORT_MESSAGES.emptySku });
    else if (firstLine.has(sku)) rejected.push({ line, reason: IMPORT_MESSAGES.repeatedSku(sku, firstLine.get(sku)!) });
    else if (!/^\d{1,9}$/.test(stock)) rejected.push({ line, reason: IMPORT_MESSAGES.badStock });
    else if (unlimitedText !== undefined && !YES.has(unlimitedText) && !NO.has(unlimitedText)) rejected.push({ line, reason: IMPORT_MESSAGES.badUnlimited });
    else wanted.push({ line, sku, qty: Number(stock), unlimited: unlimitedText === undefined ? undefined : YES.has(unlimitedText) });
    if (sku !== '' && !firstLine.has(sku)) firstLine.set(sku, line);
  }
  let applied = 0;
  let unchanged = 0;
  await db.transaction(async (tx) => {
    const known = await variantsBySku(
      tx,
      websiteId,
      wanted.map((w) => w.sku),
    );
    // Variants are locked in id order, the order every other stock writer uses, so no two writers wait on each other.
    const byVariant = [...wanted].sort((a, b) => (known.get(a.sku)?.variantId ?? '').localeCompare(known.get(b.sku)?.variantId ?? ''));
    for (const row of byVariant) {
      const variant = known.get(row.sku);
      if (!variant) {
        rejected.push({ line: row.line, reason: IMPORT_MESSAGES.unknownSku(row.sku) });
        continue;
      }
      const after = await setStockIn(tx, websiteId, variant.variantId, { qtyInStock: row.qty, unlimited: row.unlimited }, 'import', { actor });
      if (after.qtyInStock === variant.qtyInStock && after.unlimited === variant.unlimited) unchanged += 1;
      else applied += 1;
    }
  });
  rejected.sort((a, b) => a.line - b.line);
  return { applied, unchanged, rejected };
}
