import { and, asc, eq, inArray } from 'drizzle-orm';
import { collections, type DbOrTx, type WebsiteSettings } from '../db/index.js';
import { listAreas } from '../member-areas/index.js';
import type { ActiveTheme } from '../themes/index.js';
import type { NavigationEntry } from './schemas.js';

/**
 * The stored navigation a theme's first and second declared navigations show while they were
 * never saved under their own name (as the storefront's theme context reads them).
 */
const NAVIGATION_FALLBACKS = ['mainNavigation', 'footerNavigation'] as const;

function cleanLeaf(raw: unknown): NavigationEntry | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const entry = raw as Record<string, unknown>;
  const out: NavigationEntry = {};
  for (const key of ['collectionId', 'externalLink', 'memberAreaId', 'title'] as const) if (typeof entry[key] === 'string') out[key] = entry[key];
  if (typeof entry.newWindow === 'boolean') out.newWindow = entry.newWindow;
  return out.collectionId || out.externalLink || out.memberAreaId ? out : undefined;
}

/** Stored entries read leniently: anything that is not an entry is left out. */
function cleanEntries(raw: unknown, depth = 0): NavigationEntry[] {
  if (!Array.isArray(raw)) return [];
  const out: NavigationEntry[] = [];
  for (const value of raw) {
    const entry = cleanLeaf(value);
    if (!entry) continue;
    const children = depth === 0 ? cleanEntries((value as { items?: unknown }).items, 1) : [];
    out.push(children.length ? { ...entry, items: children } : entry);
  }
  return out;
}

/** The entries a navigation of the site shows now: its own, else (first and second navigations) its fallback's. */
export function storedNavigation(settings: WebsiteSettings, name: string, index: number): NavigationEntry[] {
  const nav = (settings.navigation && typeof settings.navigation === 'object' ? settings.navigation : {}) as Record<string, { items?: unknown } | null>;
  const fallback = NAVIGATION_FALLBACKS[index];
  const stored = Object.hasOwn(nav, name) ? nav[name] : fallback && Object.hasOwn(nav, fallback) ? nav[fallback] : undefined;
  return cleanEntries(stored?.items);
}

/** The site's layout: each navigation its theme declares with its entries, and the pages and member areas an entry may open. */
export async function siteLayout(db: DbOrTx, websiteId: string, settings: WebsiteSettings, theme: ActiveTheme) {
  const areas = listAreas(db, websiteId);
  const pages = await db
    .select({
      id: collections.id,
      title: collections.title,
      navigationTitle: collections.navigationTitle,
      urlId: collections.urlId,
      isHomepage: collections.isHomepage,
      enabled: collections.enabled,
      type: collections.type,
    })
    .from(collections)
    .where(eq(collections.websiteId, websiteId))
    .orderBy(asc(collections.displayIndex), asc(collections.title));
  return {
    websiteId,
    templateId: theme.id,
    layout: theme.compiled.source.navigations.map((decl, index) => ({
      identifier: decl.name,
      title: decl.title,
      links: storedNavigation(settings, decl.name, index),
    })),
    pages: pages.map(({ urlId, isHomepage, ...page }) => ({ ...page, fullUrl: isHomepage ? '/' : `/${urlId}` })),
    memberAreas: (await areas).map((area) => ({ id: area.id, name: area.name })),
  };
}

/** The page ids entries open, at every level. */
export function pageIdsOf(items: readonly NavigationEntry[]): string[] {
  return [...new Set(items.flatMap((item) => [...(item.collectionId ? [item.collectionId] : []), ...pageIdsOf(item.items ?? [])]))];
}

/** Those of `ids` that are pages of the site. */
export async function pagesOfSite(db: DbOrTx, websiteId: string, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), inArray(collections.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** The navigations setting `current` with the entries of navigation `name` replaced by `items` (the others kept). */
export function navigationWith(current: unknown, name: string, items: readonly NavigationEntry[]): Record<string, unknown> {
  const navigations = current && typeof current === 'object' && !Array.isArray(current) ? (current as Record<string, unknown>) : {};
  return { ...navigations, [name]: { items } };
}
