import type { CurrencyFormatOptions, DateFormatOptions, DateIntervalFormatOptions, DecimalFormatOptions, RelativeTimeFormatOptions } from '@phensley/cldr';
import { ArgsMemo } from '../args-memo.js';

/** Upper bound for every digit-count option (spec: number digits clamp 0-50). */
export const MAX_DIGITS = 50;

const DECIMAL_STYLES = new Set(['decimal', 'short', 'long', 'scientific', 'percent', 'percent-scaled', 'permille', 'permille-scaled']);
const CURRENCY_STYLES = new Set(['symbol', 'accounting', 'code', 'name', 'short']);
const ROUNDING = new Set(['up', 'down', 'ceiling', 'floor', 'half-up', 'half-down', 'half-even']);
const WIDTHS = new Set(['short', 'medium', 'long', 'full']);
const CONTEXTS = new Set(['middle-of-text', 'begin-sentence', 'standalone', 'ui-list-or-menu']);
const CALENDARS: Record<string, string> = {
  gregorian: 'gregory',
  gregory: 'gregory',
  buddhist: 'buddhist',
  iso8601: 'iso8601',
  persian: 'persian',
  japanese: 'japanese',
};
const FIELDS = new Set(['year', 'month', 'week', 'day', 'hour', 'minute', 'second', 'millis']);
const FIELD_WIDTHS = new Set(['short', 'narrow', 'wide']);

type Opts = Record<string, unknown>;

/** Splits `key:value` (or a bare `key`, value ''). */
export function splitOption(arg: string): [string, string] {
  const i = arg.indexOf(':');
  return i === -1 ? [arg, ''] : [arg.slice(0, i), arg.slice(i + 1)];
}

const digits = (v: string): number => {
  const n = Number.parseInt(v, 10);
  return Math.min(MAX_DIGITS, Math.max(0, Number.isFinite(n) ? n : 0));
};

/** Applies a shared number option (grouping, rounding, digit limits); false when the key is not one. */
export function numberOption(key: string, val: string, o: Opts): boolean {
  switch (key) {
    case 'group':
    case 'grouping':
      o.group = val === '' || val === 'true';
      return true;
    case 'no-group':
    case 'no-grouping':
      o.group = false;
      return true;
    case 'round':
    case 'rounding':
      if (val === 'ceil') o.round = 'ceiling';
      else if (val === 'truncate') o.round = 'down';
      else if (ROUNDING.has(val)) o.round = val;
      return true;
    case 'minint':
    case 'minInt':
    case 'minimumIntegerDigits':
      o.minimumIntegerDigits = digits(val);
      return true;
    case 'maxfrac':
    case 'maxFrac':
    case 'maximumFractionDigits':
      o.maximumFractionDigits = digits(val);
      return true;
    case 'minfrac':
    case 'minFrac':
    case 'minimumFractionDigits':
      o.minimumFractionDigits = digits(val);
      return true;
    case 'maxsig':
    case 'maxSig':
    case 'maximumSignificantDigits':
      o.maximumSignificantDigits = digits(val);
      return true;
    case 'minsig':
    case 'minSig':
    case 'minimumSignificantDigits':
      o.minimumSignificantDigits = digits(val);
      return true;
    default:
      return false;
  }
}

/** Options for `decimal` / `{0 number}`: `style:percent group maxfrac:2 round:down`... */
export function decimalOptions(args: readonly string[]): DecimalFormatOptions {
  const o: Opts = {};
  for (const arg of args) {
    const [key, val] = splitOption(arg);
    if (key === 'style') {
      if (DECIMAL_STYLES.has(val)) o.style = val;
      else if (val === 'standard') o.style = 'decimal';
    } else numberOption(key, val, o);
  }
  return o as DecimalFormatOptions;
}

/** Options for `money` / `{0 currency}`: `style:short symbol:narrow`, plus number options. */
export function currencyOptions(args: readonly string[]): CurrencyFormatOptions {
  const o: Opts = {};
  for (const arg of args) {
    const [key, val] = splitOption(arg);
    if (key === 'style') {
      if (CURRENCY_STYLES.has(val)) o.style = val;
      else if (val === 'standard') o.style = 'symbol';
    } else if (key === 'symbol') {
      if (val === 'default' || val === 'narrow') o.symbolWidth = val;
    } else numberOption(key, val, o);
  }
  return o as CurrencyFormatOptions;
}

