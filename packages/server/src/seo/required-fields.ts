import type { JsonLd } from './json-ld.js';

/**
 * Properties schema.org/Google require per type, as dotted paths; `a|b` means one of them.
 * Product: name, image, offers (Google merchant listings); Offer: price, priceCurrency,
 * availability; AggregateOffer: lowPrice, priceCurrency; AggregateRating: ratingValue and
 * reviewCount or ratingCount; BlogPosting: headline, datePublished, author.name, image is
 * recommended only; Event: name, startDate, location.address (and location.name for a Place).
 */
export const REQUIRED_FIELDS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  Product: ['name', 'image', 'offers'],
  Offer: ['price', 'priceCurrency', 'availability'],
  AggregateOffer: ['lowPrice', 'priceCurrency'],
  AggregateRating: ['ratingValue', 'reviewCount|ratingCount'],
  BlogPosting: ['headline', 'datePublished', 'author.name'],
  Event: ['name', 'startDate', 'location.address', 'location.name'],
  Place: ['address'],
});

function present(node: Record<string, unknown>, path: string): boolean {
  let value: unknown = node;
  for (const part of path.split('.')) {
    if (!value || typeof value !== 'object' || !Object.hasOwn(value, part)) return false;
    value = Reflect.get(value, part);
  }
  if (Array.isArray(value)) return value.length > 0;
  return value !== undefined && value !== null && value !== '';
}

/** Required properties missing from a node and its nested typed nodes (paths like `offers.price`). */
export function missingRequiredFields(node: JsonLd, prefix = ''): string[] {
  const missing: string[] = [];
  for (const rule of REQUIRED_FIELDS[node['@type']] ?? []) {
    if (!rule.split('|').some((path) => present(node, path))) missing.push(prefix + rule);
  }
  for (const [key, value] of Object.entries(node)) {
    const children = Array.isArray(value) ? value : [value];
    for (const child of children) {
      if (child && typeof child === 'object' && typeof (child as JsonLd)['@type'] === 'string') {
        missing.push(...missingRequiredFields(child as JsonLd, `${prefix}${key}.`));
      }
    }
  }
  return missing;
}
