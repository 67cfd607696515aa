import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { collections, websites, type DbOrTx } from '../db/index.js';
import type { OwnerPermission } from '../owner-sessions/index.js';
import { BlockInput, checkGridRows, cleanBlocks } from '../blocks/index.js';
import { itemDrafting } from './item-drafting.js';

/**
 * Site settings an owner drafts as a whole: the navigations, header and footer, styles, block
 * fields and page layouts, and what visitors see of the site settings (favicon and social image,
 * social accounts, the cookie banner), and the site styles beyond the theme's tweaks (palette,
 * colour themes, fonts, animations).
 */
export const DRAFTED_SETTINGS = [
  'navigation',
  'headerFooter',
  'themeTweaks',
  'blockFields',
  'pageLayouts',
  'siteIcons',
  'socialAccounts',
  'cookieBanner',
  'siteStyles',
] as const;
export type DraftedSetting = (typeof DRAFTED_SETTINGS)[number];

/** Most blocks in one layout (spec 9). */
export const MAX_BLOCKS = 60;

/** What a draft is of: a site setting (`settings.navigation`), a collection (`collection:{id}`) or a collection's item (`item:{id}`: a post, an event). */
export type Subject =
  | { readonly kind: 'settings'; readonly key: DraftedSetting }
  | { readonly kind: 'collection'; readonly id: string }
  | { readonly kind: 'item'; readonly id: string };

/** The drafts' messages, as the dashboard shows them. */
export const DraftMessages = Object.freeze({
  UNKNOWN_SUBJECT:
    'That cannot be drafted: use settings.{navigation|headerFooter|themeTweaks|blockFields|pageLayouts|siteIcons|socialAccounts|cookieBanner|siteStyles}, collection:{id} or item:{id}.',
  NO_SUCH_PAGE: 'That page is not on this site.',
  NO_SUCH_ITEM: 'That post or event is not on this site.',
  CONFLICT: 'This was changed by someone else. Reload to see their changes.',
  TOO_MANY_BLOCKS: `A layout holds at most ${MAX_BLOCKS} blocks. Remove a block before adding another.`,
  NOTHING_TO_PUBLISH: 'There is nothing to publish.',
  NOT_ALLOWED: 'Your role cannot publish some of these changes. Ask an administrator.',
  NO_SUCH_RELEASE: 'That version is not in this site’s history.',
  NOT_IN_RELEASE: 'That version did not change this.',
  SCHEDULE_IN_PAST: 'Choose a time in the future.',
  NO_SUCH_SCHEDULE: 'That scheduled publish is not waiting any more.',
});

/** Parses a subject name; null when it is not one. */
export function parseSubject(name: string): Subject | null {
  const setting = /^settings\.([A-Za-z]+)$/.exec(name);
  if (setting) return (DRAFTED_SETTINGS as readonly string[]).includes(setting[1]!) ? { kind: 'settings', key: setting[1] as DraftedSetting } : null;
  const collection = /^collection:([0-9a-f]{32})$/.exec(name);
  if (collection) return { kind: 'collection', id: collection[1]! };
  const item = /^item:([0-9a-f]{32})$/.exec(name);
  return item ? { kind: 'item', id: item[1]! } : null;
}

/** The name of a subject. */
export function subjectName(subject: Subject): string {
  return subject.kind === 'settings' ? `settings.${subject.key}` : `${subject.kind}:${subject.id}`;
}

/** The message of a subject that is not on the site. */
export function notOnSite(subject: Subject): string {
  return subject.kind === 'item' ? DraftMessages.NO_SUCH_ITEM : DraftMessages.NO_SUCH_PAGE;
}

/** Settings that are content (pages' words and links) rather than the site's design. */
const CONTENT_SETTINGS: ReadonlySet<DraftedSetting> = new Set(['navigation', 'blockFields']);

/** The permission that changing `subject` needs: content (pages, posts, navigations, block fields) or settings (header and footer, styles, layouts). */
export function permissionFor(subject: Subject): OwnerPermission {
  return subject.kind === 'settings' && !CONTENT_SETTINGS.has(subject.key) ? 'settings:write' : 'content:write';
}

/** A collection's drafted fields: its titles, description and (page collections) blocks. */
export const CollectionDraft = z
  .object({
    title: z.string().trim().min(1).max(200),
    navigationTitle: z.string().max(200),
    description: z.string().max(5_000),
    blocks: z.array(BlockInput).max(MAX_BLOCKS, DraftMessages.TOO_MANY_BLOCKS).superRefine(checkGridRows),
  })
  .partial()
  .strict();
export type CollectionDraft = z.infer<typeof CollectionDraft>;

/** A setting's drafted value: any JSON object (null removes the setting when published). */
const SettingDraft = z.record(z.string(), z.unknown()).nullable();

/**
 * Checks and cleans a draft's value for `subject` (each block by its kind; owner HTML
 * sanitised, raw HTML and code kept only with `mayWriteCode` or unchanged from `previous`); throws a ZodError.
 */
export async function cleanValue(db: DbOrTx, websiteId: string, subject: Subject, value: unknown, mayWriteCode = false, previous?: unknown): Promise<unknown> {
  if (subject.kind === 'settings') return SettingDraft.parse(value);
  if (subject.kind === 'item') return itemDrafting()?.clean(db, websiteId, subject.id, value);
  const draft = CollectionDraft.parse(value);
  const before = (previous as { blocks?: unknown } | undefined)?.blocks;
  return draft.blocks ? { ...draft, blocks: cleanBlocks(draft.blocks, { mayWriteCode, previous: Array.isArray(before) ? before : [] }) } : draft;
}