const appendSkeleton = (o: Opts, fields: string): void => {
  o.skeleton = typeof o.skeleton === 'string' ? o.skeleton + fields : fields;
};

/** Options for `datetime`: widths (`long`, `date:short time:medium`), skeletons, `wrap:`, `calendar:`, `context:`. */
export function datetimeOptions(args: readonly string[]): DateFormatOptions {
  const o: Opts = { ca: 'gregory' };
  for (const arg of args) {
    const [key, val] = splitOption(arg);
    if (val === '') {
      if (key === 'date' || key === 'time') o[key] = 'short';
      else if (WIDTHS.has(key)) o.datetime = key;
      else appendSkeleton(o, key);
      continue;
    }
    switch (key) {
      case 'calendar':
        o.ca = CALENDARS[val] ?? o.ca;
        break;
      case 'context':
        if (CONTEXTS.has(val)) o.context = val;
        break;
      case 'date':
      case 'time':
      case 'datetime':
        if (WIDTHS.has(val)) o[key] = val;
        else appendSkeleton(o, val);
        break;
      case 'skeleton':
        o.skeleton = val;
        break;
      case 'wrap':
      case 'wrapper':
      case 'wrapped':
        if (WIDTHS.has(val)) o.wrap = val;
        break;
      default:
        break;
    }
  }
  return o as DateFormatOptions;
}

/** Options for `datetime-interval`: a bare skeleton (`yMMMd`), `skeleton:`, `date:`, `time:`, `context:`. */
export function intervalOptions(args: readonly string[]): DateIntervalFormatOptions {
  const o: Opts = { ca: 'gregory' };
  for (const arg of args) {
    const [key, val] = splitOption(arg);
    if (val === '') {
      if (key !== '' && !['context', 'skeleton', 'date', 'time'].includes(key)) o.skeleton = key;
      continue;
    }
    if (key === 'context') {
      if (CONTEXTS.has(val)) o.context = val;
    } else if (key === 'skeleton' || key === 'date' || key === 'time') o[key] = val;
  }
  return o as DateIntervalFormatOptions;
}

/** Options for `relative-time`: `field:day width:short context:begin-sentence allowWeeks:true`... */
export function relativeTimeOptions(args: readonly string[]): RelativeTimeFormatOptions {
  const o: Opts = { ca: 'gregory' };
  for (const arg of args) {
    const [key, val] = splitOption(arg);
    switch (key) {
      case 'context':
        if (CONTEXTS.has(val)) o.context = val;
        break;
      case 'field':
        if (FIELDS.has(val)) o.field = val;
        break;
      case 'width':
        if (FIELD_WIDTHS.has(val)) o.width = val;
        break;
      case 'dayOfWeek':
      case 'numericOnly':
      case 'allowWeeks':
      case 'alwaysNow':
        o[key] = val === 'true';
        break;
      default:
        numberOption(key, val, o);
        break;
    }
  }
  return o as RelativeTimeFormatOptions;
}

const frozen = <T>(parse: (args: readonly string[]) => T) => new ArgsMemo((args) => Object.freeze(parse(args)));

const DECIMAL_MEMO = frozen(decimalOptions);
const CURRENCY_MEMO = frozen(currencyOptions);
const DATETIME_MEMO = frozen(datetimeOptions);
const INTERVAL_MEMO = frozen(intervalOptions);
const RELATIVE_MEMO = frozen(relativeTimeOptions);

/** `decimalOptions(args)`, parsed once per argument list (frozen, shared). */
export const decimalOptionsOf = (args: readonly string[]): DecimalFormatOptions => DECIMAL_MEMO.get(args);
/** `currencyOptions(args)`, parsed once per argument list (frozen, shared). */
export const currencyOptionsOf = (args: readonly string[]): CurrencyFormatOptions => CURRENCY_MEMO.get(args);
/** `datetimeOptions(args)`, parsed once per argument list (frozen, shared). */
export const datetimeOptionsOf = (args: readonly string[]): DateFormatOptions => DATETIME_MEMO.get(args);
/** `intervalOptions(args)`, parsed once per argument list (frozen, shared). */
export const intervalOptionsOf = (args: readonly string[]): DateIntervalFormatOptions => INTERVAL_MEMO.get(args);
/** `relativeTimeOptions(args)`, parsed once per argument list (frozen, shared). */
export const relativeTimeOptionsOf = (args: readonly string[]): RelativeTimeFormatOptions => RELATIVE_MEMO.get(args);
