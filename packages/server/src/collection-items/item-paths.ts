/** Paths of the owner's item calls. */
export const ItemPaths = Object.freeze({
  ITEMS: '/api/owner/collections/:collectionId/items',
  ITEM: '/api/owner/collections/:collectionId/items/:itemId',
  ORDER: '/api/owner/collections/:collectionId/items/order',
  /** One gallery image moved among the others. */
  MOVE: '/api/owner/collections/:collectionId/items/:itemId/move',
  /** A gallery image's drafted removal, taken back (the dashboard's Keep). */
  REMOVAL: '/api/owner/collections/:collectionId/items/:itemId/removal',
  GALLERY_IMAGES: '/api/owner/collections/:collectionId/items/images',
  BODY_IMAGES: '/api/owner/collections/:collectionId/images',
  AUTHORS: '/api/owner/content/authors',
});
