import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/index.js';
import { EmptyBody, withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { enqueueMails } from '../outbox/index.js';
import {
  clearOwnerCookies,
  endAccountSession,
  endOwnerAccountSessions,
  endOwnerSession,
  findAccountSession,
  isOwnerRole,
  OWNER_SESSIONS_ON_DASHBOARD,
  permissionsOf,
  requireOwnerSession,
  siteOfOwnerCookie,
  startAccountSession,
  type OwnerActor,
} from '../owner-sessions/index.js';
import { canonicalOrigin, dashboardUrl, getWebsite, siteOf, type Website } from '../sites/index.js';
import { recordAudit, recordAuditAs } from './audit-repository.js';
import { resetMail } from './owner-mails.js';
import { findOwner, findOwnerByEmail, setOwnerPasswordHash, touchSignIn, type OwnerRow } from './owner-repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { NoContent, PasswordChangeBody, ResetRequestBody, ResetRequested, SessionAnswer, SignedInSites, SignInBody, TokenPasswordBody } from './schemas.js';
import { assertNotLocked, clearFailures, recordFailure, SIGN_IN_LIMITS, throttleKeys } from './sign-in-throttle.js';
import { trustDevice, trustedDevice } from './trusted-device.js';
import { consumeToken, issueToken } from './token-repository.js';

/** Path of the owner's session. */
export const SESSION_PATH = '/api/owner/session';
/** Refusal of a sign-in with a wrong email or password (401). */
export const SIGN_IN_FAILED_MESSAGE = 'Email or password is incorrect.';
/** Answer of a password reset request, whether or not the account exists (202). */
export const RESET_REQUESTED_MESSAGE = 'If an owner account with this email exists, a link to reset its password is on its way.';
/** Refusal of a reset or invitation link that is unknown, used or expired (400). */
export const LINK_INVALID_MESSAGE = 'This link is invalid or has expired.';
/** Refusal of a password change with a wrong current password (400). */
export const CURRENT_PASSWORD_WRONG = 'The current password is incorrect.';
/** Refusal of a password change whose new password is the current one (400), the one-time password included. */
export const SAME_PASSWORD_MESSAGE = 'Choose a new password that differs from the current one.';
/** Refusal of account calls made with the break-glass token or the site-password session (400). */
export const ACCOUNT_ONLY_MESSAGE = 'Only owner accounts can do this; sign in with your email and password.';
/** Password reset requests allowed per site and IP: 5 in 15 minutes. */
export const RESET_RATE_LIMIT = Object.freeze({ name: 'owner-password-reset', max: 5, windowMs: 15 * 60_000, key: 'site+ip' as const });
/** Most sites the switcher lists (one cookie each). */
const MAX_SIGNED_IN_SITES = 50;
const SITE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Largest body of the session calls. */
export const SESSION_BODY_LIMIT = 4096;

/** The owner as the session answer shows it. */
export function sessionOwner(row: Pick<OwnerRow, 'id' | 'email' | 'role' | 'mustChangePassword'>) {
  if (!isOwnerRole(row.role)) throw new AppError('FORBIDDEN', 'This account has no role.');
  return { id: row.id, email: row.email, role: row.role, mustChangePassword: row.mustChangePassword, permissions: permissionsOf(row.role) };
}

/** The site of a session answer. */
export function sessionSite(site: Website, config: AppDeps['config']) {
  return { id: site.id, identifier: site.identifier, title: site.title, url: canonicalOrigin(site, config) };
}

function actorOwner(actor: OwnerActor) {
  return {
    id: actor.ownerId,
    email: actor.email,
    role: actor.role,
    mustChangePassword: actor.mustChangePassword === true,
    permissions: permissionsOf(actor.role),
  };
}

function accountOf(request: FastifyRequest): OwnerActor & { ownerId: string } {
  const actor = request.owner;
  if (!actor?.ownerId) throw new AppError('BAD_REQUEST', ACCOUNT_ONLY_MESSAGE);
  return actor as OwnerActor & { ownerId: string };
}

/** Registers sign-in, the session, sign-out (here and everywhere), password change and password reset. */
export function registerSessionRoutes(app: FastifyInstance, deps: AppDeps, mailQueued: () => void): void {
  const { db, config } = deps;
  const secure = config.secureCookies;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireOwnerSession(db, config.ownerToken);
  const tags = ['owner', 'owner accounts'];

  const queueReset = async (site: Website, email: string, ip: string) => {
    const owner = await findOwnerByEmail(db, site.id, email);
    if (!owner || owner.passwordHash === null) return;
    const context = { websiteId: site.id, siteTitle: site.title, dashboardUrl: dashboardUrl(site.identifier, config) };
    await db.transaction(async (tx) => {
      const token = await issueToken(tx, site.id, owner.id, 'reset');
      await enqueueMails(tx, [resetMail(context, owner.email, token)]);
      await recordAuditAs(
        tx,
        site.id,
        { ownerId: owner.id, email: owner.email },
        { action: 'owner.password-reset-request', subjectType: 'owner', subjectId: owner.id, detail: { ip } },
      );
    });
    mailQueued();
  };

  routes.post(
    SESSION_PATH,
    {
      bodyLimit: SESSION_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Signs an owner in with email and password; sets the session cookie',
        body: SignInBody,
        response: withErrors({ 200: SessionAnswer }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const email = request.body.email.toLowerCase();
      const device = trustedDevice(deps, request, site.id, email);
      const keys = throttleKeys(email, request.ip, device);
      await assertNotLocked(db, site.id, keys.checked);
      const owner = await findOwnerByEmail(db, site.id, email);
      // The hash runs whether or not the account exists (against a decoy when it does not), so
      // the answer takes as long either way and tells nobody which emails have accounts.
      const matches = await verifyPassword(owner?.passwordHash, request.body.password);
      if (!owner || !matches || !isOwnerRole(owner.role)) {
        for (const failure of keys.failures) await recordFailure(db, site.id, failure.key, failure.free);
        throw new AppError('UNAUTHORIZED', SIGN_IN_FAILED_MESSAGE);
      }
      for (const key of keys.cleared) await clearFailures(db, site.id, key);
      await touchSignIn(db, owner.id);
      await startAccountSession(db, site.id, owner.id, reply, secure);
      trustDevice(deps, reply, site.id, email);
      await recordAuditAs(
        db,
        site.id,
        { ownerId: owner.id, email: owner.email },
        { action: 'owner.sign-in', subjectType: 'owner', subjectId: owner.id, detail: { ip: request.ip } },
      );
      reply.header('cache-control', 'no-store');
      return { owner: sessionOwner(owner), site: sessionSite(site, config) };
    },
  );

  routes.get(
    '/api/owner/sites',
    { schema: { tags, summary: 'The sites this browser is signed in to on the dashboard (the site switcher)', response: withErrors({ 200: SignedInSites }) } },
    async (request, reply) => {
      if (!request.adminOrigin) throw new AppError('FORBIDDEN', OWNER_SESSIONS_ON_DASHBOARD);
      const sites = [];
      for (const [name, token] of Object.entries(request.cookies)) {
        const websiteId = siteOfOwnerCookie(secure, name);
        if (!websiteId || !token || !SITE_ID.test(websiteId)) continue;
        const site = await getWebsite(db, websiteId);
        const owner = site ? await findAccountSession(db, site.id, token) : undefined;
        if (site && owner?.role) sites.push({ ...sessionSite(site, config), email: owner.email, role: owner.role });
        if (sites.length >= MAX_SIGNED_IN_SITES) break;
      }
      sites.sort((a, b) => a.title.localeCompare(b.title));
      reply.header('cache-control', 'no-store, private');
      return { sites };
    },
  );

  routes.get(
    SESSION_PATH,
    { preValidation: signedIn, schema: { tags, summary: 'The signed-in owner', response: withErrors({ 200: SessionAnswer }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store, private');
      return { owner: actorOwner(request.owner!), site: sessionSite(siteOf(request), config) };
    },
  );

  routes.delete(
    SESSION_PATH,
    { preValidation: signedIn, schema: { tags, summary: 'Signs out of this session', response: withErrors({ 204: NoContent }) } },
    async (request, reply) => {
      const actor = request.owner!;
      if (actor.sessionHash) {
        await endAccountSession(db, actor.sessionHash);
        clearOwnerCookies(reply, secure, siteOf(request).id);
      } else {
        await endOwnerSession(db, request, reply, secure);
      }
      return reply.code(204).send(null);
    },
  );

  routes.post(
    `${SESSION_PATH}/revoke-all`,
    {
      preValidation: signedIn,
      bodyLimit: SESSION_BODY_LIMIT,
      schema: { tags, summary: "Signs out of every session of the signed-in owner's account", body: EmptyBody, response: withErrors({ 204: NoContent }) },
    },
    async (request, reply) => {
      const actor = accountOf(request);
      await db.transaction(async (tx) => {
        const ended = await endOwnerAccountSessions(tx, actor.ownerId);
        await recordAudit(tx, request, { action: 'owner.sign-out-everywhere', subjectType: 'owner', subjectId: actor.ownerId, detail: { sessions: ended } });
      });
      clearOwnerCookies(reply, secure, siteOf(request).id);
      return reply.code(204).send(null);
    },
  );

  routes.put(
    '/api/owner/password',
    {
      preValidation: signedIn,
      bodyLimit: SESSION_BODY_LIMIT,
      schema: {
        tags,
        summary: "Changes the signed-in owner's password; other sessions end",
        body: PasswordChangeBody,
        response: withErrors({ 204: NoContent }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const actor = accountOf(request);
      const owner = await findOwner(db, site.id, actor.ownerId);
      const accountKey = `owner:${actor.ownerId}`;
      await assertNotLocked(db, site.id, [accountKey]);
      if (!owner || !(await verifyPassword(owner.passwordHash, request.body.currentPassword))) {
        await recordFailure(db, site.id, accountKey, SIGN_IN_LIMITS.accountFreeFailures);
        throw new AppError('VALIDATION_FAILED', CURRENT_PASSWORD_WRONG, { body: { fields: { currentPassword: CURRENT_PASSWORD_WRONG } } });
      }
      if (request.body.newPassword === request.body.currentPassword) {
        throw new AppError('VALIDATION_FAILED', SAME_PASSWORD_MESSAGE, { body: { fields: { newPassword: SAME_PASSWORD_MESSAGE } } });
      }
      const hash = await hashPassword(request.body.newPassword);
      await db.transaction(async (tx) => {
        await setOwnerPasswordHash(tx, owner.id, hash, false);
        const ended = await endOwnerAccountSessions(tx, owner.id, actor.sessionHash);
        await recordAudit(tx, request, { action: 'owner.password-change', subjectType: 'owner', subjectId: owner.id, detail: { otherSessionsEnded: ended } });
      });
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/api/owner/password-reset',
    {
      onRequest: deps.rateLimit({ ...RESET_RATE_LIMIT }),
      bodyLimit: SESSION_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Mails a password reset link when the account exists; the same answer either way',
        body: ResetRequestBody,
        response: withErrors({ 202: ResetRequested }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const email = request.body.email;
      const ip = request.ip;
      // The answer goes out before the account is even looked up, so it takes as long whether or
      // not the account exists; the link is made and queued after it (the answer promises nothing more).
      reply.raw.once('finish', () => {
        setTimeout(() => {
          queueReset(site, email, ip).catch((error: unknown) => request.log.error({ err: error }, 'password reset request failed'));
        }, 0);
      });
      return reply.code(202).send({ message: RESET_REQUESTED_MESSAGE });
    },
  );

  routes.post(
    '/api/owner/password-reset/confirm',
    {
      bodyLimit: SESSION_BODY_LIMIT,
      schema: {
        tags,
        summary: "Sets a new password with a reset link's token; every session of the account ends",
        body: TokenPasswordBody,
        response: withErrors({ 204: NoContent }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const hash = await hashPassword(request.body.password);
      await db.transaction(async (tx) => {
        const ownerId = await consumeToken(tx, site.id, request.body.token, 'reset');
        const owner = ownerId === undefined ? undefined : await findOwner(tx, site.id, ownerId);
        if (!owner) throw new AppError('BAD_REQUEST', LINK_INVALID_MESSAGE);
        await setOwnerPasswordHash(tx, owner.id, hash, false);
        await endOwnerAccountSessions(tx, owner.id);
        await clearFailures(tx, site.id, throttleKeys(owner.email, '', undefined).account);
        await recordAuditAs(
          tx,
          site.id,
          { ownerId: owner.id, email: owner.email },
          { action: 'owner.password-reset', subjectType: 'owner', subjectId: owner.id },
        );
      });
      return reply.code(204).send(null);
    },
  );
}
