import type { FastifyReply, FastifyRequest } from 'fastify';
import { cartIdFromRequest, clearCartCookies, setCartCookies } from '../cart/index.js';
import type { AppConfig } from '../config.js';
import type { Db, DbOrTx } from '../db/types.js';
import { existingVisitorId } from '../content/index.js';
import { AppError } from '../errors/index.js';
import type { PageFallbacks } from '../http/errors.js';
import { assertNotLocked, clearFailures, hashPassword, recordFailure, throttleKeys, verifyPassword, type ThrottleKeys } from '../owner-accounts/index.js';
import { readMailLanguage } from '../mail-language/index.js';
import { enqueueMails } from '../outbox/index.js';
import { canonicalOrigin, type Website } from '../sites/index.js';
import { accountCartId, cartQuantity, cloneAccountCart, mergeGuestCart } from './cart-handover.js';
import { eraseSiteUser } from './erasure.js';
import { accountExistsMail, resetMail, signInMail, verificationMail, type SiteMailContext } from './mails.js';
import { SiteUserMessages } from './messages.js';
import {
  findSiteUser,
  findSiteUserByEmail,
  insertSiteUser,
  markEmailVerified,
  normalSiteUserEmail,
  updateSiteUser,
  type SiteUserRow,
} from './site-user-repository.js';
import { clearSiteUserCookies, endAllSiteUserSessions, endSiteUserSession, startSiteUserSession, type LiveSession } from './session-store.js';
import { issueSiteUserToken, useSignInCode, useSiteUserToken } from './token-store.js';

/** What the site-user flows need: the database, the configuration, the clock and the mail kick. */
export interface SiteUserDeps {
  db: Db;
  config: AppConfig;
  now: () => Date;
  mailQueued: () => void;
  /** The page module's theme-rendered pages (the account page among them), filled in when pages are on. */
  pageFallbacks?: PageFallbacks;
}

/** A site user as the calls show it. */
export function siteUserJson(user: SiteUserRow) {
  return { id: user.id, email: user.email, displayName: user.displayName, emailVerified: user.emailVerifiedAt !== null, locale: user.locale };
}

/** The answer of every sign-in: the token for `X-SiteUser-XSRF-Token`, and the user. */
export interface SignedIn {
  xsrfToken: string;
  siteUser: ReturnType<typeof siteUserJson>;
}

/** What an account's mails need: the site's origin and the account's language (decision 0052), the primary language's when it has none. */
async function mailContext(db: DbOrTx, site: Website, config: AppConfig, locale: string | null): Promise<SiteMailContext> {
  return { websiteId: site.id, origin: canonicalOrigin(site, config), language: await readMailLanguage(db, site, locale) };
}

/**
 * The owners' throttle keys for a site user's sign-in (per account and source, per source,
 * per account), named apart so a shopper's failures never lock an owner of the same email or
 * address, nor the reverse.
 */
function siteUserThrottleKeys(email: string, ip: string): ThrottleKeys {
  const keys = throttleKeys(email, ip, undefined);
  const named = (key: string) => `site-user|${key}`;
  return {
    account: named(keys.account),
    checked: keys.checked.map(named),
    failures: keys.failures.map((f) => ({ key: named(f.key), free: f.free })),
    cleared: keys.cleared.map(named),
  };
}

/** Starts a session of `user`, hands the guest cart over to the account and answers the sign-in. */
async function signIn(deps: SiteUserDeps, request: FastifyRequest, reply: FastifyReply, user: SiteUserRow, rememberMe: boolean): Promise<SignedIn> {
  const now = deps.now();
  const secure = deps.config.secureCookies;
  const { xsrfToken, cartId } = await deps.db.transaction(async (tx) => {
    await updateSiteUser(tx, user.websiteId, user.id, { lastSignInAt: now });
    const cart = await mergeGuestCart(tx, user.websiteId, user.id, cartIdFromRequest(request));
    const quantity = cart ? await cartQuantity(tx, user.websiteId, cart) : 0;
    return { xsrfToken: await startSiteUserSession(tx, reply, user, { rememberMe, secure, now }), cartId: cart && { id: cart, quantity } };
  });
  if (cartId) setCartCookies(reply, cartId.id, secure, cartId.quantity);
  reply.header('cache-control', 'no-store');
  return { xsrfToken, siteUser: siteUserJson(user) };
}

/**
 * Registration: creates an unverified account (or renews an unverified one's password) in the
 * visitor's `language` (the page it registered from, when known) and mails the confirmation link
 * in it. The mail to an existing account is in that account's language.
 */
