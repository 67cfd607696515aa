import { escapeHtml } from '@emporium/template';
import type { NewMail } from '../outbox/index.js';

/** What site-user mails need to know about the site. */
export interface SiteMailContext {
  websiteId: string;
  siteTitle: string;
  /** The site's origin, without a trailing slash. */
  origin: string;
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');
const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;

function mail(context: SiteMailContext, kind: string, to: string, subject: string, paragraphs: { text: string; html: string }[]): NewMail {
  return {
    websiteId: context.websiteId,
    kind,
    to,
    subject: oneLine(subject),
    text: `${paragraphs.map((p) => p.text).join('\n\n')}\n`,
    html: paragraphs.map((p) => `<p>${p.html}</p>`).join(''),
  };
}

const plain = (text: string) => ({ text, html: escapeHtml(text) });

/** The mail that confirms a new account's address. */
export function verificationMail(context: SiteMailContext, to: string, token: string): NewMail {
  const url = `${context.origin}/account/verify?token=${encodeURIComponent(token)}`;
  return mail(context, 'site-user-verify', to, `Confirm your email for ${context.siteTitle}`, [
    plain(`Welcome to ${context.siteTitle}. Open this link within 7 days to confirm your email address:`),
    { text: url, html: link(url) },
    plain('If you did not create an account, ignore this mail.'),
  ]);
}

/** The sign-in mail: a link for this browser and a code for any other. */
export function signInMail(context: SiteMailContext, to: string, token: string, code: string): NewMail {
  const url = `${context.origin}/account/login/link?token=${encodeURIComponent(token)}`;
  return mail(context, 'site-user-sign-in', to, `Your sign-in link for ${context.siteTitle}`, [
    plain(`Open this link to sign in to ${context.siteTitle}. It works for 24 hours:`),
    { text: url, html: link(url) },
    {
      text: `Or enter this code on the sign-in page, in any browser: ${code}`,
      html: `Or enter this code on the sign-in page, in any browser: <strong>${escapeHtml(code)}</strong>`,
    },
    plain('If you did not ask to sign in, ignore this mail.'),
  ]);
}

/** The password reset mail. */
export function resetMail(context: SiteMailContext, to: string, token: string): NewMail {
  const url = `${context.origin}/account/reset?token=${encodeURIComponent(token)}`;
  return mail(context, 'site-user-password-reset', to, `Reset your password for ${context.siteTitle}`, [
    plain(`Someone asked to reset the password of your account at ${context.siteTitle}. Open this link within an hour to choose a new one:`),
    { text: url, html: link(url) },
    plain('If it was not you, ignore this mail; your password stays as it is.'),
  ]);
}

/** Sent when someone registers with the email of an existing account (the page answers the same either way). */
export function accountExistsMail(context: SiteMailContext, to: string): NewMail {
  const url = `${context.origin}/account/login`;
  return mail(context, 'site-user-account-exists', to, `You already have an account at ${context.siteTitle}`, [
    plain(
      `Someone tried to create an account at ${context.siteTitle} with this email, which already has one. Sign in, or ask for a sign-in link or a password reset:`,
    ),
    { text: url, html: link(url) },
  ]);
}
