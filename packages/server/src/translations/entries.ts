import type { TranslationRow } from './repository.js';
import { sourceHash } from './source-hash.js';
import { builtInSystemText } from './system-text-set.js';
import { textKey, type SourceText } from './subjects.js';

/** Where a source text stands in a language: not translated, translated from an older source (stale), or translated from this one. */
export const TRANSLATION_STATES = ['missing', 'stale', 'current'] as const;
export type TranslationState = (typeof TRANSLATION_STATES)[number];

/** One source text beside its translation into one language. */
export interface TranslationEntry extends Omit<SourceText, 'text'> {
  /** The text in the primary language, as it is now. */
  readonly source: string;
  readonly translation: string | null;
  readonly state: TranslationState;
  readonly updatedAt: string | null;
  /** System texts: the language's built-in text, shown while the owner has not translated it. */
  readonly builtIn?: string;
}

/** Each source text of `sources` with its translation among `rows` (one language's, `language`) and its state. */
export function translationEntries(sources: readonly SourceText[], rows: readonly TranslationRow[], language?: string): TranslationEntry[] {
  const byKey = new Map(rows.map((row) => [textKey(row.subjectType, row.subjectId, row.field), row]));
  return sources.map(({ text, ...subject }) => {
    const builtIn = language && subject.subjectType === 'system' ? builtInSystemText(language, subject.subjectId) : undefined;
    const extra = builtIn === undefined ? {} : { builtIn };
    const row = byKey.get(textKey(subject.subjectType, subject.subjectId, subject.field));
    if (!row) return { ...subject, source: text, translation: null, state: 'missing', updatedAt: null, ...extra };
    const state = row.sourceHash === sourceHash(text) ? 'current' : 'stale';
    return { ...subject, source: text, translation: row.text, state, updatedAt: row.updatedAt.toISOString(), ...extra };
  });
}

/** How many entries are in each state. */
export function stateCounts(entries: readonly TranslationEntry[]): Record<TranslationState, number> {
  const counts: Record<TranslationState, number> = { missing: 0, stale: 0, current: 0 };
  for (const entry of entries) counts[entry.state] += 1;
  return counts;
}

/** The source text of `key` among `sources`. */
export function sourceOf(sources: readonly SourceText[], key: { subjectType: string; subjectId: string; field: string }): SourceText | undefined {
  return sources.find((s) => s.subjectType === key.subjectType && s.subjectId === key.subjectId && s.field === key.field);
}
