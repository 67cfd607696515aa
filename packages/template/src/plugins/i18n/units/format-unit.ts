import type { CLDR, UnitType } from '@phensley/cldr';
import type { Formatter } from '../../../plugin-api.js';
import { decimalOf, numericText } from '../values.js';
import { ResultMemo } from '../../result-memo.js';
import { compact, convert, ratio, sequence, type UnitValue } from './convert.js';
import { legacyUnitPattern, usesPlainUnitSpacing, withPlainUnitSpacing } from './legacy-patterns.js';
import { categoryOf, UNIT_SETS } from './unit-data.js';
import { unitArgs, type UnitArgs } from './unit-options.js';

type System = 'us' | 'uk' | 'metric';

const temperatureUnit = (s: System): string => (s === 'us' ? 'fahrenheit' : 'celsius');
const speedUnit = (s: System): string => (s === 'metric' ? 'kilometer-per-hour' : 'mile-per-hour');
const consumptionUnit = (s: System): string => (s === 'us' ? 'mile-per-gallon' : s === 'uk' ? 'mile-per-gallon-imperial' : 'liter-per-100-kilometer');
const english = (s: System, name: string): readonly string[] | undefined => UNIT_SETS[s === 'us' ? `${name}-english` : name];

/** The unit set a `compact:` name selects, or one exact unit for single-unit kinds. */
function compactTarget(name: string, s: System): { unit?: string; set?: readonly string[] } {
  switch (name) {
    case 'temp':
    case 'temperature':
      return { unit: temperatureUnit(s) };
    case 'speed':
      return { unit: speedUnit(s) };
    case 'consumption':
      return { unit: consumptionUnit(s) };
    case 'angles':
      return { set: UNIT_SETS.angle };
    case 'bit':
      return { set: UNIT_SETS.bits };
    case 'byte':
      return { set: UNIT_SETS.bytes };
    case 'area':
    case 'length':
    case 'mass':
    case 'volume':
    case 'liquid':
      return { set: english(s, name) };
    default:
      return { set: UNIT_SETS[name] };
  }
}

/** The default display for a category: a compact set, or one exact unit. */
function defaultTarget(unit: string, s: System): { unit?: string; set?: readonly string[] } {
  switch (categoryOf(unit)) {
    case 'acceleration':
      return { unit: 'meter-per-square-second' };
    case 'angle':
      return { set: UNIT_SETS.angle };
    case 'area':
      return { set: english(s, 'area') };
    case 'consumption':
      return { unit: consumptionUnit(s) };
    case 'digital':
      return { set: UNIT_SETS.bytes };
    case 'duration':
      return { set: UNIT_SETS.duration };
    case 'electric':
      return { set: UNIT_SETS.electric };
    case 'energy':
      return { set: UNIT_SETS.energy };
    case 'frequency':
      return { set: UNIT_SETS.frequency };
    case 'length':
      return { set: english(s, 'length') };
    case 'mass':
      return { set: english(s, 'mass') };
    case 'power':
      return { set: UNIT_SETS.power };
    case 'pressure':
      return { unit: 'millibar' };
    case 'speed':
      return { unit: speedUnit(s) };
    case 'temperature':
      return { unit: temperatureUnit(s) };
    case 'volume':
      return { set: english(s, 'volume') };
    default:
      return {};
  }
}

/** The input unit assumed from the output unit when `in:` is missing. */
function inputFor(unit: string, s: System): string {
  if (/bit$/.test(unit)) return 'bit';
  if (/byte$/.test(unit)) return 'byte';
  if (categoryOf(unit) === 'temperature') return temperatureUnit(s);
  if (categoryOf(unit) === 'consumption') return consumptionUnit(s);
  return unit;
}

/** Sorted copies per unit list (parsed argument lists are kept per call site). */
const SORTED = new WeakMap<readonly string[], string[]>();

/** Orders units of one category largest first. */
function bySize(units: readonly string[]): string[] {
  let sorted = SORTED.get(units);
  if (sorted === undefined) {
    sorted = [...units].sort((a, b) => ratio(b, a).compare(ratio(a, a)));
    SORTED.set(units, sorted);
  }
  return sorted;
}

