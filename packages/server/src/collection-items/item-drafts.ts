import { and, eq, inArray } from 'drizzle-orm';
import { items, type DbOrTx } from '../db/index.js';
import { DraftMessages, listDrafts, type ItemDrafting } from '../drafts/index.js';
import { AppError } from '../errors/index.js';
import type { JobQueue } from '../jobs/index.js';
import { ITEM_MESSAGES } from './item-messages.js';
import { authorNameFor, deleteItem, itemCollectionOf, refuseTakenUrlId, updateItem } from './item-repository.js';
import { storedItemFields } from './item-rules.js';
import { itemViewOf, type ItemCollection } from './item-view.js';
import { scheduleItemPublish } from './scheduled-items.js';
import { ItemDraftValue } from './schemas.js';

type ItemRow = typeof items.$inferSelect;

/** The subject of item `id`'s draft. */
export const itemSubject = (id: string) => `item:${id}`;

/** The item `itemId` of the site with its collection; undefined when the site has none (or it is in no item collection). */
async function itemOf(db: DbOrTx, websiteId: string, itemId: string, lock = false): Promise<{ row: ItemRow; collection: ItemCollection } | undefined> {
  const query = db
    .select()
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.id, itemId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return undefined;
  const collection = await itemCollectionOf(db, websiteId, row.collectionId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
    throw error;
  });
  return collection ? { row, collection } : undefined;
}

/**
 * An item's fields as its editor edits them (and as its draft holds them): every field of an
 * item save but the version (its URL slug, SEO title and description and social image too), and
 * a gallery image's place.
 */
export function editedFieldsOf(collection: ItemCollection, row: ItemRow): ItemDraftValue {
  const view = itemViewOf(collection, row);
  const { title, body, excerpt, tags, categories, authorId, authorName, status, publishOn, event, image } = view;
  return {
    title,
    body,
    excerpt,
    tags,
    categories,
    authorId,
    authorName,
    status,
    publishOn,
    ...(event ? { event } : {}),
    ...(image ? { image: { altText: image.altText, focalPoint: image.focalPoint } } : {}),
    urlId: view.urlId,
    seoTitle: view.seoTitle,
    seoDescription: view.seoDescription,
    socialImageUrl: view.socialImageUrl,
    ...(collection.kind === 'gallery' ? { displayIndex: row.displayIndex } : {}),
  };
}

/**
 * Refuses a drafted slug that another item of the collection has, published or drafted (the
 * items call's rule, and no two drafts that would meet at the publish).
 */
async function refuseDraftedUrlId(db: DbOrTx, websiteId: string, row: ItemRow, urlId: string | undefined): Promise<void> {
  if (urlId === undefined || urlId === row.urlId) return;
  await refuseTakenUrlId(db, websiteId, row.collectionId, urlId, row.id);
  const claimedBy = (await listDrafts(db, websiteId)).flatMap((draft) =>
    draft.subject.startsWith('item:') && draft.subject !== itemSubject(row.id) && (draft.value as { urlId?: unknown } | null)?.urlId === urlId
      ? [draft.subject.slice('item:'.length)]
      : [],
  );
  if (claimedBy.length === 0) return;
  const [other] = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, row.collectionId), inArray(items.id, claimedBy)))
    .limit(1);
  if (other) {
    const message = ITEM_MESSAGES.urlIdTaken(urlId);
    throw new AppError('VALIDATION_FAILED', message, { body: { fields: { urlId: message } } });
  }
}

/**
 * Checks drafted fields as an item save checks them (spec 5 and 9 rules, a scheduled time in the
 * future, the author an owner of the site) and returns them as the draft keeps them: rich text
 * cleaned, the author's shown name filled in.
 */
export async function cleanItemFields(db: DbOrTx, websiteId: string, collection: ItemCollection, value: unknown, now: Date): Promise<ItemDraftValue> {
  const fields = ItemDraftValue.parse(value);
  const authorName = await authorNameFor(db, websiteId, fields.authorId, fields.authorName);
  const stored = storedItemFields(collection.kind, fields, now, authorName);
  return { ...fields, body: stored.body, excerpt: stored.excerpt, authorName };
}

/**
 * Publishing a drafted item: its fields become the row's (a new slug keeps the old one
 * redirecting; a gallery image takes its drafted place), or a drafted removal deletes it. A post
 * drafted as scheduled for a time the release came after is published, dated that time.
 */
async function applyItem(tx: DbOrTx, websiteId: string, itemId: string, value: unknown): Promise<void> {
  const found = await itemOf(tx, websiteId, itemId, true);
  if (!found) return;
  const { displayIndex, removed, ...fields } = ItemDraftValue.parse(value);
  if (removed) {
    await deleteItem(tx, found.row);
    return;
  }
  const now = new Date();
  const due = fields.status === 'scheduled' && fields.publishOn !== null && new Date(fields.publishOn).getTime() <= now.getTime();
  const stored = storedItemFields(found.collection.kind, due ? { ...fields, status: 'published' } : fields, now, fields.authorName);
  const place = found.collection.kind === 'gallery' && displayIndex !== undefined ? { displayIndex } : {};
  await updateItem(tx, found.row, { ...stored, ...place });
}

/** After a release: each released item now scheduled gets the job that publishes it at its time. */
async function releasedItems(db: DbOrTx, jobs: JobQueue, websiteId: string, itemIds: readonly string[]): Promise<void> {
  const rows = await db
    .select({ id: items.id, status: items.status, publishOn: items.publishOn })
    .from(items)
    .where(and(eq(items.websiteId, websiteId), inArray(items.id, [...itemIds])));
  for (const row of rows) if (row.status === 'scheduled') await scheduleItemPublish(jobs, websiteId, row.id, row.publishOn);
}

/** Collection items as draft subjects (decision 0055). */
export const ITEM_DRAFTING: ItemDrafting = Object.freeze({
  live: async (db: DbOrTx, websiteId: string, itemId: string) => {
    const found = await itemOf(db, websiteId, itemId);
    return found ? editedFieldsOf(found.collection, found.row) : undefined;
  },
  clean: async (db: DbOrTx, websiteId: string, itemId: string, value: unknown) => {
    const found = await itemOf(db, websiteId, itemId);
    if (!found) throw new AppError('NOT_FOUND', DraftMessages.NO_SUCH_ITEM);
    const cleaned = await cleanItemFields(db, websiteId, found.collection, value, new Date());
    await refuseDraftedUrlId(db, websiteId, found.row, cleaned.urlId);
    return cleaned;
  },
  apply: applyItem,
  released: releasedItems,
});
