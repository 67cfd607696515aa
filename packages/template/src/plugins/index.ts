/** The built-in plugin registry: every family's formatters and predicates, registered explicitly. */
import type { Formatter, FormatterTable, Predicate, PredicateTable } from '../plugin-api.js';
import * as core from './core/index.js';
import * as commerce from './commerce/index.js';
import * as content from './content/index.js';
import * as social from './social/index.js';
import * as slide from './slide/index.js';
import * as date from './date/index.js';
import * as i18n from './i18n/index.js';

const FAMILIES = [core, commerce, content, social, slide, date, i18n] as const;

/** Merges tables into one null-prototype map (later tables win). */
function merge<T>(tables: readonly (Readonly<Record<string, T>> | undefined)[]): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  for (const t of tables) if (t) for (const key of Object.keys(t)) out[key] = t[key] as T;
  return out;
}

/** A fresh mutable copy of all built-in formatters. */
export function builtinFormatters(): Record<string, Formatter> {
  return merge<Formatter>(FAMILIES.map((f) => (f as { formatters?: FormatterTable }).formatters));
}

/** A fresh mutable copy of all built-in predicates. */
export function builtinPredicates(): Record<string, Predicate> {
  return merge<Predicate>(FAMILIES.map((f) => (f as { predicates?: PredicateTable }).predicates));
}
