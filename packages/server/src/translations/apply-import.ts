import type { ExchangedText } from './exchange.js';
import type { TranslationRow, TranslationWrite } from './repository.js';
import { sourceHash } from './source-hash.js';
import { SLUG_FIELD, textKey, type SourceText } from './subjects.js';
import { isSlug } from './slugs.js';
import { placeholderProblem } from './placeholders.js';

/** A translation as stored: cleaned like its source (owner HTML; a raw block's for a role without the code permission), `previous` the stored one. */
export type StoredText = (source: SourceText, text: string, previous: string | undefined) => string;

/** What an import stores and what it leaves out. */
export interface ImportPlan {
  readonly writes: TranslationWrite[];
  /** Texts the site no longer has, slugs that are not slugs, system texts with other placeholders than the English and HTML with nothing left once cleaned (empty translations are left out without counting). */
  readonly skipped: number;
  /** Translations made from a source other than today's: stored, and flagged stale. */
  readonly stale: number;
  /** Translations the file holds as they are stored: left as they are, stale or not. */
  readonly unchanged: number;
}

/**
 * The translations of an imported file to store. Each keeps the hash of the source the file
 * says it was made from, so a translation made from an older text is stored and flagged stale;
 * a file without source texts is taken as made from today's. A translation the file holds as it
 * is stored (or that cleaning makes the stored one) is left as it is, so exporting and
 * importing again keeps the stale flags. Each text is stored as `storedText` gives it: owner
 * HTML cleaned like its source, as a save cleans it.
 */
export function planImport(
  sources: readonly SourceText[],
  stored: readonly TranslationRow[],
  texts: readonly ExchangedText[],
  storedText: StoredText,
): ImportPlan {
  const byKey = new Map(sources.map((s) => [textKey(s.subjectType, s.subjectId, s.field), s]));
  const storedTexts = new Map(stored.map((r) => [textKey(r.subjectType, r.subjectId, r.field), r.text]));
  let unchanged = 0;
  const writes = new Map<string, TranslationWrite>();
  let skipped = 0;
  let stale = 0;
  for (const text of texts) {
    const key = textKey(text.subjectType, text.subjectId, text.field);
    const source = byKey.get(key);
    if (!text.translation.trim()) continue;
    if (
      !source ||
      (text.field === SLUG_FIELD && !isSlug(text.translation)) ||
      (source.subjectType === 'system' && placeholderProblem(source.text, text.translation) !== null)
    ) {
      skipped += 1;
      continue;
    }
    const previous = storedTexts.get(key);
    const translation = storedText(source, text.translation, previous);
    if (!translation.trim()) {
      skipped += 1;
      continue;
    }
    if (previous === translation) {
      unchanged += 1;
      continue;
    }
    const madeFrom = text.source ?? source.text;
    if (madeFrom !== source.text) stale += 1;
    writes.set(key, {
      subjectType: source.subjectType,
      subjectId: source.subjectId,
      field: source.field,
      text: translation,
      sourceHash: sourceHash(madeFrom),
    });
  }
  return { writes: [...writes.values()], skipped, stale, unchanged };
}
