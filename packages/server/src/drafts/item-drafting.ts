import { and, eq, inArray } from 'drizzle-orm';
import { items, type Db, type DbOrTx, type ReleaseChange } from '../db/index.js';
import type { JobQueue } from '../jobs/index.js';

/**
 * What drafting a collection item (`item:{id}`: a blog post, an event, a gallery image) needs of
 * the items feature. The items feature builds on the drafts (it creates a new post as a draft),
 * so it provides these when its routes are registered rather than the drafts importing it.
 */
export interface ItemDrafting {
  /** The item's published fields (what its editor edits); undefined when the site has no such item. */
  live(db: DbOrTx, websiteId: string, itemId: string): Promise<unknown>;
  /** Checks a drafted value and cleans it (owner HTML); throws a ZodError or a VALIDATION_FAILED AppError. */
  clean(db: DbOrTx, websiteId: string, itemId: string, value: unknown): Promise<unknown>;
  /** Makes `value` the item's published fields (in the publishing transaction). */
  apply(tx: DbOrTx, websiteId: string, itemId: string, value: unknown): Promise<void>;
  /** After a release that changed these items went live (a post now scheduled gets its publishing job). */
  released(db: DbOrTx, jobs: JobQueue, websiteId: string, itemIds: readonly string[]): Promise<void>;
}

let provided: ItemDrafting | undefined;

/** Makes items draftable (the items feature calls this once as its routes are registered). */
export function provideItemDrafting(drafting: ItemDrafting): void {
  provided = drafting;
}

/** The items' drafting, once the items feature has provided it. */
export function itemDrafting(): ItemDrafting | undefined {
  return provided;
}

/** The ids of the items a release changed. */
export function releasedItemIds(changes: readonly ReleaseChange[]): string[] {
  return changes.flatMap((change) => (change.subject.startsWith('item:') ? [change.subject.slice('item:'.length)] : []));
}

/** Runs what follows a release of items (their scheduled publishing), when it changed any. */
export async function afterRelease(db: Db, jobs: JobQueue, websiteId: string, changes: readonly ReleaseChange[]): Promise<void> {
  const ids = releasedItemIds(changes);
  if (ids.length > 0) await provided?.released(db, jobs, websiteId, ids);
}

type ItemRow = typeof items.$inferSelect;

/** An item's drafted fields, as far as a page shows them (the shape the item editor saves). */
interface DraftedItem {
  title?: string;
  body?: string;
  excerpt?: string;
  tags?: string[];
  categories?: string[];
  authorName?: string;
  status?: ItemRow['status'];
  publishOn?: string | null;
  event?: { startDate: string; endDate: string; allDay?: boolean; location?: Record<string, unknown> };
  image?: { altText?: string; focalPoint?: { x: number; y: number } };
  urlId?: string;
  seoTitle?: string;
  seoDescription?: string;
  socialImageUrl?: string;
  displayIndex?: number;
  removed?: true;
}

/** The structured-content keys a drafted item shows in place of its published ones (SEO, social image, a gallery image's alt text and focal point). */
function draftedStructure(row: ItemRow, d: DraftedItem): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (d.seoTitle !== undefined || d.seoDescription !== undefined) {
    const seo = row.structuredContent.seoData;
    out.seoData = {
      ...(seo && typeof seo === 'object' ? seo : {}),
      ...(d.seoTitle !== undefined ? { seoTitle: d.seoTitle } : {}),
      ...(d.seoDescription !== undefined ? { seoDescription: d.seoDescription } : {}),
    };
  }
  if (d.socialImageUrl !== undefined) out.socialImageUrl = d.socialImageUrl;
  if (d.image) {
    if (d.image.altText !== undefined) out.altText = d.image.altText.trim() || (d.title ?? row.title).slice(0, 250);
    if (d.image.focalPoint) out.mediaFocalPoint = d.image.focalPoint;
  }
  return out;
}

/**
 * `row` with its drafted fields in place of the published ones (the preview's item); a post
 * drafted as published without a date is dated `now`, and one whose removal is drafted is shown
 * as a Draft (out of sight).
 */
