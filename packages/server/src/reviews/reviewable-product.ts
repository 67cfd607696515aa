import { requirePublicItem } from '../content/index.js';
import type { DbOrTx } from '../db/index.js';
import { AppError, notFound } from '../errors/index.js';
import { productMerchandising } from './review-repository.js';
import { reviewsEnabled } from './review-settings.js';
import { REVIEWS_UNAVAILABLE_MESSAGE } from './review-texts.js';

/**
 * The id of a public product of the site whose reviews show; 404 for other items (or none),
 * 403 {@link REVIEWS_UNAVAILABLE_MESSAGE} when display is off or the kill switch is set.
 */
export async function reviewableProduct(db: DbOrTx, site: { id: string; settings: Readonly<Record<string, unknown>> }, itemId: string): Promise<string> {
  const { item } = await requirePublicItem(db, site.id, itemId);
  const merchandising = await productMerchandising(db, site.id, item.id);
  if (!merchandising) throw notFound(REVIEWS_UNAVAILABLE_MESSAGE);
  if (!reviewsEnabled(merchandising, site.settings)) throw new AppError('FORBIDDEN', REVIEWS_UNAVAILABLE_MESSAGE);
  return item.id;
}
