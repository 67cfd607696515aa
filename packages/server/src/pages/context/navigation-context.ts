import type { WebsiteSettings } from '../../db/index.js';
import { pathInLanguage } from '../../multilingual/index.js';
import { collectionUrl, type ItemCollectionRef } from './item-context.js';
import type { NavigationAccess, NavLock } from './navigation-access.js';

/** A navigation entry as stored in `settings.navigation.{navigationId}.items`. */
interface StoredNavItem {
  collectionId?: string;
  externalLink?: string;
  memberAreaId?: string;
  title?: string;
  newWindow?: boolean;
  items?: StoredNavItem[];
}

/** A navigation entry in the context, with the fields of the theme format's navigation blocks. */
export interface NavItemContext {
  title: string;
  fullUrl: string;
  collectionId?: string;
  /** A page entry's page. */
  collection?: { id: string; fullUrl: string; navigationTitle: string; title: string; urlId: string; folder: boolean };
  /** An external entry's link. */
  externalLink?: { url: string; newWindow: boolean };
  /** A member area entry's area. */
  memberAreaId?: string;
  /** Set when the visitor cannot open the entry's page: it leads to a join page and shows a lock with this label. */
  lock?: NavLock;
  active: boolean;
  /** A folder entry whose page, or one of whose entries' pages, is being viewed. */
  folderActive: boolean;
  items: NavItemContext[];
}

/** Collections a navigation may point at, with their navigation titles. */
export interface NavCollection extends ItemCollectionRef {
  navigationTitle: string;
  enabled: boolean;
}

function isActive(fullUrl: string, path: string): boolean {
  if (fullUrl === '/') return path === '/';
  return path === fullUrl || path.startsWith(`${fullUrl}/`);
}

/** Entries of a navigation; a page entry's URL is in the language of `prefix` (`/fr/shop`), and `path` is the page's path without it. */
function resolveItems(raw: unknown, byId: ReadonlyMap<string, NavCollection>, path: string, prefix: string, access?: NavigationAccess): NavItemContext[] {
  if (!Array.isArray(raw)) return [];
  const out: NavItemContext[] = [];
  for (const entry of raw as StoredNavItem[]) {
    if (!entry || typeof entry !== 'object') continue;
    const children = resolveItems(entry.items, byId, path, prefix, access);
    if (entry.collectionId) {
      const c = byId.get(entry.collectionId);
      if (!c || !c.enabled) continue;
      const ownUrl = collectionUrl(c);
      const locked = access?.lockOfPage(c.id);
      // A join page has no language prefix; a page no area opens keeps its own link (the access-denied page).
      const fullUrl = locked?.joinUrl ?? pathInLanguage(prefix, ownUrl);
      const title = entry.title || c.navigationTitle || c.title;
      out.push({
        title,
        fullUrl,
        collectionId: c.id,
        collection: { id: c.id, fullUrl, navigationTitle: title, title: c.title, urlId: c.urlId, folder: children.length > 0 },
        ...(locked ? { lock: locked.lock } : {}),
        active: isActive(ownUrl, path),
        folderActive: children.some((child) => child.active || child.folderActive),
        items: children,
      });
    } else if (entry.externalLink && /^(https?:\/\/|\/|mailto:)/.test(entry.externalLink)) {
      out.push({
        title: entry.title ?? entry.externalLink,
        fullUrl: entry.externalLink,
        externalLink: { url: entry.externalLink, newWindow: /^https?:/.test(entry.externalLink) && entry.newWindow === true },
        active: false,
        folderActive: children.some((child) => child.active || child.folderActive),
        items: children,
      });
    } else if (entry.memberAreaId && access) {
      const area = access.areaEntry(entry.memberAreaId);
      if (!area) continue;
      out.push({
        title: entry.title || area.name,
        fullUrl: area.fullUrl,
        memberAreaId: entry.memberAreaId,
        ...(area.lock ? { lock: area.lock } : {}),
        active: isActive(area.fullUrl, path),
        folderActive: children.some((child) => child.active || child.folderActive),
        items: children,
      });
    }
  }
  return out;
}

/**
 * The `navigation` object of the context: each navigation id of `settings.navigation`
 * (`mainNavigation`, `footerNavigation`...) resolved to titles and URLs. Entries pointing at
 * a missing or disabled collection are dropped; external links must be http(s), mailto or
 * site-relative. Page entries lead to the page in the language of `prefix` (decision 0044).
 * With `access`, member area entries are shown and entries the visitor cannot open are locked.
 */
export function navigationContext(
  settings: WebsiteSettings,
  collections: readonly NavCollection[],
  path: string,
  prefix = '',
  access?: NavigationAccess,
): Record<string, { items: NavItemContext[] }> {
  const nav = settings.navigation;
  const out: Record<string, { items: NavItemContext[] }> = {};
  if (!nav || typeof nav !== 'object') return out;
  const byId = new Map(collections.map((c) => [c.id, c]));
  for (const [id, value] of Object.entries(nav as Record<string, unknown>)) {
    const items = resolveItems((value as { items?: unknown } | null)?.items, byId, path, prefix, access);
    if (items.length) out[id] = { items };
  }
  return out;
}

/**
 * One navigation of the site by name, resolved (empty when the site has none of that name).
 * `fallback` names a stored navigation to show while `name` has never been filled (a theme's
 * first and second navigations show the main and footer ones).
 */
export function namedNavigation(
  settings: WebsiteSettings,
  collections: readonly NavCollection[],
  path: string,
  name: string,
  fallback?: string,
  prefix = '',
  access?: NavigationAccess,
): { items: NavItemContext[] } {
  const nav = (settings.navigation ?? {}) as Record<string, { items?: unknown } | null>;
  const stored = Object.hasOwn(nav, name) ? nav[name] : fallback && Object.hasOwn(nav, fallback) ? nav[fallback] : undefined;
  return { items: resolveItems(stored?.items, new Map(collections.map((c) => [c.id, c])), path, prefix, access) };
}
