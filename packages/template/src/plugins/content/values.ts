import type { PluginContext } from '../../plugin-api.js';
import { JsonDecimal, plainValue } from '../../json-decimal.js';

/**
 * JSON value helpers shared by the content, social and slide families.
 * `undefined` stands for a missing value; `null` is a present JSON null.
 */

/** A plain JSON object (not an array, not null, not a `JsonDecimal` number). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof JsonDecimal);
}

/** Reads an own property of an object, or an index of an array; anything else is missing. */
export function getProp(value: unknown, key: string | number): unknown {
  if (Array.isArray(value)) {
    return typeof key === 'number' && key >= 0 && key < value.length ? value[key] : undefined;
  }
  if (isObject(value) && Object.prototype.hasOwnProperty.call(value, key)) return value[key as string];
  return undefined;
}

/** Follows a path of own properties / array indices; missing anywhere gives `undefined`. */
export function getPath(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  for (let i = 0; i < path.length; i++) {
    current = getProp(current, path[i] as string | number);
    if (current === undefined) return undefined;
  }
  return current;
}

/** String view of a scalar: strings as is, numbers and booleans via `String`, everything else `''`. */
export function asString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value instanceof JsonDecimal ? value.text : '';
}

/** Numeric view: numbers as is, numeric strings parsed (float when they hold a `.`), booleans 1/0, else 0. */
export function asNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value.includes('.') ? parseFloat(value) : parseInt(value, 10);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value instanceof JsonDecimal ? value.value : 0;
}

/** Strict boolean view: `true`, the string `'true'`, or a non-zero integer. */
export function asBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value === 'true';
  if (typeof value === 'number') return Number.isInteger(value) && value !== 0;
  return value instanceof JsonDecimal && asBoolean(value.value);
}

/** Section truthiness, the same as the executor's (one definition for the whole language). */
export { isTruthy } from '../../values.js';

/** Number of elements of an array or keys of an object; 0 for anything else. */
export function sizeOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (isObject(value)) return Object.keys(value).length;
  return 0;
}

/** Text a `{var}` tag would print for a value: scalars via `String`, null empty, arrays comma-joined, objects nothing. */
export function printValue(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((item) => String(item)).join(',');
  return value instanceof JsonDecimal ? value.text : '';
}

/** Deep equality of JSON values. */
export function jsonEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof JsonDecimal || b instanceof JsonDecimal) return plainValue(a) === plainValue(b);
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => jsonEquals(item, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => jsonEquals(a[k], getProp(b, k)));
  }
  return false;
}

function splitPath(path: string | readonly (string | number)[]): readonly (string | number)[] {
  return typeof path === 'string' ? path.split('.') : path;
}

/**
 * Resolves `path` as a tag would inside a block whose node is `scope` pushed on top of the
 * running template's stack: the first segment is looked up in `scope` first, then outwards
 * through `ctx`. `@` alone is `scope`; other `@` names always go to `ctx`.
 */
export function resolveIn(ctx: PluginContext, scope: unknown, path: string | readonly (string | number)[]): unknown {
  const parts = splitPath(path);
  const head = parts[0];
  if (head === undefined) return scope;
  if (head === '@') return getPath(scope, parts.slice(1));
  if (typeof head === 'string' && head.startsWith('@')) return ctx.resolve(parts);
  if (getProp(scope, head) !== undefined) return getPath(scope, parts);
  return ctx.resolve(parts);
}
