/** Longest tag of an item (spec 9). */
export const MAX_TAG_LENGTH = 50;
/** Longest category of an item (spec 9). */
export const MAX_CATEGORY_LENGTH = 25;
/** Most items of a user-orderable collection, the gallery's reorder list (spec 9). */
export const MAX_ORDERED_ITEMS = 250;
/** Most images in one gallery upload. */
export const MAX_IMAGES_PER_UPLOAD = 20;
/** Longest URL slug of an item (the pages' and products' limit). */
export const MAX_ITEM_URL_ID = 80;
/** Longest SEO title of an item (the pages' limit). */
export const MAX_SEO_TITLE = 100;
/** Longest SEO description of an item (the pages' limit). */
export const MAX_SEO_DESCRIPTION = 320;

/** The item editor's messages, as the dashboard shows them (spec 5 for the tag texts). */
export const ITEM_MESSAGES = Object.freeze({
  collectionNotFound: 'No such blog, events or gallery page on this site.',
  itemNotFound: 'No such item in this collection.',
  invalidItem: 'The item has mistakes; see the marked fields.',
  tagExists: 'tag already exists',
  tagTooLong: `A tag is at most ${MAX_TAG_LENGTH} characters.`,
  categoryExists: 'category already exists',
  categoryTooLong: `A category is at most ${MAX_CATEGORY_LENGTH} characters.`,
  titleRequired: 'Give the item a title.',
  scheduleNeedsTime: 'Choose when the item is published.',
  scheduleInPast: 'Choose a time in the future.',
  authorNotOwner: 'The author must be an owner of this site.',
  eventNeedsDates: 'An event needs a start and an end.',
  endBeforeStart: 'The end must be after the start.',
  eventFieldsOnEvents: 'Dates and a location belong to events only.',
  imageFieldsOnGallery: 'Alt text and a focal point belong to gallery images only.',
  galleryByUpload: 'Gallery images are added by uploading them.',
  notAGallery: 'Images are uploaded in many at once to gallery pages only.',
  orderUnknownItem: 'Some of these items are not in this gallery.',
  urlIdForm: 'A URL slug is made of lower-case letters, digits and hyphens, and starts with a letter or digit.',
  urlIdTaken: (urlId: string) => `Another post, event or image of this page already uses the URL slug "${urlId}".`,
  badSocialImage: 'An image address must start with https:// or / (an uploaded file).',
  staleVersion: (read: number, current: number) =>
    `Someone else saved this item while you were editing it (you started from version ${read}; it is now at version ${current}). Nothing was saved: reload the item to see their changes, then make yours again.`,
});
