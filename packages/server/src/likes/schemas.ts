import { z } from '../http/schemas.js';

/** Route parameters naming an item. The id's shape is checked by the handler (odd ids answer 404, not 400). */
export const ItemParams = z.object({ itemId: z.string().describe('The item (blog post, product, event) id') });

/** Body of PUT .../like. */
export const LikeBody = z.object({ liked: z.boolean({ error: 'liked must be true or false.' }) });

/** A visitor's like of an item and the item's like count. */
export const LikeState = z.object({
  itemId: z.string(),
  liked: z.boolean().describe('Whether this visitor (ss_cvr cookie) likes the item'),
  likeCount: z.number().int().nonnegative(),
});