export async function register(
  deps: SiteUserDeps,
  site: Website,
  input: { email: string; password?: string; displayName?: string; language?: string | undefined },
): Promise<void> {
  const email = normalSiteUserEmail(input.email);
  const hash = input.password ? await hashPassword(input.password) : null;
  await deps.db.transaction(async (tx) => {
    const existing = await findSiteUserByEmail(tx, site.id, email);
    if (existing?.emailVerifiedAt) {
      await enqueueMails(tx, [accountExistsMail(await mailContext(tx, site, deps.config, existing.locale), existing.email)]);
      return;
    }
    // Until the address is confirmed the newest registration wins: whoever can read the mail decides.
    const user = existing ?? (await insertSiteUser(tx, site.id, email, hash, input.displayName ?? '', input.language ?? null));
    if (!user) return;
    const locale = input.language ?? user.locale;
    if (existing) await updateSiteUser(tx, site.id, existing.id, { passwordHash: hash, displayName: input.displayName ?? existing.displayName, locale });
    const { token } = await issueSiteUserToken(tx, site.id, user.id, 'verify', deps.now());
    await enqueueMails(tx, [verificationMail(await mailContext(tx, site, deps.config, locale), user.email, token)]);
  });
  deps.mailQueued();
}

/** Confirms an address by its mailed link; false when the link is invalid or expired. */
export async function verifyEmail(deps: SiteUserDeps, site: Website, token: string): Promise<boolean> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const userId = await useSiteUserToken(tx, site.id, token, 'verify', now);
    if (!userId) return false;
    await markEmailVerified(tx, site.id, userId, now);
    return true;
  });
}

/**
 * Checks one sign-in attempt under the throttle: refused (429 with Retry-After) while locked;
 * `check` answers the account it proves, or undefined, which counts a failure and answers 401
 * with `failed`; a success forgets the account's failures.
 */
async function throttled(
  deps: SiteUserDeps,
  site: Website,
  email: string,
  ip: string,
  failed: string,
  check: () => Promise<SiteUserRow | undefined>,
): Promise<SiteUserRow> {
  const keys = siteUserThrottleKeys(email, ip);
  await assertNotLocked(deps.db, site.id, keys.checked);
  const user = await check();
  if (!user) {
    for (const failure of keys.failures) await recordFailure(deps.db, site.id, failure.key, failure.free);
    throw new AppError('UNAUTHORIZED', failed);
  }
  for (const key of keys.cleared) await clearFailures(deps.db, site.id, key);
  return user;
}

/** Sign-in with email and password, throttled per account and source like the owners'. */
export async function signInWithPassword(
  deps: SiteUserDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  site: Website,
  input: { email: string; password: string; rememberMe: boolean },
): Promise<SignedIn> {
  const email = normalSiteUserEmail(input.email);
  const user = await throttled(deps, site, email, request.ip, SiteUserMessages.SIGN_IN_FAILED, async () => {
    const found = await findSiteUserByEmail(deps.db, site.id, email);
    // The hash runs whether or not the account exists, so the answer's time tells nothing.
    return (await verifyPassword(found?.passwordHash, input.password)) ? found : undefined;
  });
  if (!user.emailVerifiedAt) throw new AppError('FORBIDDEN', SiteUserMessages.EMAIL_NOT_VERIFIED, { body: { emailNotVerified: true } });
  return signIn(deps, request, reply, user, input.rememberMe);
}

/** Mails a sign-in link with its code when the email has an account; says nothing either way. */
export async function requestSignInLink(deps: SiteUserDeps, site: Website, emailInput: string): Promise<void> {
  const user = await findSiteUserByEmail(deps.db, site.id, emailInput);
  if (!user) return;
  const context = await mailContext(deps.db, site, deps.config, user.locale);
  await deps.db.transaction(async (tx) => {
    const { token, code } = await issueSiteUserToken(tx, site.id, user.id, 'sign-in', deps.now());
    await enqueueMails(tx, [signInMail(context, user.email, token, code!)]);
  });
  deps.mailQueued();
}

/** Opening a sign-in link or entering its code proves the mailbox: it confirms the address and signs in for as long as "remember me" does. */
async function signInMailed(deps: SiteUserDeps, request: FastifyRequest, reply: FastifyReply, site: Website, userId: string): Promise<SignedIn> {
  await markEmailVerified(deps.db, site.id, userId, deps.now());
  const user = await findSiteUser(deps.db, site.id, userId);
  if (!user) throw new AppError('BAD_REQUEST', SiteUserMessages.LINK_INVALID);
  return signIn(deps, request, reply, user, true);
}

/** Sign-in by the mailed link (see `TOKEN_RULES` for how often and how long it works). */
export async function signInWithLink(deps: SiteUserDeps, request: FastifyRequest, reply: FastifyReply, site: Website, token: string): Promise<SignedIn> {
  const userId = await useSiteUserToken(deps.db, site.id, token, 'sign-in', deps.now());
  if (!userId) throw new AppError('BAD_REQUEST', SiteUserMessages.LINK_INVALID);
  return signInMailed(deps, request, reply, site, userId);
}

