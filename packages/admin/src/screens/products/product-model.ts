import { MerchandisingFields, ProductFields, VariantInput, type ProductOption, type ProductView, type VariantView } from '@emporium/server/catalogue/schemas';
import { centsOf, centsText } from '../store/store-money.js';

/** The catalogue's calls. */
export const PRODUCTS_PATH = '/api/owner/catalogue/products';
/** The site's collections by name (the store a product is sold in is one of them). */
export const COLLECTIONS_PATH = '/api/owner/catalogue/collections';
export const BULK_PRICES_PATH = '/api/owner/catalogue/variants/prices';
export const stockPath = (variantId: string) => `/api/owner/inventory/variants/${encodeURIComponent(variantId)}/stock`;
export const STOCK_IMPORT_PATH = '/api/owner/inventory/import';
export const imagesPath = (productId: string) => `${PRODUCTS_PATH}/${encodeURIComponent(productId)}/images`;

/** Product types of spec 3 by number. */
export const PRODUCT_TYPES = [
  { value: 1, label: 'Physical' },
  { value: 2, label: 'Digital' },
  { value: 3, label: 'Service' },
  { value: 4, label: 'Gift card' },
  { value: 5, label: 'Paywall' },
] as const;

/**
 * The product's own fields as the editor's form holds them (its store among them): the server's
 * `ProductFields` without the variants (the grid holds those) and the main image (the photos).
 */
export const ProductDetails = ProductFields.omit({ variants: true, imageUrl: true });
/** The details form's values as typed, and as the schema gives them back. */
export type DetailsInput = (typeof ProductDetails)['_zod']['input'];
export type DetailsOutput = (typeof ProductDetails)['_zod']['output'];

/** One row of the variant grid: the variant's fields as the owner types them. */
export interface VariantRow {
  /** Stable key of the row (the variant id, or a made-up key for a new variant). */
  readonly key: string;
  readonly id?: string;
  readonly sku: string;
  /** Money text in the store's currency ('12.50'). */
  readonly price: string;
  readonly salePrice: string;
  readonly onSale: boolean;
  readonly optionValues: Readonly<Record<string, string>>;
  /** Whole units on the shelf. */
  readonly stock: string;
  readonly unlimited: boolean;
  /** Grams. */
  readonly weight: string;
  /** The product photo shown when this variant is chosen; null for none. */
  readonly imageId: string | null;
}

/** A row's complaints keyed by the wire field (sku, priceCents, salePriceCents, qtyInStock, weightGrams, optionValues). */
export type RowErrors = Readonly<Record<string, string>>;

let newRowCount = 0;
/** A key for a row that has no variant yet. */
export function newRowKey(): string {
  newRowCount += 1;
  return `new-${newRowCount}`;
}

/** The grid row of a saved variant. */
export function rowOf(variant: VariantView): VariantRow {
  return {
    key: variant.id,
    id: variant.id,
    sku: variant.sku,
    price: centsText(variant.priceCents),
    salePrice: centsText(variant.salePriceCents),
    onSale: variant.onSale,
    optionValues: variant.optionValues,
    stock: String(variant.qtyInStock),
    unlimited: variant.unlimited,
    weight: String(variant.weightGrams),
    imageId: variant.imageId,
  };
}

/** A blank row (a product's first variant, or a new combination). */
export function blankRow(sku: string, optionValues: Record<string, string> = {}, like?: VariantRow): VariantRow {
  return {
    key: newRowKey(),
    sku,
    price: like?.price ?? '0.00',
    salePrice: like?.salePrice ?? '0.00',
    onSale: false,
    optionValues,
    stock: '0',
    unlimited: like?.unlimited ?? false,
    weight: like?.weight ?? '0',
    imageId: null,
  };
}

/** The option values of a row as people read them ('Red / M'). */
export function combinationText(row: Pick<VariantRow, 'optionValues'>, options: readonly ProductOption[]): string {
  return options.map((option) => row.optionValues[option.name] ?? '?').join(' / ');
}

/** How a row is named in cell labels: its SKU, else its option values, else its position. */
export function rowName(row: VariantRow, index: number, options: readonly ProductOption[]): string {
  if (row.sku.trim()) return row.sku.trim();
  const combination = combinationText(row, options);
  return combination || `variant ${index + 1}`;
}

/** Every combination of the options' values, in option order (2 options of 3 values give 6). */
export function combinations(options: readonly ProductOption[]): Record<string, string>[] {
  let result: Record<string, string>[] = [{}];
  for (const option of options) {
    const next: Record<string, string>[] = [];
    for (const partial of result) for (const value of option.values) next.push({ ...partial, [option.name]: value });
    result = next;
  }
  return options.length === 0 ? [] : result;
}

function skuPart(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 20) || 'X'
  );
}

/** A SKU for a new combination: the product's SKU stem and the values ('TEE-RED-M'). */
export function suggestedSku(stem: string, values: readonly string[]): string {
  return [skuPart(stem || 'SKU'), ...values.map(skuPart)].join('-').slice(0, 64);
}

