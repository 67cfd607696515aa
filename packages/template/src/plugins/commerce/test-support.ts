import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLDRFramework, type CLDR } from '@phensley/cldr';
import type { PluginContext, Variable } from '../../plugin-api.js';
import { get } from './values.js';

/** Test-only helpers: a small PluginContext over a JSON root, CLDR locales, corpus files. */

const packsDir = fileURLToPath(new URL('../../../../../node_modules/@phensley/cldr/packs/', import.meta.url));
const framework = new CLDRFramework({
  loader: (language: string) => JSON.parse(readFileSync(`${packsDir}${language}.json`, 'utf8')),
});

/** A CLDR instance for a locale id, or undefined for `none`. */
export function cldrFor(locale: string): CLDR | undefined {
  return locale === 'none' ? undefined : framework.get(locale);
}

/** The template-engine conformance resources, in the shared folder next to the repository. */
export const RESOURCES = fileURLToPath(new URL('../../../../../../shared/conformance/template-engine/plugins/resources/', import.meta.url));

/** Whether the shared corpus is present (it is absent in a clone outside the workplace). */
export const CORPUS_PRESENT = existsSync(RESOURCES);

/** Reads a corpus file split into `:SECTION` blocks. */
export function readSections(name: string): Record<string, string> {
  const sections: Record<string, string> = {};
  let key: string | undefined;
  let lines: string[] = [];
  for (const line of readFileSync(`${RESOURCES}/${name}`, 'utf8').split('\n')) {
    const match = /^:([A-Za-z\d_-]+)\s*$/.exec(line);
    if (!match) {
      lines.push(line);
      continue;
    }
    if (key !== undefined) sections[key] = lines.join('\n');
    key = match[1] as string;
    lines = [];
  }
  if (key !== undefined) sections[key] = lines.join('\n');
  return sections;
}

/** Options for `fakeContext`. */
export interface FakeContextOptions {
  /** The section node (defaults to the root). */
  node?: unknown;
  locale?: string;
}

/** A PluginContext whose scope stack is `[root, node]`; errors are collected in `errors`. */
export function fakeContext(root: unknown, options: FakeContextOptions = {}): PluginContext & { errors: string[] } {
  const locale = options.locale ?? 'en-US';
  const node = options.node ?? root;
  const stack = [node, root];
  const walk = (value: unknown, path: readonly (string | number)[]) => path.reduce<unknown>((v, key) => (v === undefined ? undefined : get(v, key)), value);
  const split = (path: string | readonly (string | number)[]) =>
    typeof path === 'string' ? path.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)) : path;
  const errors: string[] = [];
  return {
    errors,
    node: () => node,
    resolve(path) {
      const [head, ...rest] = split(path);
      if (head === '@') return walk(node, rest);
      for (const frame of stack) {
        const found = get(frame, head as string | number);
        if (found !== undefined) return walk(found, rest);
      }
      return undefined;
    },
    resolveFrom: (value, path) => walk(value, split(path)),
    locale,
    cldr: cldrFor(locale),
    now: 0,
    timeZone: 'America/New_York',
    renderPartial: () => {
      throw new Error('renderPartial is not available in unit tests');
    },
    renderTemplate: () => {
      throw new Error('renderTemplate is not available in unit tests');
    },
    error: (message) => {
      errors.push(message);
    },
    options: {},
  };
}

/** A formatter variable holding `value`. */
export function variable(value: unknown): Variable & { value: unknown } {
  const v = {
    value,
    set(next: unknown) {
      v.value = next;
    },
  };
  return v;
}
