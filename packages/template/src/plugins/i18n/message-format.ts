import { buildMessageMatcher, MessageEngine, parseMessagePattern, pluralRules, type CLDR, type MessageCode, type MessageFormatFuncMap } from '@phensley/cldr';
import { formatDatetime } from './datetime.js';
import { formatInterval } from './datetime-interval.js';
import { formatMoney } from './money.js';
import { LruCache } from './lru-cache.js';
import { messageArgConverter } from './message-args.js';
import { decimalOptionsOf } from './options.js';
import { ArgsMemo } from '../args-memo.js';
import { checkPluralKeys } from './plural-keys.js';
import { withoutOtherFallback } from './plural-fallback.js';
import { formatUnit } from './units/format-unit.js';
import { decimalOf, moneyOf, numberOf, numericText } from './values.js';
import { ResultMemo } from '../result-memo.js';

/** Formatted `number` arguments per locale, options and number text. */
const NUMBERS = new ResultMemo(256);

/** Parsed message patterns kept (spec section 9: message-format cache 100 entries). */
export const MESSAGE_CACHE_SIZE = 100;

const FUNCTION_NAMES = ['money', 'currency', 'datetime', 'datetime-interval', 'number', 'decimal', 'unit'];
const matcher = buildMessageMatcher(FUNCTION_NAMES);
const parsed = new LruCache<string, MessageCode>(MESSAGE_CACHE_SIZE);

/** Plural rules per locale. */
const PLURALS = new WeakMap<CLDR, ReturnType<typeof pluralRules.get>>();

/** Number of parsed patterns currently cached. */
export const cachedMessageCount = (): number => parsed.size;

function compile(pattern: string): MessageCode {
  let code = parsed.get(pattern);
  if (!code) {
    checkPluralKeys(pattern);
    code = withoutOtherFallback(parseMessagePattern(pattern, matcher));
    parsed.set(pattern, code);
  }
  return code;
}

const LIST_KEYS = /^(?:out|sequence):/;

/** Rejoins unit lists that the message parser split on commas (`sequence:hour`, `minute` -> `sequence:hour,minute`). */
export function rejoinUnitLists(opts: readonly string[]): string[] {
  const out: string[] = [];
  for (const opt of opts) {
    const last = out[out.length - 1];
    if (last !== undefined && !opt.includes(':') && LIST_KEYS.test(last)) out[out.length - 1] = `${last},${opt}`;
    else out.push(opt);
  }
  return out;
}

/** Time zones kept per CLDR instance before its function maps start over (zones come from contexts). */
const MAX_ZONES = 64;

/** Function maps per CLDR instance and time zone (they hold no per-render state). */
const FUNCTIONS = new WeakMap<CLDR, Map<string, MessageFormatFuncMap>>();

/** The message functions for a locale and time zone, built once per pair. */
function functionsFor(cldr: CLDR, zoneId: string): MessageFormatFuncMap {
  let byZone = FUNCTIONS.get(cldr);
  if (byZone === undefined) {
    byZone = new Map();
    FUNCTIONS.set(cldr, byZone);
  }
  let map = byZone.get(zoneId);
  if (map === undefined) {
    map = functions(cldr, zoneId);
    if (byZone.size >= MAX_ZONES) byZone.clear();
    byZone.set(zoneId, map);
  }
  return map;
}

/** Unit options with their lists rejoined, once per option list of a parsed pattern. */
const UNIT_OPTIONS = new ArgsMemo(rejoinUnitLists);

/** The `{0 money}`, `{0 datetime}`, `{0;1 datetime-interval}`, `{0 number}`, `{0 unit}` functions. */
function functions(cldr: CLDR, zoneId: string): MessageFormatFuncMap {
  const money = (args: unknown[], opts: string[]): string => formatMoney(cldr, args[0], opts);
  const number = (args: unknown[], opts: string[]): string => {
    const text = numericText(moneyOf(args[0])?.amount ?? args[0]);
    if (text === undefined) return '';
    const options = decimalOptionsOf(opts);
    const results = NUMBERS.table(cldr, options);
    const known = results.get(text);
    if (known !== undefined) return known;
    const d = decimalOf(text);
    return NUMBERS.store(results, text, d ? cldr.Numbers.formatDecimal(d, options) : '');
  };
  return {
    money,
    currency: money,
    number,
    decimal: number,
    datetime: (args, opts) => {
      const epoch = numberOf(args[0]);
      return Number.isFinite(epoch) ? formatDatetime(cldr, epoch, zoneId, opts) : '';
    },
    'datetime-interval': (args, opts) => {
      const start = numberOf(args[0]);
      const end = numberOf(args[1]);
      return Number.isFinite(start) && Number.isFinite(end) ? formatInterval(cldr, start, end, zoneId, opts) : '';
    },
    unit: (args, opts) => formatUnit(cldr, args[0], UNIT_OPTIONS.get(opts)),
  };
}

/**
 * Evaluates an ICU-style message pattern (`{0 plural one{# item} other{# items}}`,
 * `{name}`, `{0 money}`...) with CLDR plural rules for the locale. A plural choice
 * runs the branch of its category or `=N` value, and nothing when that is not listed
 * (no fallback to `other`, as in the reference engine).
 * @throws InvalidPluralKeyError, NonNumericArgumentError
 */
export function formatMessage(cldr: CLDR, zoneId: string, pattern: string, positional: readonly unknown[], named: Readonly<Record<string, unknown>>): string {
  let plurals = PLURALS.get(cldr);
  if (plurals === undefined) {
    const tag = cldr.General.locale().tag;
    plurals = pluralRules.get(tag.language(), tag.region());
    PLURALS.set(cldr, plurals);
  }
  const engine = new MessageEngine(plurals, messageArgConverter, functionsFor(cldr, zoneId), compile(pattern));
  return engine.evaluate(positional as unknown[], named as Record<string, unknown>);
}
