import type { PluginContext, Predicate } from '../../plugin-api.js';
import { asBoolean, asString, getProp, isTruthy } from './values.js';

/** Gallery designs (spec section 9). */
export const GALLERY_DESIGNS: readonly string[] = Object.freeze(['grid', 'slideshow', 'slider', 'stacked']);

/** Gallery meta positions (spec section 3). */
export const GALLERY_META_POSITIONS: readonly string[] = Object.freeze(['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right']);

/** Gallery active alignments (spec section 9). */
export const GALLERY_ALIGNMENTS: readonly string[] = Object.freeze(['center', 'left', 'right']);

/** Boolean gallery options with a predicate of their own (spec section 9). */
export const GALLERY_BOOLEAN_OPTIONS: readonly string[] = Object.freeze([
  'autoplay',
  'auto-crop',
  'controls',
  'lightbox',
  'square-thumbs',
  'show-meta',
  'show-meta-on-hover',
  'thumbnails',
]);

function optionsValue(option: string, ctx: PluginContext): unknown {
  return getProp(ctx.resolve(['options']), option);
}

function selectPredicate(option: string, choice: string): Predicate {
  return {
    apply(_args, ctx) {
      const value = optionsValue(option, ctx);
      return value !== undefined && asString(value) === choice;
    },
  };
}

function booleanPredicate(option: string): Predicate {
  return { apply: (_args, ctx) => asBoolean(optionsValue(option, ctx)) };
}

/** `gallery-meta?`: the gallery shows controls or indicators. */
const galleryMeta: Predicate = {
  apply(_args, ctx) {
    const options = ctx.resolve(['options']);
    return isTruthy(getProp(options, 'controls')) || isTruthy(getProp(options, 'indicators'));
  },
};

/** Builds the gallery predicates, all reading the nearest `options` object. */
export function galleryPredicates(): Record<string, Predicate> {
  const out: Record<string, Predicate> = { 'gallery-meta?': galleryMeta };
  for (const design of GALLERY_DESIGNS) out[`gallery-design-${design}?`] = selectPredicate('design', design);
  for (const pos of GALLERY_META_POSITIONS) out[`gallery-meta-position-${pos}?`] = selectPredicate('meta-position', pos);
  for (const align of GALLERY_ALIGNMENTS) {
    out[`gallery-active-alignment-${align}?`] = selectPredicate('active-alignment', align);
  }
  for (const option of GALLERY_BOOLEAN_OPTIONS) out[`gallery-${option}?`] = booleanPredicate(option);
  return out;
}
