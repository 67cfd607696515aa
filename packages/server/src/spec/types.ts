/** Page type numbers of spec section 2, for the pages this server renders. */
export const PageType = Object.freeze({
  MAIN_CONTENT: 1,
  PAGE: 2,
  ITEM: 50,
  NOT_FOUND: 100,
  ERROR: 101,
  SEARCH: 102,
  LOCK_SCREEN: 103,
  PROTECTED: 105,
  ACCESS_DENIED: 106,
  SHOW_CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
  DONATE: 203,
  CONTRIBUTION_CONFIRMED: 204,
  ORDER_RECEIVED: 207,
  MEMBERSHIP_CONFIRMED: 208,
  ORDER_STATUS: 211,
});

/** One of the {@link PageType} numbers. */
export type PageType = (typeof PageType)[keyof typeof PageType];

/** Collection type numbers (spec section 3) the default theme renders. */
export const CollectionType = Object.freeze({
  GENERIC: 1,
  GALLERY_BLOCK: 6,
  PAGE: 10,
  PRODUCTS: 13,
  LESSONS: 24,
  COURSE: 25,
});

/** Record type numbers (spec section 3) the default theme renders. */
export const RecordType = Object.freeze({
  TEXT: 1,
  IMAGE: 2,
  STORE_ITEM: 11,
  EVENT: 12,
  LESSON: 62,
  COURSE_ITEM: 63,
});

/** Theme collection kinds: they pick the `{kind}.list` / `{kind}.item` templates. */
export const COLLECTION_KINDS = ['page', 'blog', 'products', 'events', 'gallery'] as const;
/** One of {@link COLLECTION_KINDS}. */
export type CollectionKind = (typeof COLLECTION_KINDS)[number];
