/** The spec's enumerations (page, collection and record type numbers) and the theme's collection kinds: imports nothing of the server. */
export { PageType, CollectionType, RecordType, COLLECTION_KINDS, type CollectionKind } from './types.js';
