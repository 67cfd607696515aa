import type { FastifyInstance } from 'fastify';
import { AddressInput } from '../checkout/index.js';
import { AppError } from '../errors/index.js';
import { decodeCursor, MICROS_PART, pageSize, TEXT_PART } from '../http/page-cursor.js';
import { PageQuery, withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { SignUpPage } from '../restock/index.js';
import type { SiteUserDeps } from './accounts.js';
import { ACCOUNT_RESTOCK_PER_PAGE, listAccountSignUps, withdrawAccountSignUp } from './account-restock.js';
import { AddressMessages, addAddress, checkedAddress, deleteAddress, listAddresses, MAX_SAVED_ADDRESSES, updateAddress } from './addresses.js';
import { sessionOf, signedInGuard } from './guards.js';

/** Where a signed-in person's saved addresses live. */
export const ADDRESSES_PATH = '/api/site-users/account/addresses';
/** Where a signed-in person reads (and withdraws) their own restock sign-ups. */
export const OWN_RESTOCK_PATH = '/api/site-users/account/restock-sign-ups';

const Address = z.object({
  firstName: z.string(),
  lastName: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string().describe('ISO 3166-1 alpha-2'),
  phone: z.string(),
});
const SavedAddress = z.object({ id: z.string(), address: Address, isDefault: z.boolean() });
const AddressList = z
  .object({ addresses: z.array(SavedAddress).max(MAX_SAVED_ADDRESSES) })
  .describe("The signed-in person's saved addresses, the default first");
const AddressBody = z.object({
  address: AddressInput,
  isDefault: z.boolean().optional().describe('Offer it first at checkout'),
});
const AddressParams = z.object({ addressId: z.string().min(1).max(64) });
const SignUpParams = z.object({ signUpId: z.string().min(1).max(64) });
const Done = z.object({ message: z.string() });

/** Registers the account's saved addresses and its own restock sign-ups (reads need the session; changes also the XSRF header). */
export function registerAccountRecordApi(app: FastifyInstance, deps: SiteUserDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['site users'];
  const reads = signedInGuard(deps, { xsrf: false });
  const changes = signedInGuard(deps, { xsrf: true });
  const bodyLimit = 4096;

  routes.get(
    ADDRESSES_PATH,
    {
      preValidation: reads,
      schema: { tags, summary: "The signed-in person's saved addresses (offered at checkout)", response: withErrors({ 200: AddressList }) },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      reply.header('cache-control', 'no-store');
      return { addresses: await listAddresses(deps.db, user.websiteId, user.id) };
    },
  );

  routes.post(
    ADDRESSES_PATH,
    {
      bodyLimit,
      preValidation: changes,
      schema: { tags, summary: 'Saves a new address of the signed-in person', body: AddressBody, response: withErrors({ 201: SavedAddress }) },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const saved = await addAddress(deps.db, user.websiteId, user.id, checkedAddress(request.body.address), request.body.isDefault ?? false);
      return reply.code(201).send(saved);
    },
  );

  routes.put(
    `${ADDRESSES_PATH}/:addressId`,
    {
      bodyLimit,
      preValidation: changes,
      schema: {
        tags,
        summary: 'Changes one of the signed-in person’s addresses',
        params: AddressParams,
        body: AddressBody,
        response: withErrors({ 200: SavedAddress }),
      },
    },
    async (request) => {
      const { user } = sessionOf(request);
      return updateAddress(deps.db, user.websiteId, user.id, request.params.addressId, checkedAddress(request.body.address), request.body.isDefault ?? false);
    },
  );

  routes.delete(
    `${ADDRESSES_PATH}/:addressId`,
    {
      preValidation: changes,
      schema: { tags, summary: 'Deletes one of the signed-in person’s addresses', params: AddressParams, response: withErrors({ 200: Done }) },
    },
    async (request) => {
      const { user } = sessionOf(request);
      await deleteAddress(deps.db, user.websiteId, user.id, request.params.addressId);
      return { message: AddressMessages.DELETED };
    },
  );

  routes.get(
    OWN_RESTOCK_PATH,
    {
      preValidation: reads,
      schema: {
        tags,
        summary: "The signed-in person's restock sign-ups, newest first, paged by cursor until hasNextPage is false (the spec's sign-up list shape)",
        querystring: PageQuery,
        response: withErrors({ 200: SignUpPage }),
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const { cursor, limit } = request.query;
      const page = await listAccountSignUps(deps.db, user, decodeCursor(cursor, [MICROS_PART, TEXT_PART]), limit ? pageSize(limit) : ACCOUNT_RESTOCK_PER_PAGE);
      reply.header('cache-control', 'no-store');
      return { signUps: page.items, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor };
    },
  );

  routes.delete(
    `${OWN_RESTOCK_PATH}/:signUpId`,
    {
      preValidation: changes,
      schema: { tags, summary: 'Withdraws one of the signed-in person’s restock sign-ups', params: SignUpParams, response: withErrors({ 200: Done }) },
    },
    async (request) => {
      if (!(await withdrawAccountSignUp(deps.db, sessionOf(request).user, request.params.signUpId))) throw new AppError('NOT_FOUND', RESTOCK_NOT_YOURS);
      return { message: RESTOCK_WITHDRAWN };
    },
  );
}

/** Answer for a sign-up that is not the person's. */
export const RESTOCK_NOT_YOURS = 'This restock sign-up is not one of yours.';
/** Answer of a withdrawn sign-up. */
export const RESTOCK_WITHDRAWN = 'You will not be mailed when it is back in stock.';
