import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { EmptyBody, withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { siteOf } from '../sites/index.js';
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
  siteUserJson,
  verifyEmail,
  type SiteUserDeps,
} from './accounts.js';
import { accountsOpenGuard, assertAccountsOpen, sessionOf, sessionOrNone, signedInGuard } from './guards.js';
import { SiteUserMessages } from './messages.js';
import {
  CodeBody,
  EmailBody,
  LocaleAnswer,
  LocaleBody,
  MessageAnswer,
  RegisterBody,
  ResetConfirmBody,
  SessionBody,
  SessionState,
  SignedInAnswer,
  SignedOutAnswer,
  SignOutQuery,
  TokenBody,
} from './schemas.js';
import { clearSiteUserCookies, findSiteUserSession } from './session-store.js';
import { AppError } from '../errors/index.js';
import { visitorLanguageOf } from '../multilingual/index.js';

/** Where the spec's site-user calls live. */
export const SITE_USER_API = '/api/site-users/account';
/** Mail-sending calls (register, sign-in link, password reset) allowed per site and address: 5 in 15 minutes. */
export const SITE_USER_MAIL_LIMIT = Object.freeze({ name: 'site-user-mail', max: 5, windowMs: 15 * 60_000, key: 'site+ip' as const });
/** Largest body of the site-user calls. */
const BODY_LIMIT = 4096;