/** The published value of `subject` now; undefined when its collection (or item) is not on the site. */
export async function liveValue(db: DbOrTx, websiteId: string, subject: Subject): Promise<unknown> {
  if (subject.kind === 'item') return itemDrafting()?.live(db, websiteId, subject.id);
  if (subject.kind === 'settings') {
    const [row] = await db
      .select({ value: sql<unknown>`${websites.settings}->${subject.key}::text`, title: websites.title })
      .from(websites)
      .where(eq(websites.id, websiteId));
    if (!row) return undefined;
    return subject.key === 'headerFooter' ? headerFooterWithTitle(row.value, row.title) : (row.value ?? null);
  }
  const [row] = await db
    .select({ title: collections.title, navigationTitle: collections.navigationTitle, description: collections.description, settings: collections.settings })
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.id, subject.id)));
  if (!row) return undefined;
  const blocks = Array.isArray(row.settings.blocks) ? row.settings.blocks : [];
  return { title: row.title, navigationTitle: row.navigationTitle, description: row.description, blocks };
}

/** Makes `value` the published value of `subject` (in the publishing transaction). */
export async function applyValue(tx: DbOrTx, websiteId: string, subject: Subject, value: unknown): Promise<void> {
  if (subject.kind === 'settings') {
    const { stored, title } = subject.key === 'headerFooter' ? splitSiteTitle(value) : { stored: value, title: undefined };
    const settings =
      stored === null
        ? sql`${websites.settings} - ${subject.key}::text`
        : sql`jsonb_set(${websites.settings}, ARRAY[${subject.key}::text], ${JSON.stringify(stored)}::jsonb, true)`;
    await tx
      .update(websites)
      .set({ settings, ...(title !== undefined ? { title } : {}), updatedAt: new Date() })
      .where(eq(websites.id, websiteId));
    return;
  }
  if (subject.kind === 'item') {
    await itemDrafting()?.apply(tx, websiteId, subject.id, value);
    return;
  }
  const draft = value as CollectionDraft;
  const blocks =
    draft.blocks === undefined ? {} : { settings: sql`jsonb_set(${collections.settings}, '{blocks}', ${JSON.stringify(draft.blocks)}::jsonb, true)` };
  await tx
    .update(collections)
    .set({
      ...(draft.title !== undefined ? { title: draft.title } : {}),
      ...(draft.navigationTitle !== undefined ? { navigationTitle: draft.navigationTitle } : {}),
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      ...blocks,
      updatedAt: new Date(),
    })
    .where(and(eq(collections.websiteId, websiteId), eq(collections.id, subject.id)));
}

const objectOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * The header and footer as drafted: the stored `settings.headerFooter` with the site's title as
 * `header.title`, since owners edit the title with the header (it is the site's own column).
 */
export function headerFooterWithTitle(stored: unknown, title: string): Record<string, unknown> {
  const value = objectOf(stored);
  return { ...value, header: { ...objectOf(value.header), title } };
}

/** A drafted header and footer split into what `settings.headerFooter` stores and the site's title. */
function splitSiteTitle(value: unknown): { stored: unknown; title: string | undefined } {
  if (value === null) return { stored: null, title: undefined };
  const draft = objectOf(value);
  const { title, ...header } = objectOf(draft.header);
  return { stored: { ...draft, header }, title: typeof title === 'string' && title.trim() ? title : undefined };
}

/** `site` with the drafted settings (and a drafted title) of `drafts` in place of the published ones: the preview's site. */
export function siteWithDrafts<S extends { title: string; settings: Record<string, unknown> }>(site: S, drafts: ReadonlyMap<string, unknown>): S {
  const settings = settingsWithDrafts(site.settings, drafts);
  const headerFooter = drafts.has('settings.headerFooter') ? splitSiteTitle(drafts.get('settings.headerFooter')) : undefined;
  const withSettings = settings === site.settings ? site : { ...site, settings };
  if (!headerFooter) return withSettings;
  const shownSettings = { ...withSettings.settings } as Record<string, unknown>;
  if (headerFooter.stored === null) delete shownSettings.headerFooter;
  else shownSettings.headerFooter = headerFooter.stored;
  return { ...withSettings, settings: shownSettings as S['settings'], ...(headerFooter.title !== undefined ? { title: headerFooter.title } : {}) };
}

/** `settings` with the drafted settings of `drafts` in place of the published ones (the preview's site). */
export function settingsWithDrafts<S extends Record<string, unknown>>(settings: S, drafts: ReadonlyMap<string, unknown>): S {
  let out: Record<string, unknown> | undefined;
  for (const key of DRAFTED_SETTINGS) {
    const name = `settings.${key}`;
    if (!drafts.has(name)) continue;
    out ??= { ...settings };
    const value = drafts.get(name);
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return (out ?? settings) as S;
}

/** `row` with its drafted fields in place of the published ones (the preview's collection). */
export function collectionWithDraft<R extends { id: string; title: string; navigationTitle: string; description: string; settings: Record<string, unknown> }>(
  row: R,
  drafts: ReadonlyMap<string, unknown>,
): R {
  const draft = drafts.get(`collection:${row.id}`) as CollectionDraft | undefined;
  if (!draft) return row;
  return {
    ...row,
    ...(draft.title !== undefined ? { title: draft.title } : {}),
    ...(draft.navigationTitle !== undefined ? { navigationTitle: draft.navigationTitle } : {}),
    ...(draft.description !== undefined ? { description: draft.description } : {}),
    ...(draft.blocks !== undefined ? { settings: { ...row.settings, blocks: draft.blocks } } : {}),
  };
}
