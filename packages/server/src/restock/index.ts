/** Restock sign-ups (spec 3, 5, 7, 8 Restock): the visitor's sign-up, the owner's lists and back-in-stock mail. */
export { registerRestockRoutes, RESTOCK_PATH, siteBaseUrl, type RestockRouteOptions } from './routes.js';
export { toRestockRequest, type RestockRequest } from './restock-payload.js';
export {
  signUpForRestock,
  listSignUpGroups,
  listSignUps,
  notifySignUps,
  allSignUps,
  findVariant,
  restockSignUpOfRow,
  type SignUp,
  type SignUpGroup,
  type SendRequest,
} from './restock-repository.js';
export { restockMail, type RestockMailContext } from './restock-mail.js';
export * from './schemas.js';
