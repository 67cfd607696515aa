/** Loads the template benchmark inputs: every TEMPLATE case of the conformance corpus and the Wright page. */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { caseInputs, parseCaseFile } from '../../packages/template/src/case-file.js';
import { isTreeCase } from '../../packages/template/src/run-case.js';

/** One template with the inputs each engine needs (ours reads contexts with `parseJson`, the reference with `JSON.parse`). */
export interface BenchCase {
  readonly name: string;
  readonly source: string;
  readonly json: unknown;
  readonly refJson: unknown;
  readonly partials: Record<string, string>;
  readonly injects: Record<string, unknown>;
  readonly refInjects: Record<string, unknown>;
  readonly locale: string;
  readonly now: number | undefined;
}

function files(dir: string): string[] {
  const st = statSync(dir);
  if (!st.isDirectory()) return /\.(html|txt)$/.test(dir) ? [dir] : [];
  return readdirSync(dir)
    .sort()
    .flatMap((n) => files(join(dir, n)));
}

function plainInjects(sections: Record<string, string>): Record<string, unknown> {
  const raw = sections['INJECT'];
  if (raw === undefined || raw.trim() === '') return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(JSON.parse(raw) as Record<string, unknown>)) {
    try {
      out[k] = typeof v === 'string' ? JSON.parse(v) : v;
    } catch {
      out[k] = v;
    }
  }
  return out;
}

/**
 * Every case file under `dir` with a `:TEMPLATE` section. Tree cases (`ast-N`, `pretty-N`), whose `:JSON`
 * is an expected syntax tree, run against an empty context.
 */
export function loadCorpus(dir: string): BenchCase[] {
  const out: BenchCase[] = [];
  for (const file of files(dir)) {
    const sections = parseCaseFile(readFileSync(file, 'utf8'));
    const source = sections['TEMPLATE'];
    if (source === undefined) continue;
    const name = file.slice(dir.length + 1);
    if (isTreeCase(file)) {
      out.push({ name, source: source.trim(), json: {}, refJson: {}, partials: {}, injects: {}, refInjects: {}, locale: 'en', now: undefined });
      continue;
    }
    const input = caseInputs(sections);
    const jsonText = sections['JSON'];
    out.push({
      name,
      source: input.template,
      json: input.json,
      refJson: jsonText !== undefined && jsonText.trim() !== '' ? JSON.parse(jsonText) : {},
      partials: input.partials,
      injects: input.injects,
      refInjects: plainInjects(sections),
      locale: input.locale,
      now: input.now,
    });
  }
  return out;
}

/** The Wright site page: `wright.html` with `wright-partials.json` against `wright.json`. */
export function loadWright(dir: string): BenchCase {
  const jsonText = readFileSync(join(dir, 'wright.json'), 'utf8');
  return {
    name: 'wright',
    source: readFileSync(join(dir, 'wright.html'), 'utf8'),
    json: JSON.parse(jsonText),
    refJson: JSON.parse(jsonText),
    partials: JSON.parse(readFileSync(join(dir, 'wright-partials.json'), 'utf8')) as Record<string, string>,
    injects: {},
    refInjects: {},
    locale: 'en-US',
    now: undefined,
  };
}
