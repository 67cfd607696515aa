import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatters } from './index.js';
import { CORPUS_PRESENT, fakeContext, readSections, RESOURCES, variable } from './test-support.js';

/**
 * Runs the corpus cases whose template is one `{path|formatter args}` tag straight through
 * this family's formatters (the whole-engine conformance test covers the rest).
 */

const TAG = /^\{([^|{}]+)\|([\w-]+)(?: ([^}]*))?\}$/;
const STALE = new Set([
  // Expected markup predates the data-dynamic-strings attribute and primary button class.
  'f-add-to-cart-btn-subscribable-attribute-false.html',
  'f-add-to-cart-btn-subscribable-attribute-true.html',
]);

const cases = (CORPUS_PRESENT ? readdirSync(RESOURCES) : [])
  .filter((name) => name.endsWith('.html'))
  .map((name) => ({ name, sections: readSections(name) }))
  .map(({ name, sections }) => ({ name, sections, tag: TAG.exec((sections.TEMPLATE ?? '').trim()) }))
  .filter(({ tag }) => tag !== null && Object.hasOwn(formatters, tag[2] as string));

describe.skipIf(!CORPUS_PRESENT)('commerce corpus cases (single formatter tag)', () => {
  it('finds the commerce cases', () => {
    expect(cases.length).toBeGreaterThan(100);
  });

  for (const { name, sections, tag } of cases) {
    const run = STALE.has(name) ? it.fails : it;
    run(name, () => {
      const [, path = '', formatter = '', argText] = tag as RegExpExecArray;
      const root = JSON.parse(sections.JSON ?? 'null');
      const params = sections.PARAMS ? JSON.parse(sections.PARAMS) : {};
      const ctx = fakeContext(root, { locale: params.locale ?? 'en' });
      const v = variable(ctx.resolve(path === '@' ? ['@'] : path));
      (formatters[formatter] as (typeof formatters)[string]).apply(argText ? argText.split(' ') : [], [v], ctx);
      const output = v.value === undefined ? '' : String(v.value);
      expect(output.trim()).toBe((sections.OUTPUT ?? '').trim());
    });
  }
});
