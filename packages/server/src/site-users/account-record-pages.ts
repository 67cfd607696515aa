import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/index.js';
import { decodeCursor, MICROS_PART, TEXT_PART } from '../http/page-cursor.js';
import { htmlResponse, z, type ZodTypeProvider } from '../http/schemas.js';
import type { SiteUserDeps } from './accounts.js';
import { addressPage } from './account-records-html.js';
import { RESTOCK_NOT_YOURS } from './account-records-api.js';
import { withdrawAccountSignUp } from './account-restock.js';
import { addAddress, checkedAddress, deleteAddress, findAddress, updateAddress } from './addresses.js';
import type { AccountDoc, Notice, PageFrame } from './pages-html.js';
import { xsrfMatches, type LiveSession } from './session-store.js';

/** What the account pages share with the record pages: the guards, the page sender and the account view. */
export interface AccountPageKit {
  /** The path the pages are registered under: `''`, or the language segment of `/fr/account`. */
  base: string;
  /** The path parameter of the language twins (`fr` of `/fr/account`), else nothing. */
  twin: { params?: z.ZodObject<{ blogUrlId: z.ZodString }> };
  /** A route's own path parameters, with the language twins' beside them. */
  paramsWith: <T extends z.ZodRawShape>(own: z.ZodObject<T>) => z.ZodObject<T>;
  /** A site path in the request's language (`/fr/account`). */
  to: (request: FastifyRequest, path: string) => string;
  open: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
  session: (request: FastifyRequest) => Promise<LiveSession | undefined>;
  send: (reply: FastifyReply, status: number, doc: AccountDoc) => unknown;
  refuseXsrf: (request: FastifyRequest, reply: FastifyReply) => unknown;
  accountView: (request: FastifyRequest, live: LiveSession, page: number, notice?: Notice) => Promise<AccountDoc>;
  frameOf: (request: FastifyRequest, notice?: Notice) => PageFrame;
  error: (reply: FastifyReply, cause: unknown) => { status: number; notice: Notice };
}

/** The restock list's cursor of the account page; a broken one shows the first page. */
export function restockCursorOf(cursor: string | undefined): string[] | undefined {
  try {
    return decodeCursor(cursor, [MICROS_PART, TEXT_PART]);
  } catch {
    return undefined;
  }
}

const text = z.string().max(200).optional();
/** An address form post (application/x-www-form-urlencoded). */
const AddressForm = z
  .object({
    firstName: text,
    lastName: text,
    address1: text,
    address2: text,
    city: text,
    region: text,
    postalCode: text,
    country: text,
    phone: text,
    isDefault: text,
    xsrfToken: text,
    crumb: text,
  })
  .describe('An address form of the account area');
type AddressFormBody = z.infer<typeof AddressForm>;
const AddressParams = z.object({ addressId: z.string().min(1).max(64) });
const SignUpParams = z.object({ signUpId: z.string().min(1).max(64) });

const fieldsOf = ({ xsrfToken: _x, crumb: _c, isDefault: _d, ...fields }: AddressFormBody) => fields;

