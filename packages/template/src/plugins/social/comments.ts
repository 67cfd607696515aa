import { mapFormatter, type Formatter, type PluginContext } from '../../plugin-api.js';
import { asNumber, getProp, isTruthy, jsonEquals, printValue, resolveIn } from '../content/values.js';

/** Comment count text (spec section 9): `No Comments`, `1 Comment`, `N Comments`. */
export function commentCountText(count: number): string {
  if (count === 0) return 'No Comments';
  return count === 1 ? '1 Comment' : `${count} Comments`;
}

/** `{item|comment-count}`: the item's public comment count as text. */
export const commentCount: Formatter = mapFormatter((item) => commentCountText(asNumber(getProp(item, 'publicCommentCount'))));

/** The printed value at `path` from `item`, resolved like a tag would. */
function textAt(ctx: PluginContext, item: unknown, ...path: string[]): string {
  return printValue(resolveIn(ctx, item, path));
}

function usesDisqus(ctx: PluginContext, item: unknown): boolean {
  return isTruthy(resolveIn(ctx, item, ['websiteSettings', 'disqusShortname']));
}

/**
 * `{item|comment-link}`: a link to the item's comments; a bare Disqus link when the site uses
 * Disqus, otherwise a link to `#comments-ID` spelling out the count.
 */
export const commentLink: Formatter = mapFormatter((item, _args, ctx) => {
  if (usesDisqus(ctx, item)) {
    return `\n  <a href="${textAt(ctx, item, 'fullUrl')}" class="sqs-comment-link sqs-disqus-comment-link" data-id="${textAt(ctx, item, 'id')}"></a>\n`;
  }
  const count = resolveIn(ctx, item, ['publicCommentCount']);
  const number = jsonEquals(count, 0) ? 'No' : printValue(count);
  const plural = jsonEquals(count, 1) ? '' : 's';
  return (
    `\n  <a href="${textAt(ctx, item, 'fullUrl')}#comments-${textAt(ctx, item, 'id')}" class="sqs-comment-link" data-id="${textAt(ctx, item, 'id')}">\n` +
    `  ${number}\n  Comment${plural}\n  </a>\n`
  );
});

/**
 * `{item|comments}`: the comments area; the Disqus thread container when the site uses Disqus,
 * otherwise a container carrying the item's (or the collection's) comment state.
 */
export const comments: Formatter = mapFormatter((value, _args, ctx) => {
  if (usesDisqus(ctx, value)) return '\n  <div class="squarespace-comments" id="disqus_thread"></div>\n';
  let attrs = '';
  for (const holder of ['item', 'collection'] as const) {
    if (!isTruthy(resolveIn(ctx, value, [holder]))) continue;
    attrs =
      ` data-${holder}-id="${textAt(ctx, value, holder, 'id')}"` +
      ` data-public-comment-count="${textAt(ctx, value, holder, 'publicCommentCount')}"` +
      ` data-comment-state="${textAt(ctx, value, holder, 'commentState')}"`;
    break;
  }
  return `\n  <div class="squarespace-comments" id="comments-${textAt(ctx, value, 'id')}"${attrs}></div>\n`;
});
