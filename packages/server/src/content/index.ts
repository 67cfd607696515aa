/**
 * What the visitor content features (comments, likes, reviews, feeds) share: the request's
 * site, public items looked up by id, and the visitor id of the `ss_cvr` cookie.
 */
export {
  findPublicItem,
  requirePublicItem,
  itemIdParam,
  siteOf,
  isRestrictedCollection,
  ITEM_NOT_FOUND_MESSAGE,
  type ItemRow,
  type CollectionRow,
} from './public-item.js';
export { VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_SECONDS, visitorIdFromCookie, existingVisitorId, ensureVisitorId } from './visitor-id.js';
