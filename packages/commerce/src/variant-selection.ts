import type { ProductContent, Variant } from './product.js';
import { isStockedType } from './product-type.js';

/** Chosen option values by option name; an empty string means "not chosen". */
export type ChosenOptions = Readonly<Record<string, string>>;

/** An option of a product (e.g. Size) with its values in display order. */
export interface ProductOption {
  readonly name: string;
  readonly values: ReadonlyArray<string>;
}

/** How an option value relates to the other current choices. */
export type OptionValueState = 'available' | 'sold-out' | 'nonexistent';

/**
 * The product's options in display order: `variantOptionOrdering` first, then any other
 * attribute names in the order variants first use them. Values keep first-seen order.
 */
export function productOptions(product: ProductContent): ProductOption[] {
  const names: string[] = [...(product.variantOptionOrdering ?? [])];
  const values = new Map<string, string[]>();
  for (const v of product.variants) {
    for (const [name, value] of Object.entries(v.attributes)) {
      if (!names.includes(name)) names.push(name);
      const list = values.get(name) ?? [];
      if (!list.includes(value)) list.push(value);
      values.set(name, list);
    }
  }
  return names.filter((n) => values.has(n)).map((name) => ({ name, values: values.get(name) ?? [] }));
}

/** Options not yet chosen, in display order. */
export function unselectedOptions(product: ProductContent, chosen: ChosenOptions): string[] {
  return productOptions(product)
    .filter((o) => !chosen[o.name])
    .map((o) => o.name);
}

/**
 * The variant matching every chosen option, or undefined. A product with a single variant and no
 * options resolves to that variant.
 */
export function findVariant(product: ProductContent, chosen: ChosenOptions): Variant | undefined {
  const options = productOptions(product);
  if (options.length === 0) return product.variants.length === 1 ? product.variants[0] : undefined;
  if (options.some((o) => !chosen[o.name])) return undefined;
  return product.variants.find((v) => options.every((o) => v.attributes[o.name] === chosen[o.name]));
}

/** True when a variant can be bought in `quantity` (unlimited or enough stock). */
export function variantHasStock(variant: Variant, quantity = 1): boolean {
  return variant.unlimited || variant.qtyInStock >= quantity;
}

/**
 * Whether picking `value` for `option`, keeping the other current choices, leads to a variant
 * in stock, only to sold-out variants, or to no variant at all.
 */
export function optionValueState(product: ProductContent, chosen: ChosenOptions, option: string, value: string): OptionValueState {
  const candidates = product.variants.filter(
    (v) => v.attributes[option] === value && Object.entries(chosen).every(([name, picked]) => name === option || !picked || v.attributes[name] === picked),
  );
  if (candidates.length === 0) return 'nonexistent';
  if (!isStockedType(product.productType)) return 'available';
  return candidates.some((v) => variantHasStock(v)) ? 'available' : 'sold-out';
}
