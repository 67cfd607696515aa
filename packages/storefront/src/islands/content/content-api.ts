import type { HttpContext } from '../../api/http.js';
import { requestJson } from '../../api/http.js';

/** Content API paths (server module content-api). */
export const ContentPaths = Object.freeze({
  comments: (itemId: string) => `/api/content/items/${encodeURIComponent(itemId)}/comments`,
  like: (itemId: string) => `/api/content/items/${encodeURIComponent(itemId)}/like`,
  reviews: (itemId: string) => `/api/content/products/${encodeURIComponent(itemId)}/reviews`,
});

/** A public comment. */
export interface CommentView {
  id: string;
  authorName: string;
  body: string;
  addedOn: number;
}

/** A public review. */
export interface ReviewView {
  id: string;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  createdOn: number;
}

/** An aggregate rating; `ratingValue` null without reviews. */
export interface AggregateRatingView {
  ratingValue: number | null;
  reviewCount: number;
}

/** Answer of a comment or review post: queued for moderation. */
export interface PendingAnswer {
  id: string;
  status: 'pending';
  message: string;
}

/** POST a comment (name, email, body). */
export function postComment(ctx: HttpContext, itemId: string, input: { name: string; email: string; body: string }): Promise<PendingAnswer> {
  return requestJson<PendingAnswer>(ctx, ContentPaths.comments(itemId), { method: 'POST', body: input });
}

/** The visitor's like state of an item. */
export function fetchLike(ctx: HttpContext, itemId: string): Promise<{ liked: boolean; likeCount: number }> {
  return requestJson(ctx, ContentPaths.like(itemId));
}

/** PUT the visitor's like (idempotent). */
export function putLike(ctx: HttpContext, itemId: string, liked: boolean): Promise<{ liked: boolean; likeCount: number }> {
  return requestJson(ctx, ContentPaths.like(itemId), { method: 'PUT', body: { liked } });
}

/** POST a product review. */
export function postReview(ctx: HttpContext, itemId: string, input: { name: string; rating: number; title: string; body: string }): Promise<PendingAnswer> {
  return requestJson<PendingAnswer>(ctx, ContentPaths.reviews(itemId), { method: 'POST', body: input });
}
