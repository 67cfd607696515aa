import { ITEM_STATUS_LABELS, type ItemPage } from '@emporium/server/collection-items/schemas';

/** An image as the gallery panel lists it. */
export type GalleryItem = ItemPage['items'][number];

/** Images a page of the gallery panel lists (the list call's `limit`). */
export const GALLERY_PAGE_SIZE = 25;

/** What an image's draft changes for visitors, as the list says it; undefined when it has none. */
export function draftNote(item: GalleryItem): string | undefined {
  if (!item.draft) return undefined;
  if (item.draft.removed) return 'Removed when you publish';
  if (isNewUpload(item)) return 'New: shown when you publish';
  return 'Changed: not published yet';
}

/**
 * The line under an image's title: its status and what its draft does. A drafted upload says
 * only that it is new (its row's Draft status is no status the owner chose).
 */
export function statusLine(item: GalleryItem): string {
  if (isNewUpload(item)) return draftNote(item)!;
  const note = draftNote(item);
  return note ? `${ITEM_STATUS_LABELS[item.status]} · ${note}` : ITEM_STATUS_LABELS[item.status];
}

/** A drafted upload: an image visitors do not see yet that its draft publishes. */
export function isNewUpload(item: GalleryItem): boolean {
  return !!item.draft && !item.draft.removed && item.status !== 'published' && item.draft.status === 'published';
}

/**
 * The one button an image has besides its moves: Keep for one whose removal is drafted (the
 * removal leaves the draft), Discard upload for a drafted upload (gone at once), else Remove
 * (drafted for one visitors see).
 */
export function imageAction(item: GalleryItem): 'keep' | 'discard-upload' | 'remove' {
  if (item.draft?.removed) return 'keep';
  return isNewUpload(item) ? 'discard-upload' : 'remove';
}

/** Where a page of the panel sits in the gallery. */
export interface GalleryPageAt {
  /** How many images come before this page. */
  readonly offset: number;
  readonly hasNextPage: boolean;
}

/** Whether the image at `index` of a page can move one place up (-1) or down (1): only the gallery's first and last image cannot. */
export function canMove(index: number, pageLength: number, at: GalleryPageAt, by: -1 | 1): boolean {
  if (by === -1) return at.offset + index > 0;
  return index < pageLength - 1 || at.hasNextPage;
}

/** The panel's word after a move: where the image is now, and on which page when it left this one. */
export function movedMessage(title: string, moved: { position: number; count: number }, at: GalleryPageAt): string {
  const page = Math.ceil(moved.position / GALLERY_PAGE_SIZE);
  const thisPage = Math.floor(at.offset / GALLERY_PAGE_SIZE) + 1;
  const where = page === thisPage ? '' : `, on page ${page}`;
  return `“${title}” is now image ${moved.position} of ${moved.count}${where}.`;
}
