import { escapeAttribute } from '../core/escape.js';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};

/**
 * Escapes quotes and angle brackets but keeps `&` as written: for attribute values
 * whose established markup carries localized text with literal ampersands.
 */
export function escapeAttributeKeepAmpersand(text: string): string {
  return text.replace(/[<>"]/g, (ch) => ESCAPES[ch] as string);
}

/** JSON for embedding in markup: `</` is written `<\/` so it cannot close a script. */
export function jsonForMarkup(value: unknown): string {
  return (JSON.stringify(value) ?? '').replace(/<\//g, '<\\/');
}

/** JSON escaped for a double-quoted HTML attribute. */
export function jsonAttribute(value: unknown): string {
  return escapeAttribute(jsonForMarkup(value));
}
