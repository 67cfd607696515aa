import { asArray, asString, get, getPath, isObject } from './values.js';

/** One selectable product option and its values in first-seen order. */
export interface VariantOption {
  readonly name: string;
  readonly values: readonly string[];
}

/**
 * The options a shopper picks between, in `variantOptionOrdering` order, each with the
 * distinct values its variants carry in `attributes`. Empty for fewer than two variants.
 */
export function itemVariantOptions(item: unknown): VariantOption[] {
  const content = get(item, 'structuredContent');
  const variants = asArray(get(content, 'variants'));
  if (variants.length <= 1) return [];
  const options = asArray(get(content, 'variantOptionOrdering')).map((name) => ({
    name: asString(name),
    values: [] as string[],
  }));
  for (const variant of variants) {
    const attributes = get(variant, 'attributes');
    if (!isObject(attributes)) continue;
    for (const field of Object.keys(attributes)) {
      const option = options.find((o) => o.name === field);
      const value = asString(attributes[field]);
      if (option && !option.values.includes(value)) option.values.push(value);
    }
  }
  return options;
}

/** A variant's option values joined with ` / ` (`blue / large`). */
export function variantDescriptor(variant: unknown): string {
  return asArray(get(variant, 'optionValues'))
    .map((option) => asString(getPath(option, ['value'])))
    .join(' / ');
}
