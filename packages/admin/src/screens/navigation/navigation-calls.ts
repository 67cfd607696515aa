import { api } from '../../api/http.js';

/** The site-layout calls (packages/server/src/site-layout/). */
export const SITE_LAYOUT_PATH = '/api/commondata/GetSiteLayout';
export const UPDATE_NAVIGATION_PATH = '/api/widget/UpdateNavigation';

/** A navigation entry as stored: a page, a link or a member area; a folder holds entries in items. */
export interface NavEntry {
  readonly collectionId?: string;
  readonly externalLink?: string;
  readonly memberAreaId?: string;
  readonly title?: string;
  readonly newWindow?: boolean;
  readonly items?: readonly NavEntry[];
}

/** A page of the site an entry may open. */
export interface SitePage {
  readonly id: string;
  readonly title: string;
  readonly navigationTitle: string;
  readonly fullUrl: string;
  readonly enabled: boolean;
}

/** A member area of the site an entry may open: members reach its membership page, others its join page. */
export interface SiteMemberArea {
  readonly id: string;
  readonly name: string;
}

/** The answer of GetSiteLayout and UpdateNavigation. */
export interface SiteLayout {
  readonly websiteId: string;
  readonly templateId: string;
  readonly layout: readonly { readonly identifier: string; readonly title: string; readonly links: readonly NavEntry[] }[];
  readonly pages: readonly SitePage[];
  readonly memberAreas: readonly SiteMemberArea[];
}

/** Replaces one navigation's entries. */
export function updateNavigation(fieldName: string, templateId: string, items: readonly NavEntry[]): Promise<SiteLayout> {
  return api<SiteLayout>(UPDATE_NAVIGATION_PATH, { method: 'POST', body: { fieldName, templateId, navigation: { items } } });
}

/** The text an entry shows: its own title, else its page's navigation title or its member area's name, else its link. */
export function entryLabel(entry: NavEntry, pages: readonly SitePage[], areas: readonly SiteMemberArea[] = []): string {
  if (entry.title) return entry.title;
  const page = entry.collectionId ? pages.find((p) => p.id === entry.collectionId) : undefined;
  if (page) return page.navigationTitle || page.title;
  const area = entry.memberAreaId ? areas.find((a) => a.id === entry.memberAreaId) : undefined;
  if (area) return area.name;
  return entry.externalLink ?? entry.collectionId ?? entry.memberAreaId ?? '';
}

/** `items` with the entry at `from` moved to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry as T);
  return next;
}
