import { escapeHtml } from '@emporium/template';
import type { Website } from '../sites/index.js';
import { accountPath, type AccountLanguage } from './account-language.js';

/** A notice above a form: an error (announced at once) or a confirmation. */
export interface Notice {
  kind: 'error' | 'info';
  text: string;
}

/** What every account page needs: the site, the crumb for its forms, its language (the URL's) and an optional notice. */
export interface PageFrame {
  site: Website;
  crumb: string;
  language: AccountLanguage;
  notice?: Notice;
}

const e = escapeHtml;

/** `english` in the page's language: its system text where the language has one, else the English. */
export function t(frame: PageFrame, english: string, values?: Readonly<Record<string, string>>): string {
  return frame.language.text(english, values);
}

/** The site path `path` (`/account/login`) in the page's language: `/fr/account/login`, or on the language's own domain. */
export function at(frame: PageFrame, path: string): string {
  return accountPath(frame.language, path);
}

function noticeHtml(notice: Notice | undefined): string {
  if (!notice) return '';
  const role = notice.kind === 'error' ? 'alert' : 'status';
  return `<p class="account-notice account-notice--${notice.kind}" role="${role}" id="account-notice">${e(notice.text)}</p>`;
}

/** A labelled input; the notice describes it when the notice is an error. */
export function field(
  frame: PageFrame,
  name: string,
  label: string,
  type: string,
  autocomplete: string,
  extra: { value?: string; required?: boolean; hint?: string } = {},
): string {
  const id = `account-${name}`;
  const describedBy = [extra.hint ? `${id}-hint` : '', frame.notice?.kind === 'error' ? 'account-notice' : ''].filter(Boolean).join(' ');
  return (
    `<p class="account-field"><label for="${id}">${e(t(frame, label))}</label>` +
    `<input id="${id}" name="${e(name)}" type="${e(type)}" autocomplete="${e(autocomplete)}"${extra.value ? ` value="${e(extra.value)}"` : ''}${extra.required === false ? '' : ' required'}${describedBy ? ` aria-describedby="${describedBy}"` : ''}>` +
    `${extra.hint ? `<small id="${id}-hint">${e(t(frame, extra.hint))}</small>` : ''}</p>`
  );
}

/** A post form of the account pages: its crumb, hidden fields, inner fields and one button; `action` is a site path, sent in the page's language. */
export function form(frame: PageFrame, action: string, inner: string, button: string, hidden: Record<string, string> = {}): string {
  const fields = Object.entries({ crumb: frame.crumb, ...hidden })
    .map(([name, value]) => `<input type="hidden" name="${e(name)}" value="${e(value)}">`)
    .join('');
  return `<form method="post" action="${e(at(frame, action))}" class="account-form">${fields}${inner}<p><button type="submit" class="button">${e(t(frame, button))}</button></p></form>`;
}

/** An account page: its title, its main content, and the whole standalone document. */
export interface AccountDoc {
  title: string;
  /** The title, notice and body, for the site's theme layout (trusted: every value escaped). */
  main: string;
  /** The standalone document, noindex and without referrer, for sites rendered without pages. */
  html: string;
  /** Shown inside the site's theme layout when pages are on: the signed-in account area (the sign-in pages stay standalone). */
  inTheme?: boolean;
}

/**
 * The look of the pages that stand on their own (sign in, register, confirm, reset): the site's
 * name above one centred card, readable at 390 px, with visible focus and the notices' colours
 * at WCAG AA contrast. Nothing is loaded: the page carries its own few rules.
 */
const STANDALONE_CSS = [
  '*,*::before,*::after{box-sizing:border-box}',
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1d2620;background:#f4f2ec}',
  '.account-site{padding:1rem 1.25rem;text-align:center;font-weight:700;font-size:1.15rem}',
  '.account-site a{color:inherit;text-decoration:none}',
  '.account-page{width:min(28rem,calc(100% - 1.5rem));margin:0 auto 3rem;padding:1.5rem 1.25rem;background:#fff;border:1px solid #dcd6c8;border-radius:10px}',
  'h1{font-size:1.6rem;line-height:1.2;margin:0 0 1rem}',
  'h2{font-size:1.15rem;margin:1.5rem 0 .5rem}',
  'label{display:block;font-weight:600;margin:0 0 .25rem}',
  '.account-field{margin:0 0 1rem}',
  'input:not([type=checkbox]){display:block;width:100%;font:inherit;padding:.6rem .7rem;border:1px solid #8a8f86;border-radius:6px;background:#fff;color:inherit}',
  'input[type=checkbox]+label{display:inline;font-weight:400}',
  '.button,button{font:inherit;font-weight:600;padding:.65rem 1.2rem;border:0;border-radius:6px;background:#24513d;color:#fff;cursor:pointer}',
  '.button:hover,button:hover{background:#183a2b}',
  'a{color:#1f4a37}',
  ':focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}',
  '.account-notice{padding:.75rem 1rem;border-radius:6px;margin:0 0 1rem}',
  '.account-notice--error{background:#fbeceb;color:#7d1d15;border:1px solid #a8281c}',
  '.account-notice--info{background:#e8f1ec;color:#183a2b;border:1px solid #24513d}',
  'small,.hint{color:#4f5a52}',
].join('');

