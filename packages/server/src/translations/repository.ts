import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.js';
import { translations } from './table.js';

/** A stored translation. */
export interface TranslationRow {
  readonly language: string;
  readonly subjectType: string;
  readonly subjectId: string;
  readonly field: string;
  readonly text: string;
  readonly sourceHash: string;
  readonly updatedAt: Date;
}

const columns = {
  language: translations.language,
  subjectType: translations.subjectType,
  subjectId: translations.subjectId,
  field: translations.field,
  text: translations.text,
  sourceHash: translations.sourceHash,
  updatedAt: translations.updatedAt,
};

/** The site's translations into `language` (every language when undefined). */
export async function readTranslations(db: DbOrTx, websiteId: string, language?: string): Promise<TranslationRow[]> {
  return db
    .select(columns)
    .from(translations)
    .where(and(eq(translations.websiteId, websiteId), ...(language === undefined ? [] : [eq(translations.language, language)])));
}

/** The row of one subject's field in `language`. */
function keyIs(websiteId: string, language: string, key: { subjectType: string; subjectId: string; field: string }) {
  return and(
    eq(translations.websiteId, websiteId),
    eq(translations.language, language),
    eq(translations.subjectType, key.subjectType),
    eq(translations.subjectId, key.subjectId),
    eq(translations.field, key.field),
  );
}

/** The stored translation of one subject's field into `language`, or undefined. */
export async function readTranslation(
  db: DbOrTx,
  websiteId: string,
  language: string,
  key: { subjectType: string; subjectId: string; field: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ text: translations.text })
    .from(translations)
    .where(keyIs(websiteId, language, key))
    .limit(1);
  return row?.text;
}

/** A translation to store: the text and the hash of the source it was made from. */
export interface TranslationWrite {
  readonly subjectType: string;
  readonly subjectId: string;
  readonly field: string;
  readonly text: string;
  readonly sourceHash: string;
}

/** Stores translations into `language` over any before them, in one statement. */
export async function writeTranslations(db: DbOrTx, websiteId: string, language: string, rows: readonly TranslationWrite[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(translations)
    .values(rows.map((row) => ({ websiteId, language, ...row })))
    .onConflictDoUpdate({
      target: [translations.websiteId, translations.language, translations.subjectType, translations.subjectId, translations.field],
      set: { text: sql`excluded.text`, sourceHash: sql`excluded.source_hash`, updatedAt: sql`now()` },
    });
}

/** Removes one translation: the site shows the primary language's text there again. */
export async function deleteTranslation(
  db: DbOrTx,
  websiteId: string,
  language: string,
  key: { subjectType: string; subjectId: string; field: string },
): Promise<void> {
  await db.delete(translations).where(keyIs(websiteId, language, key));
}
