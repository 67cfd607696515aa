/** The owner's store settings: discounts (coupons), shipping options and tax rules under /api/owner. */
export { registerStoreSettingRoutes, StoreSettingPaths } from './routes.js';
export { SettingMessages } from './setting-messages.js';
export { MAX_MONEY_CENTS } from './schemas.js';
