/**
 * Every plugin family must treat a JsonDecimal as the number it stands for: renders each
 * corpus case twice, with its context as parsed and with every number wrapped in a
 * JsonDecimal of the same (canonical) text, and requires identical output and errors.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { nodeCldrProvider } from './cldr/node.js';
import { caseInputs, parseCaseFile } from './case-file.js';
import { isTreeCase } from './run-case.js';
import { formatError } from './errors.js';
import { JsonDecimal } from './json-decimal.js';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'conformance', 'template-engine');

/** The value with every finite number replaced by a JsonDecimal printing the same. */
function wrapNumbers(v: unknown): unknown {
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0) ? new JsonDecimal(String(v)) : v;
  if (Array.isArray(v)) return v.map(wrapNumbers);
  if (v !== null && typeof v === 'object' && !(v instanceof JsonDecimal)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) {
      Object.defineProperty(out, k, { value: wrapNumbers((v as Record<string, unknown>)[k]), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return v;
}

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? files(p) : /\.(html|txt)$/.test(name) ? [p] : [];
    });
}

const present = existsSync(ROOT);
const cases = present
  ? files(ROOT)
      .filter((p) => !isTreeCase(p))
      .map((p) => ({ name: relative(ROOT, p), sections: parseCaseFile(readFileSync(p, 'utf8')) }))
      .filter((c) => c.sections['TEMPLATE'] !== undefined && c.sections['OUTPUT'] !== undefined && c.sections['JSON'] !== undefined)
  : [];

describe.skipIf(!present)('JsonDecimal numbers behave as numbers in every plugin family', () => {
  const engine = new Engine({ cldr: nodeCldrProvider() });
  it('finds the corpus cases', () => {
    expect(cases.length).toBeGreaterThan(400);
  });
  it.each(cases.map((c) => [c.name, c.sections] as const))('%s', (_name, sections) => {
    const input = caseInputs(sections);
    const { template } = engine.compile(input.template);
    const render = (json: unknown) => {
      const r = engine.render(template, {
        json,
        partials: input.partials,
        injects: input.injects,
        locale: input.locale,
        ...(input.now !== undefined ? { now: input.now } : {}),
      });
      return { output: r.output, errors: r.errors.map(formatError) };
    };
    expect(render(wrapNumbers(input.json))).toEqual(render(input.json));
  });
});