/** Converts the amount as the arguments ask: exact unit, compact form, sequence, or the category default. */
function resolve(amount: UnitValue['amount'], a: UnitArgs, s: System): UnitValue[] | undefined {
  let exact = a.exact;
  let set: readonly string[] | undefined;
  let split = false;
  if (a.compact !== undefined) {
    const target = compactTarget(a.compact, s);
    exact = target.unit ?? exact;
    set = target.set;
  } else if (a.choices) set = bySize(a.choices);
  else if (a.sequence) {
    set = bySize(a.sequence);
    split = true;
  }
  const input = a.input ?? (exact ? inputFor(exact, s) : a.choices ? inputFor(a.choices[0] as string, s) : set?.[set.length - 1]);
  if (input === undefined) return undefined;
  const value: UnitValue = { amount, unit: input };
  if (exact) return [convert(value, exact)];
  if (set) return split ? sequence(value, set) : [compact(value, set)];
  const fallback = defaultTarget(input, s);
  if (fallback.unit) return [convert(value, fallback.unit)];
  return [fallback.set ? compact(value, fallback.set) : value];
}

interface PreparedArgs {
  readonly a: UnitArgs;
  readonly number: Record<string, unknown>;
  /** The number options with the unit name width. */
  readonly withLength: Record<string, unknown>;
}

/** Parsed arguments per argument list (a compiled formatter call keeps its list). */
const PREPARED = new WeakMap<readonly string[], PreparedArgs>();

/** Parsed arguments per argument text, for callers that build a new list per call (message functions). */
const PREPARED_BY_TEXT = new Map<string, PreparedArgs>();

/** Argument texts kept before the text-keyed table starts over. */
const MAX_PREPARED_TEXTS = 512;

/** The parsed arguments and number options of an argument list, parsed once per list or argument text. */
function preparedArgs(args: readonly string[]): PreparedArgs {
  let p = PREPARED.get(args);
  if (p !== undefined) return p;
  const text = args.join('\u0000');
  p = PREPARED_BY_TEXT.get(text);
  if (p === undefined) {
    const a = unitArgs(args);
    const number = { group: false, ...a.number } as Record<string, unknown>;
    if (number.maximumFractionDigits === undefined && number.maximumSignificantDigits === undefined) {
      number.maximumFractionDigits = Math.max(1, Number(number.minimumFractionDigits ?? 0));
    }
    p = { a, number, withLength: { ...number, length: a.length } };
    if (PREPARED_BY_TEXT.size >= MAX_PREPARED_TEXTS) PREPARED_BY_TEXT.clear();
    PREPARED_BY_TEXT.set(text, p);
  }
  PREPARED.set(args, p);
  return p;
}

/**
 * Converts and formats a quantity: `{n|unit in:inch out:centimeter}`, `{n|unit in:byte compact:bytes}`,
 * `{n|unit in:second sequence:hour,minute,second format:long}`. Narrow names, one fraction digit and
 * no digit grouping unless asked; the reference's older patterns where they differ (`legacy-patterns.ts`).
 * Non-numeric input gives ''.
 */
export function formatUnit(cldr: CLDR, raw: unknown, args: readonly string[]): string {
  const text = numericText(raw);
  if (text === undefined) return '';
  const prepared = preparedArgs(args);
  const results = RESULTS.table(cldr, prepared);
  const known = results.get(text);
  return known !== undefined ? known : RESULTS.store(results, text, formatAmount(cldr, text, prepared));
}

/** Formatted quantities per locale, parsed arguments and amount text. */
const RESULTS = new ResultMemo(256);

function formatAmount(cldr: CLDR, text: string, { a, number, withLength }: PreparedArgs): string {
  const amount = decimalOf(text);
  if (!amount) return '';
  const system = cldr.General.measurementSystem() as System;
  const values = a.input || a.exact || a.choices || a.compact !== undefined || a.sequence ? resolve(amount, a, system) : undefined;
  if (!values) return cldr.Numbers.formatDecimal(amount, number);
  const language = cldr.General.locale().tag.language();
  const plainSpacing = usesPlainUnitSpacing(language);
  return values
    .map((v) => {
      const legacy = legacyUnitPattern(language, a.length, v.unit);
      if (legacy !== undefined) return legacy.replace('{0}', cldr.Numbers.formatDecimal(v.amount, number));
      const quantity = cldr.Units.formatQuantity({ value: v.amount, unit: v.unit as UnitType }, withLength);
      return plainSpacing ? withPlainUnitSpacing(quantity, cldr.Numbers.formatDecimal(v.amount, number)) : quantity;
    })
    .join(' ');
}

/** `{n|unit in:... out:...}`: unit conversion and formatting with CLDR unit names. */
export const unit: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const cldr = ctx.cldr as CLDR | undefined;
    first.set(cldr ? formatUnit(cldr, first.value, args) : '');
  },
};
