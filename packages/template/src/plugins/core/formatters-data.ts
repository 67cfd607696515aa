/** Core data formatters: partial application, lookups and collection helpers. */
import { mapFormatter, type Formatter, type PluginContext } from '../../plugin-api.js';
import { isTruthy, resolveFrom, toPath } from '../../values.js';
import { asNumber, asString } from './coerce.js';
import { core } from './internal.js';
import { plainValue } from '../../json-decimal.js';

const apply: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    if (args.length === 0) {
      first.set('');
      return;
    }
    const name = args[0] as string;
    let isPrivate = false;
    let argmap: Record<string, string> | undefined;
    for (let i = 1; i < args.length; i++) {
      const arg = args[i] as string;
      if (arg === 'private') {
        isPrivate = true;
        continue;
      }
      argmap ??= {};
      const j = arg.indexOf('=');
      if (j !== -1) argmap[arg.slice(0, j)] = arg.slice(j + 1);
    }
    if (args.length > 1) argmap ??= {};
    const c = core(ctx);
    const text = c ? c.applyPartial(name, first.value, argmap, isPrivate) : ctx.renderPartial(name, first.value, argmap);
    first.set(text ?? '');
  },
};

/** Pattern substitution: `{0}`, `{1}` ... replaced by the arguments. */
export function formatPattern(pattern: string, values: readonly unknown[]): string {
  let out = '';
  let index = -1;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (index === -2) {
      if (ch === '}') index = -1;
    } else if (index >= 0) {
      if (ch >= '0' && ch <= '9') index = index * 10 + (ch.charCodeAt(0) - 48);
      else if (ch === '}') {
        if (index < values.length) out += String(values[index]);
        index = -1;
      } else index = -2;
    } else if (ch === '{') index = 0;
    else out += ch;
  }
  return out;
}

const format: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const c = core(ctx);
    const values = args.map((arg) => {
      const v = c ? c.resolveOuter(toPath(arg)) : ctx.resolve(arg);
      return v === null || v === undefined ? '' : v;
    });
    first.set(formatPattern(asString(first.value), values));
  },
};

const get: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    let v = first.value;
    for (const arg of args) {
      const key = plainValue(ctx.resolve(arg));
      if (key === undefined) {
        v = undefined;
        break;
      }
      const path = Array.isArray(key) ? (key as (string | number)[]) : typeof key === 'number' ? [key] : [asString(key)];
      v = resolveFrom(v, path);
      if (v === undefined) break;
    }
    first.set(v);
  },
};

const prop: Formatter = {
  apply(args, vars) {
    const first = vars[0];
    if (!first) return;
    let v = first.value;
    for (const arg of args) {
      v = resolveFrom(v, toPath(arg));
      if (v === undefined) break;
    }
    first.set(v);
  },
};

const lookup: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const key = args[0];
    first.set(key ? ctx.resolve(asString(ctx.resolve(key))) : '');
  },
};

function findNth(items: unknown, args: readonly string[], ctx: PluginContext, forward: boolean): unknown {
  if (!Array.isArray(items) || items.length === 0) return undefined;
  const hasLookup = args.length === 2;
  const table = hasLookup ? ctx.resolve(args[0] as string) : undefined;
  const path = args.length >= 1 ? toPath(args[hasLookup ? 1 : 0] as string) : null;
  for (let k = 0; k < items.length; k++) {
    const item = items[forward ? k : items.length - 1 - k];
    if (path === null) return item;
    const candidate = hasLookup ? resolveFrom(table, [asString(item)]) : item;
    if (isTruthy(resolveFrom(candidate, path))) return item;
  }
  return undefined;
}

const keyBy: Formatter = {
  apply(args, vars) {
    const first = vars[0];
    if (!first) return;
    const out: Record<string, unknown> = {};
    const path = args[0];
    if (Array.isArray(first.value) && path) {
      const p = toPath(path);
      for (const item of first.value as unknown[]) {
        const key = resolveFrom(item, p);
        if (key !== undefined) out[String(key)] = item;
      }
    }
    first.set(out);
  },
};

/** Data formatters of the core family. */
export const dataFormatters: Record<string, Formatter> = {
  apply,
  format,
  get,
  prop,
  lookup,
  'key-by': keyBy,
  'find-first': { apply: (args, vars, ctx) => vars[0]?.set(findNth(vars[0].value, args, ctx, true)) },
  'find-last': { apply: (args, vars, ctx) => vars[0]?.set(findNth(vars[0].value, args, ctx, false)) },
  count: mapFormatter((v) => (Array.isArray(v) || typeof v === 'string' ? v.length : v !== null && typeof v === 'object' ? Object.keys(v).length : 0)),
  iter: { apply: (_args, vars, ctx) => vars[0]?.set(asString(ctx.resolve('@index'))) },
};

export { asNumber };
