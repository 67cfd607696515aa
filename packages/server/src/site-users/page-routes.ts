import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/index.js';
import { htmlResponse, z, type ZodTypeProvider } from '../http/schemas.js';
import { siteOf } from '../sites/index.js';
import { changeSubscription, SubscriptionMessages } from '../subscriptions/index.js';
import {
  confirmPasswordReset,
  deleteAccount,
  register,
  requestPasswordReset,
  requestSignInLink,
  setLocale,
  signInWithCode,
  signInWithLink,
  signInWithPassword,
  signOut,
  signOutEverywhere,
  verifyEmail,
  type SiteUserDeps,
} from './accounts.js';
import { ordersSection, subscriptionsSection } from './account-html.js';
import { readAccountRecordTexts } from './account-record-texts.js';
import { ACCOUNT_ORDERS_MAX_PAGE, listAccountOrders, listAccountSubscriptions, ownsSubscription } from './account-orders.js';
import { registerAccountRecordPages, restockCursorOf } from './account-record-pages.js';
import { addressesSection, restockSection } from './account-records-html.js';
import { ACCOUNT_RESTOCK_PER_PAGE, listAccountSignUps } from './account-restock.js';
import { listAddresses } from './addresses.js';
import { assertAccountsOpen } from './guards.js';
import { SiteUserMessages } from './messages.js';
import { accountPage, messagePage, registerPage, resetPage, signInPage, type AccountDoc, type Notice, type PageFrame } from './pages-html.js';
import { CodeBody, RegisterBody, ResetConfirmBody, SessionBody } from './schemas.js';
import { clearSiteUserCookies, findSiteUserSession, xsrfMatches, type LiveSession } from './session-store.js';
import { isSiteUserTokenUsable } from './token-store.js';
import { accountLanguageOf, accountPath, primaryAccountLanguage, type AccountLanguage } from './account-language.js';

const text = z.string().max(500).optional();
/** Fields of the account pages' forms (each form sends some of them, with its crumb). */
const AccountForm = z
  .object({
    email: text,
    password: text,
    rememberMe: text,
    'link-email': text,
    'code-email': text,
    code: text,
    displayName: text,
    token: text,
    language: text,
    xsrfToken: text,
    confirm: text,
    crumb: text,
  })
  .describe('An account form post (application/x-www-form-urlencoded)');
type AccountFormBody = z.infer<typeof AccountForm>;
const TokenQuery = z.object({
  token: z.string().max(200).optional(),
  signedOut: z.string().max(10).optional(),
  page: z.coerce.number().int().min(1).max(ACCOUNT_ORDERS_MAX_PAGE).optional().describe('Page of the order list (1 is the newest)'),
  restock: z.string().max(1000).optional().describe('Cursor of the restock sign-up list'),
  saved: z.string().max(20).optional().describe('What the account page just saved (`language`): its notice shows'),
});

const SubscriptionParams = z.object({ subscriptionId: z.string().min(1).max(64) });
const ACTION_SUMMARY = { pause: 'Pauses', resume: 'Resumes', cancel: 'Cancels' } as const;

const signInLink = { href: '/account/login', label: 'Go to sign-in' };

/** The first message of a schema failure, for the page's notice. */
function firstIssue(result: { success: false; error: z.ZodError }): string {
  return result.error.issues[0]?.message ?? 'Check your entries and try again.';
}

/** The first segment of the account pages in another language than the primary (`/fr/account`): checked against the site's languages per request. */
// The router keeps one parameter name per position: the blog feed's `/:blogUrlId/rss.xml` names this first segment too.
const LANGUAGE_SEGMENT = '/:blogUrlId';
/** The first segment of a language twin of an account page. */
export const LanguageParams = z.object({
  blogUrlId: z.string().max(64).describe("A published language's prefix (`fr` of `/fr/account`); any other segment is the site's page at that path"),
});

