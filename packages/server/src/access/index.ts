/** Password access: lock screen (103) and protected collections (105) unlocked by an owner-set password. */
export { hashPassword, verifyPassword, SCRYPT_PARAMS, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from './password-hash.js';
export { signAccessGrant, verifyAccessGrant, ACCESS_GRANT_TTL_MS, SITE_ACCESS_COOKIE, collectionAccessCookie } from './access-grant.js';
export {
  sitePasswordHash,
  collectionPasswordHash,
  hasSiteAccess,
  hasCollectionAccess,
  safeReturnPath,
  SITE_PASSWORD_HASH_SETTING,
  COLLECTION_PASSWORD_HASH_SETTING,
} from './access-state.js';
export {
  registerUnlockRoutes,
  UNLOCK_PATH,
  SITE_PASSWORD_PATH,
  COLLECTION_PASSWORD_PATH,
  UNLOCK_RATE_LIMIT,
  WRONG_PASSWORD_MESSAGE,
  UNLOCK_FAILED_QUERY,
} from './unlock-routes.js';
