import { and, eq, sql } from 'drizzle-orm';
import { collections, type DbOrTx } from '../db/index.js';
import { cleanOwnerHtml } from '../rich-text/index.js';
import { blockSubjectId } from './subjects.js';

/**
 * How a translated text is shown, as its source is: `text` escaped by the theme, `html` owner
 * rich text cleaned by the one allowlist ({@link cleanOwnerHtml}), `raw` the HTML or code of a
 * raw block, printed as written (only the `code` permission writes it so).
 */
export type TranslatedTextKind = 'text' | 'html' | 'raw';

/** Fields of subjects other than blocks whose source is owner rich text, which themes and islands print as markup. */
const HTML_FIELDS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  item: ['body', 'excerpt'],
  collection: ['description'],
  form: ['submissionMessage', 'disclaimerMessage'],
});

/** A lesson block's HTML (`block:0:html`): lessons have no raw blocks, so always rich text. */
const LESSON_HTML = /^block:\d+:html$/;

/** How a block's translated `field` is shown: as the block shows its own (a raw block's HTML or code raw, other HTML cleaned, the rest escaped). */
export function blockFieldKind(block: Readonly<Record<string, unknown>>, field: string): TranslatedTextKind {
  if (block.typeName === 'html' && field === 'html') return block.raw === true ? 'raw' : 'html';
  if (block.typeName === 'code' && field === 'code') return block.display === 'raw' ? 'raw' : 'text';
  // oEmbed HTML of video and embed blocks, and the HTML of kinds the editor does not know.
  return field === 'html' ? 'html' : 'text';
}

/** How a translated field of a subject other than a page block is shown. */
export function fieldKind(subjectType: string, field: string): Exclude<TranslatedTextKind, 'raw'> {
  if (subjectType === 'course') return LESSON_HTML.test(field) ? 'html' : 'text';
  return HTML_FIELDS[subjectType]?.includes(field) ? 'html' : 'text';
}

/** A translation as shown on a page: owner HTML cleaned again (rows stored before the cleaning on save too), a raw block's as written, text as it is. */
export function shownTranslation(kind: TranslatedTextKind, text: string): string {
  return kind === 'html' ? cleanOwnerHtml(text) : text;
}

/** What the saver may keep: raw HTML (the `code` permission) and the translation stored before this save. */
export interface TranslationCleaning {
  readonly mayWriteCode: boolean;
  /** The stored translation: a raw one saved again unchanged stays as it is, for a role without the code permission too (as an unchanged raw block does). */
  readonly previous?: string | undefined;
}

/**
 * A translation as stored, cleaned like its source on save: owner HTML by the rich-text
 * allowlist; a raw block's HTML kept as written only for a saver with the `code` permission
 * (or when unchanged from the stored one) and cleaned like rich text for everyone else, as a
 * page save does; text as it is.
 */
export function storedTranslation(kind: TranslatedTextKind, text: string, cleaning: TranslationCleaning): string {
  if (kind === 'text') return text;
  if (kind === 'raw' && (cleaning.mayWriteCode || text === cleaning.previous)) return text;
  return cleanOwnerHtml(text);
}

/** The kinds of a site's translatable texts: page blocks by the block as stored, other subjects by their field. */
export interface TextKinds {
  kindOf(key: { subjectType: string; subjectId: string; field: string }): TranslatedTextKind;
}

/** The page blocks of the site (of one page when `collectionId` is given), by their block subject ids. */
async function readBlocks(db: DbOrTx, websiteId: string, collectionId?: string): Promise<Map<string, Readonly<Record<string, unknown>>>> {
  const rows = await db
    .select({ id: collections.id, blocks: sql<unknown>`${collections.settings}->'blocks'` })
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), ...(collectionId === undefined ? [] : [eq(collections.id, collectionId)])));
  const blocks = new Map<string, Readonly<Record<string, unknown>>>();
  for (const row of rows) {
    if (!Array.isArray(row.blocks)) continue;
    row.blocks.forEach((block: unknown, index) => {
      if (block && typeof block === 'object' && !Array.isArray(block)) blocks.set(blockSubjectId(row.id, index), block as Record<string, unknown>);
    });
  }
  return blocks;
}

function kindsOf(blocks: ReadonlyMap<string, Readonly<Record<string, unknown>>>): TextKinds {
  return {
    kindOf({ subjectType, subjectId, field }) {
      if (subjectType !== 'block') return fieldKind(subjectType, field);
      const block = blocks.get(subjectId);
      return block ? blockFieldKind(block, field) : field === 'html' ? 'html' : 'text';
    },
  };
}

/** The kinds of every text of the site, its page blocks read once (an import). */
export async function readTextKinds(db: DbOrTx, websiteId: string): Promise<TextKinds> {
  return kindsOf(await readBlocks(db, websiteId));
}

/** The kind of one text of the site (a save): a page block's read from its page alone. */
export async function readTextKind(db: DbOrTx, websiteId: string, key: { subjectType: string; subjectId: string; field: string }): Promise<TranslatedTextKind> {
  const page = key.subjectType === 'block' ? key.subjectId.slice(0, Math.max(0, key.subjectId.lastIndexOf(':'))) : undefined;
  const blocks = page ? await readBlocks(db, websiteId, page) : new Map();
  return kindsOf(blocks).kindOf(key);
}