/** A whole account page: its title (English, shown in the page's language), notice and body. */
export function page(frame: PageFrame, englishTitle: string, body: string): AccountDoc {
  const title = t(frame, englishTitle);
  const lang = e(frame.language.code);
  const back = t(frame, 'Back to {site}', { site: frame.site.title });
  const main = `<h1 class="page__title">${e(title)}</h1>
${noticeHtml(frame.notice && { ...frame.notice, text: t(frame, frame.notice.text) })}
${body}
<p><a href="${e(at(frame, '/'))}">${e(back)}</a></p>`;
  const html = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><link rel="icon" href="data:,"><title>${e(title)} · ${e(frame.site.title)}</title><style>${STANDALONE_CSS}</style></head>
<body>
<header class="account-site"><a href="${e(at(frame, '/'))}">${e(frame.site.title)}</a></header>
<main class="container container--narrow account-page">
${main}
</main>
</body>
</html>`;
  return { title, main, html };
}

/** The page, marked to be shown inside the site's theme layout. */
export function inTheme(doc: AccountDoc): AccountDoc {
  return { ...doc, inTheme: true };
}

/** The sign-in page: password, a mailed link, and the code from that mail. */
export function signInPage(frame: PageFrame, email = ''): AccountDoc {
  const password = form(
    frame,
    '/account/login',
    field(frame, 'email', 'Email', 'email', 'email', { value: email }) +
      field(frame, 'password', 'Password', 'password', 'current-password') +
      `<p class="account-field"><input id="account-remember" name="rememberMe" type="checkbox" value="true"> <label for="account-remember">${e(t(frame, 'Keep me signed in'))}</label></p>`,
    'Sign in',
  );
  const link = form(
    frame,
    '/account/login/link',
    field({ ...frame, notice: undefined }, 'link-email', 'Email', 'email', 'email', { value: email }),
    'Email me a sign-in link',
  );
  const code = form(
    frame,
    '/account/login/code',
    field({ ...frame, notice: undefined }, 'code-email', 'Email', 'email', 'email', { value: email }) +
      field({ ...frame, notice: undefined }, 'code', 'Code from the mail', 'text', 'one-time-code', { hint: 'Six digits. It works in any browser.' }),
    'Sign in with the code',
  );
  return page(
    frame,
    'Sign in',
    `${password}<h2>${e(t(frame, 'Sign in without a password'))}</h2>${link}<h2>${e(t(frame, 'Have a code?'))}</h2>${code}` +
      `<p><a href="${e(at(frame, '/account/register'))}">${e(t(frame, 'Create an account'))}</a> · <a href="${e(at(frame, '/account/reset'))}">${e(t(frame, 'Forgot your password?'))}</a></p>`,
  );
}

/** The registration page. */
export function registerPage(frame: PageFrame, email = ''): AccountDoc {
  return page(
    frame,
    'Create an account',
    form(
      frame,
      '/account/register',
      field(frame, 'displayName', 'Name', 'text', 'name', { required: false }) +
        field(frame, 'email', 'Email', 'email', 'email', { value: email }) +
        field(frame, 'password', 'Password', 'password', 'new-password', { hint: 'At least 12 characters.' }),
      'Create account',
    ) + `<p><a href="${e(at(frame, '/account/login'))}">${e(t(frame, 'Already have an account? Sign in'))}</a></p>`,
  );
}

/** A page with only its notice and a way on (a site path, in the page's language). */
export function messagePage(frame: PageFrame, title: string, next: { href: string; label: string }): AccountDoc {
  return page(frame, title, `<p><a class="button" href="${e(at(frame, next.href))}">${e(t(frame, next.label))}</a></p>`);
}

/** The reset page: ask for a link, or (with a live token) choose the new password. */
export function resetPage(frame: PageFrame, token: string | undefined): AccountDoc {
  if (token === undefined) {
    return page(frame, 'Reset your password', form(frame, '/account/reset', field(frame, 'email', 'Email', 'email', 'email'), 'Email me a reset link'));
  }
  return page(
    frame,
    'Choose a new password',
    form(
      frame,
      '/account/reset/confirm',
      field(frame, 'password', 'New password', 'password', 'new-password', { hint: 'At least 12 characters.' }),
      'Save password',
      { token },
    ),
  );
}

const ERASE_TEXT =
  "This deletes your account, saved addresses, restock sign-ups, form entries, comments and reviews, and signs you out on every device. Your orders stay in the shop's books for accounting, without your name, email, address or phone. It cannot be undone.";

/** The signed-in account page: who is signed in, language, sign-out here or everywhere, deletion. */
export function accountPage(
  frame: PageFrame,
  user: { email: string; displayName: string; locale: string | null },
  xsrfToken: string,
  records = '',
): AccountDoc {
  const hidden = { xsrfToken };
  const who = user.displayName ? `${user.displayName} (${user.email})` : user.email;
  const [before = '', after = ''] = t(frame, 'Signed in as {who}.').split('{who}');
  return inTheme(
    page(
      frame,
      'Your account',
      `<p>${e(before)}<strong>${e(who)}</strong>${e(after)}</p>` +
        records +
        `<h2>${e(t(frame, 'Your details'))}</h2><p><a href="/api/site-users/account/data" download>${e(t(frame, 'Download my data'))}</a> ${e(t(frame, '(every record the site holds about you, as JSON).'))}</p>` +
        form(
          frame,
          '/account/locale',
          field({ ...frame, notice: undefined }, 'language', 'Language', 'text', 'language', { value: user.locale ?? '', hint: 'A code such as en or pt-BR.' }),
          'Save language',
          hidden,
        ) +
        form(frame, '/account/logout', '', 'Sign out', hidden) +
        form(frame, '/account/logout-everywhere', '', 'Sign out everywhere', hidden) +
        `<h2>${e(t(frame, 'Erase your account and data'))}</h2><p>${e(t(frame, ERASE_TEXT))}</p>` +
        form(
          frame,
          '/account/delete',
          `<p class="account-field"><input id="account-confirm-delete" name="confirm" type="checkbox" value="yes" required> <label for="account-confirm-delete">${e(t(frame, 'Yes, erase my account and my data'))}</label></p>`,
          'Erase account and data',
          hidden,
        ),
    ),
  );
}
