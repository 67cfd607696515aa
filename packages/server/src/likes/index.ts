/** Simple liking: one like per visitor (ss_cvr cookie) and item, mirrored in `items.like_count`. */
export { registerLikeRoutes, itemLikePath, LIKES_DISABLED_MESSAGE, LIKE_RATE_LIMIT } from './routes.js';
export { likeState, setLike, type LikeState } from './like-repository.js';
