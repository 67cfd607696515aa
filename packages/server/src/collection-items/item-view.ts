import type { items } from '../db/index.js';
import { itemSeoOf } from '../seo/index.js';
import { ItemFocalPoint, type ItemCollectionKind, type ItemDraftState, type ItemSummary, type ItemView } from './schemas.js';

/** The collection an item call works in. */
export interface ItemCollection {
  id: string;
  kind: ItemCollectionKind;
  title: string;
  urlId: string;
}

type ItemRow = typeof items.$inferSelect;

const CENTRE = Object.freeze({ x: 0.5, y: 0.5 });

function eventOf(stored: Record<string, unknown>): ItemView['event'] {
  if (typeof stored.startDate !== 'number' || typeof stored.endDate !== 'number') return undefined;
  const location = (stored.location ?? {}) as Record<string, unknown>;
  const line = (key: string) => (typeof location[key] === 'string' ? (location[key] as string) : '');
  return {
    startDate: new Date(stored.startDate).toISOString(),
    endDate: new Date(stored.endDate).toISOString(),
    allDay: stored.allDay === true,
    location: {
      addressTitle: line('addressTitle'),
      addressLine1: line('addressLine1'),
      addressLine2: line('addressLine2'),
      addressCountry: line('addressCountry'),
      ...(typeof location.mapLat === 'number' ? { mapLat: location.mapLat } : {}),
      ...(typeof location.mapLng === 'number' ? { mapLng: location.mapLng } : {}),
    },
  };
}

function imageOf(kind: ItemCollectionKind, row: ItemRow): ItemView['image'] {
  if (kind !== 'gallery' || !row.assetUrl) return undefined;
  const stored = row.structuredContent;
  return {
    assetUrl: row.assetUrl,
    altText: typeof stored.altText === 'string' ? stored.altText : row.title,
    originalSize: typeof stored.originalSize === 'string' ? stored.originalSize : '',
    focalPoint: ItemFocalPoint.safeParse(stored.mediaFocalPoint).data ?? CENTRE,
  };
}

/** Key of an item's `structured_content` holding the image shared with links to it. */
export const SOCIAL_IMAGE_KEY = 'socialImageUrl';
/** Key of an item's `structured_content` holding its former URL slugs, newest first. */
export const PREVIOUS_URL_IDS_KEY = 'previousUrlIds';

/** The former URL slugs an item keeps redirecting, newest first. */
export function previousUrlIdsOf(stored: Readonly<Record<string, unknown>>): string[] {
  const kept = stored[PREVIOUS_URL_IDS_KEY];
  return Array.isArray(kept) ? kept.filter((u): u is string => typeof u === 'string') : [];
}

/** The image an item shares with links to it ('' for none of its own). */
export function socialImageOf(stored: Readonly<Record<string, unknown>>): string {
  const url = stored[SOCIAL_IMAGE_KEY];
  return typeof url === 'string' ? url : '';
}

/** An item's draft as the owner's calls tell it: its drafted title and status (a gallery image's place, a removal), and its version. */
export function draftStateOf(draft: { value: unknown; version: number } | undefined): ItemDraftState {
  if (!draft) return null;
  const value = (draft.value ?? {}) as { title?: unknown; status?: unknown; displayIndex?: unknown; removed?: unknown };
  return {
    title: typeof value.title === 'string' ? value.title : '',
    status: typeof value.status === 'string' ? (value.status as NonNullable<ItemDraftState>['status']) : 'draft',
    version: draft.version,
    ...(typeof value.displayIndex === 'number' ? { displayIndex: value.displayIndex } : {}),
    ...(value.removed === true ? { removed: true as const } : {}),
  };
}

/** An item row as the owner's calls answer it, with its draft's state (null: none). */
export function itemViewOf(collection: ItemCollection, row: ItemRow, draft: ItemDraftState = null): ItemView {
  const stored = row.structuredContent;
  const event = eventOf(stored);
  const image = imageOf(collection.kind, row);
  const seo = itemSeoOf(stored);
  return {
    id: row.id,
    collectionId: row.collectionId,
    recordType: row.recordType,
    urlId: row.urlId,
    fullUrl: `/${collection.urlId}/${row.urlId}`,
    title: row.title,
    body: row.body,
    excerpt: row.excerpt,
    tags: row.tags,
    categories: row.categories,
    authorId: typeof stored.authorOwnerId === 'string' ? stored.authorOwnerId : null,
    authorName: row.authorName,
    status: row.status,
    publishOn: row.publishOn.toISOString(),
    version: row.version,
    displayIndex: row.displayIndex,
    updatedAt: row.updatedAt.toISOString(),
    seoTitle: seo.title,
    seoDescription: seo.description,
    socialImageUrl: socialImageOf(stored),
    previousUrlIds: previousUrlIdsOf(stored),
    draft,
    ...(event ? { event } : {}),
    ...(image ? { image } : {}),
  };
}

/** A row of the item list. */
export function itemSummaryOf(collection: ItemCollection, row: ItemRow, draft: ItemDraftState = null): ItemSummary {
  const { id, urlId, fullUrl, title, status, publishOn, version, displayIndex, authorName, updatedAt, image, event } = itemViewOf(collection, row);
  return {
    id,
    urlId,
    fullUrl,
    title,
    status,
    publishOn,
    version,
    displayIndex,
    authorName,
    updatedAt,
    draft,
    ...(image ? { image } : {}),
    ...(event ? { event } : {}),
  };
}
