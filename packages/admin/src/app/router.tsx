import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/** Where the per-site screens live on the dashboard's origin: `/sites/{identifier}`. */
export const SITES_BASE = '/sites';

const SITE_PATH = /^\/sites\/([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?=\/|$)/;

/** The identifier of the site the dashboard works on (from the address), or null at the site switcher. */
export const SITE: string | null = SITE_PATH.exec(window.location.pathname)?.[1] ?? null;

/** Where this site's screens live (`/sites/demo`); '' at the site switcher. */
export const BASE = SITE === null ? '' : `${SITES_BASE}/${SITE}`;

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** The current dashboard path without the base ('/forms', '/' for the start). */
export function currentPath(): string {
  const path = window.location.pathname;
  const inside = path.startsWith(BASE) ? path.slice(BASE.length) : path;
  return inside === '' ? '/' : inside;
}

/** The current path and query, re-rendering on navigation. */
export function useLocation(): { path: string; search: URLSearchParams } {
  const path = useSyncExternalStore(subscribe, currentPath);
  const search = useSyncExternalStore(subscribe, () => window.location.search);
  return { path, search: new URLSearchParams(search) };
}

/** The address of a dashboard path of this site ('/forms' → '/sites/demo/forms'). */
export function hrefOf(to: string): string {
  return `${BASE}${to === '/' ? '' : to}` || '/';
}

/** Goes to a dashboard path ('/forms/abc'), adding a history entry unless `replace`. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = hrefOf(to);
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  for (const listener of listeners) listener();
}

/** Matches `/forms/:formId` style patterns; the named parts, or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    const value = have[i]!;
    if (part.startsWith(':')) {
      if (!value) return null;
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (part !== value) return null;
  }
  return params;
}

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** Dashboard path ('/forms'). */
  readonly to: string;
}

/**
 * A link inside the dashboard: a real href, followed without reloading the page. A link to the
 * screen already shown moves the focus to its heading, as a new screen would.
 */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (`${window.location.pathname}${window.location.search}` === hrefOf(to)) {
      document.querySelector<HTMLElement>('main h1')?.focus();
      return;
    }
    navigate(to);
  };
  return <a href={hrefOf(to)} onClick={follow} {...rest} />;
}
