export { registerOwnerRoutes } from './routes.js';
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
} from './owner-auth.js';
export { csvCell, toCsv } from './csv.js';
