import type { PluginContext } from '../../plugin-api';
import { cldrOf, type CommerceCldr } from './money-format';

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
export function formatMessage(
  pattern: string,
  named: Readonly<Record<string, string | number>>,
  ctx: PluginContext,
): string {
  if (ICU_ARGUMENT.test(pattern)) {
    const cldr = cldrOf(ctx);
    if (cldr) return messageFormatterFor(cldr).format(pattern, [], { ...named });
  }
  return pattern.replace(PLACEHOLDER, (_, name: string) =>
    Object.hasOwn(named, name) ? String(named[name]) : '',
  );
}
