/** The owner dashboard (packages/admin) served at /config. */
export { registerAdminApp, ADMIN_BASE, ADMIN_NOT_BUILT, type AdminAppOptions } from './routes.js';
export { adminDist, ADMIN_DIST_DIR, type AdminDist, type AdminAsset } from './admin-dist.js';
