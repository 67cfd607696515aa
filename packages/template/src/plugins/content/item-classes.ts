import { mapFormatter, type Formatter, type PluginContext } from '../../plugin-api.js';
import { STORE_ITEM_RECORD_TYPE } from './enums.js';
import { slugify } from './html-text.js';
import { isOnSale, isSoldOut } from '../commerce/product-state.js';
import { asNumber, asString, getProp, isTruthy, resolveIn, sizeOf } from './values.js';

function slugClasses(prefix: string, values: unknown): string {
  let out = '';
  for (let i = 0; i < sizeOf(values); i++) out += ` ${prefix}-${slugify(asString(getProp(values, i)))}`;
  return out;
}

function classesFor(ctx: PluginContext, item: unknown): string {
  let out = 'hentry';
  const promoted = resolveIn(ctx, item, ['promotedBlockType']);
  if (isTruthy(promoted)) out += ` promoted promoted-block-${slugify(asString(promoted))}`;
  const categories = resolveIn(ctx, item, ['categories']);
  if (isTruthy(categories)) out += slugClasses('category', categories);
  const tags = resolveIn(ctx, item, ['tags']);
  if (isTruthy(tags)) out += slugClasses('tag', tags);
  const displayName = getProp(resolveIn(ctx, item, ['author']), 'displayName');
  if (isTruthy(displayName)) out += ` author-${slugify(asString(displayName))}`;
  out += ` post-type-${asString(resolveIn(ctx, item, ['recordTypeLabel']))}`;
  const index = ctx.resolve(['@index']);
  if (index !== undefined) out += ` article-index-${asNumber(index)}`;
  if (isTruthy(resolveIn(ctx, item, ['starred']))) out += ' featured';
  if (asNumber(getProp(item, 'recordType')) === STORE_ITEM_RECORD_TYPE) {
    if (isOnSale(item)) out += ' on-sale';
    if (isSoldOut(item)) out += ' sold-out';
  }
  return out;
}

/**
 * `{item|item-classes}`: the CSS classes of a post or product in a list: `hentry`, promotion,
 * categories, tags, author, post type, 1-based list index, `featured`, `on-sale`, `sold-out`.
 */
export const itemClasses: Formatter = mapFormatter((item, _args, ctx) => classesFor(ctx, item));
