import { isSoldOut } from '@emporium/commerce';
import { unitPriceCents } from '../../cart/index.js';
import { productInstalments } from '../../instalments/index.js';
import { aggregateRating, approvedReviews, reviewsEnabled, type PublicReview } from '../../reviews/index.js';
import { listItems, type CollectionRow, type ItemRow } from '../queries.js';
import { reviewsIslandProps, shareButtonOptionsOf, shareIslandProps, shareNetworksOf } from './content-island-props.js';
import { instalmentIslandProps, productFormIslandProps, restockIslandProps } from './island-props.js';
import { itemContext } from './item-context.js';
import { readerOf, type PageRequest } from './page-request.js';
import { readThrough } from '../../site-data/index.js';
import { enrichProducts } from './product-items.js';
import { asProductContent } from './product-context.js';
import type { ItemContext, ItemImage, MerchandisingContext, ReviewContext } from './schemas.js';

const RELATED_COUNT = 4;
const MAX_RATING = 5;

/** The photo each variant picked (by SKU), which the product form shows when that variant is chosen. */
function variantImagesOf(
  rows: readonly { sku: string; imageId: string | null }[],
  images: readonly ItemImage[] | undefined,
): Record<string, string> | undefined {
  if (!images) return undefined;
  const urlOf = new Map<string, string>();
  for (const image of images) if (image.id !== undefined) urlOf.set(image.id, image.assetUrl);
  const chosen = rows.flatMap((row) => {
    const url = row.imageId ? urlOf.get(row.imageId) : undefined;
    return url ? [[row.sku, url] as const] : [];
  });
  return chosen.length > 0 ? Object.fromEntries(chosen) : undefined;
}

/** A review as the theme's own markup shows it (stars as text). */
function reviewContext(r: PublicReview): ReviewContext {
  const rating = Math.min(MAX_RATING, Math.max(1, Math.round(r.rating)));
  return { ...r, author: r.authorName, stars: '★'.repeat(rating) + '☆'.repeat(MAX_RATING - rating) };
}

/** What a product page adds to its context; `render` is merged into the page's own. */
export interface ProductPageExtras {
  productMerchandisingContext: Record<string, MerchandisingContext>;
  related: ItemContext[];
  render: { reviewsEnabled: boolean; islands: Record<string, unknown> };
}

/**
 * The product page's extra context: commerce `structuredContent` on the item, the
 * `productMerchandisingContext`, related products, reviews (when the product's
 * merchandising settings enable their display) and island props.
 */
export async function productPageExtras(req: PageRequest, row: CollectionRow, found: ItemRow, item: ItemContext): Promise<ProductPageExtras> {
  const currency = req.site.settings.currency;
  const { rows } = await listItems(readerOf(req), req.site.id, row.id, { kind: 'products', limit: RELATED_COUNT + 1, offset: 0, now: req.now, count: false });
  const related = rows
    .filter((r) => r.id !== found.id)
    .slice(0, RELATED_COUNT)
    .map((r) => itemContext(r, row));
  const enriched = await enrichProducts(readerOf(req), req.site.id, [item, ...related], currency);
  const merch: Partial<MerchandisingContext> = enriched.merchandising[found.id] ?? {};
  const entry = enriched.products.get(found.id);
  const showReviews = entry !== undefined && reviewsEnabled(entry.product.merchandising, req.site.settings);
  const [reviews, rating] = showReviews
    ? await Promise.all([
        readThrough(readerOf(req), `reviews:${found.id}`, (db) => approvedReviews(db, req.site.id, found.id)),
        readThrough(readerOf(req), `rating:${found.id}`, (db) => aggregateRating(db, req.site.id, found.id)),
      ])
    : [[], null];
  if (reviews.length) item.reviews = reviews.map(reviewContext);
  if (rating) item.aggregateRating = rating;
  const islands: Record<string, unknown> = {};
  if (entry && req.islandsEnabled) {
    const form = entry.product.additionalFieldsFormId ? enriched.forms.get(entry.product.additionalFieldsFormId) : undefined;
    const variantImages = variantImagesOf(entry.variants, item.images);
    islands.productForm = {
      ...productFormIslandProps(found.id, entry.product, entry.variants, req.site, form, item.structuredContent?.variantOptionOrdering ?? []),
      ...(variantImages ? { variantImages } : {}),
      ...(merch.customSoldOutText?.trim() ? { soldOutText: merch.customSoldOutText.trim() } : {}),
    };
    const views = merch.restockNotificationViews;
    const soldOut = isSoldOut(asProductContent(entry.product, entry.variants));
    if (views?.length && soldOut) islands.restock = restockIslandProps(found.id, views[0]!.variantId, merch);
    const first = entry.variants[0];
    const pay = first ? productInstalments(req.site, entry.product.productType, unitPriceCents(first)) : null;
    if (pay?.show && !soldOut) islands.instalments = instalmentIslandProps(found.id, entry.product.productType, entry.variants, req.site, pay.context);
    if (showReviews && rating) islands.reviews = reviewsIslandProps(req.site, found.id, rating, reviews);
    islands.share = shareIslandProps(
      `${req.origin}${item.fullUrl}`,
      found.title,
      found.assetUrl ? `${req.origin}${found.assetUrl}` : undefined,
      shareNetworksOf(shareButtonOptionsOf(req.site.settings as Record<string, unknown>)),
    );
  }
  return {
    productMerchandisingContext: enriched.merchandising,
    related,
    render: { reviewsEnabled: showReviews, islands },
  };
}
