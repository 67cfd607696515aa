import { isSoldOut } from '@emporium/commerce';
import { absoluteUrl } from '../sites/index.js';
import { blogPostingJsonLd, eventJsonLd, productJsonLd, type AggregateRatingInput, type EventLocationInput, type JsonLd, type OfferInput } from './json-ld.js';
import { textOf, truncateText } from './page-meta.js';

/** Record types (spec 3) with structured data. */
const TEXT = 1;
const STORE_ITEM = 11;
const EVENT = 12;

/** Options of {@link itemJsonLd}. */
export interface ItemJsonLdOptions {
  /** Origin for absolute URLs (`canonicalOrigin(site, request)`). */
  origin: string;
  siteTitle: string;
  currency: string;
  /** Product reviews aggregate (from `productReviewsContext`). */
  aggregateRating?: AggregateRatingInput;
}

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function imagesOf(item: Rec, origin: string): string[] {
  const list = Array.isArray(item.images) ? item.images.map((i) => str(rec(i).assetUrl)).filter(Boolean) : [];
  if (list.length === 0 && str(item.assetUrl)) list.push(str(item.assetUrl));
  return list.map((u) => absoluteUrl(origin, u));
}

function offersOf(item: Rec): OfferInput[] {
  const content = rec(item.structuredContent);
  const variants = Array.isArray(content.variants) ? content.variants.map(rec) : [];
  const productType = Number(content.productType);
  return variants.flatMap((v) => {
    const money = rec(v.onSale === true ? v.salePriceMoney : v.priceMoney);
    if (!str(money.value)) return [];
    const stock = { unlimited: v.unlimited === true, qtyInStock: Number(v.qtyInStock) };
    return [{ price: str(money.value), sku: str(v.sku) || undefined, available: !isSoldOut({ productType, variants: [stock] }) }];
  });
}

/**
 * JSON-LD for an item as the page context shows it (D2's `itemContext`, with products
 * enriched): Product for store items, Event for events, BlogPosting for text posts; null when
 * the item has no type with structured data or lacks a required field.
 */
export function itemJsonLd(item: Rec, options: ItemJsonLdOptions): JsonLd | null {
  const url = absoluteUrl(options.origin, str(item.fullUrl));
  const title = str(item.title);
  const description = truncateText(textOf(str(item.excerpt) || str(item.body))) || undefined;
  const images = imagesOf(item, options.origin);
  const recordType = Number(item.recordType);
  if (recordType === STORE_ITEM) {
    return productJsonLd({
      name: title,
      description,
      url,
      images,
      currency: options.currency,
      variants: offersOf(item),
      aggregateRating: options.aggregateRating,
    });
  }
  if (recordType === EVENT) {
    const start = Number(item.startDate);
    if (!Number.isFinite(start)) return null;
    const end = Number(item.endDate);
    return eventJsonLd({
      name: title,
      url,
      startDate: start,
      endDate: Number.isFinite(end) ? end : undefined,
      location: rec(item.location) as EventLocationInput,
      description,
      images,
    });
  }
  if (recordType === TEXT) {
    const published = Number(item.publishOn);
    if (!Number.isFinite(published)) return null;
    const updated = Number(item.updatedOn);
    return blogPostingJsonLd({
      headline: title,
      url,
      datePublished: published,
      dateModified: Number.isFinite(updated) ? updated : undefined,
      authorName: str(rec(item.author).displayName),
      description,
      images,
      publisherName: options.siteTitle,
    });
  }
  return null;
}
