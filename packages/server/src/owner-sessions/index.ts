/** Owner sign-in: the owner secret (site password or break-glass token), sessions in the database, and the owner-only guards. */
export {
  OWNER_COOKIE,
  OWNER_SESSION_SECONDS,
  OWNER_SIGN_IN_REQUIRED,
  MIN_OWNER_PASSWORD,
  hashOwnerPassword,
  setOwnerPassword,
  isOwnerSecret,
  isOwnerRequest,
  requireOwnerApi,
  startOwnerSession,
  endOwnerSession,
  requireOwner,
  OWNER_ROLE_REFUSED,
  type OwnerActor,
} from './owner-sessions.js';
export { OWNER_ROLES, OWNER_AREAS, roleCan, isOwnerRole, type OwnerRole, type OwnerArea, type OwnerPermission } from './permissions.js';
