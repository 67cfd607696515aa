/**
 * Owner sign-in: owner account sessions, the break-glass token and the older site-password
 * session, and the owner-only guards that check role and site.
 */
export {
  OWNER_SIGN_IN_REQUIRED,
  MIN_OWNER_PASSWORD,
  hashOwnerPassword,
  setOwnerPassword,
  isOwnerSecret,
  isOwnerRequest,
  startOwnerSession,
  endOwnerSession,
  requireOwner,
  requireOwnerSession,
  OWNER_ROLE_REFUSED,
  PASSWORD_CHANGE_REQUIRED,
  type OwnerActor,
} from './owner-sessions.js';
export {
  OWNER_COOKIE,
  SECURE_OWNER_COOKIE,
  OWNER_SESSION_SECONDS,
  OWNER_SESSIONS_ON_DASHBOARD,
  ownerCookieName,
  siteOfOwnerCookie,
  startAccountSession,
  clearOwnerCookies,
  findAccountSession,
  endAccountSession,
  endOwnerAccountSessions,
  sha256,
  newSecret,
  type SessionOwner,
} from './account-sessions.js';
export { OWNER_ROLES, OWNER_AREAS, roleCan, permissionsOf, isOwnerRole, type OwnerRole, type OwnerArea, type OwnerPermission } from './permissions.js';
