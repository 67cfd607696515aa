/** Value helpers shared by the executor and the plugins: lookups, truthiness, printing. */
import type { Path } from './instructions.js';
import { splitPath } from './syntax.js';
import { JsonDecimal } from './json-decimal.js';

const hasOwn = Object.prototype.hasOwnProperty;

/** Own-property lookup of the first path segment (arrays also expose `length`, as in the reference). */
export function getOwn(node: unknown, key: string | number): unknown {
  if (node === null || typeof node !== 'object') return undefined;
  const v = (node as Record<string, unknown>)[key];
  if (v === undefined || typeof v === 'function' || !hasOwn.call(node, key)) return undefined;
  return v;
}

/** Lookup of a later path segment: own properties of objects, numeric indexes of arrays. */
export function getChild(node: unknown, key: string | number): unknown {
  if (node === null || typeof node !== 'object') return undefined;
  let v: unknown;
  if (Array.isArray(node)) {
    if (typeof key !== 'number') return undefined;
    v = node[key];
  } else {
    v = (node as Record<string, unknown>)[key];
    if (v === undefined || !hasOwn.call(node, key)) return undefined;
  }
  return typeof v === 'function' ? undefined : v;
}

/** Follows `path` from `value` using child lookups; missing gives undefined. */
export function resolveFrom(value: unknown, path: readonly (string | number)[]): unknown {
  let v = value;
  for (let i = 0; i < path.length; i++) {
    if (v === undefined || v === null) return undefined;
    v = getChild(v, path[i] as string | number);
  }
  return v;
}

/** Truthiness per the template language: empty strings, 0, NaN, null, missing, `[]` and `{}` are false (a {@link JsonDecimal} by its number). */
export function isTruthy(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
      return v !== '';
    case 'number':
      return v === v && v !== 0;
    case 'boolean':
      return v;
    case 'object':
      if (v === null) return false;
      if (Array.isArray(v)) return v.length !== 0;
      for (const k in v) if (hasOwn.call(v, k)) return true;
      return isTruthyWithoutKeys(v);
    default:
      return false;
  }
}

/** Truthiness of an object without own enumerable keys: a JsonDecimal by its number, `{}` false, class instances true. */
function isTruthyWithoutKeys(v: object): boolean {
  if (v instanceof JsonDecimal) return v.value === v.value && v.value !== 0;
  const proto = Object.getPrototypeOf(v);
  return proto !== Object.prototype && proto !== null;
}

/** JavaScript `String()` conversion that never throws (null-prototype objects print as `[object Object]`, a {@link JsonDecimal} as written). */
export function safeString(v: unknown, depth = 0): string {
  if (typeof v === 'string') return v;
  if (v === null || typeof v !== 'object') return String(v);
  if (v instanceof JsonDecimal) return v.text;
  if (Array.isArray(v)) {
    if (depth > MAX_PRINT_DEPTH) return '';
    let s = '';
    for (let i = 0; i < v.length; i++) {
      if (i) s += ',';
      const e = v[i];
      s += e === null || e === undefined ? '' : safeString(e, depth + 1);
    }
    return s;
  }
  return '[object Object]';
}

/** Nested arrays deeper than this print nothing (keeps printing iterative-depth bounded). */
const MAX_PRINT_DEPTH = 1000;

/**
 * Text a value prints as in a `{var}` tag: strings, numbers and booleans as
 * `String()`, a {@link JsonDecimal} as written, arrays joined with `,`,
 * null / missing / objects as nothing.
 */
export function printValue(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
      return String(v);
    case 'object': {
      if (!Array.isArray(v)) return v instanceof JsonDecimal ? v.text : '';
      let s = '';
      for (let i = 0; i < v.length; i++) {
        if (i) s += ',';
        const e = v[i];
        s += e === null ? 'null' : e === undefined ? 'undefined' : safeString(e);
      }
      return s;
    }
    default:
      return '';
  }
}

const pathCache = new Map<string, Path>();

/** Splits a dotted path (cached); digit segments become numbers. */
export function toPath(path: string | readonly (string | number)[]): readonly (string | number)[] {
  if (typeof path !== 'string') return path;
  let p = pathCache.get(path);
  if (!p) {
    p = path === '' ? [] : splitPath(path);
    if (pathCache.size > 2000) pathCache.clear();
    pathCache.set(path, p);
  }
  return p;
}
