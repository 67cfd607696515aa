import { table, type FormatterTable, type PredicateTable } from '../../plugin-api';
import { colorWeight, imageColor, websiteColor } from './colors';
import { collectionPredicates } from './collection-predicates';
import { galleryPredicates } from './gallery-predicates';
import { childImageMeta, coverImageMeta, image, imageMeta } from './image-meta';
import {
  height,
  imageSrcset,
  resizedHeightForWidth,
  resizedWidthForHeight,
  squarespaceThumbnailForHeight,
  squarespaceThumbnailForWidth,
  width,
} from './image-sizes';
import { itemClasses } from './item-classes';
import { itemPredicates } from './item-predicates';
import { recordTypePredicates } from './record-type-predicates';
import { absUrl, audioPlayer, capitalize, humanizeDuration } from './text-formatters';
import { video } from './video';

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
