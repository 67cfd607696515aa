import { requiresShipping, summarizeCart, type CartEntry as CommerceEntry, ProductType } from '@emporium/commerce';
import type { DbOrTx } from '../db/types.js';
import type { Website } from '../sites/index.js';
import { loadCatalogProducts, unitPriceCents, type CatalogProduct, type CatalogVariant } from './catalog.js';
import type { CartEntryRow, CartRow } from './cart-repository.js';
import { evaluateCoupons, loadCoupons, type CouponEvaluation } from './coupons.js';
import { storedShippingLocation, type ShippingLocation } from './shipping-location.js';
import { loadShippingOptions, optionsForLocation, shippingCost, type ShippingOption } from './shipping-options.js';
import { applicableTaxRules, loadTaxRules, taxOn, type TaxRule } from './tax-rules.js';

/** One cart entry with the product and variant it refers to, priced now. */
export interface PricedLine {
  entry: CartEntryRow;
  product: CatalogProduct;
  variant: CatalogVariant;
  unitPriceCents: number;
  subtotalCents: number;
}

/** Tax charged by one rule. */
export interface TaxLine {
  ruleId: string;
  name: string;
  /** Thousandths of a percent (8875 = 8.875 %). */
  rateThousandths: number;
  taxCents: number;
}

/** A cart with every total worked out from current prices and the site's settings. */
export interface PricedCart {
  cart: CartRow | null;
  currency: string;
  lines: PricedLine[];
  /** Entries whose product or variant no longer exists or is unpublished. */
  unavailable: CartEntryRow[];
  subtotalCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  coupons: string[];
  couponResult: CouponEvaluation;
  shippingLocation: ShippingLocation | null;
  shippingOptions: ShippingOption[];
  /** How many shipping options the store has at all (0: shipping is free and needs no choice). */
  storeShippingOptionCount: number;
  selectedShippingOption: ShippingOption | null;
  shippingCostCents: number;
  applicableTaxRules: TaxRule[];
  taxLines: TaxLine[];
  taxCents: number;
  discountCents: number;
  grandTotalCents: number;
}

function storedCodes(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((c): c is string => typeof c === 'string') : [];
}

