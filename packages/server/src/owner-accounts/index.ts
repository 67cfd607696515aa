/** Owner accounts of a site, their sign-in, and the site's audit log (who changed what and when). */
export { registerOwnerAccounts, AUDIT_PATH, type OwnerAccountOptions } from './routes.js';
export { recordAudit, recordAuditAs, listAuditPage, type AuditEvent, type AuditActor, type AuditEntry } from './audit-repository.js';
export { addOwner, removeOwnerByEmail, listOwners, countOwners, type NewOwner, type AddedOwner } from './owner-admin.js';
export { normalEmail, LAST_ADMIN_MESSAGE, OWNER_EXISTS_MESSAGE, type OwnerRow } from './owner-repository.js';
export { SESSION_PATH, SIGN_IN_FAILED_MESSAGE, RESET_REQUESTED_MESSAGE, LINK_INVALID_MESSAGE, CURRENT_PASSWORD_WRONG } from './session-routes.js';
export { OWNERS_PATH } from './owners-routes.js';
export { MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH, ARGON2_OPTIONS, hashPassword, verifyPassword } from './passwords.js';
export {
  SIGN_IN_LIMITS,
  SIGN_IN_LOCKED_MESSAGE,
  lockSeconds,
  throttleKeys,
  assertNotLocked,
  recordFailure,
  clearFailures,
  type ThrottleKeys,
} from './sign-in-throttle.js';
export { issueSetupLink, ownerlessSites, SETUP_PATH, SETUP_LINK_SECONDS, SITE_HAS_OWNER_MESSAGE } from './first-owner.js';
