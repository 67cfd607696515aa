import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { baseUrlId, nextFreeUrlId, slugOf, uniqueViolationOf } from '../catalogue/index.js';
import { collections, type DbOrTx } from '../db/index.js';
import { AppError } from '../errors/index.js';
import { matchPageRoute } from '../pages/index.js';
import { cleanBlocks, type BlockCleaning } from '../blocks/index.js';
import { FALLBACK_TITLES, pageKindOf, STORED_KINDS } from './page-kinds.js';
import { PageMessages, type NewPageBody, type PageChange, type PageKind, type PageView } from './schemas.js';

type CollectionRow = typeof collections.$inferSelect;
type Settings = Record<string, unknown>;

/** Most former URL slugs a page keeps redirecting. */
const MAX_PREVIOUS_URL_IDS = 20;

function stringAt(settings: Settings, key: string): string {
  return typeof settings[key] === 'string' ? (settings[key] as string) : '';
}

function seoOf(settings: Settings): { seoTitle: string; seoDescription: string } {
  const seo = settings.seoData && typeof settings.seoData === 'object' ? (settings.seoData as Settings) : {};
  return { seoTitle: stringAt(seo, 'seoTitle'), seoDescription: stringAt(seo, 'seoDescription') };
}

function previousUrlIdsOf(settings: Settings): string[] {
  return Array.isArray(settings.previousUrlIds) ? settings.previousUrlIds.filter((u): u is string => typeof u === 'string') : [];
}

/** A collection as the owner's Pages list shows it. */
export function pageViewOf(row: CollectionRow): PageView {
  const settings = row.settings;
  const kind = pageKindOf(row.type, settings);
  return {
    id: row.id,
    kind,
    type: row.type,
    title: row.title,
    navigationTitle: row.navigationTitle,
    urlId: row.urlId,
    fullUrl: row.isHomepage ? '/' : `/${row.urlId}`,
    enabled: row.enabled,
    isHomepage: row.isHomepage,
    displayIndex: row.displayIndex,
    version: row.version,
    ...seoOf(settings),
    linkUrl: kind === 'link' ? stringAt(settings, 'externalUrl') : '',
    previousUrlIds: previousUrlIdsOf(settings),
    blocks: kind === 'page' && Array.isArray(settings.blocks) ? (settings.blocks as Record<string, unknown>[]) : [],
  };
}

/** True when `/{urlId}` is a path the site itself answers (cart, checkout, search, api, config…). */
export function isReservedUrlId(urlId: string): boolean {
  return matchPageRoute(`/${urlId}`).kind !== 'collection';
}

/** Every page of a site in display order. */
export async function listPages(db: DbOrTx, websiteId: string): Promise<PageView[]> {
  const rows = await db
    .select()
    .from(collections)
    .where(eq(collections.websiteId, websiteId))
    .orderBy(asc(collections.displayIndex), asc(collections.createdAt), asc(collections.id));
  return rows.map(pageViewOf);
}

async function takenUrlIds(db: DbOrTx, websiteId: string): Promise<string[]> {
  const rows = await db.select({ urlId: collections.urlId }).from(collections).where(eq(collections.websiteId, websiteId));
  return rows.map((r) => r.urlId);
}

/** The first free slug from `base` (reserved paths count as taken). */
async function freeUrlId(db: DbOrTx, websiteId: string, base: string): Promise<string> {
  const taken = await takenUrlIds(db, websiteId);
  let candidate = nextFreeUrlId(base, taken);
  while (isReservedUrlId(candidate)) candidate = nextFreeUrlId(base, [...taken, candidate]);
  return candidate;
}

function refuseReserved(urlId: string): void {
  if (isReservedUrlId(urlId))
    throw new AppError('VALIDATION_FAILED', PageMessages.reservedUrlId(urlId), { body: { fields: { urlId: PageMessages.reservedUrlId(urlId) } } });
}

/** Blocks as stored: cleaned by the block kinds' rules ({@link cleanBlocks}). */
function storedBlocks(blocks: readonly Record<string, unknown>[], cleaning: BlockCleaning): Record<string, unknown>[] {
  return cleanBlocks(
    blocks.map(({ id: _id, ...block }) => block),
    cleaning,
  );
}

