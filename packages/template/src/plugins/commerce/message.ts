import type { PluginContext } from '../../plugin-api.js';
import { cldrOf, type CommerceCldr } from './money-format.js';

type MessageFormatter = ReturnType<CommerceCldr['General']['messageFormatter']>;

/** One message formatter per locale: a formatter keeps the patterns it has parsed. */
const FORMATTERS = new WeakMap<CommerceCldr, MessageFormatter>();

function messageFormatterFor(cldr: CommerceCldr): MessageFormatter {
  let f = FORMATTERS.get(cldr);
  if (f === undefined) {
    f = cldr.General.messageFormatter();
    FORMATTERS.set(cldr, f);
  }
  return f;
}

const PLACEHOLDER = /\{\s*([A-Za-z_][\w-]*)\s*\}/g;
const ICU_ARGUMENT = /\{\s*[A-Za-z_][\w-]*\s*,/;

/**
 * Fills a localized message pattern with named arguments. Plain `{name}` placeholders are
 * substituted directly (apostrophes stay literal); patterns with ICU arguments such as
 * `{n, plural, ...}` go through the CLDR message formatter. Unknown names give `''`.
 */
export function formatMessage(pattern: string, named: Readonly<Record<string, string | number>>, ctx: PluginContext): string {
  const parsed = parsedPattern(pattern);
  if (parsed.icu) {
    const cldr = cldrOf(ctx);
    if (cldr) return messageFormatterFor(cldr).format(pattern, [], { ...named });
  }
  const parts = parsed.parts;
  let out = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i] as string;
    if (Object.hasOwn(named, name)) out += String(named[name]);
    out += parts[i + 1] as string;
  }
  return out;
}

/** A pattern split at its `{name}` placeholders: text, name, text, ..., text. */
interface ParsedPattern {
  readonly icu: boolean;
  readonly parts: readonly string[];
}

/** Patterns kept before the table starts over (patterns come from localized strings). */
const MAX_PATTERNS = 256;
const PATTERNS = new Map<string, ParsedPattern>();

function parsedPattern(pattern: string): ParsedPattern {
  let p = PATTERNS.get(pattern);
  if (p === undefined) {
    const parts: string[] = [];
    let last = 0;
    for (const m of pattern.matchAll(PLACEHOLDER)) {
      parts.push(pattern.slice(last, m.index), m[1] as string);
      last = m.index + m[0].length;
    }
    parts.push(pattern.slice(last));
    p = { icu: ICU_ARGUMENT.test(pattern), parts };
    if (PATTERNS.size >= MAX_PATTERNS) PATTERNS.clear();
    PATTERNS.set(pattern, p);
  }
  return p;
}
