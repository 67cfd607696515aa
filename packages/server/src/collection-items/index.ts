/** The items of blog, events and gallery pages: the owner's calls, their rules and the scheduled publishing of items. */
export { registerCollectionItemRoutes, ItemPaths } from './routes.js';
export { workScheduledItems, scheduleItemPublish, ITEM_PUBLISH_JOB } from './scheduled-items.js';
export { publishDueItem } from './item-repository.js';
export { ITEM_MESSAGES, MAX_TAG_LENGTH, MAX_CATEGORY_LENGTH } from './item-messages.js';
export { ITEM_STATUS_LABELS, ItemStatus, type ItemView } from './schemas.js';
