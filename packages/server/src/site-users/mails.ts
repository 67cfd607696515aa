import { escapeHtml } from '@emporium/template';
import { fillHtml, fillText, type MailLanguage, type MailTextKey, type Markup } from '../mail-language/index.js';
import type { NewMail } from '../outbox/index.js';
import { absoluteUrl } from '../sites/index.js';

/** What site-user mails need to know about the site: its id, its origin and the account's language (decision 0052). */
export interface SiteMailContext {
  websiteId: string;
  /** The site's origin, without a trailing slash. */
  origin: string;
  /** The language of the mail: the account's. */
  language: MailLanguage;
}

/** The absolute URL of the account page at `path` in the mail's language: `/fr/account/verify`, or on the language's own domain. */
function accountUrl(context: SiteMailContext, path: string): string {
  return absoluteUrl(context.origin, context.language.owner.path(path));
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

/** A paragraph: a text of the catalogue with its values, or a link. */
type Paragraph = { key: MailTextKey; values?: Record<string, string>; markup?: Record<string, Markup> } | { url: string };

function mail(context: SiteMailContext, kind: string, to: string, subject: MailTextKey, paragraphs: Paragraph[]): NewMail {
  const { texts, owner } = context.language;
  const site = owner.siteTitle;
  const text = (p: Paragraph) => ('url' in p ? p.url : fillText(texts[p.key], { site, ...p.values }));
  const html = (p: Paragraph) =>
    'url' in p ? `<a href="${escapeHtml(p.url)}">${escapeHtml(p.url)}</a>` : fillHtml(texts[p.key], { site, ...p.values, ...p.markup });
  return {
    websiteId: context.websiteId,
    kind,
    to,
    subject: oneLine(fillText(texts[subject], { site })),
    text: `${paragraphs.map(text).join('\n\n')}\n`,
    html: paragraphs.map((p) => `<p>${html(p)}</p>`).join(''),
  };
}

/** The mail that confirms a new account's address. */
export function verificationMail(context: SiteMailContext, to: string, token: string): NewMail {
  const url = `${accountUrl(context, '/account/verify')}?token=${encodeURIComponent(token)}`;
  return mail(context, 'site-user-verify', to, 'verifySubject', [{ key: 'verifyBody' }, { url }, { key: 'verifyIgnore' }]);
}

/** The sign-in mail: a link for this browser and a code for any other. */
export function signInMail(context: SiteMailContext, to: string, token: string, code: string): NewMail {
  const url = `${accountUrl(context, '/account/login/link')}?token=${encodeURIComponent(token)}`;
  return mail(context, 'site-user-sign-in', to, 'signInSubject', [
    { key: 'signInBody' },
    { url },
    { key: 'signInCode', values: { code }, markup: { code: { html: `<strong>${escapeHtml(code)}</strong>` } } },
    { key: 'signInIgnore' },
  ]);
}

/** The password reset mail. */
export function resetMail(context: SiteMailContext, to: string, token: string): NewMail {
  const url = `${accountUrl(context, '/account/reset')}?token=${encodeURIComponent(token)}`;
  return mail(context, 'site-user-password-reset', to, 'resetSubject', [{ key: 'resetBody' }, { url }, { key: 'resetIgnore' }]);
}

/** Sent when someone registers with the email of an existing account (the page answers the same either way). */
export function accountExistsMail(context: SiteMailContext, to: string): NewMail {
  const url = accountUrl(context, '/account/login');
  return mail(context, 'site-user-account-exists', to, 'existsSubject', [{ key: 'existsBody' }, { url }]);
}
