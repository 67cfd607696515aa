import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../owner-accounts/index.js';
import { z } from '../http/schemas.js';

const Email = z.string().trim().min(3).max(254).email().describe('Email address');
const Password = z.string().min(1).max(MAX_PASSWORD_LENGTH);
const NewPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `Choose a password of at most ${MAX_PASSWORD_LENGTH} characters.`);
const Token = z
  .string()
  .min(20)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);

/** Spec 7: POST /api/site-users/account/session. */
export const SessionBody = z.object({ email: Email, password: Password, rememberMe: z.boolean().optional().default(false) });
/** Spec 7: DELETE /api/site-users/account/session. */
export const SignOutQuery = z.object({ cloneCart: z.enum(['true', 'false']).optional().describe('Keep a guest copy of the cart in this browser') });
/** Spec 7: POST /api/site-users/account/locale. */
export const LocaleBody = z.object({ language: z.string().min(2).max(35) });
export const RegisterBody = z.object({ email: Email, password: NewPassword.optional(), displayName: z.string().trim().max(100).optional() });
export const EmailBody = z.object({ email: Email });
export const CodeBody = z.object({
  email: Email,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the mail.'),
  rememberMe: z.boolean().optional(),
});
export const TokenBody = z.object({ token: Token });
export const ResetConfirmBody = z.object({ token: Token, password: NewPassword });
export const SettingsBody = z.object({ accountsEnabled: z.boolean() });

export const SiteUserJson = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  emailVerified: z.boolean(),
  locale: z.string().nullable(),
});
/** Every sign-in's answer: the token to send as X-SiteUser-XSRF-Token on account changes. */
export const SignedInAnswer = z.object({ xsrfToken: z.string(), siteUser: SiteUserJson });
export const SessionState = z.object({ authenticated: z.boolean(), siteUser: SiteUserJson.nullable(), xsrfToken: z.string().nullable() });
export const MessageAnswer = z.object({ message: z.string() });
export const SignedOutAnswer = z.object({ signedOut: z.literal(true), endedSessions: z.number().int() });
export const LocaleAnswer = z.object({ language: z.string() });
export const SettingsAnswer = z.object({ accountsEnabled: z.boolean() });