/**
 * Registers the account pages under `/account`, server-rendered on the site's own origin, and
 * the same pages under each published language's prefix (`/fr/account`, decision 0044) and at
 * `/account` of a language's own domain (decision 0056), shown in that language: its texts,
 * `<html lang>`, formatting, and every link and redirect kept in it. The session is the host's
 * (one cookie at path `/`), so `/account` and `/fr/account` share it.
 */
export function registerSiteUserPages(app: FastifyInstance, deps: SiteUserDeps): void {
  const languages = new WeakMap<FastifyRequest, AccountLanguage>();
  for (const base of ['', LANGUAGE_SEGMENT]) registerPagesAt(app, deps, base, languages);
}

function registerPagesAt(app: FastifyInstance, deps: SiteUserDeps, base: string, languages: WeakMap<FastifyRequest, AccountLanguage>): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['site users', 'pages'];
  // The language twins name their first segment (`fr` of `/fr/account`) beside their own parameters.
  const twin: { params?: typeof LanguageParams } = base ? { params: LanguageParams } : {};
  // The twin's parameter is read from the request (`accountLanguageOf`), not by the handlers: the type stays the route's own.
  const paramsWith = <T extends z.ZodRawShape>(own: z.ZodObject<T>): z.ZodObject<T> =>
    base ? (own.extend(LanguageParams.shape) as unknown as z.ZodObject<T>) : own;
  const html = { 200: htmlResponse() };
  const redirect = { 303: z.null().describe('Redirect to the next page') };
  const languageOf = (request: FastifyRequest): AccountLanguage => languages.get(request) ?? primaryAccountLanguage(siteOf(request));
  /** `path` (a site path) in the request's language. */
  const to = (request: FastifyRequest, path: string): string => accountPath(languageOf(request), path);
  const frameOf = (request: FastifyRequest, notice?: Notice): PageFrame => ({
    site: siteOf(request),
    crumb: request.crumb,
    language: languageOf(request),
    notice,
  });
  /** A request whose first segment names no language of the site (`/faq/account`): the site's page at that path, as if these pages were not here. */
  const elsewhere = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const page = request.method === 'GET' || request.method === 'HEAD' ? deps.pageFallbacks?.page : undefined;
    return page ? page(request, reply) : reply.callNotFound();
  };
  /** Sends an account page inside the site's theme layout when pages are on, else as its own document; never stored, never indexed. */
  const send = (reply: FastifyReply, status: number, doc: AccountDoc): unknown => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');
    const themed = deps.pageFallbacks?.account;
    if (doc.inTheme && themed && reply.request.site && !reply.request.adminOrigin)
      return themed(reply.request, reply, { status, title: doc.title, body: doc.main });
    return reply.code(status).type('text/html; charset=utf-8').send(doc.html);
  };
  const error = (reply: FastifyReply, cause: unknown): { status: number; notice: Notice } => {
    if (!(cause instanceof AppError)) throw cause;
    for (const [name, value] of Object.entries(cause.headers)) reply.header(name, value);
    return { status: cause.status, notice: { kind: 'error', text: cause.message } };
  };
  /** Runs a page in the language of its URL: 404 while accounts are off, 403 on the dashboard's origin. */
  const open = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (request.site && !request.adminOrigin) {
      const language = await accountLanguageOf(deps.db, deps.config, request, request.site);
      if (!language) {
        await elsewhere(request, reply);
        return false;
      }
      languages.set(request, language);
    }
    try {
      await assertAccountsOpen(deps, request);
      return true;
    } catch (cause) {
      const { status, notice } = error(reply, cause);
      send(reply, status, messagePage(frameOf(request, notice), 'Account', { href: '/', label: 'Go to the home page' }));
      return false;
    }
  };
  const session = (request: FastifyRequest) => findSiteUserSession(deps.db, request, deps.config.secureCookies, deps.now());
  /** The account page with the person's orders (one page of them), subscriptions, addresses and restock sign-ups (one page of them). */
  const accountView = async (request: FastifyRequest, live: LiveSession, page: number, notice?: Notice, restockCursor?: string): Promise<AccountDoc> => {
    const frame = frameOf(request, notice);
    const after = restockCursorOf(restockCursor);
    const [orders, subscriptions, addresses, restock] = await Promise.all([
      listAccountOrders(deps.db, live.user, page),
      listAccountSubscriptions(deps.db, live.user),
      listAddresses(deps.db, live.user.websiteId, live.user.id),
      listAccountSignUps(deps.db, live.user, after, ACCOUNT_RESTOCK_PER_PAGE),
    ]);
    const itemIds = [...subscriptions.flatMap(({ subscription }) => subscription.lines.map((l) => l.itemId)), ...restock.items.map((s) => s.productId)];
    const texts = await readAccountRecordTexts(deps.db, frame.site, frame.language, itemIds);
    const records =
      ordersSection(frame, orders.orders, page, orders.hasNextPage) +
      subscriptionsSection(frame, subscriptions, live.xsrfToken, texts) +
      addressesSection(frame, addresses, live.xsrfToken) +
      restockSection(frame, restock, live.xsrfToken, after !== undefined, texts);
    return accountPage(frame, live.user, live.xsrfToken, records);
  };
  const get = (url: string, summary: string, handler: (request: FastifyRequest, query: z.infer<typeof TokenQuery>, reply: FastifyReply) => Promise<unknown>) =>
    routes.get(`${base}${url}`, { schema: { tags, summary, ...twin, querystring: TokenQuery, response: { ...html, ...redirect } } }, async (request, reply) =>
      (await open(request, reply)) ? handler(request, request.query, reply) : reply,
    );
  const post = (url: string, summary: string, handler: (request: FastifyRequest, body: AccountFormBody, reply: FastifyReply) => Promise<unknown>) =>
    routes.post(
      `${base}${url}`,
      { bodyLimit: 8192, schema: { tags, summary, ...twin, body: AccountForm, response: { ...html, ...redirect } } },
      async (request, reply) => ((await open(request, reply)) ? handler(request, request.body, reply) : reply),
    );
  const refuseXsrf = (request: FastifyRequest, reply: FastifyReply) =>
    send(
      reply,
      403,
      messagePage(frameOf(request, { kind: 'error', text: SiteUserMessages.XSRF_FAILED }), 'Your account', { href: '/account', label: 'Back to your account' }),
    );
  /** An account change from the account page: the session and its XSRF token must both match. */
  const change = (
    url: string,
    summary: string,
    act: (live: LiveSession, body: AccountFormBody, reply: FastifyReply, request: FastifyRequest) => Promise<string>,
  ) =>
    post(url, summary, async (request, body, reply) => {
      const live = await session(request);
      if (!live) return reply.redirect(to(request, '/account/login'), 303);
      if (!xsrfMatches(live, body.xsrfToken)) return refuseXsrf(request, reply);
      try {
        return reply.redirect(to(request, await act(live, body, reply, request)), 303);
      } catch (cause) {
        const { status, notice } = error(reply, cause);
        return send(reply, status, await accountView(request, live, 1, notice));
      }
    });

  get('/account', 'The signed-in site user’s account page (else a redirect to sign-in)', async (request, query, reply) => {
    const live = await session(request);
    if (!live) {
      if (request.siteUserInfo.authenticated) clearSiteUserCookies(reply, deps.config.secureCookies);
      return reply.redirect(to(request, '/account/login'), 303);
    }
    const notice: Notice | undefined = query.saved === 'language' ? { kind: 'info', text: SiteUserMessages.LANGUAGE_SAVED } : undefined;
    return send(reply, 200, await accountView(request, live, query.page ?? 1, notice, query.restock));
  });

  get('/account/login', 'The sign-in page (password, mailed link, or code)', async (request, query, reply) => {
    const notice: Notice | undefined = query.signedOut ? { kind: 'info', text: SiteUserMessages.SIGNED_OUT } : undefined;
    return send(reply, 200, signInPage(frameOf(request, notice)));
  });

  post('/account/login', 'Signs in from the sign-in page with email and password', async (request, body, reply) => {
    const parsed = SessionBody.safeParse({ email: body.email, password: body.password, rememberMe: body.rememberMe === 'true' });
    if (!parsed.success) return send(reply, 400, signInPage(frameOf(request, { kind: 'error', text: SiteUserMessages.SIGN_IN_FAILED }), body.email));
    try {
      await signInWithPassword(deps, request, reply, siteOf(request), parsed.data);
      return reply.redirect(to(request, '/account'), 303);
    } catch (cause) {
      const { status, notice } = error(reply, cause);
      return send(reply, status, signInPage(frameOf(request, notice), parsed.data.email));
    }
  });

  post('/account/login/link', 'Mails a sign-in link and code from the sign-in page', async (request, body, reply) => {
    const email = body['link-email'] ?? '';
    const parsed = z.string().trim().email().safeParse(email);
    if (!parsed.success) return send(reply, 400, signInPage(frameOf(request, { kind: 'error', text: 'Enter the email address of your account.' }), email));
    await requestSignInLink(deps, siteOf(request), parsed.data);
    return send(reply, 202, signInPage(frameOf(request, { kind: 'info', text: SiteUserMessages.LINK_SENT }), parsed.data));
  });

  post('/account/login/code', 'Signs in with the mailed code (any browser)', async (request, body, reply) => {
    const parsed = CodeBody.safeParse({ email: body['code-email'], code: body.code });
    if (!parsed.success) return send(reply, 400, signInPage(frameOf(request, { kind: 'error', text: firstIssue(parsed) }), body['code-email']));
    try {
      await signInWithCode(deps, request, reply, siteOf(request), parsed.data);
      return reply.redirect(to(request, '/account'), 303);
    } catch (cause) {
      const { status, notice } = error(reply, cause);
      return send(reply, status, signInPage(frameOf(request, notice), parsed.data.email));
    }
  });

  get('/account/login/link', 'Opens a mailed sign-in link: signs in and goes to the account', async (request, query, reply) => {
    try {
      await signInWithLink(deps, request, reply, siteOf(request), query.token ?? '');
      return reply.redirect(to(request, '/account'), 303);
    } catch (cause) {
      const { status, notice } = error(reply, cause);
      return send(reply, status, signInPage(frameOf(request, notice)));
    }
  });

  get('/account/register', 'The registration page', async (request, query, reply) => send(reply, 200, registerPage(frameOf(request))));

  post('/account/register', 'Creates an account from the registration page', async (request, body, reply) => {
    const parsed = RegisterBody.safeParse({ email: body.email, password: body.password, displayName: body.displayName });
    if (!parsed.success || !parsed.data.password) {
      const text = parsed.success ? 'Choose a password.' : firstIssue(parsed);
      return send(reply, 400, registerPage(frameOf(request, { kind: 'error', text }), body.email));
    }
    const language = languageOf(request);
    // The account keeps the language of the page it was registered from (decision 0052).
    await register(deps, siteOf(request), { ...parsed.data, ...(language.primary ? {} : { language: language.code }) });
    return send(reply, 202, messagePage(frameOf(request, { kind: 'info', text: SiteUserMessages.REGISTERED }), 'Check your email', signInLink));
  });

  get('/account/verify', 'Opens a mailed confirmation link', async (request, query, reply) => {
    const ok = await verifyEmail(deps, siteOf(request), query.token ?? '');
    const notice: Notice = ok ? { kind: 'info', text: SiteUserMessages.EMAIL_VERIFIED } : { kind: 'error', text: SiteUserMessages.LINK_INVALID };
    return send(reply, ok ? 200 : 400, messagePage(frameOf(request, notice), ok ? 'Email confirmed' : 'Link not valid', signInLink));
  });

  get('/account/reset', 'The password reset page (ask for a link, or choose a new password with one)', async (request, query, reply) => {
    const token = query.token;
    if (token === undefined) return send(reply, 200, resetPage(frameOf(request), undefined));
    if (!(await isSiteUserTokenUsable(deps.db, siteOf(request).id, token, 'reset', deps.now()))) {
      return send(reply, 400, resetPage(frameOf(request, { kind: 'error', text: SiteUserMessages.LINK_INVALID }), undefined));
    }
    return send(reply, 200, resetPage(frameOf(request), token));
  });

  post('/account/reset', 'Mails a password reset link from the reset page', async (request, body, reply) => {
    const parsed = z
      .string()
      .trim()
      .email()
      .safeParse(body.email ?? '');
    if (!parsed.success) return send(reply, 400, resetPage(frameOf(request, { kind: 'error', text: 'Enter the email address of your account.' }), undefined));
    await requestPasswordReset(deps, siteOf(request), parsed.data);
    return send(reply, 202, messagePage(frameOf(request, { kind: 'info', text: SiteUserMessages.RESET_SENT }), 'Check your email', signInLink));
  });

  post('/account/reset/confirm', 'Saves the new password of a reset link', async (request, body, reply) => {
    const parsed = ResetConfirmBody.safeParse({ token: body.token, password: body.password });
    if (!parsed.success) {
      const tokenOk = typeof body.token === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(body.token);
      return send(reply, 400, resetPage(frameOf(request, { kind: 'error', text: firstIssue(parsed) }), tokenOk ? body.token : undefined));
    }
    try {
      await confirmPasswordReset(deps, siteOf(request), parsed.data.token, parsed.data.password);
      return send(reply, 200, messagePage(frameOf(request, { kind: 'info', text: SiteUserMessages.PASSWORD_CHANGED }), 'Password changed', signInLink));
    } catch (cause) {
      const { status, notice } = error(reply, cause);
      return send(reply, status, resetPage(frameOf(request, notice), undefined));
    }
  });

  change('/account/logout', 'Signs out from the account page', async (live, _body, reply) => {
    await signOut(deps, reply, live, true);
    return '/account/login?signedOut=1';
  });
  change('/account/logout-everywhere', 'Signs out everywhere from the account page', async (live, _body, reply) => {
    await signOutEverywhere(deps, reply, live);
    return '/account/login?signedOut=1';
  });
  change('/account/delete', 'Erases the account and its data from the account page', async (live, body, reply, request) => {
    if (body.confirm !== 'yes') throw new AppError('BAD_REQUEST', SiteUserMessages.ERASE_CONFIRM);
    await deleteAccount(deps, request, reply, live);
    return '/';
  });
  for (const action of ['pause', 'resume', 'cancel'] as const) {
    routes.post(
      `${base}/account/subscriptions/:subscriptionId/${action}`,
      {
        bodyLimit: 8192,
        schema: {
          tags,
          summary: `${ACTION_SUMMARY[action]} one of the account’s subscriptions from the account page`,
          params: paramsWith(SubscriptionParams),
          body: AccountForm,
          response: { ...html, ...redirect },
        },
      },
      async (request, reply) => {
        if (!(await open(request, reply))) return reply;
        const live = await session(request);
        if (!live) return reply.redirect(to(request, '/account/login'), 303);
        if (!xsrfMatches(live, request.body.xsrfToken)) return refuseXsrf(request, reply);
        const { subscriptionId } = request.params;
        try {
          if (!(await ownsSubscription(deps.db, live.user, subscriptionId))) throw new AppError('NOT_FOUND', SubscriptionMessages.NOT_FOUND);
          await changeSubscription(deps.db, siteOf(request), deps.config, subscriptionId, action, { kind: 'customer' }, deps.now());
          return reply.redirect(to(request, '/account#subscriptions'), 303);
        } catch (cause) {
          const { status, notice } = error(reply, cause);
          return send(reply, status, await accountView(request, live, 1, notice));
        }
      },
    );
  }
  registerAccountRecordPages(routes, deps, { base, twin, paramsWith, to, open, session, send, refuseXsrf, accountView, frameOf, error });
  change('/account/locale', 'Saves the language from the account page', async (live, body) => {
    await setLocale(deps, live, body.language ?? '');
    return '/account?saved=language';
  });
}