export function itemWithDraft(row: ItemRow, draft: unknown, now: Date): ItemRow {
  if (!draft || typeof draft !== 'object') return row;
  const d = draft as DraftedItem;
  const status = d.removed ? 'draft' : (d.status ?? row.status);
  const publishOn = d.publishOn ? new Date(d.publishOn) : status === 'published' && row.status !== 'published' ? now : row.publishOn;
  const event = d.event
    ? {
        startDate: new Date(d.event.startDate).getTime(),
        endDate: new Date(d.event.endDate).getTime(),
        allDay: d.event.allDay === true,
        location: d.event.location,
      }
    : {};
  return {
    ...row,
    title: d.title ?? row.title,
    body: d.body ?? row.body,
    excerpt: d.excerpt ?? row.excerpt,
    tags: d.tags ?? row.tags,
    categories: d.categories ?? row.categories,
    authorName: d.authorName ?? row.authorName,
    status,
    publishOn,
    urlId: d.urlId ?? row.urlId,
    displayIndex: d.displayIndex ?? row.displayIndex,
    structuredContent: { ...row.structuredContent, ...event, ...draftedStructure(row, d) },
  };
}

/** Whether visitors would see `row` at `now` (the pages' own rule: published, dated no later than now). */
const shown = (row: ItemRow, now: Date) => row.status === 'published' && row.publishOn.getTime() <= now.getTime();

/** The items of `collectionId` that have drafts among `drafts`, each with its draft in place (any status). */
async function draftedItems(db: DbOrTx, websiteId: string, collectionId: string, drafts: ReadonlyMap<string, unknown>, now: Date): Promise<ItemRow[]> {
  const ids = [...drafts.keys()].flatMap((subject) => (subject.startsWith('item:') ? [subject.slice('item:'.length)] : []));
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collectionId), inArray(items.id, ids)));
  return rows.map((row) => itemWithDraft(row, drafts.get(`item:${row.id}`), now));
}

/** How the preview orders a listing: a blog newest first, a gallery by its (drafted) places, events as published with drafted ones after. */
export type PreviewOrder = 'newest' | 'place' | 'kept';

/**
 * The preview's listing of a collection: the published `rows` with the drafts of `drafts` in
 * place, new items drafted as published added and items drafted out of sight (or removed) left
 * out, in `order`.
 */
export async function previewListing(
  db: DbOrTx,
  websiteId: string,
  collectionId: string,
  rows: readonly ItemRow[],
  drafts: ReadonlyMap<string, unknown>,
  now: Date,
  order: PreviewOrder,
): Promise<ItemRow[]> {
  const drafted = await draftedItems(db, websiteId, collectionId, drafts, now);
  if (drafted.length === 0) return [...rows];
  const byId = new Map(drafted.map((row) => [row.id, row]));
  const listed = rows.map((row) => byId.get(row.id) ?? row);
  const added = drafted.filter((row) => !rows.some((r) => r.id === row.id));
  const all = [...listed, ...added].filter((row) => shown(row, now));
  if (order === 'newest') return all.sort((a, b) => b.publishOn.getTime() - a.publishOn.getTime() || a.id.localeCompare(b.id));
  if (order === 'place')
    return all.sort((a, b) => a.displayIndex - b.displayIndex || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  return all;
}

/**
 * The preview's item at `urlId` of a collection: a drafted item (a new post too) that its draft
 * shows there (its drafted slug), else the published one unless its draft hides it or moves it.
 */
export async function previewItem(
  db: DbOrTx,
  websiteId: string,
  collectionId: string,
  urlId: string,
  published: ItemRow | undefined,
  drafts: ReadonlyMap<string, unknown>,
  now: Date,
): Promise<ItemRow | undefined> {
  const movedHere = (await draftedItems(db, websiteId, collectionId, drafts, now)).find((row) => row.urlId === urlId);
  if (movedHere) return shown(movedHere, now) ? movedHere : undefined;
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collectionId), eq(items.urlId, urlId)))
    .limit(1);
  if (!row || !drafts.has(`item:${row.id}`)) return published;
  // Its draft moved it to another slug (shown there) or hides it.
  return undefined;
}

/**
 * In the preview, where an item's published address `urlId` leads when its draft changes its
 * slug: the drafted slug, as long as the preview shows the item there; undefined otherwise (no
 * item has that address, its draft keeps it, or hides the item).
 */
export async function previewMovedUrlId(
  db: DbOrTx,
  websiteId: string,
  collectionId: string,
  urlId: string,
  drafts: ReadonlyMap<string, unknown>,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collectionId), eq(items.urlId, urlId)))
    .limit(1);
  if (!row || !drafts.has(`item:${row.id}`)) return undefined;
  const drafted = itemWithDraft(row, drafts.get(`item:${row.id}`), now);
  return drafted.urlId !== urlId && shown(drafted, now) ? drafted.urlId : undefined;
}
