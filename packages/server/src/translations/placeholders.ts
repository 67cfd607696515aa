import { TranslationMessages as M } from './messages.js';

const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholders (`{option}`) of a system text, each once, in order. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * Why a translation of the system text `english` cannot be shown, or null when it can: it must
 * hold each placeholder of the English (where the values go) and no other one (no value would
 * fill it).
 */
export function placeholderProblem(english: string, translation: string): string | null {
  const wanted = placeholdersOf(english);
  const given = placeholdersOf(translation);
  const unknown = given.find((name) => !wanted.includes(name));
  if (unknown !== undefined) return M.PLACEHOLDER_UNKNOWN(unknown, wanted);
  const missing = wanted.find((name) => !given.includes(name));
  return missing === undefined ? null : M.PLACEHOLDER_MISSING(missing);
}
