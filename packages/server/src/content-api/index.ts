import type { FastifyInstance } from 'fastify';
import { registerUnlockRoutes, UNLOCK_RATE_LIMIT } from '../access/index.js';
import type { AppDeps } from '../app.js';
import { COMMENT_RATE_LIMIT, registerCommentRoutes } from '../comments/index.js';
import { registerFeedRoutes } from '../feeds/index.js';
import { loadFormsConfig } from '../forms/index.js';
import { registerLikeRoutes } from '../likes/index.js';
import { requireOwnerApi } from '../owner/index.js';
import { registerPopupRoutes } from '../popup/index.js';
import { registerReviewRoutes, REVIEW_RATE_LIMIT } from '../reviews/index.js';
import { registerSeoRoutes } from '../seo/index.js';

export { findPublicItem, requirePublicItem, itemIdParam, siteOf, isRestrictedCollection, ITEM_NOT_FOUND_MESSAGE } from './public-item.js';
export { VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_SECONDS, visitorIdFromCookie, existingVisitorId, ensureVisitorId } from './visitor-id.js';

/** Options of {@link registerContentApi}. */
export interface ContentApiOptions {
  /** Owner token accepted as `Authorization: Bearer` for moderation (default: EMPORIUM_OWNER_TOKEN). */
  ownerToken?: string;
  env?: Record<string, string | undefined>;
  /** Overrides of the comment and review post limits (default 5 a minute per site and client IP). */
  postLimit?: { max?: number; windowMs?: number };
  /** Overrides of the password unlock limit (default 10 a minute per site and client IP). */
  unlockLimit?: { max?: number; windowMs?: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set once the content API is registered. */
    emporiumContent: { ownerTokenConfigured: boolean };
  }
}

/**
 * Registers issue 6: comments (post, list, owner moderation), likes, product reviews,
 * `/sitemap.xml`, `/robots.txt`, blog RSS feeds and the password unlock of lock screens and
 * protected collections (`access/`), and the owner's popup overlay settings (`popup/`). Moderation calls need an owner session
 * (`/config/login`) or the owner token, as the owner module decides. Registering twice
 * does nothing the second time.
 */
export async function registerContentApi(app: FastifyInstance, deps: AppDeps, options: ContentApiOptions = {}): Promise<void> {
  if (app.hasDecorator('emporiumContent')) return;
  const ownerToken = options.ownerToken ?? loadFormsConfig(options.env ?? process.env).ownerToken;
  app.decorate('emporiumContent', { ownerTokenConfigured: ownerToken !== undefined });
  const owner = requireOwnerApi(deps.db, ownerToken);
  registerCommentRoutes(app, deps, owner, { ...COMMENT_RATE_LIMIT, ...options.postLimit });
  registerLikeRoutes(app, deps);
  registerReviewRoutes(app, deps, owner, { ...REVIEW_RATE_LIMIT, ...options.postLimit });
  registerSeoRoutes(app, deps);
  registerFeedRoutes(app, deps);
  registerUnlockRoutes(app, deps, owner, { ...UNLOCK_RATE_LIMIT, ...options.unlockLimit });
  registerPopupRoutes(app, deps, owner);
}