/** Registers the account area's address pages and forms, and the restock sign-up withdrawal form. */
export function registerAccountRecordPages(app: FastifyInstance, deps: SiteUserDeps, kit: AccountPageKit): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['site users', 'pages'];
  const response = { 200: htmlResponse(), 303: z.null().describe('Redirect to the account page') };

  /** Runs an account page for a live session only (else to sign-in); a change also needs the session's XSRF token. */
  const signedIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    xsrfToken: string | undefined | null,
    act: (live: LiveSession) => Promise<unknown>,
  ): Promise<unknown> => {
    if (!(await kit.open(request, reply))) return reply;
    const live = await kit.session(request);
    if (!live) return reply.redirect(kit.to(request, '/account/login'), 303);
    if (xsrfToken !== null && !xsrfMatches(live, xsrfToken)) return kit.refuseXsrf(request, reply);
    return act(live);
  };
  /** Shows the address form again with the values sent and the complaint. */
  const again = (request: FastifyRequest, reply: FastifyReply, live: LiveSession, cause: unknown, body: AddressFormBody, addressId?: string) => {
    const { status, notice } = kit.error(reply, cause);
    const saved = addressId ? { id: addressId, address: checkedLess(body), isDefault: false } : undefined;
    return kit.send(reply, status, addressPage(kit.frameOf(request, notice), live.xsrfToken, saved, { ...fieldsOf(body), isDefault: body.isDefault ?? '' }));
  };

  routes.get(
    `${kit.base}/account/addresses/new`,
    { schema: { tags, ...kit.twin, summary: 'The page that adds an address to the account', response } },
    async (request, reply) =>
      signedIn(request, reply, null, async (live) => kit.send(reply, 200, addressPage(kit.frameOf(request), live.xsrfToken, undefined))),
  );

  routes.get(
    `${kit.base}/account/addresses/:addressId`,
    { schema: { tags, summary: 'The page that edits one of the account’s addresses', params: kit.paramsWith(AddressParams), response } },
    async (request, reply) =>
      signedIn(request, reply, null, async (live) => {
        try {
          const saved = await findAddress(deps.db, live.user.websiteId, live.user.id, request.params.addressId);
          return kit.send(reply, 200, addressPage(kit.frameOf(request), live.xsrfToken, saved));
        } catch (cause) {
          const { status, notice } = kit.error(reply, cause);
          return kit.send(reply, status, await kit.accountView(request, live, 1, notice));
        }
      }),
  );

  routes.post(
    `${kit.base}/account/addresses`,
    { bodyLimit: 8192, schema: { tags, ...kit.twin, summary: 'Saves a new address from the account area', body: AddressForm, response } },
    async (request, reply) =>
      signedIn(request, reply, request.body.xsrfToken, async (live) => {
        try {
          await addAddress(deps.db, live.user.websiteId, live.user.id, checkedAddress(fieldsOf(request.body)), request.body.isDefault === 'true');
          return reply.redirect(kit.to(request, '/account#addresses'), 303);
        } catch (cause) {
          return again(request, reply, live, cause, request.body);
        }
      }),
  );

  routes.post(
    `${kit.base}/account/addresses/:addressId`,
    {
      bodyLimit: 8192,
      schema: { tags, summary: 'Saves a changed address from the account area', params: kit.paramsWith(AddressParams), body: AddressForm, response },
    },
    async (request, reply) =>
      signedIn(request, reply, request.body.xsrfToken, async (live) => {
        try {
          const address = checkedAddress(fieldsOf(request.body));
          await updateAddress(deps.db, live.user.websiteId, live.user.id, request.params.addressId, address, request.body.isDefault === 'true');
          return reply.redirect(kit.to(request, '/account#addresses'), 303);
        } catch (cause) {
          if (cause instanceof AppError && cause.status === 404) {
            const { status, notice } = kit.error(reply, cause);
            return kit.send(reply, status, await kit.accountView(request, live, 1, notice));
          }
          return again(request, reply, live, cause, request.body, request.params.addressId);
        }
      }),
  );

  const withdraw = async (request: FastifyRequest, reply: FastifyReply, live: LiveSession, act: () => Promise<void>) => {
    try {
      await act();
      return reply.redirect(kit.to(request, '/account'), 303);
    } catch (cause) {
      const { status, notice } = kit.error(reply, cause);
      return kit.send(reply, status, await kit.accountView(request, live, 1, notice));
    }
  };

  routes.post(
    `${kit.base}/account/addresses/:addressId/delete`,
    {
      bodyLimit: 8192,
      schema: { tags, summary: 'Deletes an address from the account area', params: kit.paramsWith(AddressParams), body: AddressForm, response },
    },
    async (request, reply) =>
      signedIn(request, reply, request.body.xsrfToken, (live) =>
        withdraw(request, reply, live, () => deleteAddress(deps.db, live.user.websiteId, live.user.id, request.params.addressId)),
      ),
  );

  routes.post(
    `${kit.base}/account/restock/:signUpId/delete`,
    {
      bodyLimit: 8192,
      schema: { tags, summary: 'Withdraws a restock sign-up from the account area', params: kit.paramsWith(SignUpParams), body: AddressForm, response },
    },
    async (request, reply) =>
      signedIn(request, reply, request.body.xsrfToken, (live) =>
        withdraw(request, reply, live, async () => {
          if (!(await withdrawAccountSignUp(deps.db, live.user, request.params.signUpId))) throw new AppError('NOT_FOUND', RESTOCK_NOT_YOURS);
        }),
      ),
  );
}

/** The values sent, as an address (unchecked), for showing the edit form again. */
function checkedLess(body: AddressFormBody) {
  const f = fieldsOf(body);
  return {
    firstName: f.firstName ?? '',
    lastName: f.lastName ?? '',
    address1: f.address1 ?? '',
    address2: f.address2 ?? '',
    city: f.city ?? '',
    region: f.region ?? '',
    postalCode: f.postalCode ?? '',
    country: f.country ?? '',
    phone: f.phone ?? '',
  };
}
