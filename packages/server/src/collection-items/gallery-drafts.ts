import { and, asc, eq } from 'drizzle-orm';
import { items, type DbOrTx } from '../db/index.js';
import { DraftMessages, findDraft, listDrafts, saveDraft } from '../drafts/index.js';
import { AppError } from '../errors/index.js';
import { editedFieldsOf, itemSubject } from './item-drafts.js';
import { ITEM_MESSAGES } from './item-messages.js';
import type { ItemCollection } from './item-view.js';
import type { ItemDraftValue, ItemStatus } from './schemas.js';

type ItemRow = typeof items.$inferSelect;

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
 * Drafts a gallery's new order: the images named first, in that order, then the others in their
 * drafted order. Each image whose place changes gets it in its draft (the places the images
 * already have are dealt out again, so moving one image past another drafts those two); visitors
 * keep the published order until the publish. 400 when an id is not an image of the gallery.
 */
export async function draftOrder(tx: DbOrTx, websiteId: string, collection: ItemCollection, itemIds: readonly string[], by: string): Promise<void> {
  const rows = await tx
    .select()
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collection.id)))
    .orderBy(asc(items.createdAt), asc(items.id))
    .for('update');
  const named = [...new Set(itemIds)];
  const byId = new Map(rows.map((row) => [row.id, row]));
  if (named.some((id) => !byId.has(id))) throw new AppError('VALIDATION_FAILED', ITEM_MESSAGES.orderUnknownItem);
  const drafts = new Map((await listDrafts(tx, websiteId)).filter((d) => d.subject.startsWith('item:')).map((d) => [d.subject, d]));
  const placeOf = (row: ItemRow) => {
    const drafted = (drafts.get(itemSubject(row.id))?.value as { displayIndex?: unknown } | undefined)?.displayIndex;
    return typeof drafted === 'number' ? drafted : row.displayIndex;
  };
  const current = [...rows].sort((a, b) => placeOf(a) - placeOf(b));
  const places = current.map(placeOf);
  const slots = new Set(places).size === places.length ? places : places.map((_, i) => i);
  const order = [...named.map((id) => byId.get(id)!), ...current.filter((row) => !named.includes(row.id))];
  for (const [i, row] of order.entries()) {
    const place = slots[i]!;
    if (place === placeOf(row)) continue;
    const draft = drafts.get(itemSubject(row.id));
    await saveItemDraft(tx, websiteId, row.id, { ...startingValue(collection, row, draft), displayIndex: place }, draft?.version ?? 0, by);
  }
}
