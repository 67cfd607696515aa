import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CLDRFramework, type CLDR } from '@phensley/cldr';
import type { PluginContext, Variable } from '../../plugin-api.js';

const packDir = join(dirname(createRequire(import.meta.url).resolve('@phensley/cldr/package.json')), 'packs');
const framework = new CLDRFramework({
  loader: (language: string) => readFileSync(join(packDir, `${language}.json`), 'utf8'),
});

/** A CLDR instance for a locale id, loaded from the packs shipped with @phensley/cldr (tests only). */
export function cldrFor(locale: string): CLDR {
  return framework.get(locale);
}

/** A fake plugin context over a root object, recording errors (tests only). */
export interface TestContext extends PluginContext {
  readonly errors: string[];
}

/** Builds a test context: `locale` `none` gives no CLDR. */
export function testContext(root: Record<string, unknown> = {}, opts: { locale?: string; now?: number; timeZone?: string } = {}): TestContext {
  const locale = opts.locale ?? 'en-US';
  const errors: string[] = [];
  const walk = (value: unknown, path: string | readonly (string | number)[]): unknown => {
    const segs = typeof path === 'string' ? (path === '@' ? [] : path.split('.')) : path;
    let cur = value;
    for (const seg of segs) {
      if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, seg)) return undefined;
      cur = (cur as Record<string, unknown>)[seg as string];
    }
    return cur;
  };
  return {
    errors,
    node: () => root,
    resolve: (path) => walk(root, path),
    resolveFrom: walk,
    locale,
    cldr: locale === 'none' ? undefined : cldrFor(locale),
    now: opts.now ?? 0,
    timeZone: opts.timeZone ?? 'America/New_York',
    renderPartial: () => '',
    renderTemplate: () => '',
    error: (message) => errors.push(message),
    options: {},
  };
}

/** A variable holding `value`. */
export function variable(value: unknown): Variable & { value: unknown } {
  const v = {
    value,
    set(next: unknown) {
      v.value = next;
    },
  };
  return v;
}
