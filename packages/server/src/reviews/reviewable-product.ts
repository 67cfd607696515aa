import type { FastifyRequest } from 'fastify';
import { requireOpenItem, type OpenItem } from '../comments/index.js';
import type { DbOrTx } from '../db/index.js';
import { AppError, notFound } from '../errors/index.js';
import { productMerchandising } from './review-repository.js';
import { reviewsEnabled } from './review-settings.js';
import { REVIEWS_UNAVAILABLE_MESSAGE } from './review-texts.js';

/**
 * A public product of the site whose reviews show, which this visitor may open, and whether a
 * membership opened it; 404 for other items (or none) and for a product a member area keeps from
 * the visitor (as for a missing item), 403 {@link REVIEWS_UNAVAILABLE_MESSAGE} when display is off
 * or the kill switch is set.
 */
export async function reviewableProduct(
  db: DbOrTx,
  site: { id: string; settings: Readonly<Record<string, unknown>> },
  itemId: string,
  visitor: { cookies: FastifyRequest['cookies']; now: Date },
): Promise<{ itemId: string; access: OpenItem['access'] }> {
  const { item, access } = await requireOpenItem(db, site.id, itemId, visitor.cookies, visitor.now);
  const merchandising = await productMerchandising(db, site.id, item.id);
  if (!merchandising) throw notFound(REVIEWS_UNAVAILABLE_MESSAGE);
  if (!reviewsEnabled(merchandising, site.settings)) throw new AppError('FORBIDDEN', REVIEWS_UNAVAILABLE_MESSAGE);
  return { itemId: item.id, access };
}
