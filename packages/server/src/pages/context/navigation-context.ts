import type { WebsiteSettings } from '../../db/index.js';
import { collectionUrl, type ItemCollectionRef } from './item-context.js';

/** A navigation entry as stored in `settings.navigation.{navigationId}.items`. */
interface StoredNavItem {
  collectionId?: string;
  externalLink?: string;
  title?: string;
  items?: StoredNavItem[];
}

/** A navigation entry in the context. */
export interface NavItemContext {
  title: string;
  fullUrl: string;
  collectionId?: string;
  externalLink?: string;
  active: boolean;
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

function resolveItems(raw: unknown, byId: ReadonlyMap<string, NavCollection>, path: string): NavItemContext[] {
  if (!Array.isArray(raw)) return [];
  const out: NavItemContext[] = [];
  for (const entry of raw as StoredNavItem[]) {
    if (!entry || typeof entry !== 'object') continue;
    const children = resolveItems(entry.items, byId, path);
    if (entry.collectionId) {
      const c = byId.get(entry.collectionId);
      if (!c || !c.enabled) continue;
      const fullUrl = collectionUrl(c);
      out.push({ title: entry.title || c.navigationTitle || c.title, fullUrl, collectionId: c.id, active: isActive(fullUrl, path), items: children });
    } else if (entry.externalLink && /^(https?:\/\/|\/|mailto:)/.test(entry.externalLink)) {
      out.push({ title: entry.title ?? entry.externalLink, fullUrl: entry.externalLink, externalLink: entry.externalLink, active: false, items: children });
    }
  }
  return out;
}

/**
 * The `navigation` object of the context: each navigation id of `settings.navigation`
 * (`mainNavigation`, `footerNavigation`...) resolved to titles and URLs. Entries pointing at
 * a missing or disabled collection are dropped; external links must be http(s), mailto or
 * site-relative.
 */
export function navigationContext(settings: WebsiteSettings, collections: readonly NavCollection[], path: string): Record<string, { items: NavItemContext[] }> {
  const nav = settings.navigation;
  const out: Record<string, { items: NavItemContext[] }> = {};
  if (!nav || typeof nav !== 'object') return out;
  const byId = new Map(collections.map((c) => [c.id, c]));
  for (const [id, value] of Object.entries(nav as Record<string, unknown>)) {
    const items = resolveItems((value as { items?: unknown } | null)?.items, byId, path);
    if (items.length) out[id] = { items };
  }
  return out;
}
