import type { DbOrTx } from '../db/index.js';
import { aggregateRating, approvedReviews, productMerchandising } from './review-repository.js';
import type { AggregateRating, PublicReview } from './schemas.js';
import { reviewsEnabled } from './review-settings.js';

/** What a product page needs about reviews (template context and Reviews island props). */
export interface ProductReviewsContext {
  aggregateRating: AggregateRating;
  reviews: PublicReview[];
}

/**
 * The reviews of a product item, or null when the reviews section must not show (display off
 * in the product's merchandising settings, kill switch set, or the item is not a product).
 */
export async function productReviewsContext(
  db: DbOrTx,
  site: { id: string; settings: Readonly<Record<string, unknown>> },
  itemId: string,
): Promise<ProductReviewsContext | null> {
  const merchandising = await productMerchandising(db, site.id, itemId);
  if (!merchandising || !reviewsEnabled(merchandising, site.settings)) return null;
  const [reviews, aggregate] = await Promise.all([approvedReviews(db, site.id, itemId), aggregateRating(db, site.id, itemId)]);
  return { aggregateRating: aggregate, reviews };
}
