import { and, asc, eq } from 'drizzle-orm';
import { items, type DbOrTx } from '../db/index.js';
import { DraftMessages, discardDraft, findDraft, listDrafts, saveDraft } from '../drafts/index.js';
import { AppError } from '../errors/index.js';
import { editedFieldsOf, itemSubject } from './item-drafts.js';
import { ITEM_MESSAGES } from './item-messages.js';
import type { ItemCollection } from './item-view.js';
import type { ItemDraftValue, ItemStatus } from './schemas.js';

type ItemRow = typeof items.$inferSelect;
type DraftRow = { value: unknown; version: number };

/** Saves `value` as item `itemId`'s draft from the version read; a save in between is the drafts' 409. */
async function saveItemDraft(tx: DbOrTx, websiteId: string, itemId: string, value: ItemDraftValue, baseVersion: number, by: string): Promise<number> {
  const saved = await saveDraft(tx, websiteId, { kind: 'item', id: itemId }, value, baseVersion, by);
  if (saved === 'conflict') throw new AppError('CONFLICT', DraftMessages.CONFLICT);
  return saved;
}

/** The value an item's draft starts from: its draft, else its published fields. */
function startingValue(collection: ItemCollection, row: ItemRow, draft: { value: unknown } | undefined): ItemDraftValue {
  return draft ? (draft.value as ItemDraftValue) : editedFieldsOf(collection, row);
}

/** `value` as JSON with its keys sorted, so two values compare whatever order their keys came in (jsonb reorders them). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * Makes `value` the image's draft, or drops its draft when `value` is what visitors see already
 * (an image moved back to its place, a removal taken back), so the site's count of unpublished
 * changes counts only real ones.
 */
async function draftOrDrop(
  tx: DbOrTx,
  websiteId: string,
  collection: ItemCollection,
  row: ItemRow,
  value: ItemDraftValue,
  draft: DraftRow | undefined,
  by: string,
) {
  if (canonical(value) === canonical(editedFieldsOf(collection, row))) {
    await discardDraft(tx, websiteId, { kind: 'item', id: row.id });
    return null;
  }
  return saveItemDraft(tx, websiteId, row.id, value, draft?.version ?? 0, by);
}

/**
 * The draft of a new gallery image (an upload the dashboard drafts): its fields with the status
 * asked for, while its row stays a Draft visitors do not see until the publish. Returns the
 * draft's version.
 */
export async function draftNewImage(tx: DbOrTx, websiteId: string, collection: ItemCollection, row: ItemRow, status: ItemStatus, by: string): Promise<number> {
  return saveItemDraft(tx, websiteId, row.id, { ...editedFieldsOf(collection, row), status, publishOn: null }, 0, by);
}

/** Drafts the removal of a locked item: the next publish deletes it; until then visitors see it as it is. */
export async function draftRemoval(tx: DbOrTx, websiteId: string, collection: ItemCollection, row: ItemRow, by: string): Promise<void> {
  const draft = await findDraft(tx, websiteId, { kind: 'item', id: row.id });
  await saveItemDraft(tx, websiteId, row.id, { ...startingValue(collection, row, draft), removed: true }, draft?.version ?? 0, by);
}

/**
 * Keeps a locked image whose removal is drafted: the removal leaves its draft and every other
 * drafted change of it stays (its alt text, its place); a draft left with nothing to publish is
 * dropped. An image with no drafted removal is left as it is.
 */
export async function keepDraftedImage(tx: DbOrTx, websiteId: string, collection: ItemCollection, row: ItemRow, by: string): Promise<void> {
  const draft = await findDraft(tx, websiteId, { kind: 'item', id: row.id });
  const value = draft?.value as ItemDraftValue | undefined;
  if (!value?.removed) return;
  const { removed: _removed, ...kept } = value;
  await draftOrDrop(tx, websiteId, collection, row, kept, draft, by);
}

