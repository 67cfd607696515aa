/**
 * Runs every TEMPLATE case of the shared JSON-T corpus as one test each.
 * `CASE_FILTER=substring` narrows the run. Skips (with a message) when the
 * shared corpus is not present.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { nodeCldrProvider } from './cldr/node.js';
import { runCase } from './run-case.js';
import { parseCaseFile } from './case-file.js';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'conformance', 'template-engine');

/** Cases whose expected output is provably stale, with the reason. */
const KNOWN_STALE: Record<string, string> = {
  'plugins/resources/f-add-to-cart-btn-subscribable-attribute-false.html':
    'expected markup predates the add-to-cart button markup every other add-to-cart case expects; @squarespace/template-engine renders the newer markup too',
  'plugins/resources/f-add-to-cart-btn-subscribable-attribute-true.html':
    'expected markup predates the add-to-cart button markup every other add-to-cart case expects; @squarespace/template-engine renders the newer markup too',
  'plugins/resources/i18n/f-datetime-interval-1.html':
    'expects plain spaces around the range dash and before AM/PM, while plugins/resources/f-datetime-interval-1.html expects thin and narrow no-break spaces for the same formatter and locale; @squarespace/template-engine prints the thin spaces too',
  'plugins/resources/i18n/f-message-datetime-interval-en-US.html':
    'same contradiction as i18n/f-datetime-interval-1: plain spaces where f-datetime-interval-1, f-message-6 and f-message-7 expect CLDR thin spaces',
  'plugins/resources/i18n/f-message-datetime-interval-fr-FR.html':
    'same contradiction as i18n/f-datetime-interval-1: plain spaces where the top-level interval cases expect CLDR thin spaces',
};

/**
 * Cases we do not pass yet, with the reason. Unlike stale cases their expectation is
 * consistent; they are expected to fail so that a fix shows up as a test to un-list.
 */
const KNOWN_LIMITATIONS: Record<string, string> = {};

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.(html|txt)$/.test(name)) out.push(p);
  }
  return out;
}

const present = existsSync(ROOT);
const filter = process.env['CASE_FILTER'] ?? '';
const cases = present
  ? [...files(join(ROOT, 'resources')), ...files(join(ROOT, 'plugins', 'resources'))]
      .map((p) => ({ path: p, name: relative(ROOT, p) }))
      .filter((c) => c.name.includes(filter))
      .filter((c) => parseCaseFile(readFileSync(c.path, 'utf8'))['TEMPLATE'] !== undefined)
  : [];

describe.skipIf(!present)('JSON-T conformance corpus', () => {
  const engine = new Engine({ cldr: nodeCldrProvider() });
  it('finds the corpus cases', () => {
    expect(filter || cases.length >= 426).toBeTruthy();
  });
  for (const c of cases) {
    const stale = KNOWN_STALE[c.name];
    const limitation = KNOWN_LIMITATIONS[c.name];
    const test = stale || limitation ? it.fails : it;
    const title = stale
      ? `${c.name} (known stale, expected to fail: ${stale})`
      : limitation
        ? `${c.name} (known limitation, expected to fail: ${limitation})`
        : c.name;
    test(title, () => {
      const r = runCase(engine, c.name, readFileSync(c.path, 'utf8'));
      expect(r.errors.filter((e) => e.startsWith('SyntaxError') || e.includes('Parse of partial'))).toEqual([]);
      expect(r.actual).toBe(r.expected);
    });
  }
});

if (!present) {
  describe('JSON-T conformance corpus', () => {
    it.skip(`skipped: shared corpus not found at ${ROOT}`, () => {});
  });
}
