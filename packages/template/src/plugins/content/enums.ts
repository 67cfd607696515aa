/** Numeric codes from the storefront spec (section 3, Enumerations) used by content plugins. */

/** Record types by predicate name; `undefined` (-1) is the engine's "no record type" code. */
export const RECORD_TYPES: Readonly<Record<string, number>> = Object.freeze({
  undefined: -1,
  text: 1,
  image: 2,
  quote: 4,
  link: 5,
  chat: 6,
  audio: 7,
  video: 8,
  review: 10,
  'store-item': 11,
  event: 12,
  thread: 13,
  gallery: 14,
  binary: 15,
  'css-asset': 16,
  'tweak-asset': 17,
  'digital-good': 18,
  attachment: 19,
  'wordpress-export': 20,
  'json-export': 21,
  'site-search': 30,
  'active-time': 31,
  tweet: 50,
  checkin: 52,
  kbarticle: 54,
  lesson: 62,
  'course-item': 63,
});

/** Record type code of a store item (product). */
export const STORE_ITEM_RECORD_TYPE = 11;

/** Background sources by predicate name. */
export const BACKGROUND_SOURCES: Readonly<Record<string, number>> = Object.freeze({
  undefined: -1,
  upload: 1,
  instagram: 2,
  video: 3,
  none: 4,
});

/** Folder behaviours. */
export const FolderBehavior = Object.freeze({ INDEX: 1, REDIRECT: 2, NONE: 3, VARIATION: 4 });

/** Collection types used by the collection predicates. */
export const CollectionType = Object.freeze({ TEMPLATE_PAGE: 7, PAGE: 10 });

/** Block type code of an image block. */
export const IMAGE_BLOCK_TYPE = 5;
