/** The owner's inventory calls (server: inventory/routes.ts) and the catalogue's product list. */
export const INVENTORY_PATH = '/api/owner/inventory';
export const PRODUCTS_PATH = '/api/owner/catalogue/products';
export const EXPORT_PATH = `${INVENTORY_PATH}/export.csv`;
export const IMPORT_PATH = `${INVENTORY_PATH}/import`;
export const LOW_STOCK_PATH = `${INVENTORY_PATH}/low-stock`;
export const VARIANTS_PATH = `${INVENTORY_PATH}/variants`;

/** Stock at or below which a variant counts as low unless the owner picks another number (the server's default). */
export const DEFAULT_LOW_STOCK = 5;

export const stockPath = (variantId: string) => `${INVENTORY_PATH}/variants/${encodeURIComponent(variantId)}/stock`;
export const adjustPath = (variantId: string) => `${INVENTORY_PATH}/variants/${encodeURIComponent(variantId)}/adjustments`;
export const historyPath = (variantId: string) => `${INVENTORY_PATH}/variants/${encodeURIComponent(variantId)}/history`;

/** A page of a cursor-paged list. */
export interface PageEnd {
  readonly hasNextPage: boolean;
  readonly nextPageCursor: string | null;
}

/** A variant's stock as the server answers it. */
export interface StockLevel {
  readonly variantId: string;
  readonly sku: string;
  readonly qtyInStock: number;
  readonly unlimited: boolean;
}

/** A variant with its product, as the variant list and the low-stock list answer it. */
export interface VariantStock extends StockLevel {
  readonly productId: string;
  readonly productTitle: string;
  readonly optionValues: Readonly<Record<string, string>>;
}

/** One row of the low-stock list. */
export type LowStockVariant = VariantStock;

/** One line of the stock table: a variant with its product. */
export interface StockRow {
  readonly variantId: string;
  readonly sku: string;
  readonly productId: string;
  readonly productTitle: string;
  /** The variant's option values, e.g. "Size: M, Colour: Blue"; empty for a product without options. */
  readonly options: string;
  readonly qtyInStock: number;
  readonly unlimited: boolean;
}

export type StockReason = 'initial' | 'order' | 'cancel' | 'refund' | 'manual' | 'import';

/** One entry of a variant's stock history. */
export interface StockMovement {
  readonly id: number;
  readonly reason: StockReason;
  readonly change: number;
  readonly qtyAfter: number;
  readonly orderId: string | null;
  readonly note: string;
  readonly actorEmail: string | null;
  readonly createdAt: string;
}

/** What an import did, with every rejected row's line and reason. */
export interface ImportReport {
  readonly applied: number;
  readonly unchanged: number;
  readonly rejected: readonly { readonly line: number; readonly reason: string }[];
}

/** Words for the history's reasons. */
export const REASON_LABELS: Readonly<Record<StockReason, string>> = {
  initial: 'Initial stock',
  order: 'Order',
  cancel: 'Order cancelled',
  refund: 'Refund',
  manual: 'Manual edit',
  import: 'CSV import',
};

/** "Size: M, Colour: Blue". */
export function optionsText(values: Readonly<Record<string, string>>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
}

/** A stock table row of a listed variant. */
export function rowOf(variant: VariantStock): StockRow {
  return {
    variantId: variant.variantId,
    sku: variant.sku,
    productId: variant.productId,
    productTitle: variant.productTitle,
    options: optionsText(variant.optionValues),
    qtyInStock: variant.qtyInStock,
    unlimited: variant.unlimited,
  };
}

/** A variant's name for people: its product and options. */
export function variantName(row: Pick<StockRow, 'productTitle' | 'options'>): string {
  return row.options ? `${row.productTitle} (${row.options})` : row.productTitle;
}