function storedOptionId(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const id = (value as Record<string, unknown>).id;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Resolves each entry to its product and variant (by variant id, then by sku). Products in
 * `known` (read earlier in the same request) are not read again.
 */
export async function priceLines(
  db: DbOrTx,
  websiteId: string,
  entries: readonly CartEntryRow[],
  known?: ReadonlyMap<string, CatalogProduct>,
): Promise<{ lines: PricedLine[]; unavailable: CartEntryRow[] }> {
  const missing = known ? entries.filter((e) => !known.has(e.itemId)) : entries;
  const loaded = await loadCatalogProducts(
    db,
    websiteId,
    missing.map((e) => e.itemId),
  );
  const catalog = known ? new Map([...known, ...loaded]) : loaded;
  const lines: PricedLine[] = [];
  const unavailable: CartEntryRow[] = [];
  for (const entry of entries) {
    const product = catalog.get(entry.itemId);
    const variant = product?.variants.find((v) => v.id === entry.variantId) ?? product?.variants.find((v) => entry.sku !== null && v.sku === entry.sku);
    if (!product || !variant) {
      unavailable.push(entry);
      continue;
    }
    const unit = unitPriceCents(variant);
    lines.push({ entry, product, variant, unitPriceCents: unit, subtotalCents: unit * entry.quantity });
  }
  return { lines, unavailable };
}

/**
 * Where {@link priceCart} reads the site's shipping options and tax rules (for pages: a
 * per-site-version cache), and whether independent reads may run at once (never on a
 * transaction: its statements go one after the other on one connection).
 */
export interface PricingSources {
  shippingOptions(): Promise<ShippingOption[]>;
  taxRules(): Promise<TaxRule[]>;
  concurrent: boolean;
  /** Products already read in this request (by item id), for example the one just added to the cart. */
  products?: ReadonlyMap<string, CatalogProduct>;
}

interface PricingInputs {
  lines: PricedLine[];
  unavailable: CartEntryRow[];
  coupons: Awaited<ReturnType<typeof loadCoupons>>;
  /** The store's shipping options, or [] when nothing needs shipping. */
  storeOptions: ShippingOption[];
  /** The store's tax rules, or [] when the cart has no lines. */
  rules: TaxRule[];
}

function commerceEntries(lines: readonly PricedLine[]): CommerceEntry[] {
  return lines.map((l) => ({
    id: l.entry.id,
    itemId: l.entry.itemId,
    quantity: l.entry.quantity,
    purchasePriceCents: l.unitPriceCents,
    productType: l.product.productType,
  }));
}

function needsShipping(lines: readonly PricedLine[]): boolean {
  return requiresShipping(commerceEntries(lines));
}

async function pricingInputs(
  db: DbOrTx,
  site: Website,
  entries: readonly CartEntryRow[],
  codes: readonly string[],
  sources: PricingSources | undefined,
): Promise<PricingInputs> {
  const shippingOf = sources ? () => sources.shippingOptions() : () => loadShippingOptions(db, site);
  const taxOf = sources ? () => sources.taxRules() : () => loadTaxRules(db, site);
  if (entries.length === 0) return { lines: [], unavailable: [], coupons: await loadCoupons(db, site.id, codes), storeOptions: [], rules: [] };
  if (sources?.concurrent) {
    const [priced, coupons, options, rules] = await Promise.all([
      priceLines(db, site.id, entries, sources.products),
      loadCoupons(db, site.id, codes),
      shippingOf(),
      taxOf(),
    ]);
    const any = priced.lines.length > 0;
    return { ...priced, coupons, storeOptions: any && needsShipping(priced.lines) ? options : [], rules: any ? rules : [] };
  }
  const priced = await priceLines(db, site.id, entries, sources?.products);
  const coupons = await loadCoupons(db, site.id, codes);
  const storeOptions = needsShipping(priced.lines) ? await shippingOf() : [];
  const rules = priced.lines.length > 0 ? await taxOf() : [];
  return { ...priced, coupons, storeOptions, rules };
}

/**
 * Prices a cart: subtotal and flags by the shared commerce rules, coupons, the shipping
 * option (the saved one when it still serves the location, else the first), and tax rules
 * for the location. Gift cards are not taxed; the discount is spread over taxable goods in
 * proportion. `cart` null prices an empty cart; a cart without lines reads no tax rules.
 */
export async function priceCart(
  db: DbOrTx,
  site: Website,
  cart: CartRow | null,
  entries: readonly CartEntryRow[],
  now: Date = new Date(),
  sources?: PricingSources,
): Promise<PricedCart> {
  const currency = site.settings.currency;
  const codes = storedCodes(cart?.coupons);
  const { lines, unavailable, coupons, storeOptions, rules: storeRules } = await pricingInputs(db, site, entries, codes, sources);
  const summary = summarizeCart(commerceEntries(lines), currency);
  const couponResult = evaluateCoupons(codes, coupons, summary.subtotalCents, now);
  const discountCents = couponResult.discountCents;
  const location = storedShippingLocation(cart?.shippingLocation);
  const options = optionsForLocation(storeOptions, location);
  const savedId = storedOptionId(cart?.selectedShippingOption);
  const selected = options.find((o) => o.id === savedId) ?? options[0] ?? null;
  const afterDiscount = summary.subtotalCents - discountCents;
  const shippingCostCents = selected && !couponResult.freeShipping ? shippingCost(selected, afterDiscount) : 0;
  const rules = applicableTaxRules(storeRules, location);
  const taxableSubtotal = lines.filter((l) => l.product.productType !== ProductType.GIFT_CARD).reduce((s, l) => s + l.subtotalCents, 0);
  const taxableDiscount = summary.subtotalCents > 0 ? Math.floor((discountCents * taxableSubtotal) / summary.subtotalCents) : 0;
  const taxBase = Math.max(0, taxableSubtotal - taxableDiscount);
  const taxLines = rules.map((r) => ({
    ruleId: r.id,
    name: r.name,
    rateThousandths: r.rateThousandths,
    taxCents: taxOn(taxBase + (r.appliesToShipping ? shippingCostCents : 0), r.rateThousandths),
  }));
  const taxCents = taxLines.reduce((s, t) => s + t.taxCents, 0);
  return {
    cart,
    currency,
    lines,
    unavailable,
    subtotalCents: summary.subtotalCents,
    totalQuantity: summary.totalQuantity,
    hasDigital: summary.hasDigital,
    purelyDigital: summary.purelyDigital,
    requiresShipping: summary.requiresShipping,
    coupons: codes,
    couponResult,
    shippingLocation: location,
    shippingOptions: options,
    storeShippingOptionCount: storeOptions.length,
    selectedShippingOption: selected,
    shippingCostCents,
    applicableTaxRules: rules,
    taxLines,
    taxCents,
    discountCents,
    grandTotalCents: afterDiscount + shippingCostCents + taxCents,
  };
}
