/** The owner's catalogue: products, options and variants, optimistic versions, bulk prices, urlIds. */
export { registerCatalogueRoutes, CATALOGUE_BODY_LIMIT, DEFAULT_LOW_STOCK_AT } from './routes.js';
export { CATALOGUE_MESSAGES } from './product-rules.js';
export { STORE_COLLECTION_TYPE, PRODUCT_RECORD_TYPE, type StartingStock, type StartingStockHook } from './product-repository.js';
export { baseUrlId, nextFreeUrlId, slugOf, urlIdFamilyPattern } from './url-id.js';
export { uniqueViolationOf } from './db-errors.js';
export { STORE_PRODUCTS_PATH } from './store-routes.js';
export { NO_MAIN_NAVIGATION, STORE_FALLBACK_TITLE } from './store-repository.js';
export { COLLECTIONS_PATH } from './collection-list-routes.js';
