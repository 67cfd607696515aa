export { registerRestockRoutes, RESTOCK_PATH, MAX_SEND_REQUESTS, siteBaseUrl } from './routes.js';
export { parseRestockRequest, type RestockRequest } from './restock-payload.js';
export {
  signUpForRestock,
  listSignUpGroups,
  listSignUps,
  notifySignUps,
  allSignUps,
  findVariant,
  type SignUp,
  type SignUpGroup,
  type SendRequest,
  type Page,
} from './restock-repository.js';
export { restockMail, type RestockMailContext } from './restock-mail.js';
export { encodeCursor, decodeCursor, pageSize } from './cursor.js';