function sameValues(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>, names: readonly string[]): boolean {
  return names.every((name) => a[name] === b[name]);
}

/**
 * The variant matrix of `options`: one row per combination. A row that already has the
 * combination keeps its id, SKU, prices and stock; new combinations get a suggested SKU and
 * the first row's price. Rows of combinations that no longer exist are left out.
 */
export function generateMatrix(options: readonly ProductOption[], rows: readonly VariantRow[], skuStem: string): VariantRow[] {
  const names = options.map((o) => o.name);
  const wanted = combinations(options);
  if (wanted.length === 0) return rows.length > 0 ? [{ ...rows[0]!, optionValues: {} }] : [blankRow(suggestedSku(skuStem, []))];
  const template = rows[0];
  const used = new Set<string>();
  return wanted.map((values) => {
    const found = rows.find((row) => !used.has(row.key) && sameValues(row.optionValues, values, names));
    if (found) {
      used.add(found.key);
      return { ...found, optionValues: values };
    }
    return blankRow(
      suggestedSku(
        skuStem,
        names.map((name) => values[name]!),
      ),
      values,
      template,
    );
  });
}

const MONEY_MESSAGE = 'Enter an amount like 12.50.';
const WHOLE_MESSAGE = 'Enter a whole number.';

function wholeOf(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * A row as the server's `VariantInput` (checked with that very schema), or the row's
 * complaints keyed by wire field.
 */
export function variantInputOf(row: VariantRow): { input: VariantInput } | { errors: RowErrors } {
  const errors: Record<string, string> = {};
  const priceCents = centsOf(row.price);
  const salePriceCents = row.salePrice.trim() === '' ? 0 : centsOf(row.salePrice);
  const qtyInStock = row.unlimited && row.stock.trim() === '' ? 0 : wholeOf(row.stock);
  const weightGrams = row.weight.trim() === '' ? 0 : wholeOf(row.weight);
  if (priceCents === null) errors.priceCents = MONEY_MESSAGE;
  if (salePriceCents === null) errors.salePriceCents = MONEY_MESSAGE;
  if (qtyInStock === null) errors.qtyInStock = WHOLE_MESSAGE;
  if (weightGrams === null) errors.weightGrams = WHOLE_MESSAGE;
  const parsed = VariantInput.safeParse({
    ...(row.id ? { id: row.id } : {}),
    sku: row.sku,
    priceCents: priceCents ?? 0,
    salePriceCents: salePriceCents ?? 0,
    onSale: row.onSale,
    optionValues: row.optionValues,
    qtyInStock: qtyInStock ?? 0,
    unlimited: row.unlimited,
    weightGrams: weightGrams ?? 0,
    imageId: row.imageId,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'sku');
      errors[field] ??= issue.message;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  if (parsed.data.onSale && parsed.data.salePriceCents >= parsed.data.priceCents)
    return { errors: { salePriceCents: 'The sale price must be below the price.' } };
  return { input: parsed.data };
}

/** What a save of an existing product has to send, compared with the product as loaded. */
export interface ChangeSet {
  /** The product itself must be saved (fields, options, SKUs, weights, added or removed variants). */
  readonly needsProductSave: boolean;
  /** Price changes of kept variants (sent alone through the bulk price call when the product is not saved). */
  readonly prices: { variantId: string; priceCents: number; salePriceCents: number; onSale: boolean }[];
  /** Stock changes of kept variants (through the inventory calls). */
  readonly stock: { variantId: string; sku: string; qtyInStock: number; unlimited: boolean }[];
}

/** Compares the grid's variants with the loaded ones: only what changed is sent. */
export function changesOf(loaded: readonly VariantView[], inputs: readonly VariantInput[], detailsChanged: boolean): ChangeSet {
  const byId = new Map(loaded.map((v) => [v.id, v]));
  let needsProductSave = detailsChanged || inputs.length !== loaded.length;
  const prices: ChangeSet['prices'] = [];
  const stock: ChangeSet['stock'] = [];
  inputs.forEach((input, index) => {
    const before = input.id ? byId.get(input.id) : undefined;
    if (!before) {
      needsProductSave = true;
      return;
    }
    if (loaded[index]?.id !== input.id) needsProductSave = true;
    if (
      before.sku !== input.sku ||
      before.weightGrams !== input.weightGrams ||
      (input.imageId ?? null) !== before.imageId ||
      JSON.stringify(before.optionValues) !== JSON.stringify(input.optionValues)
    )
      needsProductSave = true;
    if (before.priceCents !== input.priceCents || before.salePriceCents !== input.salePriceCents || before.onSale !== input.onSale)
      prices.push({ variantId: before.id, priceCents: input.priceCents, salePriceCents: input.salePriceCents, onSale: input.onSale });
    if (before.qtyInStock !== input.qtyInStock || before.unlimited !== input.unlimited)
      stock.push({ variantId: before.id, sku: input.sku, qtyInStock: input.qtyInStock, unlimited: input.unlimited });
  });
  return { needsProductSave, prices, stock };
}

/** Name of the option a gift card's amounts make (one variant per amount, as the storefront shows them). */
export const GIFT_CARD_OPTION = 'Amount';
/** Product type number of a gift card (spec 3). */
export const GIFT_CARD_TYPE = 4;

/** Product type of a digital product (spec 3), whose buyers download a file. */
export const DIGITAL_TYPE = 2;

/** An amount as a gift card's option value: '25' for whole amounts, else '12.50'. */
export function amountLabel(cents: number): string {
  const text = centsText(cents);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/** The amounts a gift card's variants sell, as the owner types them. */
export function amountsOf(rows: readonly VariantRow[]): string[] {
  return rows.map((row) => row.price);
}

/**
 * A gift card's denominations as its option and variants: one variant per amount with unlimited
 * stock, named by its amount. A variant that already sells an amount keeps its id and SKU.
 * Returns the complaint of each bad amount (by position) instead when there is one.
 */
export function giftCardVariants(
  amounts: readonly string[],
  rows: readonly VariantRow[],
  skuStem: string,
): { option: ProductOption; rows: VariantRow[] } | { errors: Record<number, string> } {
  const errors: Record<number, string> = {};
  const seen = new Set<number>();
  const cents = amounts.map((text, i) => {
    const value = centsOf(text);
    if (value === null || value <= 0) errors[i] = 'Enter an amount above zero, like 25 or 12.50.';
    else if (seen.has(value)) errors[i] = 'This amount is listed twice.';
    else seen.add(value);
    return value ?? 0;
  });
  if (amounts.length === 0) errors[0] = 'A gift card needs at least one amount.';
  if (Object.keys(errors).length > 0) return { errors };
  const used = new Set<string>();
  const made = cents.map((value) => {
    const label = amountLabel(value);
    const found = rows.find((row) => !used.has(row.key) && centsOf(row.price) === value);
    if (found) {
      used.add(found.key);
      return { ...found, optionValues: { [GIFT_CARD_OPTION]: label }, unlimited: true };
    }
    return { ...blankRow(suggestedSku(skuStem, [label]), { [GIFT_CARD_OPTION]: label }), price: centsText(value), unlimited: true };
  });
  return { option: { name: GIFT_CARD_OPTION, values: made.map((row) => row.optionValues[GIFT_CARD_OPTION]!) }, rows: made };
}

/** One CSV cell (quoted). */
function csvCell(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** A stock import (SKU, Stock, Unlimited) setting many variants in one call. */
export function stockCsv(stock: ChangeSet['stock']): string {
  return ['SKU,Stock,Unlimited', ...stock.map((s) => `${csvCell(s.sku)},${s.qtyInStock},${s.unlimited ? 'yes' : 'no'}`)].join('\n');
}

/** `datetime-local` text ('2026-12-01T09:30') of an ISO instant, in the browser's time zone. */
export function localInputOf(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The ISO instant (with offset) of `datetime-local` text; undefined when empty or not a date. */
export function isoOfLocalInput(text: string): string | undefined {
  if (!text) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Splits 'a, b, c' into trimmed, non-empty parts. */
export function listOf(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export { MerchandisingFields, ProductFields, type ProductOption, type ProductView, type VariantView };

/** The details form's values for a saved product, or a new one's defaults. */
export function detailsOf(product: ProductView | undefined): DetailsInput {
  return {
    collectionId: product?.collectionId,
    title: product?.title ?? '',
    description: product?.description ?? '',
    excerpt: product?.excerpt ?? '',
    urlId: product?.urlId,
    productType: (product?.productType ?? 1) as 1 | 2 | 3 | 4 | 5,
    tags: product?.tags ?? [],
    categories: product?.categories ?? [],
    visibility: product?.visibility ?? 'draft',
    publishOn: product?.visibility === 'scheduled' ? product.publishOn : undefined,
    options: product?.options ?? [],
    seo: product?.seo ?? { title: '', description: '' },
    useCustomAddButtonText: product?.useCustomAddButtonText ?? false,
    customAddButtonText: product?.customAddButtonText ?? '',
    merchandising: product?.merchandising ?? MerchandisingFields.parse({}),
    isSubscribable: product?.isSubscribable ?? false,
    subscriptionPlan: product?.subscriptionPlan ?? DEFAULT_PLAN,
  };
}

/** The plan the subscription fields start from. */
export const DEFAULT_PLAN = { billingPeriod: { value: 1, unit: 'MONTH' as const }, numBillingCycles: 0 };
/** Product types sold with stock, which can offer a restock email (physical and service). */
export const STOCKED_TYPES: readonly number[] = [1, 3];
/** Product types that can be sold as a subscription (physical and service). */
export const SUBSCRIBABLE_TYPES: readonly number[] = [1, 3];
/** Form paths the server may name that the form shows next to their field. */
export const FORM_PATHS =
  /^(collectionId|title|description|excerpt|urlId|publishOn|productType|tags|categories|customAddButtonText|isSubscribable|options\.\d+\.(name|values)|seo\.\w+|merchandising\.[\w.]+|subscriptionPlan(\.[\w.]+)?)$/;