/** Sign-in by the code mailed beside the link, in any browser; throttled like passwords. */
export async function signInWithCode(
  deps: SiteUserDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  site: Website,
  input: { email: string; code: string },
): Promise<SignedIn> {
  const email = normalSiteUserEmail(input.email);
  const user = await throttled(deps, site, email, request.ip, SiteUserMessages.CODE_INVALID, async () => {
    const found = await findSiteUserByEmail(deps.db, site.id, email);
    return found && (await useSignInCode(deps.db, site.id, found.id, input.code.trim(), deps.now())) ? found : undefined;
  });
  return signInMailed(deps, request, reply, site, user.id);
}

/** Mails a password reset link when the email has an account; says nothing either way. */
export async function requestPasswordReset(deps: SiteUserDeps, site: Website, emailInput: string): Promise<void> {
  const user = await findSiteUserByEmail(deps.db, site.id, emailInput);
  if (!user) return;
  const context = await mailContext(deps.db, site, deps.config, user.locale);
  await deps.db.transaction(async (tx) => {
    const { token } = await issueSiteUserToken(tx, site.id, user.id, 'reset', deps.now());
    await enqueueMails(tx, [resetMail(context, user.email, token)]);
  });
  deps.mailQueued();
}

/** Sets a new password by a reset link, confirms the address and ends every session of the account. */
export async function confirmPasswordReset(deps: SiteUserDeps, site: Website, token: string, password: string): Promise<void> {
  const hash = await hashPassword(password);
  const now = deps.now();
  const done = await deps.db.transaction(async (tx) => {
    const userId = await useSiteUserToken(tx, site.id, token, 'reset', now);
    if (!userId) return false;
    await updateSiteUser(tx, site.id, userId, { passwordHash: hash });
    await markEmailVerified(tx, site.id, userId, now);
    await endAllSiteUserSessions(tx, site.id, userId);
    return true;
  });
  if (!done) throw new AppError('BAD_REQUEST', SiteUserMessages.LINK_INVALID);
}

/** Signs out this browser; with `cloneCart` the browser keeps a guest copy of the account's cart. */
export async function signOut(deps: SiteUserDeps, reply: FastifyReply, session: LiveSession, cloneCart: boolean): Promise<void> {
  const secure = deps.config.secureCookies;
  const { websiteId, id } = session.user;
  const copy = await deps.db.transaction(async (tx) => {
    await endSiteUserSession(tx, websiteId, session.sessionHash);
    const cloned = cloneCart ? await cloneAccountCart(tx, websiteId, await accountCartId(tx, websiteId, id)) : undefined;
    return cloned && { id: cloned, quantity: await cartQuantity(tx, websiteId, cloned) };
  });
  clearSiteUserCookies(reply, secure);
  if (copy) setCartCookies(reply, copy.id, secure, copy.quantity);
  else clearCartCookies(reply, secure);
  reply.header('cache-control', 'no-store');
}

/** Ends every session of the account, this one included. */
export async function signOutEverywhere(deps: SiteUserDeps, reply: FastifyReply, session: LiveSession): Promise<number> {
  const ended = await endAllSiteUserSessions(deps.db, session.user.websiteId, session.user.id);
  clearSiteUserCookies(reply, deps.config.secureCookies);
  clearCartCookies(reply, deps.config.secureCookies);
  reply.header('cache-control', 'no-store');
  return ended;
}

/**
 * Erases the account and the personal data the site holds about its person ({@link eraseSiteUser}),
 * including the visitor events of this browser, and signs this browser out.
 */
export async function deleteAccount(deps: SiteUserDeps, request: FastifyRequest, reply: FastifyReply, session: LiveSession): Promise<void> {
  const visitor = existingVisitorId(request);
  await eraseSiteUser(deps.db, session.user.websiteId, session.user.id, {
    actor: { kind: 'site-user' },
    now: deps.now(),
    visitorIds: visitor ? [visitor] : [],
  });
  clearSiteUserCookies(reply, deps.config.secureCookies);
  clearCartCookies(reply, deps.config.secureCookies);
  reply.header('cache-control', 'no-store');
}

/** A language tag as BCP 47 spells it (`en`, `pt-BR`, `zh-Hant-TW`). */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){0,3}$/;

/** Saves the account's language (spec 7: POST /api/site-users/account/locale). */
export async function setLocale(deps: SiteUserDeps, session: LiveSession, language: string): Promise<string> {
  if (!LANGUAGE_TAG.test(language))
    throw new AppError('VALIDATION_FAILED', SiteUserMessages.LANGUAGE_INVALID, { body: { errors: { language: SiteUserMessages.LANGUAGE_INVALID } } });
  let canonical: string;
  try {
    [canonical] = Intl.getCanonicalLocales(language.replace(/_/g, '-')) as [string];
  } catch {
    throw new AppError('VALIDATION_FAILED', SiteUserMessages.LANGUAGE_INVALID, { body: { errors: { language: SiteUserMessages.LANGUAGE_INVALID } } });
  }
  await updateSiteUser(deps.db, session.user.websiteId, session.user.id, { locale: canonical });
  return canonical;
}