async function nextDisplayIndex(db: DbOrTx, websiteId: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${collections.displayIndex})` })
    .from(collections)
    .where(eq(collections.websiteId, websiteId));
  return Number(row?.max ?? 0) + 1;
}

/** Inserts a collection at the first free slug from `base`; a concurrent insert of the same slug makes it try the next one. */
async function insertAtFreeUrlId(
  db: DbOrTx,
  websiteId: string,
  base: string,
  values: Omit<typeof collections.$inferInsert, 'websiteId' | 'urlId'>,
): Promise<CollectionRow> {
  for (let attempt = 0; ; attempt += 1) {
    const urlId = await freeUrlId(db, websiteId, base);
    try {
      const [row] = await db
        .insert(collections)
        .values({ ...values, websiteId, urlId })
        .returning();
      return row!;
    } catch (error) {
      if (attempt >= 4 || uniqueViolationOf(error) !== 'collections_website_url_key') throw error;
    }
  }
}

/** Creates a page of a kind; its slug comes from the title (or the given slug), made unique on the site. */
export async function createPage(db: DbOrTx, websiteId: string, input: NewPageBody & { kind: PageKind; enabled: boolean }): Promise<PageView> {
  const stored = STORED_KINDS[input.kind];
  if (input.urlId) refuseReserved(input.urlId);
  if (input.kind === 'link' && !input.linkUrl)
    throw new AppError('VALIDATION_FAILED', PageMessages.LINK_URL, { body: { fields: { linkUrl: PageMessages.LINK_URL } } });
  const settings: Settings = {};
  if (stored.settingsKind) settings.kind = stored.settingsKind;
  if (input.kind === 'page') settings.blocks = [];
  if (input.kind === 'link') settings.externalUrl = input.linkUrl;
  const base = input.urlId ? slugOf(input.urlId) : baseUrlId(input.title, FALLBACK_TITLES[input.kind]);
  const row = await insertAtFreeUrlId(db, websiteId, base, {
    type: stored.type,
    title: input.title,
    navigationTitle: input.title,
    enabled: input.enabled,
    displayIndex: await nextDisplayIndex(db, websiteId),
    settings,
  });
  return pageViewOf(row);
}

/** Locks a page of the site for the rest of the transaction; 404 when the site has no such page. */
async function lockPage(tx: DbOrTx, websiteId: string, id: string): Promise<CollectionRow> {
  const [row] = await tx
    .select()
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.id, id)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', PageMessages.NOT_FOUND);
  return row;
}

/**
 * Changes a page's settings and blocks when `change.version` is still its version (409 and
 * nothing changed otherwise). A new slug keeps the old one, which then redirects to it.
 * `mayWriteCode`: the saver holds the `code` permission (raw HTML and code blocks are kept as written).
 */
export async function changePage(tx: DbOrTx, websiteId: string, id: string, change: PageChange, mayWriteCode = false): Promise<PageView> {
  const row = await lockPage(tx, websiteId, id);
  if (row.version !== change.version) throw new AppError('CONFLICT', PageMessages.STALE, { body: { currentVersion: row.version } });
  const kind = pageKindOf(row.type, row.settings);
  if (change.blocks && kind !== 'page') throw new AppError('VALIDATION_FAILED', PageMessages.BLOCKS_ONLY_ON_PAGES);
  const settings: Settings = { ...row.settings };
  const set: Partial<typeof collections.$inferInsert> = {};
  if (change.title !== undefined) set.title = change.title;
  if (change.navigationTitle !== undefined) set.navigationTitle = change.navigationTitle;
  if (change.enabled !== undefined) set.enabled = change.enabled;
  if (change.urlId !== undefined && change.urlId !== row.urlId) {
    refuseReserved(change.urlId);
    if ((await takenUrlIds(tx, websiteId)).includes(change.urlId))
      throw new AppError('CONFLICT', PageMessages.URL_ID_TAKEN, { body: { fields: { urlId: PageMessages.URL_ID_TAKEN } } });
    set.urlId = change.urlId;
    settings.previousUrlIds = [row.urlId, ...previousUrlIdsOf(settings).filter((u) => u !== change.urlId && u !== row.urlId)].slice(0, MAX_PREVIOUS_URL_IDS);
  }
  if (change.seoTitle !== undefined || change.seoDescription !== undefined) {
    const seo = seoOf(settings);
    settings.seoData = { seoTitle: change.seoTitle ?? seo.seoTitle, seoDescription: change.seoDescription ?? seo.seoDescription };
  }
  if (change.linkUrl !== undefined && kind === 'link') settings.externalUrl = change.linkUrl;
  if (change.blocks) {
    const previous = Array.isArray(row.settings.blocks) ? row.settings.blocks : [];
    settings.blocks = storedBlocks(change.blocks as Record<string, unknown>[], { mayWriteCode, previous });
  }
  const [saved] = await tx
    .update(collections)
    .set({ ...set, settings, version: row.version + 1, updatedAt: new Date() })
    .where(and(eq(collections.websiteId, websiteId), eq(collections.id, id)))
    .returning();
  return pageViewOf(saved!);
}

/** A copy of a page (settings and blocks, not its items), as a draft after it, at the next free slug. */
export async function duplicatePage(tx: DbOrTx, websiteId: string, id: string): Promise<PageView> {
  const row = await lockPage(tx, websiteId, id);
  const { previousUrlIds: _previous, ...settings } = row.settings;
  const copy = await insertAtFreeUrlId(tx, websiteId, row.urlId, {
    type: row.type,
    title: `${row.title} (copy)`.slice(0, 200),
    navigationTitle: row.navigationTitle,
    description: row.description,
    enabled: false,
    isHomepage: false,
    displayIndex: await nextDisplayIndex(tx, websiteId),
    settings,
  });
  return pageViewOf(copy);
}

/** Deletes a page and what it holds; the home page is refused. */
export async function deletePage(tx: DbOrTx, websiteId: string, id: string): Promise<PageView> {
  const row = await lockPage(tx, websiteId, id);
  if (row.isHomepage) throw new AppError('CONFLICT', PageMessages.HOME_NOT_DELETABLE);
  await tx.delete(collections).where(and(eq(collections.websiteId, websiteId), eq(collections.id, id)));
  return pageViewOf(row);
}

/** Sets the display order of the site's pages: `ids` must name every page of the site once. */
export async function orderPages(tx: DbOrTx, websiteId: string, ids: readonly string[]): Promise<PageView[]> {
  const rows = await tx.select({ id: collections.id }).from(collections).where(eq(collections.websiteId, websiteId)).for('update');
  const all = new Set(rows.map((r) => r.id));
  if (new Set(ids).size !== ids.length || ids.length !== all.size || ids.some((i) => !all.has(i)))
    throw new AppError('VALIDATION_FAILED', PageMessages.ORDER_MISMATCH);
  await tx
    .update(collections)
    .set({
      displayIndex: sql`(case ${collections.id} ${sql.join(
        ids.map((pageId, index) => sql`when ${pageId} then ${index + 1}::integer`),
        sql` `,
      )} end)`,
      updatedAt: new Date(),
    })
    .where(and(eq(collections.websiteId, websiteId), inArray(collections.id, [...ids])));
  return listPages(tx, websiteId);
}
