/** Value coercions used by the core formatters and predicates (JSON-T conversion rules). */
import { JsonDecimal, plainValue } from '../../json-decimal.js';

/** Strings as-is; numbers and booleans via `String()` (a `JsonDecimal` as written); everything else is `''`. */
export function asString(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
      return String(v);
    default:
      return v instanceof JsonDecimal ? v.text : '';
  }
}

/** Numbers as-is; strings parsed (`parseFloat` when they contain `.`, else base-10 `parseInt`); booleans 1/0; else 0. */
export function asNumber(v: unknown): number {
  switch (typeof v) {
    case 'number':
      return v;
    case 'string':
      return v.indexOf('.') !== -1 ? parseFloat(v) : parseInt(v, 10);
    case 'boolean':
      return v ? 1 : 0;
    default:
      return v instanceof JsonDecimal ? v.value : 0;
  }
}

/** Booleans as-is; the string `"true"`; non-zero integers. Everything else is false. */
export function asBoolean(v: unknown): boolean {
  switch (typeof v) {
    case 'boolean':
      return v;
    case 'string':
      return v === 'true';
    case 'number':
      return Number.isInteger(v) && v !== 0;
    default:
      return v instanceof JsonDecimal && asBoolean(v.value);
  }
}

/** Structural equality of JSON values (missing and null are equal). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (a === b) return true;
  if (a instanceof JsonDecimal || b instanceof JsonDecimal) return plainValue(a) === plainValue(b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], bb[i])) return false;
    return true;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ob = b as Record<string, unknown>;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(ob, k)) return false;
    if (!deepEqual((a as Record<string, unknown>)[k], ob[k])) return false;
  }
  return true;
}

/** Ordering used by the comparison predicates: by the left value's type. */
export function compareValues(a: unknown, b: unknown): number {
  switch (typeof a) {
    case 'number': {
      const n = asNumber(b);
      return a < n ? -1 : a === n ? 0 : 1;
    }
    case 'string': {
      const s = asString(b);
      return a < s ? -1 : a === s ? 0 : 1;
    }
    case 'boolean': {
      const x = asBoolean(b);
      return a === x ? 0 : a ? 1 : -1;
    }
    default:
      return a instanceof JsonDecimal ? compareValues(a.value, b) : deepEqual(a, b) ? 0 : -1;
  }
}