/** A gallery as the dashboard orders it: its images (locked) in their drafted order, and the drafts they have. */
async function draftedGallery(tx: DbOrTx, websiteId: string, collection: ItemCollection) {
  const rows = await tx
    .select()
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collection.id)))
    .orderBy(asc(items.displayIndex), asc(items.id))
    .for('update');
  const drafts = new Map((await listDrafts(tx, websiteId)).filter((d) => d.subject.startsWith('item:')).map((d) => [d.subject, d]));
  const placeOf = (row: ItemRow) => {
    const drafted = (drafts.get(itemSubject(row.id))?.value as { displayIndex?: unknown } | undefined)?.displayIndex;
    return typeof drafted === 'number' ? drafted : row.displayIndex;
  };
  // Stable: images sharing a place keep the owner list's order (place, then id).
  const current = [...rows].sort((a, b) => placeOf(a) - placeOf(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { current, drafts, placeOf };
}

/**
 * Drafts `order` (every image of the gallery) as its new order. The places the images already
 * have are dealt out again, so each image whose place changes gets it in its draft and the
 * others are left alone (moving one image past another drafts those two); an image back at its
 * published place loses a draft that held nothing else.
 */
async function draftPlaces(
  tx: DbOrTx,
  websiteId: string,
  collection: ItemCollection,
  gallery: Awaited<ReturnType<typeof draftedGallery>>,
  order: readonly ItemRow[],
  by: string,
) {
  const { current, drafts, placeOf } = gallery;
  const places = current.map(placeOf);
  const slots = new Set(places).size === places.length ? places : places.map((_, i) => i);
  for (const [i, row] of order.entries()) {
    const place = slots[i]!;
    if (place === placeOf(row)) continue;
    const draft = drafts.get(itemSubject(row.id));
    await draftOrDrop(tx, websiteId, collection, row, { ...startingValue(collection, row, draft), displayIndex: place }, draft, by);
  }
}

/**
 * Drafts a gallery's new order: the images named first, in that order, then the others in their
 * drafted order. Visitors keep the published order until the publish. 400 when an id is not an
 * image of the gallery.
 */
export async function draftOrder(tx: DbOrTx, websiteId: string, collection: ItemCollection, itemIds: readonly string[], by: string): Promise<void> {
  const gallery = await draftedGallery(tx, websiteId, collection);
  const named = [...new Set(itemIds)];
  const byId = new Map(gallery.current.map((row) => [row.id, row]));
  if (named.some((id) => !byId.has(id))) throw new AppError('VALIDATION_FAILED', ITEM_MESSAGES.orderUnknownItem);
  const order = [...named.map((id) => byId.get(id)!), ...gallery.current.filter((row) => !named.includes(row.id))];
  await draftPlaces(tx, websiteId, collection, gallery, order, by);
}

/** Where an image is in its gallery after a move: 1 for the first place, of `count` images. */
export interface MovedImage {
  readonly position: number;
  readonly count: number;
}

/** `list` with the entry at `from` moved `by` places (held within the list). */
function moved<T>(list: readonly T[], from: number, by: number): { list: T[]; to: number } {
  const to = Math.min(list.length - 1, Math.max(0, from + by));
  const out = [...list];
  const [entry] = out.splice(from, 1);
  out.splice(to, 0, entry!);
  return { list: out, to };
}

/**
 * Drafts a move of one image `by` places in the gallery's drafted order (-1: one place earlier),
 * every other image keeping its order: the image and those it passes get their new places in
 * their drafts. 404 when the image is not in the gallery.
 */
export async function draftMove(tx: DbOrTx, websiteId: string, collection: ItemCollection, itemId: string, by: number, owner: string): Promise<MovedImage> {
  const gallery = await draftedGallery(tx, websiteId, collection);
  const from = gallery.current.findIndex((row) => row.id === itemId);
  if (from < 0) throw new AppError('NOT_FOUND', ITEM_MESSAGES.itemNotFound);
  const { list, to } = moved(gallery.current, from, by);
  await draftPlaces(tx, websiteId, collection, gallery, list, owner);
  return { position: to + 1, count: list.length };
}

/**
 * The gallery's published order with one image moved `by` places (the direct call): the ids of
 * every image, first to last, for the order call to store. 404 when the image is not in it.
 */
export async function publishedMove(
  tx: DbOrTx,
  websiteId: string,
  collection: ItemCollection,
  itemId: string,
  by: number,
): Promise<{ ids: string[] } & MovedImage> {
  const rows = await tx
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collection.id)))
    .orderBy(asc(items.displayIndex), asc(items.id))
    .for('update');
  const from = rows.findIndex((row) => row.id === itemId);
  if (from < 0) throw new AppError('NOT_FOUND', ITEM_MESSAGES.itemNotFound);
  const { list, to } = moved(rows, from, by);
  return { ids: list.map((row) => row.id), position: to + 1, count: list.length };
}
