import { parse } from 'csv-parse/sync';
import { toCsv } from '../csv/index.js';
import type { ExchangedText, ExchangeReading, ExportedEntries } from './exchange.js';
import { TranslationMessages as M } from './messages.js';

/** Columns of a translations CSV file, in order. */
export const CSV_COLUMNS = ['language', 'subject_type', 'subject_id', 'field', 'label', 'state', 'source', 'translation'] as const;

/** The translations into `language` as CSV (RFC 4180, through the owner exports' CSV writer). */
export function translationsCsv(language: string, entries: ExportedEntries): string {
  return toCsv(
    CSV_COLUMNS,
    entries.map((e) => [language, e.subjectType, e.subjectId, e.field, e.label, e.state, e.source, e.translation ?? '']),
  );
}

/** The CSV writer prefixes texts a spreadsheet would run as formulas with an apostrophe; reading takes it off again. */
function unguarded(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** Reads a translations CSV file (the columns of {@link CSV_COLUMNS} by name, in any order; `label` and `state` are ignored). */
export function readTranslationsCsv(content: string): ExchangeReading {
  let records: Record<string, string>[];
  try {
    records = parse(content, { bom: true, columns: true, skip_empty_lines: true, relax_column_count: false, trim: false });
  } catch (error) {
    return { ok: false, message: M.UNREADABLE_CSV(error instanceof Error ? error.message : String(error)) };
  }
  const first = records[0];
  for (const column of ['subject_type', 'subject_id', 'field', 'translation'])
    if (first && !(column in first)) return { ok: false, message: M.MISSING_COLUMN(column) };
  const languages = new Set(records.map((r) => r.language).filter((l): l is string => !!l));
  if (languages.size > 1) return { ok: false, message: M.SEVERAL_LANGUAGES };
  const texts: ExchangedText[] = records.map((r) => ({
    subjectType: unguarded(r.subject_type ?? ''),
    subjectId: unguarded(r.subject_id ?? ''),
    field: unguarded(r.field ?? ''),
    source: r.source === undefined ? undefined : unguarded(r.source),
    translation: unguarded(r.translation ?? ''),
  }));
  return { ok: true, language: [...languages][0], texts };
}
