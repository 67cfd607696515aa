import { SiteLayoutMessages as M } from './messages.js';

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]{2,}$/;
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$|^localhost$/i;
const PATH = /^\/(?!\/)[^\s<>"\\]*$/;

/**
 * Why `link` cannot be an entry's or an announcement's link, or undefined when it can: a page
 * of the site (`/shop`), a web address (`https://example.com/…`) or a mail address
 * (`mailto:name@example.com`). The messages are spec 5's, naming the form that was expected.
 */
export function linkProblem(link: string): string | undefined {
  if (/^mailto:/i.test(link)) {
    const address = decodeSafely(link.slice('mailto:'.length).split('?')[0] ?? '');
    return address !== undefined && EMAIL.test(address) ? undefined : M.emailForm;
  }
  if (/^https?:\/\//i.test(link)) {
    const host = hostOf(link);
    return host !== undefined && HOST.test(host) ? undefined : M.linkForm;
  }
  if (link.startsWith('/')) return PATH.test(link) ? undefined : M.notAPageUrl(link);
  return M.BAD_LINK;
}

function hostOf(link: string): string | undefined {
  if (/\s/.test(link)) return undefined;
  try {
    return new URL(link).hostname;
  } catch {
    return undefined;
  }
}

function decodeSafely(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
