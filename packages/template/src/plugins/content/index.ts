import { table, type FormatterTable, type PredicateTable } from '../../plugin-api.js';
import { colorWeight, imageColor, websiteColor } from './colors.js';
import { collectionPredicates } from './collection-predicates.js';
import { galleryPredicates } from './gallery-predicates.js';
import { childImageMeta, coverImageMeta, image, imageMeta } from './image-meta.js';
import {
  height,
  imageSrcset,
  resizedHeightForWidth,
  resizedWidthForHeight,
  squarespaceThumbnailForHeight,
  squarespaceThumbnailForWidth,
  width,
} from './image-sizes.js';
import { itemClasses } from './item-classes.js';
import { itemPredicates } from './item-predicates.js';
import { recordTypePredicates } from './record-type-predicates.js';
import { absUrl, audioPlayer, capitalize, humanizeDuration } from './text-formatters.js';
import { video } from './video.js';

/** The content formatter family. */
export const formatters: FormatterTable = table({
  AbsUrl: absUrl,
  'audio-player': audioPlayer,
  capitalize,
  'child-image-meta': childImageMeta,
  'cover-image-meta': coverImageMeta,
  'color-weight': colorWeight,
  height,
  humanizeDuration,
  image,
  'image-color': imageColor,
  'image-meta': imageMeta,
  'image-srcset': imageSrcset,
  'item-classes': itemClasses,
  resizedHeightForWidth,
  resizedWidthForHeight,
  squarespaceThumbnailForHeight,
  squarespaceThumbnailForWidth,
  'website-color': websiteColor,
  width,
  video,
});

/** The content predicate family. */
export const predicates: PredicateTable = table({
  ...collectionPredicates,
  ...itemPredicates,
  ...galleryPredicates(),
  ...recordTypePredicates(),
});
