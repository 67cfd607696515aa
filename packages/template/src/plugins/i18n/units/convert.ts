import { Decimal } from '@phensley/cldr';
import { categoryOf, factorOf, PI } from './unit-data.js';

/** A quantity in a unit. */
export interface UnitValue {
  readonly amount: Decimal;
  readonly unit: string;
}

const CONTEXT = { scale: 30, round: 'half-even' } as const;

const term = (s: string): Decimal => new Decimal(s.trim() === 'pi' ? PI : s.trim());

/** Parsed factor expressions; keys are the unit table's factors (a fixed set). */
const RATIONALS = new Map<string, readonly [Decimal, Decimal]>();

/** Numerator and denominator of a factor expression (`a` or `a/b`). */
function rational(expr: string): readonly [Decimal, Decimal] {
  let r = RATIONALS.get(expr);
  if (r === undefined) {
    const [num = '1', den = '1'] = expr.split('/');
    r = [term(num), term(den)];
    RATIONALS.set(expr, r);
  }
  return r;
}

const divide = (n: Decimal, d: Decimal): Decimal => n.divide(d, CONTEXT).stripTrailingZeros();

const FIVE_NINTHS = new Decimal(5).divide(9, CONTEXT);
const KELVIN_OFFSET = new Decimal('273.15');

function temperature(amount: Decimal, from: string, to: string): Decimal {
  let celsius = amount;
  if (from === 'fahrenheit') celsius = amount.subtract(32).multiply(5).divide(9, CONTEXT);
  else if (from === 'kelvin') celsius = amount.subtract(KELVIN_OFFSET);
  if (to === 'fahrenheit') return divide(celsius.multiply(9), new Decimal(5)).add(32).stripTrailingZeros();
  if (to === 'kelvin') return celsius.add(KELVIN_OFFSET).stripTrailingZeros();
  return celsius.stripTrailingZeros();
}

const LITERS_PER_US_GALLON = new Decimal('3.785411784');
const LITERS_PER_UK_GALLON = new Decimal('4.54609');
const KM_PER_MILE = new Decimal('1.609344');

/** Converts fuel consumption between miles per gallon (US or imperial) and liters per distance. */
function gallon(unit: string): Decimal {
  return unit === 'mile-per-gallon-imperial' ? LITERS_PER_UK_GALLON : LITERS_PER_US_GALLON;
}

function isMpg(unit: string): boolean {
  return unit.startsWith('mile-per-gallon');
}

function consumption(amount: Decimal, from: string, to: string): Decimal {
  let per100km: Decimal;
  if (isMpg(from)) per100km = divide(gallon(from).multiply(100), amount.multiply(KM_PER_MILE));
  else per100km = from === 'liter-per-kilometer' ? amount.multiply(100) : amount;
  if (isMpg(to)) return divide(gallon(to).multiply(100), per100km.multiply(KM_PER_MILE));
  return (to === 'liter-per-kilometer' ? divide(per100km, new Decimal(100)) : per100km).stripTrailingZeros();
}

/** Memoised ratios between units of the table (Decimals are immutable); unknown names are not kept. */
const RATIOS = new Map<string, Decimal>();

/** The size of `unit` measured in `base` (both of one category). */
export function ratio(unit: string, base: string): Decimal {
  const key = `${unit} ${base}`;
  let r = RATIOS.get(key);
  if (r === undefined) {
    const [n1, d1] = rational(factorOf(unit) ?? '1');
    const [n2, d2] = rational(factorOf(base) ?? '1');
    r = divide(n1.multiply(d2), d1.multiply(n2));
    if (factorOf(unit) !== undefined && factorOf(base) !== undefined) RATIOS.set(key, r);
  }
  return r;
}

/** Converts a value to another unit of the same category; other targets leave it unchanged. */
export function convert(value: UnitValue, target: string): UnitValue {
  const category = categoryOf(value.unit);
  if (value.unit === target || category === undefined || category !== categoryOf(target)) return value;
  if (category === 'temperature') {
    return { amount: temperature(value.amount, value.unit, target), unit: target };
  }
  if (category === 'consumption') {
    return value.amount.isZero() ? value : { amount: consumption(value.amount, value.unit, target), unit: target };
  }
  const [num, den] = conversionFactor(value.unit, target);
  return { amount: divide(value.amount.multiply(num), den), unit: target };
}

/** Exact numerator and denominator that take an amount from one unit to another, per unit pair. */
const FACTORS = new Map<string, readonly [Decimal, Decimal]>();

/** `[n1 * d2, d1 * n2]` for units of factors `n1/d1` and `n2/d2` (exact products, no rounding). */
function conversionFactor(from: string, to: string): readonly [Decimal, Decimal] {
  const key = `${from} ${to}`;
  let f = FACTORS.get(key);
  if (f === undefined) {
    const [n1, d1] = rational(factorOf(from) ?? '1');
    const [n2, d2] = rational(factorOf(to) ?? '1');
    f = [n1.multiply(d2), d1.multiply(n2)];
    if (factorOf(from) !== undefined && factorOf(to) !== undefined) FACTORS.set(key, f);
  }
  return f;
}

/** Expresses a value in the largest unit of `units` (largest first) that it reaches, else the smallest. */
export function compact(value: UnitValue, units: readonly string[]): UnitValue {
  const base = units[units.length - 1];
  if (base === undefined) return value;
  const inBase = convert(value, base);
  const magnitude = inBase.amount.abs();
  for (let i = 0; i < units.length; i++) {
    const unit = units[i] as string;
    const size = ratio(unit, base);
    if (size.compare(magnitude) <= 0 || i === units.length - 1) {
      return { amount: divide(inBase.amount, size), unit };
    }
  }
  return inBase;
}

const withSign = (d: Decimal, negative: boolean): Decimal => (negative ? d.negate() : d);

/** Breaks a value into whole amounts of `units` (largest first), the last one keeping the fraction. */
export function sequence(value: UnitValue, units: readonly string[]): UnitValue[] {
  const base = units[units.length - 1];
  if (base === undefined) return [value];
  const inBase = convert(value, base);
  const negative = inBase.amount.isNegative();
  let rest = inBase.amount.abs();
  const out: UnitValue[] = [];
  for (let i = 0; i < units.length; i++) {
    const unit = units[i] as string;
    const size = ratio(unit, base);
    const sign = negative && out.length === 0;
    if (i === units.length - 1) {
      if (!rest.isZero() || out.length === 0) out.push({ amount: withSign(divide(rest, size), sign), unit });
    } else if (size.compare(rest) <= 0) {
      const [whole, remainder] = rest.divmod(size);
      out.push({ amount: withSign(whole.stripTrailingZeros(), sign), unit });
      rest = remainder;
    }
  }
  return out;
}