/** Registers the site users' JSON calls (spec 7 paths, and the account calls beside them). */
export function registerSiteUserApi(app: FastifyInstance, appDeps: AppDeps, deps: SiteUserDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['site users'];
  const open = accountsOpenGuard(deps);
  const changes = signedInGuard(deps, { xsrf: true });
  const signOutGuard = signedInGuard(deps, { xsrf: true, signedOutPasses: true });
  const mailLimit = appDeps.rateLimit(SITE_USER_MAIL_LIMIT);

  routes.post(
    `${SITE_USER_API}/session`,
    {
      bodyLimit: BODY_LIMIT,
      preValidation: open,
      schema: {
        tags,
        summary: 'Signs a site user in with email and password (spec 7); the answer carries the xsrfToken',
        body: SessionBody,
        response: withErrors({ 200: SignedInAnswer }),
      },
    },
    async (request, reply) => signInWithPassword(deps, request, reply, siteOf(request), request.body),
  );

  routes.get(
    `${SITE_USER_API}/session`,
    { schema: { tags, summary: "The site user's session in this browser (with its xsrfToken), or none", response: withErrors({ 200: SessionState }) } },
    async (request, reply) => {
      await assertAccountsOpen(deps, request);
      const session = await findSiteUserSession(deps.db, request, deps.config.secureCookies, deps.now());
      reply.header('cache-control', 'no-store');
      if (!session) {
        // A session that ended elsewhere (expiry, sign-out everywhere) leaves stale cookies here.
        if (request.siteUserInfo.authenticated) clearSiteUserCookies(reply, deps.config.secureCookies);
        return { authenticated: false, siteUser: null, xsrfToken: null };
      }
      return { authenticated: true, siteUser: siteUserJson(session.user), xsrfToken: session.xsrfToken };
    },
  );

  routes.delete(
    `${SITE_USER_API}/session`,
    {
      preValidation: signOutGuard,
      schema: {
        tags,
        summary: 'Signs the site user out of this browser (spec 7); cloneCart=true keeps a guest copy of the cart',
        querystring: SignOutQuery,
        response: withErrors({ 200: SignedOutAnswer }),
      },
    },
    async (request, reply) => {
      const session = sessionOrNone(request);
      if (!session) {
        clearSiteUserCookies(reply, deps.config.secureCookies);
        return { signedOut: true as const, endedSessions: 0 };
      }
      await signOut(deps, reply, session, request.query.cloneCart === 'true');
      return { signedOut: true as const, endedSessions: 1 };
    },
  );

  routes.post(
    `${SITE_USER_API}/sessions/revoke-all`,
    {
      preValidation: changes,
      schema: { tags, summary: 'Signs the site user out everywhere', body: EmptyBody, response: withErrors({ 200: SignedOutAnswer }) },
    },
    async (request, reply) => ({ signedOut: true as const, endedSessions: await signOutEverywhere(deps, reply, sessionOf(request)) }),
  );

  routes.post(
    `${SITE_USER_API}/locale`,
    {
      bodyLimit: BODY_LIMIT,
      preValidation: changes,
      schema: { tags, summary: "Saves the site user's language (spec 7)", body: LocaleBody, response: withErrors({ 200: LocaleAnswer }) },
    },
    async (request) => ({ language: await setLocale(deps, sessionOf(request), request.body.language) }),
  );

  routes.delete(
    SITE_USER_API,
    {
      preValidation: changes,
      schema: {
        tags,
        summary: "Erases the site user's account and personal data (orders kept for accounting, blanked) and signs it out",
        response: withErrors({ 200: MessageAnswer }),
      },
    },
    async (request, reply) => {
      await deleteAccount(deps, request, reply, sessionOf(request));
      return { message: SiteUserMessages.ACCOUNT_DELETED };
    },
  );

  routes.post(
    `${SITE_USER_API}/register`,
    {
      bodyLimit: BODY_LIMIT,
      onRequest: mailLimit,
      preValidation: open,
      schema: {
        tags,
        summary: 'Creates an account and mails the link that confirms its address',
        body: RegisterBody,
        response: withErrors({ 202: MessageAnswer }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      await register(deps, site, { ...request.body, language: visitorLanguageOf(site.settings, request.headers) });
      return reply.code(202).send({ message: SiteUserMessages.REGISTERED });
    },
  );

  routes.post(
    `${SITE_USER_API}/verify`,
    {
      bodyLimit: BODY_LIMIT,
      preValidation: open,
      schema: { tags, summary: 'Confirms an email address by its mailed token', body: TokenBody, response: withErrors({ 200: MessageAnswer }) },
    },
    async (request) => {
      if (!(await verifyEmail(deps, siteOf(request), request.body.token))) throw new AppError('BAD_REQUEST', SiteUserMessages.LINK_INVALID);
      return { message: SiteUserMessages.EMAIL_VERIFIED };
    },
  );

  routes.post(
    `${SITE_USER_API}/sign-in-link`,
    {
      bodyLimit: BODY_LIMIT,
      onRequest: mailLimit,
      preValidation: open,
      schema: { tags, summary: 'Mails a one-time sign-in link with a code beside it', body: EmailBody, response: withErrors({ 202: MessageAnswer }) },
    },
    async (request, reply) => {
      await requestSignInLink(deps, siteOf(request), request.body.email);
      return reply.code(202).send({ message: SiteUserMessages.LINK_SENT });
    },
  );

  routes.post(
    `${SITE_USER_API}/sign-in-link/use`,
    {
      bodyLimit: BODY_LIMIT,
      preValidation: open,
      schema: { tags, summary: 'Signs in with the token of a mailed sign-in link', body: TokenBody, response: withErrors({ 200: SignedInAnswer }) },
    },
    async (request, reply) => signInWithLink(deps, request, reply, siteOf(request), request.body.token),
  );

  routes.post(
    `${SITE_USER_API}/sign-in-code`,
    {
      bodyLimit: BODY_LIMIT,
      preValidation: open,
      schema: { tags, summary: 'Signs in with the code of a mailed sign-in link (any browser)', body: CodeBody, response: withErrors({ 200: SignedInAnswer }) },
    },
    async (request, reply) => signInWithCode(deps, request, reply, siteOf(request), request.body),
  );

  routes.post(
    `${SITE_USER_API}/password-reset`,
    {
      bodyLimit: BODY_LIMIT,
      onRequest: mailLimit,
      preValidation: open,
      schema: { tags, summary: 'Mails a password reset link', body: EmailBody, response: withErrors({ 202: MessageAnswer }) },
    },
    async (request, reply) => {
      await requestPasswordReset(deps, siteOf(request), request.body.email);
      return reply.code(202).send({ message: SiteUserMessages.RESET_SENT });
    },
  );

  routes.post(
    `${SITE_USER_API}/password-reset/confirm`,
    {
      bodyLimit: BODY_LIMIT,
      preValidation: open,
      schema: {
        tags,
        summary: 'Sets a new password by a reset token; ends every session',
        body: ResetConfirmBody,
        response: withErrors({ 200: MessageAnswer }),
      },
    },
    async (request) => {
      await confirmPasswordReset(deps, siteOf(request), request.body.token, request.body.password);
      return { message: SiteUserMessages.PASSWORD_CHANGED };
    },
  );
}
