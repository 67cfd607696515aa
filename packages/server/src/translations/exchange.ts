import type { TranslationEntry } from './entries.js';

/** File formats translations are exported and imported in. */
export const EXCHANGE_FORMATS = ['csv', 'xliff'] as const;
export type ExchangeFormat = (typeof EXCHANGE_FORMATS)[number];

/** One translation read from an exchange file: the subject's field, the source it was made from (when the file names it) and the text. */
export interface ExchangedText {
  readonly subjectType: string;
  readonly subjectId: string;
  readonly field: string;
  readonly source: string | undefined;
  readonly translation: string;
}

/** What reading a file found: its translations, or why it cannot be read. */
export type ExchangeReading = { ok: true; language: string | undefined; texts: ExchangedText[] } | { ok: false; message: string };

/** The id of an entry in exchange files: type, id and field, each URI-encoded, joined by `/`. */
export function exchangeId(entry: { subjectType: string; subjectId: string; field: string }): string {
  return [entry.subjectType, entry.subjectId, entry.field].map(encodeURIComponent).join('/');
}

/** The subject's field an exchange id names, or undefined when it is not one. */
export function readExchangeId(id: string): { subjectType: string; subjectId: string; field: string } | undefined {
  const parts = id.split('/');
  if (parts.length !== 3) return undefined;
  try {
    const [subjectType, subjectId, field] = parts.map((p) => decodeURIComponent(p)) as [string, string, string];
    return subjectType && subjectId && field ? { subjectType, subjectId, field } : undefined;
  } catch {
    return undefined;
  }
}

/** Entries as they are exported: every one, with its translation or an empty one to fill in. */
export type ExportedEntries = readonly TranslationEntry[];
