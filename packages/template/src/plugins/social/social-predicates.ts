import type { Predicate } from '../../plugin-api.js';
import { asNumber, getProp, isTruthy } from '../content/values.js';

/** Comment state code meaning comments are open. */
const COMMENTS_OPEN = 1;

/**
 * `comments?`: comments show when they are open on the item or it already has public comments,
 * unless the nearest `websiteSettings` turns comments off.
 */
const comments: Predicate = {
  apply(_args, ctx) {
    const node = ctx.node();
    const settings = ctx.resolve(['websiteSettings']);
    if (settings !== undefined && !isTruthy(getProp(settings, 'commentsEnabled'))) return false;
    return asNumber(getProp(node, 'commentState')) === COMMENTS_OPEN || asNumber(getProp(node, 'publicCommentCount')) > 0;
  },
};

/** `disqus?`: the site has a Disqus short name. */
const disqus: Predicate = { apply: (_args, ctx) => isTruthy(ctx.resolve(['websiteSettings', 'disqusShortName'])) };

/** The social predicates. */
export const socialPredicates: Readonly<Record<string, Predicate>> = Object.freeze({
  'comments?': comments,
  'disqus?': disqus,
});
