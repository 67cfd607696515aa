import { PageEnd, PageQuery, z } from '../http/schemas.js';
import { OWNER_ROLES } from '../owner-sessions/index.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './passwords.js';

/** Query of GET /api/owner/audit. */
export const AuditQuery = PageQuery;

/** One audit entry. */
export const AuditEntry = z.object({
  id: z.string(),
  createdAt: z.string().describe('ISO 8601 time of the change'),
  ownerId: z.string().nullable().describe('The owner account; null for the break-glass token, the site password and the command line'),
  actorEmail: z.string().nullable(),
  action: z.string().describe("What was done, e.g. 'owner.invite'"),
  subjectType: z.string().describe("Kind of thing changed, e.g. 'owner'"),
  subjectId: z.string().nullable(),
  subjectName: z.string().nullable().describe("What the changed thing is called (a product's title, 'Order #12', an owner's email); null when unknown"),
  detail: z.record(z.string(), z.unknown()),
});

/** A page of the audit log, newest first. */
export const AuditPage = z.object({ entries: z.array(AuditEntry), ...PageEnd });

const Email = z
  .string({ error: 'Enter an email address.' })
  .trim()
  .max(254, { error: 'The email address is too long.' })
  .pipe(z.email({ error: 'Enter a valid email address.' }));
const Password = z
  .string({ error: 'Enter a password.' })
  .max(MAX_PASSWORD_LENGTH, { error: `The password may have at most ${MAX_PASSWORD_LENGTH} characters.` });
const NewPassword = Password.min(MIN_PASSWORD_LENGTH, { error: `The password must have at least ${MIN_PASSWORD_LENGTH} characters.` });
const Token = z.string({ error: 'The link is not valid.' }).min(1, { error: 'The link is not valid.' }).max(200, { error: 'The link is not valid.' });
const Role = z.enum(OWNER_ROLES, { error: `role must be one of: ${OWNER_ROLES.join(', ')}.` }).describe('Owner role (docs/roles.md)');

/** The signed-in owner. id and email are null for the break-glass token and the site-password session. */
export const SessionOwner = z.object({
  id: z.string().nullable(),
  email: z.string().nullable(),
  role: Role,
  mustChangePassword: z.boolean().describe('True until a one-time password is changed; other owner calls answer 403 meanwhile'),
  permissions: z
    .array(z.string())
    .describe("The role's permissions, `<area>:read` or `<area>:write` (docs/roles.md); the dashboard hides screens the role cannot open"),
});
/** Answer of the session calls. */
/** The site a dashboard session works on. */
export const SessionSite = z.object({
  id: z.string(),
  identifier: z.string().describe('The site identifier the dashboard names in its paths and X-Emporium-Site header'),
  title: z.string(),
  url: z.string().describe("The site's public address"),
});
export const SessionAnswer = z.object({ owner: SessionOwner, site: SessionSite });
/** Answer of GET /api/owner/sites: the sites this browser is signed in to on the dashboard. */
export const SignedInSites = z.object({
  sites: z.array(SessionSite.extend({ email: z.string().nullable(), role: z.string() })),
});

/** Body of POST /api/owner/session. */
export const SignInBody = z.object({ email: Email, password: Password.min(1, { error: 'Enter a password.' }) });
/** Body of PUT /api/owner/password. */
export const PasswordChangeBody = z.object({ currentPassword: Password, newPassword: NewPassword });
/** Body of POST /api/owner/password-reset. */
export const ResetRequestBody = z.object({ email: Email });
/** Answer of POST /api/owner/password-reset: the same whether or not the account exists. */
export const ResetRequested = z.object({ message: z.string() });
/** Body of POST /api/owner/password-reset/confirm and POST /api/owner/invitations/accept. */
export const TokenPasswordBody = z.object({ token: Token, password: NewPassword });
/** Body of POST /api/owner/setup: the first owner's link token, email and password. */
export const FirstOwnerBody = z.object({ token: Token, email: Email, password: NewPassword });

/** An owner of the site as admins see it. */
export const OwnerSummary = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string().describe('Owner role (docs/roles.md)'),
  mustChangePassword: z.boolean(),
  invitationPending: z.boolean().describe('Invited and not yet accepted'),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
/** Answer of GET /api/owner/owners. */
export const OwnerList = z.object({ owners: z.array(OwnerSummary) });
/** Answer of the calls changing one owner. */
export const OwnerAnswer = z.object({ owner: OwnerSummary });
/** Body of POST /api/owner/owners (invites by mail). */
export const InviteBody = z.object({ email: Email, role: Role });
/** Body of PATCH /api/owner/owners/{ownerId}. */
export const RoleBody = z.object({ role: Role });
/** Route parameters naming an owner. */
export const OwnerParams = z.object({ ownerId: z.string().max(64).describe('The owner id') });
/** An answer without a body. */
export const NoContent = z.null().describe('No content');
