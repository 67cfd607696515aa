import type { CollectionRow } from '../queries.js';
import { cleanOwnerHtml } from '../../rich-text/index.js';
import { CollectionType, type CollectionKind } from '../../spec/index.js';
import { collectionUrl } from './item-context.js';
import type { CollectionContext, PaginationContext } from './schemas.js';

/** Owner settings of a collection kept in `collections.settings`. */
export interface CollectionSettings {
  kind?: CollectionKind;
  pageSize?: number;
  categories?: string[];
  blocks?: unknown[];
  access?: 'password' | 'members';
  /** Gallery options of spec section 3 (design, lightbox, thumbnails-per-row...). */
  gallery?: Record<string, unknown>;
}

const DEFAULT_PAGE_SIZE: Readonly<Record<CollectionKind, number>> = { page: 1, blog: 5, products: 12, events: 10, gallery: 60 };
const MAX_PAGE_SIZE = 100;

/** The owner settings of a collection (unknown keys ignored). */
export function collectionSettings(row: CollectionRow): CollectionSettings {
  return row.settings as CollectionSettings;
}

/** Which theme templates render a collection: by collection type, generic ones by their `kind` setting. */
export function collectionKind(row: CollectionRow): CollectionKind {
  if (row.type === CollectionType.PAGE) return 'page';
  if (row.type === CollectionType.PRODUCTS) return 'products';
  if (row.type === CollectionType.GALLERY_BLOCK) return 'gallery';
  return collectionSettings(row).kind === 'events' ? 'events' : 'blog';
}

/** Items per page of a collection listing. */
export function pageSizeOf(row: CollectionRow): number {
  const size = collectionSettings(row).pageSize;
  const kind = collectionKind(row);
  return Number.isInteger(size) && size! > 0 ? Math.min(size!, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE[kind];
}

/** The `collection` object of the context; its description, which themes print as markup, cleaned by {@link cleanOwnerHtml}. */
export function collectionContext(row: CollectionRow): CollectionContext {
  const settings = collectionSettings(row);
  return {
    id: row.id,
    websiteId: row.websiteId,
    type: row.type,
    typeName: collectionKind(row),
    title: row.title,
    navigationTitle: row.navigationTitle || row.title,
    urlId: row.urlId,
    fullUrl: collectionUrl(row),
    description: cleanOwnerHtml(row.description),
    enabled: row.enabled,
    homepage: row.isHomepage,
    categories: Array.isArray(settings.categories) ? settings.categories : [],
    passwordProtected: settings.access === 'password',
    updatedOn: row.updatedAt.getTime(),
  };
}

/** The `pagination` object of a listing, with URLs that keep the tag or category filter. */
export function paginationContext(
  basePath: string,
  currentPage: number,
  pageSize: number,
  total: number,
  filter: Record<string, string | undefined>,
): PaginationContext {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const urlFor = (page: number): string => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(filter)) if (v) params.set(k, v);
    if (page > 1) params.set('page', String(page));
    const q = params.toString();
    return q ? `${basePath}?${q}` : basePath;
  };
  const out: PaginationContext = { currentPage, totalPages, pageSize, total, nextPage: currentPage < totalPages, prevPage: currentPage > 1 };
  if (currentPage < totalPages) out.nextPageUrl = urlFor(currentPage + 1);
  if (currentPage > 1) out.prevPageUrl = urlFor(currentPage - 1);
  return out;
}
