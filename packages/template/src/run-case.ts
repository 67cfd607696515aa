/** Runs one corpus case file against an engine (shared by the CLI and the conformance test). */
import type { Engine } from './engine.js';
import { formatError } from './errors.js';
import { caseInputs, parseCaseFile, type CaseSections } from './case-file.js';
import { toReferenceTree } from './reference-tree.js';

export interface CaseResult {
  /** `tree` compares instruction trees, `output` compares rendered text, `skip` has nothing to check. */
  readonly kind: 'tree' | 'output' | 'skip';
  readonly pass: boolean;
  readonly expected: string;
  readonly actual: string;
  readonly errors: readonly string[];
}

/** True when the case compares syntax trees (`ast-N`, `pretty-N`). */
export function isTreeCase(fileName: string): boolean {
  return /(^|\/)(ast|pretty)-\d+\.(html|txt)$/.test(fileName);
}

/** Runs a case given its file name (for the kind) and text. */
export function runCase(engine: Engine, fileName: string, text: string): CaseResult {
  const sections: CaseSections = parseCaseFile(text);
  if (sections['TEMPLATE'] === undefined) return { kind: 'skip', pass: true, expected: '', actual: '', errors: [] };
  if (isTreeCase(fileName)) {
    const { template, errors } = engine.compile(sections['TEMPLATE'].trim());
    const expected = JSON.stringify(JSON.parse(sections['JSON'] ?? 'null'));
    const actual = JSON.stringify(toReferenceTree(template));
    return { kind: 'tree', pass: expected === actual && errors.length === 0, expected, actual, errors: errors.map(formatError) };
  }
  if (sections['OUTPUT'] === undefined) return { kind: 'skip', pass: true, expected: '', actual: '', errors: [] };
  const input = caseInputs(sections);
  const { template, errors: compileErrors } = engine.compile(input.template);
  const { output, errors } = engine.render(template, {
    json: input.json,
    partials: input.partials,
    injects: input.injects,
    locale: input.locale,
    ...(input.now !== undefined ? { now: input.now } : {}),
  });
  const all = [...compileErrors, ...errors];
  const fatal = all.some((e) => e.type === 'SyntaxError' || e.message.startsWith('Parse of partial'));
  const expected = (input.expected ?? '').trim();
  const actual = output.trim();
  return { kind: 'output', pass: !fatal && expected === actual, expected, actual, errors: all.map(formatError) };
}
