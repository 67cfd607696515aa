import type { VariantOption } from '../db/schema.js';

/**
 * A variant's options in the product's option order (`ordering`), options the ordering does
 * not name after them in name order: what an order line keeps of the variant bought.
 */
export function orderedVariantOptions(attributes: Readonly<Record<string, string>>, ordering: readonly string[]): VariantOption[] {
  const names = Object.keys(attributes).sort((a, b) => {
    const ia = ordering.indexOf(a);
    const ib = ordering.indexOf(b);
    if (ia !== ib) return (ia < 0 ? Number.MAX_SAFE_INTEGER : ia) - (ib < 0 ? Number.MAX_SAFE_INTEGER : ib);
    return a < b ? -1 : a > b ? 1 : 0;
  });
  return names.map((name) => ({ name, value: attributes[name]! }));
}

/** The options as an order shows them: 'Colour: Sage, Size: M' ('' for none). */
export function variantOptionsText(options: readonly VariantOption[] | null | undefined): string {
  return (options ?? []).map((o) => `${o.name}: ${o.value}`).join(', ');
}
