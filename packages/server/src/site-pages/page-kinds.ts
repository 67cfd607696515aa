import { CollectionType } from '../spec/index.js';
import type { PageKind } from './schemas.js';

/** How a kind is stored: its collection type and, for generic collections, `settings.kind`. */
interface StoredKind {
  readonly type: number;
  readonly settingsKind?: string;
}

/** The collection each kind of page is (spec 3 collection types; blogs, events, links and folders are generic collections). */
export const STORED_KINDS: Readonly<Record<PageKind, StoredKind>> = Object.freeze({
  page: { type: CollectionType.PAGE },
  blog: { type: CollectionType.GENERIC, settingsKind: 'blog' },
  store: { type: CollectionType.PRODUCTS },
  events: { type: CollectionType.GENERIC, settingsKind: 'events' },
  gallery: { type: CollectionType.GALLERY_BLOCK },
  link: { type: CollectionType.GENERIC, settingsKind: 'link' },
  folder: { type: CollectionType.GENERIC, settingsKind: 'folder' },
});

/** The kind of a stored collection (generic ones by `settings.kind`, blog when unset). */
export function pageKindOf(type: number, settings: Readonly<Record<string, unknown>>): PageKind {
  if (type === CollectionType.PAGE) return 'page';
  if (type === CollectionType.PRODUCTS) return 'store';
  if (type === CollectionType.GALLERY_BLOCK) return 'gallery';
  const kind = settings.kind;
  return kind === 'events' || kind === 'link' || kind === 'folder' ? kind : 'blog';
}

/** Fallback title whose slug a page takes when its own title gives under 3 characters. */
export const FALLBACK_TITLES: Readonly<Record<PageKind, string>> = Object.freeze({
  page: 'Page',
  blog: 'Blog',
  store: 'Store',
  events: 'Events',
  gallery: 'Gallery',
  link: 'Link',
  folder: 'Folder',
});
