/**
 * Read-only helpers over plain JSON values, following the template language's
 * conversion rules. Lookups read own properties only.
 */
import { JsonDecimal, plainValue } from '../../json-decimal.js';

export type JsonObject = Readonly<Record<string, unknown>>;

const hasOwn = Object.prototype.hasOwnProperty;

/** True for a non-null, non-array object that is not a `JsonDecimal` number. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof JsonDecimal);
}

/** Own property `key` of an object (or index of an array); `undefined` when absent. */
export function get(value: unknown, key: string | number): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) return typeof key === 'number' && Number.isInteger(key) && key >= 0 && key < value.length ? value[key] : undefined;
  return !(value instanceof JsonDecimal) && hasOwn.call(value, key) ? (value as JsonObject)[key as string] : undefined;
}

/** Follows `path` through nested values with `get`. */
export function getPath(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  for (let i = 0; i < path.length; i++) {
    current = get(current, path[i] as string | number);
    if (current === undefined) return undefined;
  }
  return current;
}

/** The value as an array, or an empty array when it is not one. */
export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Scalars as text; null, missing, objects and arrays give `''`. */
export function asString(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
      return String(value);
    default:
      return value instanceof JsonDecimal ? value.text : '';
  }
}

/** Numbers as-is; numeric strings parsed; booleans 1/0; everything else 0 (NaN for unparsable text). */
export function asNumber(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return value;
    case 'string':
      return value.includes('.') ? Number.parseFloat(value) : Number.parseInt(value, 10);
    case 'boolean':
      return value ? 1 : 0;
    default:
      return value instanceof JsonDecimal ? value.value : 0;
  }
}

/** JSON boolean rules: `true`, the string `"true"`, or a non-zero integer. */
export function asBoolean(value: unknown): boolean {
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'string':
      return value === 'true';
    case 'number':
      return Number.isInteger(value) && value !== 0;
    default:
      return value instanceof JsonDecimal && asBoolean(value.value);
  }
}

/** Section truthiness, the same as the executor's (one definition for the whole language). */
export { isTruthy } from '../../values.js';

/** Structural equality of JSON values (missing equals missing). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof JsonDecimal || b instanceof JsonDecimal) return plainValue(a) === plainValue(b);
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

/** A string value, or `fallback` when the value is not a non-empty string. */
export function textOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}
