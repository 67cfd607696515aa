/** A JSON-LD node: a plain object with `@type` and schema.org properties. */
export type JsonLd = { '@context'?: string; '@type': string } & Record<string, unknown>;

/** schema.org context URL. */
export const SCHEMA_CONTEXT = 'https://schema.org';
/** schema.org availability values used by offers. */
export const Availability = Object.freeze({ IN_STOCK: 'https://schema.org/InStock', OUT_OF_STOCK: 'https://schema.org/OutOfStock' });

/** A date as ISO 8601, from epoch milliseconds or a Date. */
export function isoDateTime(value: number | Date): string {
  const date = typeof value === 'number' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date for structured data');
  return date.toISOString();
}

function withoutEmpty(node: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}

/** Input of {@link aggregateRatingJsonLd}. */
export interface AggregateRatingInput {
  ratingValue: number | null;
  reviewCount: number;
  bestRating?: number;
  worstRating?: number;
}

/** An `AggregateRating` (Google requires ratingValue and reviewCount or ratingCount); null without reviews. */
export function aggregateRatingJsonLd(input: AggregateRatingInput): JsonLd | null {
  if (input.ratingValue === null || input.reviewCount < 1) return null;
  return {
    '@type': 'AggregateRating',
    ratingValue: input.ratingValue,
    reviewCount: input.reviewCount,
    bestRating: input.bestRating ?? 5,
    worstRating: input.worstRating ?? 1,
  };
}

/** One purchasable variant of a product, for {@link productJsonLd}. */
export interface OfferInput {
  /** Price as a decimal string in major units ('12.50'). */
  price: string;
  sku?: string;
  /** True when the variant can be bought (unlimited or stock above 0). */
  available: boolean;
}

/** Input of {@link productJsonLd}. */
export interface ProductJsonLdInput {
  name: string;
  description?: string;
  /** Absolute URL of the product page. */
  url: string;
  /** Absolute image URLs. */
  images: readonly string[];
  currency: string;
  variants: readonly OfferInput[];
  brand?: string;
  aggregateRating?: AggregateRatingInput;
}

function offersOf(input: ProductJsonLdInput): JsonLd | null {
  const prices = input.variants.map((v) => Number(v.price)).filter((p) => Number.isFinite(p));
  if (prices.length === 0) return null;
  const availability = input.variants.some((v) => v.available) ? Availability.IN_STOCK : Availability.OUT_OF_STOCK;
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  if (input.variants.length === 1 || low === high) {
    const only = input.variants[0]!;
    return withoutEmpty({
      '@type': 'Offer',
      price: only.price,
      priceCurrency: input.currency,
      availability,
      url: input.url,
      sku: input.variants.length === 1 ? only.sku : undefined,
    }) as JsonLd;
  }
  const decimals = (input.variants[0]!.price.split('.')[1] ?? '').length;
  return {
    '@type': 'AggregateOffer',
    lowPrice: low.toFixed(decimals),
    highPrice: high.toFixed(decimals),
    offerCount: input.variants.length,
    priceCurrency: input.currency,
    availability,
    url: input.url,
  };
}

/**
 * A `Product` with its `Offer` (or `AggregateOffer` when variant prices differ), availability
 * and, when there are reviews, `AggregateRating`. Null when the product has no priced variant
 * (Google requires offers, review or aggregateRating).
 */
export function productJsonLd(input: ProductJsonLdInput): JsonLd | null {
  const offers = offersOf(input);
  if (!offers || !input.name) return null;
  const rating = input.aggregateRating ? aggregateRatingJsonLd(input.aggregateRating) : null;
  return withoutEmpty({
    '@context': SCHEMA_CONTEXT,
    '@type': 'Product',
    name: input.name,
    description: input.description,
    url: input.url,
    image: [...input.images],
    brand: input.brand ? { '@type': 'Brand', name: input.brand } : undefined,
    offers,
    aggregateRating: rating ?? undefined,
  }) as JsonLd;
}

/** Input of {@link blogPostingJsonLd}. */
export interface BlogPostingInput {
  headline: string;
  url: string;
  datePublished: number | Date;
  dateModified?: number | Date;
  authorName: string;
  description?: string;
  images?: readonly string[];
  publisherName?: string;
}

/** Google caps Article headlines at 110 characters. */
export const HEADLINE_MAX = 110;

/** A `BlogPosting` with headline, dates, author, image and main entity URL. */
export function blogPostingJsonLd(input: BlogPostingInput): JsonLd {
  const headline = input.headline.length > HEADLINE_MAX ? `${input.headline.slice(0, HEADLINE_MAX - 3)}...` : input.headline;
  return withoutEmpty({
    '@context': SCHEMA_CONTEXT,
    '@type': 'BlogPosting',
    headline,
    url: input.url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': input.url },
    datePublished: isoDateTime(input.datePublished),
    dateModified: isoDateTime(input.dateModified ?? input.datePublished),
    author: { '@type': 'Person', name: input.authorName || input.publisherName || 'Unknown' },
    publisher: input.publisherName ? { '@type': 'Organization', name: input.publisherName } : undefined,
    description: input.description,
    image: input.images ? [...input.images] : undefined,
  }) as JsonLd;
}

/** An event's place (spec 3: location addressLine1, addressLine2, addressCountry, mapLat, mapLng). */
export interface EventLocationInput {
  addressTitle?: string;
  addressLine1?: string;
  addressLine2?: string;
  addressCountry?: string;
  mapLat?: number;
  mapLng?: number;
}

/** Input of {@link eventJsonLd}. */
export interface EventJsonLdInput {
  name: string;
  url: string;
  startDate: number | Date;
  endDate?: number | Date;
  location?: EventLocationInput;
  description?: string;
  images?: readonly string[];
}

/**
 * An `Event` with name, start and end dates, status, attendance mode and its `Place` with a
 * `PostalAddress`. Null without a location address (Google requires location.address).
 */
export function eventJsonLd(input: EventJsonLdInput): JsonLd | null {
  const loc = input.location ?? {};
  const street = [loc.addressLine1, loc.addressLine2].filter((s) => s && s.trim()).join(', ');
  if (!input.name || (!street && !loc.addressCountry)) return null;
  const geo =
    Number.isFinite(loc.mapLat) && Number.isFinite(loc.mapLng) && !(loc.mapLat === 0 && loc.mapLng === 0)
      ? { '@type': 'GeoCoordinates', latitude: loc.mapLat, longitude: loc.mapLng }
      : undefined;
  return withoutEmpty({
    '@context': SCHEMA_CONTEXT,
    '@type': 'Event',
    name: input.name,
    url: input.url,
    startDate: isoDateTime(input.startDate),
    endDate: input.endDate === undefined ? undefined : isoDateTime(input.endDate),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: withoutEmpty({
      '@type': 'Place',
      name: loc.addressTitle || street || loc.addressCountry,
      address: withoutEmpty({ '@type': 'PostalAddress', streetAddress: street, addressCountry: loc.addressCountry }),
      geo,
    }),
    description: input.description,
    image: input.images ? [...input.images] : undefined,
  }) as JsonLd;
}

/**
 * `<script type="application/ld+json">` holding the nodes; `<`, `>`, `&` and line separators
 * are escaped as `\uXXXX` so no value can close the script element.
 */
export function jsonLdScript(nodes: JsonLd | readonly JsonLd[]): string {
  const json = JSON.stringify(nodes).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/ld+json">${json}</script>`;
}
